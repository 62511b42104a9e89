import type { INodeProperties } from 'n8n-workflow';
import { applySort, returnAllAndLimit, showFor, sortOptions } from '../../shared/descriptions';
import { dispatchersProperty, filterByDispatchers } from '../../shared/pickers';
import { applyFilters, filterConditionsProperty } from '../../shared/lists';
import { datatruckOperation } from '../../shared/route';
import { DRIVER_FIELDS } from './fields';

const display = showFor('driver', 'getMany');

export const driverGetManyOperation = datatruckOperation({
	name: 'Get Many',
	value: 'getMany',
	action: 'Get many drivers',
	description:
		"List the company's active drivers with contact details, status, type, hire dates, assigned truck, trailer and dispatcher, filtered and sorted",
	method: 'GET',
	path: '/drivers/list/',
	// The driver list takes page_size=all: Return All is one request, whatever the fleet's size.
	list: { maxPageSize: 1000, acceptsAll: true },
	preSend: [applyFilters(DRIVER_FIELDS), filterByDispatchers('assigned_dispatcher__id'), applySort],
});

export const driverGetManyFields: INodeProperties[] = [
	...returnAllAndLimit(display),
	dispatchersProperty(display, 'the drivers assigned to one'),
	filterConditionsProperty(DRIVER_FIELDS, display, 'drivers'),
	...sortOptions(DRIVER_FIELDS, display, 'account__last_name'),
];
