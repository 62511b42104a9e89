import { NodeOperationError } from 'n8n-workflow';
import type { IDataObject } from 'n8n-workflow';
import { listWords } from './listFindings';
import { SEGMENT_REQUESTS, unheld } from './listPlan';
import { isLastPage, queryPage, readByNumber, type ListRead } from './listRead';
import type { Page } from './pagination';
import { coveredRecords } from './passCoverage';
import { settleInNode } from './settleInNode';

/**
 * Reading by page number alone, the plan of last resort (docs/lists-while-datatruck-changes.md): a pass reads every
 * page, and a list of more than one page is read again until two passes in a row see the same records in the same
 * places, or until the passes cover each other in the order their pages show (passCoverage.ts); while neither, one
 * more pass if the budget holds it, else an error says the list changed while read.
 *
 * Here for lists without `filter` (trucks, and drivers, trailers and the dispatcher board where Datatruck pages
 * them), which give no way to look a record up by what is held. A Limit takes any records of the list, each once.
 */
export async function fetchByPageNumber(read: ListRead, want: number): Promise<IDataObject[]> {
	for (;;) {
		const first = await queryPage(read, read.filters, [], read.request.qs?.page_size as number | 'all', 'none');
		const lastPage = (_: number, count = first.count) => Math.ceil(Math.min(count ?? Infinity, want) / perPageOf(first));
		const pass = await readPass(read, [first], want, lastPage);
		const records = pass.flatMap((page) => page.results);
		const once = unheld(records, new Set());
		if (want === Infinity) return await settleInNode(read, unheld((await passAgain(read, pass, WITHOUT_FILTER, want, lastPage)).flatMap((page) => page.results), new Set()), first.results);
		// A Limit that found a record twice reads once more; past its budget it takes what it holds, each record once.
		if (once.length === records.length || !read.budget.holds(pass.length)) return (await settleInNode(read, once, first.results)).slice(0, want);
	}
}

const WITHOUT_FILTER = 'Datatruck gives no filter on this list to look records up by, so the node read every page again and the reads differ.';

const perPageOf = (first: Page) => Math.max(1, first.results.length);

/** The last page a pass reads, from the pages it read and the count its latest answer gave. */
type LastPage = (read: number, count: number | undefined) => number;

/**
 * The pass `started` (page 1 and any pages after it already read) read on to `lastPage`, asked again after each
 * stretch (what a stretch shows, or a list that grew, may widen it), or to the list's end: up to 20 at once where page
 * 1 gave a count, else one at a time, each one page more in the budget. `onPages` sees each stretch as it comes. A
 * stretch of records this pass already read, while the list promises more, means Datatruck ignores the page number:
 * ending there would return part of it as all.
 */
export async function readPass(read: ListRead, started: Page[], want: number, lastPage: LastPage, onPages?: (pages: Page[]) => void): Promise<Page[]> {
	const pass = [...started];
	const first = pass[0];
	const held = new Set<number>();
	pass.forEach((page) => unheld(page.results, held));
	const perPage = perPageOf(first);
	const last = () => lastPage(pass.length, [...pass].reverse().find((page) => page.count !== undefined)?.count);
	while (!isLastPage(pass[pass.length - 1]) && pass.length < last()) {
		const stretch = first.count === undefined ? 1 : Math.min(SEGMENT_REQUESTS, last() - pass.length);
		if (first.count === undefined) read.budget.plan(held.size + perPage, perPage);
		const pages = await readByNumber(read, first.query, Array.from({ length: stretch }, (_, index) => pass.length + index + 1));
		pass.push(...pages);
		onPages?.(pages);
		const fresh = pages.flatMap((page) => unheld(page.results, held));
		if (pages.some(isLastPage)) break;
		if (fresh.length === 0) {
			const short = first.count === undefined ? pages.some((page) => page.results.length > 0) : held.size < Math.min(first.count, want);
			if (short) throw pageIgnored(read, held.size, first.count);
			break;
		}
	}
	return pass;
}

/**
 * `pass` read again, page by page (on to the end of a list that grew), until two passes in a row agree (the later one
 * is returned), or until the passes read cover each other in the order their pages show (passCoverage.ts: their
 * records are returned as one page in that order; `want`, where the read needs only the first records in that order).
 * A pass that covers itself is not read again; a third pass runs only while the read stays within 2 × its pages + 3.
 */
export async function passAgain(read: ListRead, pass: Page[], why: string, want: number, lastPage: LastPage): Promise<Page[]> {
	if (pass.length === 1 && isLastPage(pass[0])) return pass;
	for (const passes = [pass]; ; ) {
		const records = coveredRecords(read, passes, want);
		if (records) return [{ results: records, next: null }];
		if (passes.length > 1 && !read.budget.holdsPass(passes[0].length)) throw changedWhileRead(read, why);
		const pages: Page[] = [];
		for (let start = 0; start < pass.length; start += SEGMENT_REQUESTS) {
			const batch = Array.from({ length: Math.min(SEGMENT_REQUESTS, pass.length - start) }, (_, index) => start + index + 1);
			pages.push(...(await readByNumber(read, pass[0].query, batch)));
		}
		const again = await readPass(read, pages, want, lastPage);
		if (idsInPlace(again) === idsInPlace(passes[0])) return again;
		passes.unshift(again);
	}
}

/** The ids of a pass, page by page, as one comparable text. */
function idsInPlace(pages: Page[]): string {
	return pages.map((page) => page.results.map((record) => String(record.id ?? '?')).join(',')).join('|');
}

/** A list read by page number whose passes differ: `why` says why the node had to read it that way. */
function changedWhileRead(read: ListRead, why: string): NodeOperationError {
	return new NodeOperationError(
		read.ctx.getNode(),
		`The ${listWords(read.list)} list changed while the node read it by page number, so it cannot be sure no record was missed`,
		{ description: `${why} Run the node again when fewer ${listWords(read.list)} change, or narrow the read with a Limit.` },
	);
}

function pageIgnored(read: ListRead, held: number, count: number | undefined): NodeOperationError {
	return new NodeOperationError(
		read.ctx.getNode(),
		`Datatruck answered the ${listWords(read.list)} list's next pages with records already read, so the node could read only ${held} of ${count ?? 'them'}`,
		{ description: 'Datatruck seems to ignore the page number on this list. Please tell the maintainers, with the output of Connection › Check Compatibility.' },
	);
}
