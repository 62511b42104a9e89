import { NodeOperationError } from 'n8n-workflow';
import type { IDataObject } from 'n8n-workflow';
import { checkedNextLink, type Page } from './pagination';
import { evaluable, kindOfColumn, meets } from './answerCheck';
import { filterHolds } from './listFindings';
import { idOf, pageLink, recordComparator, SEGMENT_REQUESTS, unheld, type SortTerm } from './listPlan';
import { allPages, isLastPage, linkedPage, queryPage, type ListRead } from './listRead';
import { markNotHeld, supports, type Finding } from './support';

/**
 * The plan that needs least of Datatruck, for a list seen to ignore or refuse part of its query: pages by number,
 * each record kept once by its id, the user's filters applied here where Datatruck does not apply them, and the
 * user's order made here where Datatruck does not keep it. It never loops: it reads the pages page 1 announces,
 * stops at a page that brings nothing new, and stays within the read's budget.
 *
 * Page numbers alone are exact only while nothing moves: a record moved across a page boundary between two page
 * reads is missed. So a list of more than one page is read twice, page by page, and the second pass brings back
 * what moved during the first. When both passes saw the same records in the same places, nothing moved during the
 * second, so every record that was there throughout was read; when they differ, the node cannot tell, and says so
 * in an error rather than return a list that may lack a record (docs/lists-while-datatruck-changes.md).
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
		const firstPass = [first];
		for (let start = 0; start < numbers.length; start += SEGMENT_REQUESTS) {
			const pages = await readByNumber(read, link, numbers.slice(start, start + SEGMENT_REQUESTS));
			firstPass.push(...pages);
			const fresh = pages.flatMap((page) => unheld(page.results, held));
			records.push(...fresh);
			// A stretch of pages with nothing new, or one that ran out, ends the plan.
			if (pages.some(isLastPage)) break;
			if (fresh.length === 0) {
				// Pages by number that bring back what was read while page 1 says more exist: the page number itself
				// is ignored, and ending here would return part of the list as if it were all of it.
				if (first.count !== undefined && held.size < Math.min(first.count, want)) throw pageIgnored(read, held.size, first.count);
				break;
			}
		}
		const secondPass: Page[] = [];
		for (let start = 0; start < firstPass.length; start += SEGMENT_REQUESTS) {
			const batch = Array.from({ length: Math.min(SEGMENT_REQUESTS, firstPass.length - start) }, (_, index) => start + index + 1);
			secondPass.push(...(await readByNumber(read, link, batch)));
		}
		records.push(...secondPass.flatMap((page) => unheld(page.results, held)));
		if (idsInPlace(firstPass) !== idsInPlace(secondPass)) {
			throw new NodeOperationError(
				read.ctx.getNode(),
				`The ${listWords(read.list)} list changed while the node read it by page number, so it cannot be sure no record was missed`,
				{
					description: `Datatruck ignores the order or the filter this read needs to stay exact while records are added or removed (see n8n's log), so the node read every page twice and the two reads differ. Run the node again when fewer ${listWords(read.list)} change, or narrow the read with a Limit.`,
				},
			);
		}
	}
	const kinds = inNode.map((filter) => kindOfColumn(filter.column, read.fields));
	const matching = records.filter((record) => inNode.every((filter, index) => meets(record, filter, kinds[index]) !== false));
	if (sortHere) matching.sort(recordComparator(userTerms));
	return matching.slice(0, want);
}

function readByNumber(read: ListRead, link: string, numbers: number[]): Promise<Page[]> {
	return allPages(numbers.map((number) => linkedPage(read, pageLink(link, number))));
}

/** The ids of a pass, page by page, as one comparable text. */
function idsInPlace(pages: Page[]): string {
	return pages.map((page) => page.results.map((record) => String(idOf(record) ?? '?')).join(',')).join('|');
}

/** `workOrders` → `work orders`: the list as a dispatcher names it. */
const listWords = (list: string) => list.replace(/[A-Z]/g, (letter) => ` ${letter.toLowerCase()}`);

function pageIgnored(read: ListRead, held: number, count: number): NodeOperationError {
	return new NodeOperationError(
		read.ctx.getNode(),
		`Datatruck answered the ${listWords(read.list)} list's next pages with records already read, so the node could read only ${held} of ${count}`,
		{ description: 'Datatruck seems to ignore the page number on this list. Please tell the maintainers, with the output of Connection › Check Compatibility.' },
	);
}
