import type { IDataObject } from 'n8n-workflow';
import { datatruckRequest } from '../transport';
import { SEGMENT_REQUESTS, unheld } from './listPlan';
import { isLastPage, readByNumber, type ListRead } from './listRead';
import { readPage, type Page } from './pagination';
import { changedWhileRead, idsInPlace, pageIgnored } from './plainList';
import { settleInNode } from './settleInNode';

/**
 * Lists read by page number alone (trucks, and drivers, trailers and the dispatcher board where Datatruck pages them):
 * without `filter` a record cannot be looked up by what is held, so no check read can prove a pass complete.
 *
 * Return All reads every page, then every page again: when two passes in a row saw the same records in the same
 * places, nothing moved during the later one, so every record there throughout was read. While they differ, one
 * more pass if the budget holds it; else an error says the list changed while read, rather than return one that may
 * lack a record (a truck removed and another added between two page reads keeps the count and hides a third). A
 * list of one page is one answer and needs no second look. A Limit takes any records of the list, each once: one pass.
 */
export async function fetchByPageNumber(read: ListRead, want: number): Promise<IDataObject[]> {
	let previous: string | undefined;
	for (;;) {
		const pages = await readPass(read, want);
		const seen = new Set<number>();
		const records = pages.flatMap((page) => unheld(page.results, seen));
		const placed = idsInPlace(pages);
		const whole = pages.length === 1 && isLastPage(pages[0]);
		const settled = want !== Infinity ? records.length === pages.reduce((sum, page) => sum + page.results.length, 0) : placed === previous;
		if (whole || settled) return settleInNode(read, records, pages[0].results).slice(0, want);
		previous = placed;
		// Another pass only while the budget holds one more whole pass; a Limit read that found a record twice is
		// read once more, and past its budget takes what it holds, each record once (any records will do).
		if (!read.budget.holds(pages.length)) {
			if (want !== Infinity) return settleInNode(read, records, pages[0].results).slice(0, want);
			throw changedWhileRead(read, 'Datatruck gives no filter on this list to look records up by, so the node read every page again and the reads differ.');
		}
	}
}

/** Every page of the list (a Limit's worth), page 1 first and the rest at once, a stretch at a time. */
async function readPass(read: ListRead, want: number): Promise<Page[]> {
	read.budget.spend(`page 1 of the ${read.list} list`);
	const page1 = readPage(await datatruckRequest(read.ctx, read.request, read.purpose));
	read.budget.judge(page1.results);
	const pages = [page1];
	const size = Number(read.request.qs?.page_size) || page1.results.length;
	const more = (page1.count !== undefined && page1.count > page1.results.length) || (page1.bare && page1.results.length > 0);
	read.budget.plan(page1.count, more ? page1.results.length : size);
	if (isLastPage(page1) || page1.results.length >= want) return pages;
	// Pages come in the size Datatruck answers, whatever page_size asked for.
	const perPage = Math.max(1, page1.results.length);
	if (page1.count === undefined) {
		// No count: page after page until one ends the list (short, empty, or past the end), each one page more in
		// the budget; a page of records already read means the page number is ignored.
		read.served = perPage;
		for (let number = 2; !isLastPage(pages[pages.length - 1]) && pages.length * perPage < want; number++) {
			read.budget.plan((pages.length + 1) * perPage, perPage);
			pages.push(...(await readByNumber(read, read.request.qs, [number])));
			failOnRepeatedPage(read, pages, undefined);
		}
		return pages;
	}
	const count = Math.min(page1.count, want);
	const numbers = Array.from({ length: Math.max(Math.ceil(count / perPage) - 1, 0) }, (_, index) => index + 2);
	for (let start = 0; start < numbers.length; start += SEGMENT_REQUESTS) {
		const batch = numbers.slice(start, start + SEGMENT_REQUESTS);
		pages.push(...(await readByNumber(read, read.request.qs, batch)));
	}
	failOnRepeatedPage(read, pages, page1.count);
	return pages;
}

/**
 * A whole page of records already read in this pass, where a list that ended answers none and the count (if any)
 * says others exist: the page number is ignored, and the pass would return part of the list as all of it.
 */
function failOnRepeatedPage(read: ListRead, pages: Page[], count: number | undefined): void {
	const seen = new Set<unknown>();
	for (const page of pages) {
		const fresh = page.results.filter((record) => !seen.has(record.id));
		page.results.forEach((record) => seen.add(record.id));
		if (page.results.length > 0 && fresh.length === 0) throw pageIgnored(read, seen.size, count);
	}
}
