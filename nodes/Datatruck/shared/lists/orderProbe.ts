import type { IDataObject } from 'n8n-workflow';
import type { ApiFilter } from './filters';
import { orderingIgnored } from './listFindings';
import { formatOrdering, idOf, parseOrdering, recordComparator, valueAt, withIdTieBreaker, type SortTerm } from './listPlan';
import { isLastPage, NeedsLess, queryPage, type ListRead } from './listRead';
import type { Page } from './pagination';
import { confirmedRecently, rememberConfirmed } from './support';

/**
 * A page can keep to the order asked for and still not have been sorted that way: where Datatruck ignores `ordering`
 * (DRF drops a field it does not take, silently) it answers its default order, and on a page whose sort field is
 * empty on every record, or rises with the id, that order breaks nothing the answer checks can see. A Limit takes page
 * 1 as the start of the list, and would miss records. A read of the whole list sorted by a field it leaves in
 * Datatruck's order (text, whose collation the node cannot know, A33) would return the records in the fallback
 * order: "delivered" before "In Progress" is the C collation's order and the id order alike.
 *
 * So where page 1 of such a read is also in an order Datatruck falls back to, the same question goes out once more
 * in the opposite direction. Kept to, that reverses every two records whose sort values did not change in between
 * (the id breaks every tie, and A32 puts empty values first one way and last the other, so this holds in any
 * collation); ignored, they come back in the same order. What was confirmed is remembered per ordering for as long
 * as a finding is (support.ts), so a busy workflow pays the request once an hour.
 *
 * A page read on from its last record (a long list, or a part of one anchored on its sort field) relies on its order
 * as much as a kept answer does: anchored on a record that is last only in the id order, the next page skips every
 * record whose sort value lies between (`use.keptAsAnswered`, with the part's own `filters`).
 */
export interface OrderUse {
	/** The size page 1 was asked in: the opposite question asks the same. */
	askedSize: number;
	/** How many records the read wants (Infinity: all). */
	want: number;
	/** The records are returned, or read on from, in the order page 1 was answered in. */
	keptAsAnswered: boolean;
	/** The filters page 1 was asked with, where not the user's own (a part of the list). */
	filters?: ApiFilter[];
}

export async function confirmOrder(read: ListRead, userTerms: SortTerm[], first: Page, use: OrderUse): Promise<void> {
	const key = `${read.list}.ordering:${formatOrdering(userTerms)}`;
	// Records all tied on the sort fields are in id order whichever way: nothing to ask.
	const reliesOnOrder = stopsEarly(first, use.want) || (use.keptAsAnswered && !tiedThroughout(first.results, userTerms));
	if (!reliesOnOrder || !inFallbackOrder(read, userTerms, first.results) || confirmedRecently(read.origin, key)) return;
	const opposite = userTerms.map((term) => ({ ...term, descending: !term.descending }));
	// Only page 1 of the user's own query is a start the plan that takes over can use.
	const handedOver = use.filters ? undefined : [first];
	const answer = await queryPage(read, use.filters ?? read.filters, opposite, use.askedSize).catch((error: unknown) => {
		// The opposite answer broke its own order: the page read first is what the plan that takes over starts from.
		if (error instanceof NeedsLess) error.pages = handedOver;
		throw error;
	});
	if (sameWayRound(first.results, answer.results, userTerms)) throw Object.assign(new NeedsLess([orderingIgnored(read.list)]), { pages: handedOver });
	rememberConfirmed(read.origin, key);
}

/** The read ends before the list does: what page 1 leaves out is never read. */
function stopsEarly(first: Page, want: number): boolean {
	return !isLastPage(first) && want < (first.count ?? Infinity);
}

/** Whether every record of the page has the same values on the sort fields other than the id. */
function tiedThroughout(results: IDataObject[], terms: SortTerm[]): boolean {
	return results.every((record) => terms.every((term) => term.path === 'id' || sameValue(record, results[0], term.path)));
}

/**
 * Whether the page is also in an order Datatruck answers when it ignores `ordering`: by id, or its default, unless
 * that default is what was asked (then an ignored ordering gives the right answer all the same).
 */
function inFallbackOrder(read: ListRead, userTerms: SortTerm[], results: IDataObject[]): boolean {
	const asked = formatOrdering(userTerms);
	const byDefault = withIdTieBreaker(parseOrdering(read.defaultOrdering ?? '-id', read.fields));
	if (formatOrdering(byDefault) === asked) return false;
	return [byDefault, ...['-id', 'id'].map((ordering) => parseOrdering(ordering, read.fields))]
		.filter((terms) => formatOrdering(terms) !== asked)
		.some((terms) => {
			const compare = recordComparator(terms);
			return results.every((record, index) => index === 0 || compare(results[index - 1], record) <= 0);
		});
}

/** Whether two records, on both pages with the same sort values, come in the same order on both. */
function sameWayRound(first: IDataObject[], opposite: IDataObject[], terms: SortTerm[]): boolean {
	const where = new Map(opposite.map((record, index) => [idOf(record), { record, index }]));
	const unchanged = first
		.map((record) => ({ record, there: where.get(idOf(record)) }))
		.filter(({ record, there }) => idOf(record) !== undefined && there && terms.every((term) => sameValue(record, there.record, term.path)));
	// Without the id among the terms (one ordering field), two records tied on it may come either way round.
	return unchanged.some(({ record, there }, index) => {
		const before = unchanged[index - 1];
		return index > 0 && !terms.every((term) => sameValue(before.record, record, term.path)) && (before.there?.index ?? 0) < (there?.index ?? 0);
	});
}

function sameValue(a: IDataObject, b: IDataObject, path: string): boolean {
	return JSON.stringify(valueAt(a, path)) === JSON.stringify(valueAt(b, path));
}
