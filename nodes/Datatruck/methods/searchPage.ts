import type { IDataObject, INodeListSearchItems, INodeListSearchResult } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { checkedSearch, continuedBy, matchingPages, scrolledMatch, type PickerSearch } from '../shared/pickers';
import type { DatatruckContext } from '../shared/transport';

/**
 * One page of a picker's list: page 1 checked against what was typed (shared/pickers/checkedSearch.ts), later
 * pages by the pagination token, a page number of the search or of the list read without it (never Datatruck's
 * `next` link). A later page offers only what matches too: a Datatruck that ignores the search pages the whole list.
 */
export async function searchPage(
	ctx: DatatruckContext,
	search: PickerSearch,
	paginationToken: string | undefined,
	toItem: (record: IDataObject) => INodeListSearchItems,
): Promise<INodeListSearchResult> {
	const continued = paginationToken ? continuedBy(search, paginationToken) : undefined;
	if (paginationToken && !continued) throw new NodeOperationError(ctx.getNode(), 'The list could not load more records: reopen the list to start again');
	const page = continued
		? await matchingPages(ctx, continued.request, scrolledMatch(search), continued.source, continued.page)
		: await checkedSearch(ctx, search);
	return { results: page.records.map(toItem), paginationToken: page.next ?? undefined };
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
