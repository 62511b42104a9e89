import type { IDataObject } from 'n8n-workflow';
import type { DatatruckContext, DatatruckRequest, RequestPurpose } from '../transport';
import type { ApiFilter } from './filters';
import { askedAs, excludableIds, isLastPage, listReadFor, NeedsLess, needsLess, numberedPage, queryPage, rememberPending, type FilterReplacement, type ListRead } from './listRead';
import { confirmOrder } from './orderProbe';
import { readPlain } from './plainList';
import { fetchByPageNumber } from './pageNumberList';
import { markNotHeld, supports } from './support';
import { choosePlan, plainPlan, type Plan, type ReadSoFar } from './planner';
import {
	excludeIds,
	idOf,
	keysetBound,
	keysetTerm,
	MAX_EXCLUDED_IDS,
	mergeInOrder,
	pagesBetween,
	parseOrdering,
	recordComparator,
	SEGMENT_REQUESTS,
	CHECKED_PAGE,
	unheld,
	withIdTieBreaker,
	type SortTerm,
} from './listPlan';
import { atOrPast, ID_ASCENDING, keysetPlan, segmentFilters, spinePlan, type AnchoredPlan, type Segment } from './listSegments';
import { pageSizeFor, type ChangeSafeList, type ListShape, type Page } from './pagination';

/**
 * Reading a list that changes while it is read, exactly and fast: the loop around the planner, the exact plan and
 * pages anchored on the last record read (docs/architecture.md, "A list read", says how and why). The target (issues
 * 12 and 27): a list that fits one rate window takes 3 waves of requests, page 1, the rest, the check read
 * (test/integration/listUnderChange.test.cts holds it to that).
 */
interface Stretch {
	records: IDataObject[];
	/** Nothing that matches is left unread. */
	complete: boolean;
	/** The records no unread record comes before: those up to the check's last record. */
	certain: IDataObject[];
	/** The check's last record, when unread records remain after it. */
	last?: IDataObject;
}

function idsOf(records: IDataObject[]): number[] {
	return records.map(idOf).filter((id): id is number => id !== undefined);
}

async function readStretch(
	read: ListRead,
	terms: SortTerm[],
	/** Ids held already, left out of the whole stretch. */
	excluded: number[],
	pageSize: number,
	want: number,
	compare: (a: IDataObject, b: IDataObject) => number,
	firstPage?: Page,
): Promise<Stretch> {
	const filters = read.filters;
	const asked = Math.max(1, Math.min(pageSize, want));
	const first = firstPage ?? (await queryPage(read, [...filters, ...excludeIds(excluded)], terms, asked));
	// Pages by number are counted in the size Datatruck answers, which page 1 told when it differs from the size asked.
	const size = read.served ?? asked;
	const held = new Set<number>(excluded);
	let records = unheld(first.results, held);
	if (isLastPage(first)) return { records, complete: true, certain: records };
	if (records.length >= want) return { records, complete: false, certain: records };

	// Page numbers are cheap to read at once; the check read below makes them exact. The number of
	// pages read this way is capped so that the check's list of ids stays a short query string.
	const largest = Math.max(0, ...idsOf(first.results), ...excluded);
	const fit = Math.min(MAX_EXCLUDED_IDS, excludableIds(read, filters, terms, size, largest));
	// Pages 2 to `room` and page 1: `room` pages of ids left out by the check.
	const room = Math.floor((fit - excluded.length) / size);
	const pages = pagesBetween(first.count ?? 0, size, want).filter((page) => page <= Math.min(room, SEGMENT_REQUESTS - 1));
	const question = { filters, terms, pageSize: size };
	const settled = await Promise.allSettled(pages.map((number) => numberedPage(read, first.query, number, question)));
	// A page that shows a clause ignored is still that page of the query (NeedsLess.pages).
	const numbered = settled.map((outcome) => (outcome.status === 'fulfilled' ? outcome.value : (outcome.reason as NeedsLess).pages?.[0]));
	// The pages of the user's own query read so far serve the plan that takes over: nothing read is thrown away.
	const handOver = (error: unknown) => {
		if (error instanceof NeedsLess) error.pages = excluded.length === 0 && numbered.every(Boolean) ? [first, ...(numbered as Page[])] : undefined;
		return error;
	};
	const failed = settled.find((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
	if (failed) throw handOver(failed.reason);
	for (const page of numbered as Page[]) records.push(...unheld(page.results, held));

	// At least CHECKED_PAGE records, like page 1: a check read of two cannot show an order ignored.
	const checkSize = Math.max(1, Math.min(pageSize, Math.max(CHECKED_PAGE, want - records.length)));
	const check = await queryPage(read, [...filters, ...excludeIds([...held])], terms, checkSize).catch((error: unknown) => {
		throw handOver(error);
	});
	const found = unheld(check.results, held);
	records = mergeInOrder(records, found, compare);
	if (isLastPage(check)) return { records, complete: true, certain: records };
	// Unread records remain, all after the check's last record in the list's order. Compared one by
	// one, not by position: a record changed between two page reads can sit out of order in `records`.
	const last = check.results[check.results.length - 1];
	return { records, complete: false, certain: records.filter((record) => compare(record, last) <= 0), last };
}

/**
 * All records of a list that takes `filter` (Return All), or its first `limit`, exactly once each: by the exact
 * plan while this Datatruck keeps to it, else by one that needs less (plainList.ts), which later reads on the same
 * origin start from.
 */
async function fetchChangeSafe(
	ctx: DatatruckContext,
	request: DatatruckRequest,
	maxPageSize: number,
	list: ChangeSafeList,
	limit: number | undefined,
	purpose: Partial<RequestPurpose>,
	replacements: Map<string, FilterReplacement>,
): Promise<IDataObject[]> {
	const { ordering, ...rest } = (request.qs ?? {}) as IDataObject;
	// Paging parameters are the node's to set on every read.
	const qs = Object.fromEntries(Object.entries(rest).filter(([key]) => key !== 'page' && key !== 'page_size'));
	const read = await listReadFor(ctx, { ...request, qs }, purpose, list.fields, replacements);
	const ownTerms = parseOrdering(String(ordering || list.defaultOrdering), list.fields);
	read.tieBreakerAdded = !ownTerms.some((term) => term.path === 'id');
	read.defaultOrdering = list.defaultOrdering;
	const userTerms = withIdTieBreaker(ownTerms);
	const want = limit ?? Infinity;
	// Where Datatruck was seen to answer fewer a page than asked, the read asks for that many from the start.
	const pageSize = Math.min(maxPageSize, want, read.served ?? Infinity);
	const so: ReadSoFar = { gaveUp: new Set(), pages: [] };
	for (;;) {
		const plan = choosePlan(read, list, ownTerms, userTerms, so);
		const outcome = await runPlan(read, list, plan, userTerms, { pageSize, maxPageSize }, want, limit, so.pages).catch(needsLess);
		if (!(outcome instanceof NeedsLess)) {
			// A plan that ended on pages read before it (a list of one page) took no answer to remember its findings by.
			rememberPending(read);
			return outcome;
		}
		if (outcome.pages) so.pages.push(outcome.pages);
		if (await usePublished(read, outcome)) continue;
		// What the plan ended on is learnt; a plan that ended on nothing new is not chosen again, and a plain plan
		// refused with nothing the node added left to drop passes the refusal on as the user's.
		const learnt = outcome.findings.filter((finding) => supports(read.origin, finding.key) && !read.pending.some((known) => known.key === finding.key));
		read.pending.push(...learnt);
		if (learnt.length === 0 && plan.kind === 'plain') so.userOnly = true;
		else if (learnt.length === 0) so.gaveUp.add(plan.kind);
	}
}

function runPlan(read: ListRead, list: ChangeSafeList, plan: Plan, userTerms: SortTerm[], sizes: { pageSize: number; maxPageSize: number }, want: number, limit: number | undefined, pages: Page[][]): Promise<IDataObject[]> {
	if (plan.kind === 'exact') return readExact(read, list, userTerms, sizes, want, limit);
	if (plan.kind === 'plain') return readPlain(read, plan, userTerms, sizes.maxPageSize, want, pages);
	// Page 1 of the user's query, read by the plan before, is the start of this one: nothing read is thrown away.
	const first = plan.plan.sortHere ? undefined : pages.find((run) => askedAs(read, run[0], read.filters, plan.plan.terms))?.[0];
	const start = unheld(first?.results ?? [], new Set());
	// Full pages: a part read in order asks no more than the Limit needs (readAnchored), and one read whole, or its ties, all of it.
	return readAnchored(read, start, userTerms, plan.plan, sizes.maxPageSize, want);
}

/** A column the node chose itself was refused: its published form takes its place (the finding remembered), if it has one. */
async function usePublished(read: ListRead, refused: NeedsLess): Promise<boolean> {
	const replace = refused.replace === undefined ? undefined : read.replacements.get(refused.replace);
	if (!replace) return false;
	const published = await replace();
	read.filters = read.filters.map((filter) => (filter.column === refused.replace ? published : filter));
	for (const finding of refused.findings) markNotHeld(read.ctx, read.origin, finding);
	return true;
}

/** The exact plan: page 1, then stretches checked by left-out ids, or pages anchored on the last record read. */
async function readExact(
	read: ListRead,
	list: ChangeSafeList,
	userTerms: SortTerm[],
	{ pageSize: asked, maxPageSize }: { pageSize: number; maxPageSize: number },
	want: number,
	limit: number | undefined,
): Promise<IDataObject[]> {
	const compare = recordComparator(userTerms);
	const keyset = keysetTerm(userTerms, list.keysetFields);
	const firstSize = Math.max(asked, Math.min(CHECKED_PAGE, maxPageSize));
	const first = await queryPage(read, read.filters, userTerms, firstSize);
	// A list that answers fewer records a page than asked is read on exactly in that size.
	const pageSize = read.served !== undefined && want > read.served ? Math.min(read.served, maxPageSize) : asked;
	const stretchSize = SEGMENT_REQUESTS * pageSize;
	const long = !isLastPage(first) && (first.count ?? Infinity) > stretchSize && want > stretchSize;
	// Read in stretches, the records keep Datatruck's order unless the sort field is one the node sorts by below; read
	// anchored, the next page starts from page 1's last record.
	await confirmOrder(read, userTerms, first, { askedSize: firstSize, want, keptAsAnswered: long || keyset === undefined });
	if (long) {
		// Longer than the budget of one window: the rate limit sets the pace, not the round trips, so
		// pages go one after the other, each anchored on the last record read (exact, nothing to check).
		const start = unheld(first.results, new Set());
		const plan = keysetPlan(userTerms, list.keysetFields, start[0]) ?? spinePlan();
		return await readAnchored(read, start, userTerms, plan, pageSize, want);
	}

	let held: IDataObject[] = [];
	let firstPage: Page | undefined = first;
	for (;;) {
		const stretch = await readStretch(read, userTerms, idsOf(held), pageSize, want - held.length, compare, firstPage);
		firstPage = undefined;
		// Past the check's last record an unread one may come first: an anchor or a Limit takes only
		// what is certain (the rest is read again); Return All by left-out ids may keep it all.
		const certain = keyset !== undefined || limit !== undefined ? stretch.certain : stretch.records;
		const before = held.length;
		held = mergeInOrder(held, unheld(certain, new Set(idsOf(held))), compare);
		if (stretch.complete || held.length >= want || !stretch.last) break;
		// A stretch that brought nothing new would be asked again the same way: this plan ends here.
		if (held.length === before) throw new NeedsLess([]);
		// Records moved while the stretch was read and more remain: read on anchored after what is certain where the
		// sort field allows, or in the user's order leaving out every id held while two pages more of ids fit.
		const room = Math.min(MAX_EXCLUDED_IDS, excludableIds(read, read.filters, userTerms, pageSize, Math.max(0, ...idsOf(held))));
		if (keyset || held.length + 2 * pageSize > room) {
			const plan = (keyset && keysetPlan(userTerms, list.keysetFields, undefined)) || spinePlan();
			return await readAnchored(read, keyset ? held.sort(compare) : held, userTerms, plan, pageSize, want);
		}
	}
	// Numbers and dates compare exactly: a record changed between page reads goes where its value
	// puts it. (Text keeps Datatruck's own order, which the English comparison might not match.)
	if (keyset) held.sort(compare);
	return held.slice(0, want);
}

/**
 * A long list, page after page, each page anchored right after the last record read: on the sort
 * field where it can be, else on the spine, then sorted here by the user's order (see listSegments.ts
 * for a field that can be empty). A page asks for the records at or past the anchor, leaving out
 * the ids already held there, so nothing that comes or goes earlier can shift it: every record
 * that stayed put is read once, none twice, with no check read and no request more than by page
 * number (one more where the list passes from loads with a value to loads without one). Where
 * Datatruck ignores the filter on `id` (the spine is the creation time), nothing is left out: the
 * records held at the anchor come back and are dropped here, about one a page.
 *
 * Many records sharing the anchor's value (a sort on a field with few values) would make the ids left
 * out too long for a short request line, or, with nothing left out, fill a whole page: that value is
 * then read on its own (tiesOf), and the read goes on past it with the value itself left out.
 */
async function readAnchored(
	read: ListRead,
	start: IDataObject[],
	userTerms: SortTerm[],
	plan: AnchoredPlan,
	pageSize: number,
	want: number,
	seen = new Set<number>(),
): Promise<IDataObject[]> {
	idsOf(start).forEach((id) => seen.add(id));
	const held = [...start];
	const leaveOut = plan.spine.path === 'id';
	// By the spine, what was read in the user's order has no place in its order: it is left out below.
	let anchor = plan.sortHere ? undefined : held[held.length - 1];
	let index = anchor === undefined ? 0 : Math.max(0, plan.segments.findIndex((segment) => segment.holds(anchor as IDataObject)));
	// Only these can be at or past the anchor: what came before it was read before it.
	let nearAnchor = [...start];
	// The anchor's value was read whole (tiesOf): it is left out, and only ids past it need be.
	let pastValue = false;
	// Nothing left out, and the last page was all of the anchor's value: reading on from it would bring that page again.
	let crowded = false;
	for (;;) {
		const segment = plan.segments[index];
		const inOrder = !plan.sortHere && !segment.sortHere;
		// Never fewer than CHECKED_PAGE (every list read this way pages at least that many): the order stays checkable.
		const size = inOrder ? Math.max(CHECKED_PAGE, Math.min(pageSize, want - held.length)) : pageSize;
		const onward = leaveOut ? nearAnchor.filter(atOrPast(segment, anchor)).filter((record) => !pastValue || !sameValue(segment, record, anchor)) : [];
		const bounds = [...read.filters, ...segmentFilters(segment, anchor), ...(pastValue && anchor ? [valueLeftOut(segment, anchor)] : [])];
		const byId = segment.term.path === 'id';
		const terms = segment.terms ?? plan.terms;
		if (anchor && !pastValue && (crowded || (!byId && !fits(read, bounds, terms, size, idsOf(onward))))) {
			const ties = await tiesOf(read, segment, anchor, userTerms, plan, terms, pageSize, seen);
			held.push(...ties);
			pastValue = true;
			crowded = false;
			nearAnchor = nearAnchor.concat(ties);
			if (inOrder && held.length >= want) break;
			continue;
		}
		const excluded = byId ? nearestThatFit(read, bounds, terms, size, segment.term, idsOf(onward)) : idsOf(onward);
		const page = await queryPage(read, [...bounds, ...excludeIds(excluded)], terms, size);
		// The pages after a part's first are anchored on its last record: in the id order alone, they would skip records.
		if (inOrder && anchor === undefined && !byId && !isLastPage(page)) await confirmOrder(read, terms, page, { askedSize: size, want: want - held.length, keptAsAnswered: true, filters: bounds });
		const fresh = unheld(page.results, seen);
		held.push(...fresh);
		if (inOrder && held.length >= want && !(plan.tiesHere && !isLastPage(page) && tiedWithLast(held, page, userTerms, segment.term, want))) break;
		if (isLastPage(page)) {
			if (++index >= plan.segments.length || (!plan.sortHere && held.length >= want)) break;
			// The next part starts at its beginning; under change a held record may have moved into it.
			anchor = undefined;
			pastValue = false;
			nearAnchor = held;
			continue;
		}
		const next = page.results[page.results.length - 1];
		crowded = !leaveOut && sameValue(segment, page.results[0], next);
		pastValue = pastValue && anchor !== undefined && sameValue(segment, next, anchor);
		anchor = next;
		nearAnchor = nearAnchor.concat(fresh).filter(atOrPast(segment, next));
	}
	// Read by the spine, a Limit needed every record before the first `limit` could be told; by one field, or without
	// ids left out (ties read by the spine), ties came in any order.
	if (plan.sortHere || plan.tiesHere || !leaveOut) held.sort(recordComparator(userTerms));
	return held.slice(0, want);
}

/**
 * In the order of the part's term alone, whether the Limit's last record ties with the last one read: then others
 * tied with it may be unread, and may come before it in the user's order (its id breaks the tie).
 */
function tiedWithLast(held: IDataObject[], page: Page, userTerms: SortTerm[], term: SortTerm, want: number): boolean {
	const boundary = [...held].sort(recordComparator(userTerms))[want - 1];
	return recordComparator([term])(boundary, page.results[page.results.length - 1]) === 0;
}

function sameValue(segment: Segment, record: IDataObject, anchor: IDataObject | undefined): boolean {
	return anchor !== undefined && recordComparator([segment.term])(record, anchor) === 0;
}

/** Leaves out the records with the anchor's value: the bound is inclusive, and that value was read whole. */
function valueLeftOut(segment: Segment, anchor: IDataObject): ApiFilter {
	return { ...keysetBound(segment.term, anchor), contains: 'exclude' };
}

/**
 * Read by id, the held ids past the anchor nearest it, as many as fit in the request line: held records further on
 * come back and are dropped here, about one page for each request line of ids, and the anchor still moves on.
 */
function nearestThatFit(read: ListRead, filters: ApiFilter[], terms: SortTerm[], pageSize: number, term: SortTerm, ids: number[]): number[] {
	if (fits(read, filters, terms, pageSize, ids)) return ids;
	const room = Math.max(1, Math.min(MAX_EXCLUDED_IDS, excludableIds(read, filters, terms, pageSize, Math.max(...ids))));
	return [...ids].sort((a, b) => (term.descending ? b - a : a - b)).slice(0, room);
}

/** Whether a request for `filters` leaving out `ids` keeps its line short. */
function fits(read: ListRead, filters: ApiFilter[], terms: SortTerm[], pageSize: number, ids: number[]): boolean {
	return ids.length <= Math.min(MAX_EXCLUDED_IDS, excludableIds(read, filters, terms, pageSize, Math.max(0, ...ids)));
}

/**
 * The records with the anchor's value in the part's term (`is`), read on their own: by id, from the anchor on in the
 * order of the id that breaks their tie (one id left out a page, whatever the number of ties); without the filter on
 * `id`, by the spine from the value's first record, sorted here. Ties on the spine itself (a second in which more
 * records were created than a page holds) leave nothing to anchor on: that value alone is read by page number, twice.
 */
async function tiesOf(read: ListRead, segment: Segment, anchor: IDataObject, userTerms: SortTerm[], plan: AnchoredPlan, terms: SortTerm[], pageSize: number, seen: Set<number>): Promise<IDataObject[]> {
	const within = [...segment.within, { ...keysetBound(segment.term, anchor), contains: 'is' }];
	if (segment.term.path === plan.spine.path) {
		const ties = { ...read, filters: [...read.filters, ...within] };
		return unheld(await readPlain(ties, plainPlan(ties, [ID_ASCENDING]), [ID_ASCENDING], pageSize, Infinity), seen);
	}
	if (plan.spine.path !== 'id') return await readAnchored(read, [], userTerms, spinePlan(plan.spine, within), pageSize, Infinity, seen);
	// With one ordering field the ties are asked for by id alone.
	const order = terms.length > 1 ? terms : [ID_ASCENDING];
	const byId: AnchoredPlan = { terms: order, segments: [{ within, term: order[order.length - 1], holds: () => true }], sortHere: false, spine: ID_ASCENDING };
	return (await readAnchored(read, [anchor], userTerms, byId, pageSize, Infinity, seen)).filter((record) => record !== anchor);
}

/**
 * All records of a list (Return All), or the first `limit` of them, each once, read as fast as the budget allows.
 * `replacements`: filter columns the node chose itself, with the published form to use when Datatruck refuses one.
 */
export async function fetchList(
	ctx: DatatruckContext,
	request: DatatruckRequest,
	shape: ListShape,
	limit?: number,
	purpose: Partial<RequestPurpose> = {},
	replacements: Map<string, FilterReplacement> = new Map(),
): Promise<IDataObject[]> {
	if (shape.changeSafe) return await fetchChangeSafe(ctx, request, shape.maxPageSize, shape.changeSafe, limit, purpose, replacements);
	const first = { ...request, method: 'GET' as const, qs: { ...request.qs, page_size: pageSizeFor(shape, limit) } };
	const read = await listReadFor(ctx, first, purpose, [], replacements);
	// The filter goes out as it came; listReadFor only read it, for checking the answer.
	read.request = first;
	return await fetchByPageNumber(read, limit ?? Infinity);
}
