import type {
	IDataObject,
	IDisplayOptions,
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	INodeProperties,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { fetchList, findingsOrigin, offerReplacement, supports, TAKES_ALL, valueAt, type ApiFilter } from '../lists';
import { ParameterCheck } from '../fields';
import { connectionFor } from '../transport';

/** Where loads carry no `dispatcher__id` filter (A31), the published `dispatcher__full_name`. */
const BY_ID_FINDING = 'loads.filter.dispatcher__id';

/**
 * "Only these dispatchers" on the lists a dispatcher reads (loads, drivers, the board). The
 * dropdown is filled by `getDispatchers` (methods/loadOptions.ts); an agent or an expression may
 * give the IDs as a list or as comma-separated text, so both are read here and checked before any
 * request is sent.
 */
export const DISPATCHERS_PARAMETER = 'dispatcherIds';
const LABEL = 'Dispatcher Names or IDs';

export function dispatchersProperty(displayOptions: IDisplayOptions, onlyWhat: string): INodeProperties {
	return {
		displayName: LABEL,
		name: DISPATCHERS_PARAMETER,
		type: 'multiOptions',
		typeOptions: { loadOptionsMethod: 'getDispatchers' },
		default: [],
		displayOptions,
		description: `Only ${onlyWhat} of these dispatchers; none chosen means every dispatcher. The list holds the dispatchers assigned to the company's drivers; IDs such as 12,14 also work. Choose from the list, or specify IDs using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.`,
	};
}

/** The chosen dispatcher IDs (none: every dispatcher); a value that is not an ID names the parameter. */
export function chosenDispatchers(ctx: IExecuteSingleFunctions): number[] {
	const raw = ctx.getNodeParameter(DISPATCHERS_PARAMETER, []) as unknown;
	const entries = Array.isArray(raw) ? raw : String(raw ?? '').split(',');
	const check = ParameterCheck.forItem(ctx);
	const ids = entries
		.map((entry) => String(entry ?? '').trim())
		.filter(Boolean)
		.map((entry) => check.integer(entry, LABEL, '12,14 (dispatcher IDs)', 1));
	return [...new Set(ids)];
}

/**
 * "Dispatcher is any of these names", the published form (A31): the names from the driver list the Dispatcher
 * dropdown reads; an ID no driver's dispatcher has names the parameter.
 */
async function byDispatcherNames(ctx: IExecuteSingleFunctions, ids: number[]): Promise<ApiFilter> {
	const drivers = await fetchList(ctx, { method: 'GET', url: '/drivers/list/', qs: {} }, TAKES_ALL);
	const names = new Map<number, string>();
	for (const driver of drivers) {
		const dispatcher = driver.assigned_dispatcher as IDataObject | undefined;
		if (dispatcher && ids.includes(Number(dispatcher.id))) names.set(Number(dispatcher.id), String(dispatcher.full_name));
	}
	const unknown = ids.filter((id) => !names.has(id));
	if (unknown.length) {
		throw new NodeOperationError(ctx.getNode(), `${LABEL}: no driver has dispatcher ${unknown.join(', ')}`, {
			description: 'This Datatruck filters loads by dispatcher name, which the node finds through the drivers a dispatcher is assigned to.',
		});
	}
	return { column: 'dispatcher__full_name', value: [...names.values()], contains: 'is_in' };
}

/** preSend: adds "dispatcher is any of …" to the list's `filter`, after the user's own conditions. */
export function filterByDispatchers(column: string) {
	return async function (
		this: IExecuteSingleFunctions,
		requestOptions: IHttpRequestOptions,
	): Promise<IHttpRequestOptions> {
		const ids = chosenDispatchers(this);
		if (!ids.length) return requestOptions;
		const qs = (requestOptions.qs ?? {}) as IDataObject;
		const filters = typeof qs.filter === 'string' && qs.filter ? (JSON.parse(qs.filter) as IDataObject[]) : [];
		const byLoadsId = column === 'dispatcher__id';
		if (byLoadsId && !supports(findingsOrigin(await connectionFor(this)), BY_ID_FINDING)) {
			filters.push((await byDispatcherNames(this, ids)) as unknown as IDataObject);
		} else {
			filters.push({ column, value: ids, contains: 'is_in' });
			if (byLoadsId) offerReplacement(requestOptions, column, async () => await byDispatcherNames(this, ids), 'dispatcher__full_name');
		}
		requestOptions.qs = { ...qs, filter: JSON.stringify(filters) };
		return requestOptions;
	};
}

/**
 * For a list Datatruck cannot filter by dispatcher (the board): which records to keep, or
 * undefined when every dispatcher is wanted.
 */
export function keepDispatchers(path: string) {
	return function (this: IExecuteSingleFunctions): ((record: IDataObject) => boolean) | undefined {
		const ids = new Set(chosenDispatchers(this));
		if (!ids.size) return undefined;
		return (record) => ids.has(Number(valueAt(record, path)));
	};
}
