import type { IDataObject, ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';
import { fetchList, TAKES_ALL } from '../shared/lists';
import { cachedPerCredential } from '../shared/pickers';

/*
 * Dropdowns filled from the company's own data. Datatruck publishes no list of dispatch statuses,
 * trailer types or dispatchers, so each is read from the records that use them: the whole list (`page_size=all`,
 * one request where Datatruck answers it whole, else every page by number), cached for a minute per credential and shared by the dropdowns
 * that read the same list. A value no record uses yet can still be given as an expression.
 */

async function wholeList(ctx: ILoadOptionsFunctions, path: string): Promise<IDataObject[]> {
	return await cachedPerCredential(ctx, `all ${path}`, async () =>
		await fetchList(ctx, { method: 'GET', url: path, qs: {} }, TAKES_ALL),
	);
}

function sorted(options: Map<string, INodePropertyOptions>): INodePropertyOptions[] {
	return [...options.values()].sort((a, b) => a.name.localeCompare(b.name));
}

/** The distinct `{id, name}` references of one field, e.g. a trailer's `type`; odd shapes are skipped. */
function distinctReferences(records: IDataObject[], key: string, nameKey = 'name'): INodePropertyOptions[] {
	const options = new Map<string, INodePropertyOptions>();
	for (const record of records) {
		const reference = record?.[key] as IDataObject | null | undefined;
		const id = reference && typeof reference === 'object' ? reference.id : undefined;
		if (typeof id !== 'number' || !Number.isSafeInteger(id) || id < 1) continue;
		const label = (reference as IDataObject)[nameKey];
		const name = typeof label === 'string' && label.trim() ? label.trim() : `#${id}`;
		options.set(String(id), { name: `${name} (ID ${id})`, value: id });
	}
	return sorted(options);
}

/** Dispatch statuses as the company's trailers carry them (`{id, name, color}`). */
export async function getDispatchStatuses(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	return distinctReferences(await wholeList(this, '/trailers/list/'), 'dispatch_status');
}

export async function getTrailerTypes(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	return distinctReferences(await wholeList(this, '/trailers/list/'), 'type');
}

/** Dispatchers as the company's drivers carry them (`assigned_dispatcher: {id, full_name}`). */
export async function getDispatchers(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	return distinctReferences(await wholeList(this, '/drivers/list/'), 'assigned_dispatcher', 'full_name');
}

export const loadOptions = { getDispatchers, getDispatchStatuses, getTrailerTypes };
