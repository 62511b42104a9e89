import { NodeOperationError } from 'n8n-workflow';
import type { IDataObject, INodeListSearchItems, INodeListSearchResult } from 'n8n-workflow';
import { readPage } from '../shared/lists';
import { cachedPerCredential, checkedSearch, type PickerSearch } from '../shared/pickers';
import { connectionFor, type DatatruckContext, datatruckRequest } from '../shared/transport';

/**
 * One page of a picker's list: page 1 checked against what was typed (shared/pickers/checkedSearch.ts), later
 * pages by Datatruck's own `next` link as the pagination token. The link is only followed while it stays under
 * the credential's API address, so the token is never sent elsewhere.
 */
export async function searchPage(
	ctx: DatatruckContext,
	search: PickerSearch,
	paginationToken: string | undefined,
	toItem: (record: IDataObject) => INodeListSearchItems,
): Promise<INodeListSearchResult> {
	if (!paginationToken) {
		const page = await checkedSearch(ctx, search);
		return { results: page.records.map(toItem), paginationToken: page.next ?? undefined };
	}
	const { baseUrl } = await connectionFor(ctx);
	if (!paginationToken.startsWith(`${baseUrl}/`)) {
		throw new NodeOperationError(ctx.getNode(), 'The list could not load more records: the next-page link is not under your Datatruck address');
	}
	return await cachedPerCredential(ctx, JSON.stringify([paginationToken, {}]), async () => {
		const page = readPage(await datatruckRequest(ctx, { method: 'GET', url: paginationToken }));
		return {
			// A later page of a search page 1 showed Datatruck honours; what does not match is still not offered.
			results: page.results.filter(search.matches).map(toItem),
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
