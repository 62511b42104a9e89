import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions, INodeProperties } from 'n8n-workflow';
import { applySort, returnAllAndLimit, showFor, sortOptions } from '../../shared/descriptions';
import { applyFilters, filterConditionsProperty } from '../../shared/lists';
import { datatruckOperation } from '../../shared/route';
import { WORK_ORDER_FIELDS, WORK_ORDER_SORT_FIELDS } from './fields';

const display = showFor('workOrder', 'getMany');

/** preSend: newest first (`-id`) unless a sort was chosen, so pages follow one stable order. */
async function newestFirstByDefault(
	this: IExecuteSingleFunctions,
	requestOptions: IHttpRequestOptions,
): Promise<IHttpRequestOptions> {
	const qs = (requestOptions.qs ?? {}) as IDataObject;
	if (qs.ordering === undefined) requestOptions.qs = { ...qs, ordering: '-id' };
	return requestOptions;
}

export const workOrderGetManyOperation = datatruckOperation({
	name: 'Get Many',
	value: 'getMany',
	action: 'Get many work orders',
	description:
		'List maintenance and repair work orders (procedure, truck or trailer, status, vendor, prices in USD, tasks, notes, tags), filtered and sorted; newest first by default',
	method: 'GET',
	path: '/work-orders/',
	list: { maxPageSize: 25, changeSafe: { defaultOrdering: '-id', keysetFields: ['id'], fields: WORK_ORDER_FIELDS } },
	preSend: [applyFilters(WORK_ORDER_FIELDS), applySort, newestFirstByDefault],
});

export const workOrderGetManyFields: INodeProperties[] = [
	...returnAllAndLimit(display),
	filterConditionsProperty(WORK_ORDER_FIELDS, display, 'work orders'),
	sortOptions(WORK_ORDER_SORT_FIELDS, display, 'id'),
];
