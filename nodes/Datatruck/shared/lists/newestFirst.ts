import type { IDataObject } from 'n8n-workflow';
import { idOf, unheld, type SortTerm } from './listPlan';
import { readByNumber, type ListRead } from './listRead';
import type { Page } from './pagination';

/** The order of the one-pass read: newest first by id. */
export const NEWEST_FIRST: SortTerm[] = [{ path: 'id', descending: true, kind: 'number' }];

/** What the pass read: every record once, and whether that is provably the whole list. */
interface NewestFirstPass {
	records: IDataObject[];
	exact: boolean;
	/** The last answer of each page number read, page 1 first: the first pass of the plan by page number when not exact. */
	pages: Page[];
}

/**
 * A list read in one pass by page number, newest first, exact while records come and go, where no filter Datatruck
 * applies is sent (the node filters; docs/lists-while-datatruck-changes.md): the whole list, or its `want` newest.
 *
 * Newest first, a new record comes before every other (ids only grow), and a record changed in place keeps its
 * place. So the run of records held from the top moves on only as records before it come or go, by as many as the
 * count changes: the pass keeps how many of the first records it holds, lowered when an answer's count is lower, and
 * reads on from the page where that run ends. A page that no longer joins the run (records before it were removed)
 * is kept: each page is every record between its newest and oldest id at the time, so once a page read again
 * reaches into its ids the run takes it in. That is about one request a page, where two passes need two.
 *
 * It relies on the answers being newest first: each page in descending ids, and no record newer than page 1 past it
 * (one created amid older ones). An answer that breaks that ends the pass as not exact; its pages serve the plan by
 * page number.
 */
export async function readNewestFirst(read: ListRead, first: Page, want: number): Promise<NewestFirstPass> {
	const size = Math.max(1, first.results.length);
	const held = new Set<number>();
	const records = unheld(first.results, held);
	const pages = new Map([[1, first]]);
	const newest = Math.max(0, ...held);
	const inOrder = (ids: Array<number | undefined>, number: number) =>
		ids.every((id, index) => id !== undefined && (index === 0 || id < (ids[index - 1] as number)) && (number === 1 || held.has(id) || id < newest));
	// Not exact: the pages read from page 1 on without a gap are the first pass of the plan by page number.
	const pass = (exact: boolean): NewestFirstPass => {
		const numbers = [...pages.keys()].sort((a, b) => a - b).filter((number, index) => number === index + 1);
		return { records, exact, pages: numbers.map((number) => pages.get(number) as Page) };
	};
	if (!inOrder(first.results.map(idOf), 1)) return pass(false);
	let count = first.count ?? 0;
	/** The run from the top: every record at a position below `covered`, and every one with an id from `lowest` up, is held. */
	let covered = first.results.length;
	let lowest = Math.min(...held);
	/** Pages read past the run: their id range, where they ended, the count then, and whether they were the last. */
	const apart: Array<{ low: number; high: number; end: number; count: number; last: boolean }> = [];
	// A Limit needs its newest `want` within the run: records created since page 1 take places in it but were not read.
	const runHolds = () => [...held].filter((id) => id >= lowest).length >= want;
	while (covered < count && !runHolds()) {
		const number = Math.floor(covered / size) + 1;
		const [page] = await readByNumber(read, first.query, [number]);
		const asked = pages.has(number);
		pages.set(number, page);
		const ids = page.results.map(idOf);
		if (!inOrder(ids, number)) return pass(false);
		const start = (number - 1) * size;
		if (page.count === undefined) {
			// Past the end (404): the list shrank by an unknown number; the page before tells the count again.
			if (start === 0) break;
			covered = Math.min(covered, start - 1);
			continue;
		}
		covered = Math.max(0, covered + page.count - count);
		count = page.count;
		const fresh = unheld(page.results, held);
		// A new page of records already read: the page number may be ignored, which the plan by page number tells.
		if (fresh.length === 0 && page.results.length > 0 && !asked) return pass(false);
		records.push(...fresh);
		const [high, low] = [ids[0] as number, ids[ids.length - 1] as number];
		const last = page.results.length < size;
		if (start > covered) {
			apart.push({ low, high, end: start + ids.length, count, last });
			continue;
		}
		covered = Math.max(covered, start + ids.length);
		lowest = Math.min(lowest, low);
		if (last) break;
		// Pages read apart that this one reached into join the run, at where they ended moved by the count since.
		for (let joined = apart.find((other) => other.high >= lowest && other.low < lowest); joined; joined = apart.find((other) => other.high >= lowest && other.low < lowest)) {
			lowest = joined.low;
			covered = Math.max(covered, joined.end + count - joined.count);
			if (joined.last) return pass(true);
		}
	}
	return pass(true);
}
