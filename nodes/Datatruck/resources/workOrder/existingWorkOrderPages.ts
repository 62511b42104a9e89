import type { IDataObject } from 'n8n-workflow';
import type { Page } from '../../shared/lists';

/** Pages of the newest work orders the look-up matches in the node at most, where Datatruck ignores the filter. */
export const NEWEST_PAGES = 3;
/** Pages a look-up reads at most: the newest NEWEST_PAGES, and page 1 first where the newest are the last pages. */
export const MAX_PAGES = NEWEST_PAGES + 1;

/** How the ids of the pages read run, in page order. */
export type IdOrder = 'newestFirst' | 'oldestFirst' | 'none';

/** The pages of one look-up, by page number, as Datatruck answered them. */
export type PagesRead = Map<number, Page>;

/**
 * The order of the ids read, the pages taken in page order, each id once: a page shifted by a work order created or
 * deleted between two requests repeats or skips one, which is no disorder. Fewer than two ids agree with either
 * order: the one asked (`-id`) is taken.
 */
export function idOrder(pages: PagesRead): IdOrder {
	const seen = new Set<number>();
	const ids: number[] = [];
	for (const number of [...pages.keys()].sort((a, b) => a - b)) {
		for (const record of pages.get(number)!.results) {
			const id = Number(record.id);
			if (!Number.isFinite(id)) return 'none';
			if (!seen.has(id)) ids.push(id);
			seen.add(id);
		}
	}
	const pairs = ids.slice(1).map((id, index) => id - ids[index]);
	if (pairs.every((step) => step < 0)) return 'newestFirst';
	return pairs.every((step) => step > 0) ? 'oldestFirst' : 'none';
}

/** The records a page holds as Datatruck answered them (a page followed by more is full), not the size asked. */
function servedSize(pages: PagesRead): number | undefined {
	const full = [...pages.values()].find((page) => page.next !== null && page.results.length > 0);
	return full?.results.length;
}

/** The number of the list's last page: from Datatruck's newest `count` and the page size it answered; else undefined. */
export function lastPageOf(pages: PagesRead): number | undefined {
	const newest = pages.get(Math.max(...pages.keys()));
	const counted = [...pages.values()].map((page) => page.count).filter((count): count is number => count !== undefined);
	const count = newest?.count ?? counted[counted.length - 1];
	const size = servedSize(pages);
	if (count === undefined || size === undefined) return undefined;
	return Math.max(1, Math.ceil(count / size));
}

/** The end of the list as the pages read show it: the first page without a `next`, or the last page by count. */
function endOf(pages: PagesRead): number | undefined {
	const unfollowed = [...pages.entries()].filter(([, page]) => page.next === null).map(([number]) => number);
	const ends = [...unfollowed, lastPageOf(pages)].filter((end): end is number => end !== undefined);
	return ends.length ? Math.min(...ends) : undefined;
}

/** Whether every page from 1 to the end of the list was read: every work order Datatruck has was compared. */
export function readWhole(pages: PagesRead): boolean {
	const end = endOf(pages);
	return end !== undefined && Array.from({ length: end }, (_, index) => index + 1).every((number) => pages.has(number));
}

const range = (from: number, to: number) => Array.from({ length: Math.max(0, to - from + 1) }, (_, index) => from + index);

/**
 * The pages the look-up wants, in the order to read them, for the order the ids show: newest first, the first
 * NEWEST_PAGES; oldest first, page 1 (which tells the order and the count) and the last NEWEST_PAGES, last first; in
 * no order, the whole list, or `unreachable` where it is longer than MAX_PAGES pages. Where the count is unknown
 * (no `count` in the answer), pages are read on while `next` says more, within the same bounds.
 */
export function wantedPages(pages: PagesRead): number[] | 'unreachable' {
	const order = idOrder(pages);
	const last = lastPageOf(pages);
	const end = endOf(pages);
	if (last === undefined) {
		const highest = Math.max(...pages.keys());
		const bound = order === 'newestFirst' ? NEWEST_PAGES : MAX_PAGES;
		if (end !== undefined) return range(1, end);
		if (order !== 'newestFirst' && highest >= MAX_PAGES) return 'unreachable';
		return range(1, Math.min(highest + 1, bound));
	}
	const stop = Math.min(last, end ?? last);
	if (order === 'newestFirst') return range(1, Math.min(NEWEST_PAGES, stop));
	if (order === 'oldestFirst') return [1, ...range(Math.max(2, stop - NEWEST_PAGES + 1), stop).reverse()];
	return stop <= MAX_PAGES ? range(1, stop) : 'unreachable';
}

/** The records of the pages read, each once by id. */
export function recordsOf(pages: PagesRead): IDataObject[] {
	const byId = new Map<string, IDataObject>();
	for (const page of pages.values()) for (const record of page.results) byId.set(String(record.id), record);
	return [...byId.values()];
}
