import { NodeOperationError } from 'n8n-workflow';
import type { IDataObject } from 'n8n-workflow';
import type { Page } from './pagination';
import { disregardIn, evaluable } from './answerCheck';
import type { ApiFilter } from './filters';
import { filterIgnored, orderingIgnored } from './listFindings';
import { recordComparator, unheld, type SortTerm } from './listPlan';
import { askedAs, isLastPage, queryPage, type ListRead } from './listRead';
import { passAgain, readPass } from './pageNumberList';
import { keptInNode } from './settleInNode';
import type { PlainPlan } from './planner';
import { markNotHeld } from './support';

/**
 * The plan that needs least of Datatruck, for a list seen to ignore or refuse part of its query: pages by number,
 * each record kept once by its id, the user's filters applied here where Datatruck does not apply them, and the
 * user's order made here where Datatruck does not keep it, within the read's budget.
 *
 * What this plan still leaves to Datatruck (the filters not yet seen ignored, the order) is checked on every page
 * of the first pass, as the exact plan checks its own: a page that shows it ignored moves that filter, or the order,
 * into the node for the whole read (the pages already read are kept unfiltered, so nothing is read again), and a
 * Limit then reads every page, since Datatruck's first pages are no longer the first records.
 *
 * Page numbers alone are exact only while nothing moves, so the pages are read again until two passes agree
 * or cover each other in the order their pages show (pageNumberList.ts, passCoverage.ts).
 */
export async function readPlain(read: ListRead, plan: PlainPlan, userTerms: SortTerm[], pageSize: number, want: number, readAlready: Page[][] = []): Promise<IDataObject[]> {
	const trust = trustIn(read, plan);
	// Pages the plan before read of this very query are its first pages here: nothing read is thrown away.
	const inNode = (column: string) => plan.inNode.some((filter) => filter.column === column);
	const reused = readAlready.filter((pages) => askedAs(read, pages[0], plan.sent, plan.terms, inNode)).reduce((a, b) => (b.length > a.length ? b : a), []);
	// A refusal of something the node added ends this plan (NeedsLess): the planner drops it and asks again.
	const first = reused[0] ?? (await queryPage(read, plan.sent, plan.terms, pageSize, plan.userOnly ? 'none' : 'refusals'));
	const held = new Set<number>();
	const records: IDataObject[] = [];
	const take = (pages: Page[]) => pages.forEach((page) => (trust.check(page), records.push(...unheld(page.results, held))));
	take([first]);
	if (isLastPage(first)) return (await trust.settle(records, userTerms)).slice(0, want);
	const perPage = Math.max(1, first.results.length);
	read.budget.plan(first.count, perPage);
	// Page 1 first, then the pages after it the plan before read already.
	const started = reused.length ? reused : [first];
	take(started.slice(1));
	// Only while every record comes in Datatruck's order and every filter is Datatruck's does a Limit stop early,
	// and ties of its last record on the first field are read on.
	const lastPage = (read: number, count = first.count) =>
		Math.max(trust.tiesPending(records, want) ? read + 1 : 0, Math.ceil(Math.min(count ?? Infinity, trust.readAll() ? Infinity : want) / perPage));
	const firstPass = await readPass(read, started, want, lastPage, take);
	const why = "Datatruck ignores the order or the filter this read needs to stay exact while records are added or removed (see n8n's log), so the node read every page again and the reads differ.";
	// A read of the first records in Datatruck's order needs only those covered.
	const settled = await passAgain(read, firstPass, why, trust.readAll() ? Infinity : want, lastPage);
	return (await trust.settle(unheld(settled.flatMap((page) => page.results), new Set()), userTerms)).slice(0, want);
}

/**
 * What the plain plan leaves to Datatruck, checked on each page it relies on: the filters it sends and the order it
 * asks for. What a page shows ignored is remembered and from then on done in the node.
 */
function trustIn(read: ListRead, plan: PlainPlan) {
	const inNode: ApiFilter[] = [];
	let order = plan.order;
	// Filters the node applies itself must be ones it can evaluate on a record.
	const moveToNode = (filters: ApiFilter[]) => {
		const cannot = filters.find((filter) => !evaluable(filter));
		if (cannot) {
			throw new NodeOperationError(
				read.ctx.getNode(),
				`Datatruck ignores the filter on ${cannot.column} of the ${read.list} list, and the node cannot apply "${cannot.contains}" itself`,
				{ description: 'Use another operator for this condition (e.g. Between Dates instead of Today), or filter the output with an n8n Filter node.' },
			);
		}
		inNode.push(...filters);
	};
	moveToNode(plan.inNode);
	// The first records Datatruck sends need not be the first ones matching: the whole list must be read.
	const readAll = () => order === 'none' || inNode.length > 0;
	let lastChecked: IDataObject | undefined;
	let crossedBack = false;
	const markOrderIgnored = () => markNotHeld(read.ctx, read.origin, orderingIgnored(read.list));
	return {
		readAll,
		/** One page of the first pass, in order: a sent filter a record breaks, or an order broken (see idsCrossBack). */
		check(page: Page): void {
			const relied = plan.sent.filter((filter) => !inNode.includes(filter));
			const terms = order === 'none' ? [] : plan.terms;
			const seen = disregardIn(page.results, { filters: relied, terms, pageSize: page.results.length, more: false, fields: read.fields });
			for (const finding of filterIgnored(read.list, seen.columns)) markNotHeld(read.ctx, read.origin, finding);
			moveToNode(relied.filter((filter) => seen.columns.includes(filter.column)));
			if (seen.ordering && order !== 'none') markOrderIgnored();
			crossedBack ||= !seen.ordering && idsCrossBack(terms, lastChecked, page.results[0]);
			if (seen.ordering || crossedBack) order = 'none';
			lastChecked = page.results[page.results.length - 1] ?? lastChecked;
		},
		/**
		 * Whether a Limit's last record may still have ties unread: in the first field's order alone, the records tied
		 * with it come in any order, so the read goes on until one past its value (`records` in Datatruck's order).
		 */
		tiesPending(records: IDataObject[], want: number): boolean {
			if (order !== 'firstTerm' || readAll() || want === Infinity || records.length < want) return false;
			return recordComparator(plan.terms.slice(0, 1))(records[want - 1], records[records.length - 1]) === 0;
		},
		/** The records read, filtered and sorted here as far as Datatruck was not trusted to. */
		async settle(records: IDataObject[], userTerms: SortTerm[]): Promise<IDataObject[]> {
			if (crossedBack && records.some((record, index) => idsCrossBack(plan.terms, records[index - 1], record))) markOrderIgnored();
			const matching = await keptInNode(read, records, inNode);
			if (order === 'none') return matching.sort(recordComparator(userTerms));
			return order === 'firstTerm' ? tiesInOrder(matching, userTerms) : matching;
		},
	};
}

/**
 * In an order by id, a record above the one before it: across pages, Datatruck's own order (by creation, mostly by
 * id) kept each page in order by chance, or records changed between the answers. So the order is made here, and said
 * ignored only where the settled records cross back too (docs/lists-while-datatruck-changes.md).
 */
function idsCrossBack(terms: SortTerm[], before: IDataObject | undefined, first: IDataObject | undefined): boolean {
	if (!before || !first || terms[0]?.path !== 'id') return false;
	return recordComparator(terms.slice(0, 1))(before, first) > 0;
}

/**
 * Records in the order of the first term (as Datatruck sent them: its collation decides text), each run tied on
 * it put in the order of the remaining terms.
 */
function tiesInOrder(records: IDataObject[], terms: SortTerm[]): IDataObject[] {
	const sameFirst = recordComparator(terms.slice(0, 1));
	const rest = recordComparator(terms.slice(1));
	const ordered: IDataObject[] = [];
	for (let start = 0; start < records.length; ) {
		let end = start + 1;
		while (end < records.length && sameFirst(records[start], records[end]) === 0) end++;
		ordered.push(...records.slice(start, end).sort(rest));
		start = end;
	}
	return ordered;
}
