import { NodeOperationError } from 'n8n-workflow';
import type { IDataObject } from 'n8n-workflow';
import type { Page } from './pagination';
import { disregardIn, evaluable, kindOfColumn, meets } from './answerCheck';
import type { ApiFilter } from './filters';
import { filterHolds, filterIgnored, orderingIgnored } from './listFindings';
import { formatOrdering, recordComparator, unheld, type SortTerm } from './listPlan';
import { askedAs, isLastPage, NeedsLess, needsLess, queryPage, type ListRead } from './listRead';
import { passAgain, readPass } from './pageNumberList';
import { NEWEST_FIRST, readNewestFirst } from './newestFirst';
import { markNotHeld, supports, type Finding } from './support';

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
 * (pageNumberList.ts); a list that comes newest first may be read exactly in one pass (newestFirst.ts).
 */
export async function readPlain(
	read: ListRead,
	userTerms: SortTerm[],
	pageSize: number,
	want: number,
	pending: Finding[],
	readAlready: Page[] = [],
	retried = false,
): Promise<IDataObject[]> {
	const lacks = (key: string) => !supports(read.origin, key) || pending.some((finding) => finding.key === key);
	const filterKept = (column: string) =>
		filterHolds(read.origin, read.list, column) && !lacks(`${read.list}.filter`) && !lacks(`${read.list}.filter.${column}`);
	// One ordering field: the node's tie-breaker is left out, and ties are put in its order here.
	const firstTermOnly = lacks(`${read.list}.ordering.multi`) && read.tieBreakerAdded;
	const kept = read.filters.filter((filter) => filterKept(filter.column));
	const order: OrderKept = lacks(`${read.list}.ordering`) ? 'none' : firstTermOnly ? 'firstTerm' : 'whole';
	// One pass newest first, for a list that comes newest first even where Datatruck ignores the order asked, with
	// nothing Datatruck filters: read whole, in an order the node makes exactly, or a Limit newest first.
	const whole = want === Infinity || order === 'none' || kept.length < read.filters.length;
	const exactlySorted = userTerms.every((term) => term.kind === 'number' || term.kind === 'dateTime');
	const newestAsked = formatOrdering(userTerms) === formatOrdering(NEWEST_FIRST);
	const newest = read.defaultOrdering === formatOrdering(NEWEST_FIRST) && kept.length === 0 && ((whole && exactlySorted) || newestAsked);
	const terms = newest ? NEWEST_FIRST : firstTermOnly ? userTerms.slice(0, -1) : userTerms;
	const trust = new PlainTrust(read, kept, newest ? [] : terms, newest ? 'none' : order);
	trust.moveToNode(read.filters.filter((filter) => !filterKept(filter.column)));

	// Pages the plan before read of this very query are its first pages here: nothing read is thrown away.
	const reused = askedAs(read, readAlready[0], trust.sent, terms, (column) => !filterKept(column)) ? readAlready : [];
	const first = reused[0] ?? (await queryPage(read, trust.sent, terms, pageSize, retried ? 'none' : 'refusals').catch(needsLess));
	if (first instanceof NeedsLess) {
		// Datatruck refused something the node added (its `id` tie-breaker, a column of its own choice): once more
		// without it, or with the column's published form, as the exact plan does; once for each such thing, then
		// a refusal is passed on as Datatruck's own error.
		const replace = first.replace === undefined ? undefined : read.replacements.get(first.replace);
		if (replace) {
			const published = await replace();
			read.filters = read.filters.map((filter) => (filter.column === first.replace ? published : filter));
		}
		const learnt = first.findings.filter((finding) => !pending.some((known) => known.key === finding.key));
		return await readPlain(read, userTerms, pageSize, want, [...pending, ...learnt], [], !replace && learnt.length === 0);
	}
	for (const finding of pending) markNotHeld(read.ctx, read.origin, finding);
	trust.check(first);
	if (isLastPage(first)) return trust.settle(unheld(first.results, new Set()), userTerms).slice(0, want);
	const perPage = Math.max(1, first.results.length);
	read.budget.plan(first.count, perPage);
	const pass = newest && first.count !== undefined ? await readNewestFirst(read, first, whole ? Infinity : want) : undefined;
	if (pass?.exact) return trust.settle(pass.records, userTerms).slice(0, want);
	const held = new Set<number>();
	const records: IDataObject[] = [];
	const take = (pages: Page[]) => pages.forEach((page) => (trust.check(page), records.push(...unheld(page.results, held))));
	const started = pass?.pages ?? (reused.length ? reused : [first]);
	take(started);
	// Only while every record comes in Datatruck's order and every filter is Datatruck's does a Limit stop early,
	// and ties of its last record on the first field are read on.
	const lastPage = (read: number) =>
		Math.max(trust.tiesPending(records, want) ? read + 1 : 0, Math.ceil(Math.min(first.count ?? Infinity, trust.readAll ? Infinity : want) / perPage));
	const firstPass = await readPass(read, started, want, lastPage, take);
	const why = "Datatruck ignores the order or the filter this read needs to stay exact while records are added or removed (see n8n's log), so the node read every page again and the reads differ.";
	const settled = await passAgain(read, firstPass, why);
	return trust.settle(unheld(settled.flatMap((page) => page.results), new Set()), userTerms).slice(0, want);
}

/**
 * How much of the order asked for Datatruck keeps: all of it; only the first field (one ordering field: records
 * tied on it come in any order, and are put in the order of the rest here); or none (sorted here).
 */
type OrderKept = 'whole' | 'firstTerm' | 'none';

/**
 * What the plain plan leaves to Datatruck, checked on each page it relies on: the filters it sends and the order it
 * asks for. What a page shows ignored is remembered and from then on done in the node.
 */
class PlainTrust {
	/** Filters done in the node, on every record read. */
	private readonly inNode: ApiFilter[] = [];

	constructor(
		private readonly read: ListRead,
		/** Filters sent to Datatruck and still believed applied. */
		readonly sent: ApiFilter[],
		/** The ordering sent. */
		private readonly terms: SortTerm[],
		private order: OrderKept,
	) {}

	/** Whether the whole list must be read: the first records Datatruck sends need not be the first ones matching. */
	get readAll(): boolean {
		return this.order === 'none' || this.inNode.length > 0;
	}

	/** Filters the node applies itself, which it must be able to evaluate on a record. */
	moveToNode(filters: ApiFilter[]): void {
		const cannot = filters.find((filter) => !evaluable(filter));
		if (cannot) {
			throw new NodeOperationError(
				this.read.ctx.getNode(),
				`Datatruck ignores the filter on ${cannot.column} of the ${this.read.list} list, and the node cannot apply "${cannot.contains}" itself`,
				{ description: 'Use another operator for this condition (e.g. Between Dates instead of Today), or filter the output with an n8n Filter node.' },
			);
		}
		this.inNode.push(...filters);
	}

	/** One page: a sent filter a record breaks, or records out of the order asked for, were ignored by Datatruck. */
	check(page: Page): void {
		const relied = this.sent.filter((filter) => !this.inNode.includes(filter));
		const seen = disregardIn(page.results, {
			filters: relied,
			terms: this.order === 'none' ? [] : this.terms,
			pageSize: page.results.length,
			more: false,
			fields: this.read.fields,
		});
		if (seen.columns.length) {
			for (const finding of filterIgnored(this.read.list, seen.columns)) markNotHeld(this.read.ctx, this.read.origin, finding);
			this.moveToNode(relied.filter((filter) => seen.columns.includes(filter.column)));
		}
		if (seen.ordering && this.order !== 'none') {
			markNotHeld(this.read.ctx, this.read.origin, orderingIgnored(this.read.list));
			this.order = 'none';
		}
	}

	/**
	 * Whether a Limit's last record may still have ties unread: in the first field's order alone, the records tied
	 * with it come in any order, so the read goes on until one past its value (`read`: the records, in Datatruck's order).
	 */
	tiesPending(read: IDataObject[], want: number): boolean {
		if (this.order !== 'firstTerm' || this.readAll || want === Infinity || read.length < want) return false;
		return recordComparator(this.terms.slice(0, 1))(read[want - 1], read[read.length - 1]) === 0;
	}

	/** The records read, filtered and sorted here as far as Datatruck was not trusted to. */
	settle(records: IDataObject[], userTerms: SortTerm[]): IDataObject[] {
		const kinds = this.inNode.map((filter) => kindOfColumn(filter.column, this.read.fields));
		const matching = records.filter((record) => this.inNode.every((filter, index) => meets(record, filter, kinds[index]) !== false));
		if (this.order === 'none') return matching.sort(recordComparator(userTerms));
		if (this.order === 'firstTerm') return tiesInOrder(matching, userTerms);
		return matching;
	}
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
