import type { IDataObject, ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';
import { readPage } from '../shared/pagination';
import { cachedPerCredential } from '../shared/searchCache';
import { datatruckRequest } from '../shared/transport';

/*
 * Dropdowns filled from the company's own data. Datatruck publishes no list of dispatch statuses
 * or trailer types, so each is read from the records that use them: one request for the
 * whole list (`page_size=all`), cached for a minute per credential and shared by the dropdowns
 * that read the same list. A value no record uses yet can still be given as an expression.
 */

async function wholeList(ctx: ILoadOptionsFunctions, path: string): Promise<IDataObject[]> {
	return await cachedPerCredential(ctx, `all ${path}`, async () =>
		readPage(await datatruckRequest(ctx, { method: 'GET', url: path, qs: { page_size: 'all' } })).results,
	);
}

function sorted(options: Map<string, INodePropertyOptions>): INodePropertyOptions[] {
	return [...options.values()].sort((a, b) => a.name.localeCompare(b.name));
}

/** The distinct `{id, name}` references of one field, e.g. a trailer's `type`. */
function distinctReferences(records: IDataObject[], key: string): INodePropertyOptions[] {
	const options = new Map<string, INodePropertyOptions>();
	for (const record of records) {
		const reference = record[key] as IDataObject | null | undefined;
		if (!reference || typeof reference !== 'object' || typeof reference.id !== 'number') continue;
		const name = typeof reference.name === 'string' && reference.name ? reference.name : `#${reference.id}`;
		options.set(String(reference.id), { name: `${name} (ID ${reference.id})`, value: reference.id });
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

export const loadOptions = { getDispatchStatuses, getTrailerTypes };
