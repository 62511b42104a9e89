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
	// Pages by id that crossed back: the order is made here, and found ignored once the settled records show it too.
	let crossedBack = false;
	const markOrderIgnored = () => markNotHeld(read.ctx, read.origin, orderingIgnored(read.list));
	return {
		readAll,
		/**
		 * One page of the first pass, in page order: a sent filter a record breaks, or records out of the order asked
		 * for, were ignored by Datatruck. Where the order is by id first and the page starts above where the page before
		 * ended (idsCrossBack), the order is made here from now on.
		 */
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
			// Records settled by passes that agree: out of the order by id there, Datatruck did not apply it.
			if (crossedBack && records.some((record, index) => idsCrossBack(plan.terms, records[index - 1], record))) markOrderIgnored();
			const matching = await keptInNode(read, records, inNode);
			if (order === 'none') return matching.sort(recordComparator(userTerms));
			return order === 'firstTerm' ? tiesInOrder(matching, userTerms) : matching;
		},
	};
}

/**
 * Whether, in an order by id first, a record comes above the one before it (below, descending): across a page
 * boundary, the sign that Datatruck answers in an order of its own (say by creation time, which follows the id on
 * most records) and kept each page in order by id by chance. Pages are answered apart, so records changing between
 * them can do it too (one created above and one moved into the filter just below the boundary): the read then makes
 * the order itself, which is right either way, and says Datatruck ignored it only where the records settled by
 * passes that agree cross back too.
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
