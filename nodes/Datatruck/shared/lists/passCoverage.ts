import type { IDataObject } from 'n8n-workflow';
import { CHECKED_PAGE, formatOrdering, idOf, parseOrdering, recordComparator, unheld, withIdTieBreaker, type SortTerm } from './listPlan';
import { isLastPage, type ListRead } from './listRead';
import type { Page } from './pagination';

/** What one page holds of the list in its order: from its first record to its last, page 1 from the start, a last page to the end. */
type Slice = { from?: IDataObject; to?: IDataObject };

/**
 * Where passes read by page number (each page 1 first, the latest pass first) hold every record present throughout,
 * or its first `want` in the list's order, proved from the order the pages show (docs/lists-while-datatruck-changes.md,
 * "Passes that cover each other"): their records, each once as the latest pass read it, in that order. Undefined
 * where that cannot be proved.
 */
export function coveredRecords(read: ListRead, passes: Page[][], want: number): IDataObject[] | undefined {
	const orders = ordersShown(read, passes.flat());
	// Pages that happen to fit several orders (dates that grow with ids) prove nothing unless every one of them holds:
	// Datatruck may be answering in any of them, e.g. by id where it ignores the order asked for.
	if (!orders.length || !orders.every((terms) => coveredIn(terms, passes, want))) return undefined;
	return unheld(passes.flat().flatMap((page) => page.results), new Set()).sort(recordComparator(orders[0]));
}

/** Whether, were the list in the order of `terms`, some pass misses no record present throughout (or before the `want`-th). */
function coveredIn(terms: SortTerm[], passes: Page[][], want: number): boolean {
	const compare = recordComparator(terms);
	const records = unheld(passes.flat().flatMap((page) => page.results), new Set()).sort(compare);
	// A Limit: a record missed past the `want`-th one read would not be among the first `want` anyway.
	const cutoff = records[want - 1];
	// Between ids 17 and 18 of a list in id order there is no record to miss.
	const byIdAlone = terms.length === 1 && terms[0].path === 'id';
	const nothingBetween = (a: IDataObject, b: IDataObject) => compare(a, b) >= 0 || (byIdAlone && Math.abs((idOf(a) as number) - (idOf(b) as number)) <= 1);
	const slices: Slice[] = passes.flatMap((pass) =>
		pass.flatMap((page, index) => (page.results.length ? [{ from: index === 0 ? undefined : page.results[0], to: isLastPage(page) ? undefined : page.results[page.results.length - 1] }] : [])),
	);
	const covered = (from: IDataObject, to?: IDataObject): boolean => {
		if (cutoff && compare(from, cutoff) >= 0) return true;
		for (let reached = from; ; ) {
			if (to && nothingBetween(reached, to)) return true;
			const next = slices.find((slice) => (!slice.from || compare(slice.from, reached) <= 0 || nothingBetween(reached, slice.from)) && (!slice.to || compare(slice.to, reached) > 0));
			if (!next?.to) return next !== undefined;
			reached = next.to;
		}
	};
	// A record present throughout that a pass missed crossed back over one of its page boundaries between the two
	// answers: it lies after the last record of a full page and before the first of the next (the end, if empty, or
	// past the pass's last page where that was not the list's).
	const covers = (read: Page[]) =>
		[...read, { results: [], next: null }].every((page, index, pass) => index === 0 || isLastPage(pass[index - 1]) || covered(pass[index - 1].results[pass[index - 1].results.length - 1], page.results[0]));
	return passes.some(covers);
}

/**
 * The orders every page read is in (of the one asked, the list's default, and by id either way, the first one
 * first), each record after the one before it with ties broken by id; none where a record has no id or too few
 * records show one. Datatruck answers in one of them (A6), and each page is then a slice of the list in that order at
 * its time: it holds every record present then between its first and last.
 */
function ordersShown(read: ListRead, pages: Page[]): SortTerm[][] {
	if (pages.some((page) => page.results.some((record) => idOf(record) === undefined))) return [];
	if (pages.reduce((pairs, page) => pairs + Math.max(0, page.results.length - 1), 0) < CHECKED_PAGE - 1) return [];
	const orderings = [String(pages[0]?.query?.ordering ?? ''), read.defaultOrdering ?? '', '-id', 'id'].filter(Boolean);
	const candidates = new Map(orderings.map((ordering) => withIdTieBreaker(parseOrdering(ordering, read.fields))).map((terms) => [formatOrdering(terms), terms]));
	return [...candidates.values()].filter((terms) => {
		const compare = recordComparator(terms);
		return pages.every((page) => page.results.every((record, index) => index === 0 || compare(page.results[index - 1], record) < 0));
	});
}
