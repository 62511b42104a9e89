import type { INodeProperties } from 'n8n-workflow';
import {
	applySort,
	returnAllAndLimit,
	showFor,
	simplifyProperty,
	sortOptions,
} from '../../shared/descriptions';
import { dispatchersProperty, filterByDispatchers } from '../../shared/pickers';
import { applyFilters, filterConditionsProperty } from '../../shared/lists';
import { datatruckOperation } from '../../shared/route';
import { simplifyLoadsWhenAsked } from '../../shared/fields';
import { LOAD_FIELDS } from './fields';

const display = showFor('load', 'getMany');

export const loadGetManyOperation = datatruckOperation({
	name: 'Get Many',
	value: 'getMany',
	action: 'Get many loads',
	description: 'List loads with their stops, trip, tags and documents, filtered and sorted',
	method: 'GET',
	path: '/orders/',
	list: {
		maxPageSize: 25,
		// Datatruck's own order when none is chosen; loads always have an id and a creation time.
		changeSafe: { defaultOrdering: '-created_datetime', keysetFields: ['id', 'created_datetime'], fields: LOAD_FIELDS },
	},
	preSend: [applyFilters(LOAD_FIELDS), filterByDispatchers('dispatcher__id'), applySort],
	shape: simplifyLoadsWhenAsked,
});

export const loadGetManyFields: INodeProperties[] = [
	...returnAllAndLimit(display),
	dispatchersProperty(display, 'the loads'),
	filterConditionsProperty(LOAD_FIELDS, display, 'loads'),
	...sortOptions(LOAD_FIELDS, display, 'created_datetime'),
	simplifyProperty(display, 'one flat row per load with ID, status, pay, miles, customer, dispatcher, driver, truck, pickup and delivery'),
];
