import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions, INodeProperties } from 'n8n-workflow';
import { applySort, returnAllAndLimit, showFor, simplifyProperty, sortOptions } from '../../shared/descriptions';
import { applyFilters, filterConditionsProperty, type ApiFilter } from '../../shared/lists';
import { datatruckOperation } from '../../shared/route';
import { WORK_ORDER_FIELDS, WORK_ORDER_SORT_FIELDS } from './fields';
import { simplifyWorkOrdersWhenAsked } from './simplify';

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

/**
 * preSend, after the filters: a Status *Is* condition also goes out as the `status` query parameter, the one filter
 * Datatruck's published GET /work-orders/ page documents. The `filter` JSON still carries every condition: a
 * Datatruck that applies both answers the same, and one that ignores `filter` still applies `status`. The list read
 * keeps the parameter on every page and checks each answer record by record, so a condition Datatruck ignored is
 * applied in the node.
 */
async function statusAsPublished(
	this: IExecuteSingleFunctions,
	requestOptions: IHttpRequestOptions,
): Promise<IHttpRequestOptions> {
	const qs = (requestOptions.qs ?? {}) as IDataObject;
	if (typeof qs.filter !== 'string') return requestOptions;
	const terms = JSON.parse(qs.filter) as ApiFilter[];
	// Two different Status Is conditions match nothing: the node's check of the first one's answer finds that too.
	const status = terms.find((term) => term.column === 'status' && term.contains === 'is');
	if (status !== undefined && String(status.value) !== '') requestOptions.qs = { ...qs, status: String(status.value) };
	return requestOptions;
}

export const workOrderGetManyOperation = datatruckOperation({
	name: 'Get Many',
	value: 'getMany',
	action: 'Get many work orders',
	description:
		'List maintenance and repair work orders (number, procedure, truck or trailer, status, vendor, prices, paid and balance in USD, tasks, payments, notes, tags), filtered and sorted; newest first by default',
	method: 'GET',
	path: '/work-orders/',
	list: { maxPageSize: 25, changeSafe: { defaultOrdering: '-id', keysetFields: ['id'], fields: WORK_ORDER_FIELDS } },
	preSend: [applyFilters(WORK_ORDER_FIELDS), statusAsPublished, applySort, newestFirstByDefault],
	shape: simplifyWorkOrdersWhenAsked,
});

export const workOrderGetManyFields: INodeProperties[] = [
	...returnAllAndLimit(display),
	filterConditionsProperty(WORK_ORDER_FIELDS, display, 'work orders'),
	...sortOptions(WORK_ORDER_SORT_FIELDS, display, 'id'),
	simplifyProperty(
		display,
		'one flat row per work order with ID, number, status, procedure, unit (truck or trailer), vendor, assigned to, scheduled date, total price, paid amount and balance',
	),
];
