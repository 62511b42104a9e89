import type { IDataObject, INodeListSearchItems, INodeListSearchResult } from 'n8n-workflow';
import { checkedSearch, matchingPages, scrolledMatch, type PickerSearch } from '../shared/pickers';
import type { DatatruckContext } from '../shared/transport';

/**
 * One page of a picker's list: page 1 checked against what was typed (shared/pickers/checkedSearch.ts), later
 * pages by the pagination token, which is Datatruck's own `next` link, followed only under the credential's API
 * address. A later page offers only what matches too: a Datatruck that ignores the search pages the whole list.
 */
export async function searchPage(
	ctx: DatatruckContext,
	search: PickerSearch,
	paginationToken: string | undefined,
	toItem: (record: IDataObject) => INodeListSearchItems,
): Promise<INodeListSearchResult> {
	const page = paginationToken
		? await matchingPages(ctx, { method: 'GET', url: paginationToken }, scrolledMatch(search))
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
