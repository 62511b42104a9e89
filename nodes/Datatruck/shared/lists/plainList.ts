import { NodeOperationError } from 'n8n-workflow';
import type { IDataObject } from 'n8n-workflow';
import { checkedNextLink } from './pagination';
import { evaluable, kindOfColumn, meets } from './answerCheck';
import { filterHolds } from './listFindings';
import { pageLink, recordComparator, SEGMENT_REQUESTS, unheld, type SortTerm } from './listPlan';
import { allPages, isLastPage, linkedPage, queryPage, type ListRead } from './listRead';
import { markNotHeld, supports, type Finding } from './support';

/**
 * The plan that needs least of Datatruck, for a list seen to ignore or refuse part of its query: pages by number,
 * each record kept once by its id, the user's filters applied here where Datatruck does not apply them, and the
 * user's order made here where Datatruck does not keep it. It never loops: it reads the pages page 1 announces,
 * stops at a page that brings nothing new, and stays within the read's budget.
 *
 * Exactness while the list changes is what page numbers give: a record is never returned twice, but one moved
 * across a page boundary between two page reads can be missed (docs/lists-while-datatruck-changes.md).
 */
export async function readPlain(
	read: ListRead,
	userTerms: SortTerm[],
	pageSize: number,
	want: number,
	pending: Finding[],
): Promise<IDataObject[]> {
	const lacks = (key: string) => !supports(read.origin, key) || pending.some((finding) => finding.key === key);
	const filterKept = (column: string) =>
		filterHolds(read.origin, read.list, column) && !lacks(`${read.list}.filter`) && !lacks(`${read.list}.filter.${column}`);
	const sent = read.filters.filter((filter) => filterKept(filter.column));
	const inNode = read.filters.filter((filter) => !filterKept(filter.column));
	const cannot = inNode.find((filter) => !evaluable(filter));
	if (cannot) {
		throw new NodeOperationError(
			read.ctx.getNode(),
			`Datatruck ignores the filter on ${cannot.column} of the ${read.list} list, and the node cannot apply "${cannot.contains}" itself`,
			{ description: 'Use another operator for this condition (e.g. Between Dates instead of Today), or filter the output with an n8n Filter node.' },
		);
	}
	const single = lacks(`${read.list}.ordering.multi`);
	const terms = single && read.tieBreakerAdded ? userTerms.slice(0, -1) : userTerms;
	const sortHere = single || lacks(`${read.list}.ordering`);
	// Only when every record is in Datatruck's order and every filter Datatruck's can a Limit stop early.
	const readAll = sortHere || inNode.length > 0;

	const first = await queryPage(read, sent, terms, pageSize, false);
	for (const finding of pending) markNotHeld(read.ctx, read.origin, finding);
	const held = new Set<number>();
	const records = unheld(first.results, held);
	if (!isLastPage(first)) {
		const perPage = Math.max(1, first.results.length);
		const count = readAll ? (first.count ?? perPage * 2) : Math.min(first.count ?? perPage * 2, want);
		read.budget.plan(first.count, perPage);
		const link = await checkedNextLink(read.ctx, first.next as string, 2);
		const numbers = Array.from({ length: Math.max(Math.ceil(count / perPage) - 1, 0) }, (_, index) => index + 2);
		for (let start = 0; start < numbers.length; start += SEGMENT_REQUESTS) {
			const batch = numbers.slice(start, start + SEGMENT_REQUESTS);
			const pages = await allPages(batch.map((number) => linkedPage(read, pageLink(link, number))));
			const fresh = pages.flatMap((page) => unheld(page.results, held));
			records.push(...fresh);
			// A stretch of pages with nothing new, or one that ran out, ends the plan.
			if (fresh.length === 0 || pages.some(isLastPage)) break;
		}
	}
	const kinds = inNode.map((filter) => kindOfColumn(filter.column, read.fields));
	const matching = records.filter((record) => inNode.every((filter, index) => meets(record, filter, kinds[index]) !== false));
	if (sortHere) matching.sort(recordComparator(userTerms));
	return matching.slice(0, want);
}
