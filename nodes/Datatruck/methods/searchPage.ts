import { NodeOperationError } from 'n8n-workflow';
import type { IDataObject, INodeListSearchItems, INodeListSearchResult } from 'n8n-workflow';
import { readPage } from '../shared/lists';
import { cachedPerCredential } from '../shared/pickers';
import { connectionFor, type DatatruckContext, datatruckRequest, type DatatruckRequest } from '../shared/transport';

/**
 * One page of a picker's list. The pagination token is Datatruck's own `next` link; it is only
 * followed while it stays under the credential's API address, so the token is never sent elsewhere.
 */
export async function searchPage(
	ctx: DatatruckContext,
	first: DatatruckRequest,
	paginationToken: string | undefined,
	toItem: (record: IDataObject) => INodeListSearchItems,
): Promise<INodeListSearchResult> {
	const { baseUrl } = await connectionFor(ctx);
	let request = first;
	if (paginationToken) {
		if (!paginationToken.startsWith(`${baseUrl}/`)) {
			throw new NodeOperationError(ctx.getNode(), 'The list could not load more records: the next-page link is not under your Datatruck address');
		}
		request = { method: 'GET', url: paginationToken };
	}
	const key = JSON.stringify([request.url, request.qs ?? {}]);
	return await cachedPerCredential(ctx, key, async () => {
		const page = readPage(await datatruckRequest(ctx, request));
		return {
			results: page.results.map(toItem),
			paginationToken: page.results.length && page.next ? page.next : undefined,
		};
	});
}

/** The first page's filter: a case-insensitive `contains` on one column when the user typed something. */
export function containsFilter(column: string, text: string | undefined): IDataObject {
	const value = (text ?? '').trim();
	return value ? { filter: JSON.stringify([{ column, value, contains: 'contains' }]) } : {};
}

/** The parts of a list entry that are known, joined for display. */
export function label(...parts: unknown[]): string {
	return parts.filter((part) => part !== undefined && part !== null && String(part).trim() !== '').join(' · ');
}
