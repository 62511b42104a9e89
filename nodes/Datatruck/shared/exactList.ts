import type { IDataObject } from 'n8n-workflow';
import type { RequestPurpose } from './errors';
import type { ApiFilter, FilterField } from './filters';
import {
	excludeIds,
	formatOrdering,
	idOf,
	keysetBound,
	keysetTerm,
	MAX_EXCLUDED_IDS,
	mergeInOrder,
	pageLink,
	pagesBetween,
	parseOrdering,
	recordComparator,
	SEGMENT_REQUESTS,
	withIdTieBreaker,
	type SortTerm,
} from './listPlan';
import { checkedNextLink, pageSizeFor, readPage, type ListShape, type Page } from './pagination';
import { datatruckRequest, type DatatruckContext, type DatatruckRequest } from './transport';

/**
 * Reading a list that changes while it is read, exactly and fast.
 *
 * Why page numbers alone fail: page 3 is "records 51 to 75 at the moment page 3 is asked for". A
 * load created, deleted, booked or dispatched between two page requests moves every later record
 * across a page boundary, so a record is read twice or never. At 20 requests a minute a long list
 * takes minutes, so this is the normal case on a working day.
 *
 * What this does, for lists that take Datatruck's `filter` JSON (loads, work orders):
 * 1. Page 1 of the user's own query (their filters, their order with `id` added as the last sort
 *    term so ties have one order) tells how many records match.
 * 2. The following pages of that stretch (up to 20 requests, one rate window) go out at once by
 *    page number; the limiter serves them in turn within the budget, so 20 pages cost about two
 *    round trips instead of twenty.
 * 3. The last page of the stretch is not read by number but as a check: the same query with every
 *    id already held left out (`id exclude_in [...]`), in the same order. With nothing changed it
 *    returns exactly the last page (no extra request). If anything shifted, it returns first the
 *    records the page numbers skipped, because they come earlier in the order. Every record that
 *    matched from start to end is therefore either held or in the check's answer: none is lost, and
 *    ids already held are never read again, so none comes twice.
 * 4. A longer list continues in stretches anchored after the last record known to be complete:
 *    on its sort field where that is never empty and comparable with ≥/≤ (ids, creation time:
 *    `before`/`after`/`less_than`/`greater_than`, which Datatruck applies inclusive, the ids
 *    held at the anchor left out), so records that come or go earlier cannot shift it. Lists
 *    sorted by another field continue by leaving out every id held while that stays a short
 *    query string, and beyond that are read by id in the same stretches and sorted here.
 *
 * Records created, deleted or changed during the run may be included or not (each at most once);
 * where a record found by a check goes in the output is decided by comparing sort values.
 */
export interface ChangeSafeList {
	/** The order Datatruck uses when none is sent, e.g. `-created_datetime`. */
	defaultOrdering: string;
	/** Sort fields a stretch may be anchored on: never empty, comparable with ≥ and ≤. */
	keysetFields: string[];
	/** The list's field table: tells the kind of a sort field when comparing records. */
	fields: FilterField[];
}

interface ListRead {
	ctx: DatatruckContext;
	request: DatatruckRequest;
	purpose: Partial<RequestPurpose>;
	filters: ApiFilter[];
}

/** One stretch: the user's filters, maybe a keyset bound, ids held within it left out, and an order. */
interface StretchQuery {
	terms: SortTerm[];
	bound?: ApiFilter;
	excluded: number[];
}

interface Stretch {
	records: IDataObject[];
	/** Nothing that matches is left unread. */
	complete: boolean;
	/** How many of `records` are certain: no unread record comes before them. */
	certain: number;
}

const ID_ASCENDING: SortTerm[] = [{ path: 'id', descending: false, kind: 'number' }];

function maxById(records: IDataObject[]): IDataObject {
	return records.reduce((max, record) => ((idOf(record) ?? 0) > (idOf(max) ?? 0) ? record : max));
}

function isLastPage(page: Page): boolean {
	return !page.next || page.results.length === 0 || (page.count !== undefined && page.count <= page.results.length);
}

function idsOf(records: IDataObject[]): number[] {
	return records.map(idOf).filter((id): id is number => id !== undefined);
}

/** Records whose id is not in `held` (records without an id cannot be checked and are kept). */
function unheld(records: IDataObject[], held: Set<number>): IDataObject[] {
	return records.filter((record) => {
		const id = idOf(record);
		if (id === undefined) return true;
		if (held.has(id)) return false;
		held.add(id);
		return true;
	});
}

async function queryPage(read: ListRead, filters: ApiFilter[], terms: SortTerm[], pageSize: number): Promise<Page> {
	const qs: IDataObject = { ...read.request.qs, ordering: formatOrdering(terms), page_size: pageSize };
	if (filters.length) qs.filter = JSON.stringify(filters);
	const request = { ...read.request, method: 'GET' as const, qs };
	return readPage(await datatruckRequest(read.ctx, request, read.purpose));
}

async function linkedPage(read: ListRead, url: string): Promise<Page> {
	return readPage(await datatruckRequest(read.ctx, { method: 'GET', url, timeout: read.request.timeout }, read.purpose));
}

/** Runs the requests together and fails with the first failure once none is in flight. */
async function allPages(requests: Array<Promise<Page>>): Promise<Page[]> {
	const settled = await Promise.allSettled(requests);
	const failed = settled.find((outcome) => outcome.status === 'rejected');
	if (failed) throw (failed as PromiseRejectedResult).reason;
	return settled.map((outcome) => (outcome as PromiseFulfilledResult<Page>).value);
}

async function readStretch(
	read: ListRead,
	query: StretchQuery,
	pageSize: number,
	want: number,
	compare: (a: IDataObject, b: IDataObject) => number,
	firstPage?: Page,
): Promise<Stretch> {
	const filters = [...read.filters, ...(query.bound ? [query.bound] : [])];
	const size = Math.max(1, Math.min(pageSize, want));
	const first = firstPage ?? (await queryPage(read, [...filters, ...excludeIds(query.excluded)], query.terms, size));
	const held = new Set<number>(query.excluded);
	let records = unheld(first.results, held);
	if (isLastPage(first)) return { records, complete: true, certain: records.length };
	if (records.length >= want) return { records, complete: false, certain: records.length };

	// Page numbers are cheap to read at once; the check read below makes them exact. The number of
	// pages read this way is capped so that the check's list of ids stays a short query string.
	const room = Math.floor((MAX_EXCLUDED_IDS - query.excluded.length) / size);
	const link = await checkedNextLink(read.ctx, first.next as string, 2);
	const pages = pagesBetween(first.count ?? 0, size, want).filter((page) => page <= Math.min(room, SEGMENT_REQUESTS - 1));
	for (const page of await allPages(pages.map((number) => linkedPage(read, pageLink(link, number))))) {
		records.push(...unheld(page.results, held));
	}

	const checkSize = Math.max(1, Math.min(pageSize, want - records.length));
	const check = await queryPage(read, [...filters, ...excludeIds([...held])], query.terms, checkSize);
	const found = unheld(check.results, held);
	records = mergeInOrder(records, found, compare);
	if (isLastPage(check)) return { records, complete: true, certain: records.length };
	// Unread records remain, all after the check's last record in the list's order.
	const lastId = idOf(check.results[check.results.length - 1]);
	const certain = records.findIndex((record) => idOf(record) === lastId) + 1;
	return { records, complete: false, certain: certain > 0 ? certain : records.length };
}

/** All records of a list that takes `filter` (Return All), or its first `limit`, exactly once each. */
export async function fetchChangeSafe(
	ctx: DatatruckContext,
	request: DatatruckRequest,
	maxPageSize: number,
	list: ChangeSafeList,
	limit: number | undefined,
	purpose: Partial<RequestPurpose>,
): Promise<IDataObject[]> {
	const { filter, ordering, ...rest } = (request.qs ?? {}) as IDataObject;
	// Paging parameters are the node's to set on every read.
	const qs = Object.fromEntries(Object.entries(rest).filter(([key]) => key !== 'page' && key !== 'page_size'));
	const read: ListRead = {
		ctx,
		request: { ...request, qs },
		purpose,
		filters: typeof filter === 'string' && filter ? (JSON.parse(filter) as ApiFilter[]) : [],
	};
	const userTerms = withIdTieBreaker(parseOrdering(String(ordering || list.defaultOrdering), list.fields));
	const compare = recordComparator(userTerms);
	const want = limit ?? Infinity;
	const pageSize = Math.min(maxPageSize, want);

	let keyset = keysetTerm(userTerms, list.keysetFields);
	let query: StretchQuery = { terms: userTerms, excluded: [] };
	let held: IDataObject[] = [];
	let byId = false;
	let first: Page | undefined = await queryPage(read, read.filters, userTerms, pageSize);
	const stretchSize = SEGMENT_REQUESTS * pageSize;
	if (!keyset && !isLastPage(first) && (first.count ?? Infinity) > stretchSize && want > stretchSize) {
		// Longer than one stretch, in an order that cannot be anchored: read by id (exact, no request
		// more than by page), then sort here. Page 1 is kept; its ids are left out of the reads by id.
		held = unheld(first.results, new Set());
		byId = true;
		keyset = ID_ASCENDING[0];
		query = { terms: ID_ASCENDING, excluded: idsOf(held) };
		first = undefined;
	}
	for (;;) {
		// Read by id, a Limit still needs every record before the first `limit` can be told.
		const stillWanted = byId ? Infinity : want - held.length;
		const stretch = await readStretch(read, query, pageSize, stillWanted, byId ? recordComparator(ID_ASCENDING) : compare, first);
		first = undefined;
		const ids = new Set(idsOf(held));
		// Past the check's last record an unread one may come first: an anchor or a Limit takes only
		// what is certain (the rest is read again); Return All by left-out ids may keep it all.
		const cut = keyset !== undefined || limit !== undefined;
		const certain = cut ? stretch.records.slice(0, stretch.certain) : stretch.records;
		held = byId ? held.concat(unheld(certain, ids)) : mergeInOrder(held, unheld(certain, ids), compare);
		if (stretch.complete || (!byId && held.length >= want)) break;

		if (keyset) {
			// Anchor at the last certain record; the ids held at or past it are left out.
			const anchor = byId ? maxById(certain) : certain[certain.length - 1];
			const onward = recordComparator([keyset]);
			const excluded = idsOf(held.filter((record) => onward(record, anchor) >= 0));
			query = { terms: query.terms, bound: keysetBound(keyset, anchor), excluded };
		} else if (held.length + 2 * pageSize <= MAX_EXCLUDED_IDS) {
			query = { terms: userTerms, excluded: idsOf(held) };
		} else {
			// Too many ids to leave out: the rest is read by id, exactly, and sorted here at the end.
			byId = true;
			keyset = ID_ASCENDING[0];
			query = { terms: ID_ASCENDING, excluded: [] };
		}
	}
	if (byId) held.sort(compare);
	return held.slice(0, want);
}

/**
 * Lists without `filter` (trucks): pages by number, read at once, and read again while the pages
 * disagree (a count that moved, a record on two pages). Without `filter` a record cannot be looked
 * up by what is held, so a truck removed and another added between two page reads of one pass can
 * still hide a third; the README says so.
 */
export async function fetchByPageNumber(
	ctx: DatatruckContext,
	first: DatatruckRequest,
	want: number,
	purpose: Partial<RequestPurpose>,
): Promise<IDataObject[]> {
	const read: ListRead = { ctx, request: first, purpose, filters: [] };
	let latest: IDataObject[] = [];
	const everSeen: IDataObject[] = [];
	for (let pass = 0; pass < 3; pass++) {
		const page1 = readPage(await datatruckRequest(ctx, first, purpose));
		const pages = [page1];
		if (!isLastPage(page1) && page1.results.length < want) {
			const link = await checkedNextLink(ctx, page1.next as string, 2);
			const size = Number(first.qs?.page_size) || page1.results.length;
			const count = Math.min(page1.count ?? size * 2, want);
			const numbers = Array.from({ length: Math.max(Math.ceil(count / size) - 1, 0) }, (_, index) => index + 2);
			for (let start = 0; start < numbers.length; start += SEGMENT_REQUESTS) {
				const batch = numbers.slice(start, start + SEGMENT_REQUESTS);
				pages.push(...(await allPages(batch.map((number) => linkedPage(read, pageLink(link, number))))));
			}
		}
		const seen = new Set<number>();
		const records = pages.flatMap((page) => unheld(page.results, seen));
		const total = pages.reduce((sum, page) => sum + page.results.length, 0);
		const steady = records.length === total && pages.every((page) => page.count === page1.count);
		latest = records;
		everSeen.push(...records);
		if (steady || page1.count === undefined) break;
	}
	const held = new Set<number>();
	return unheld(latest.concat(everSeen), held).slice(0, want);
}

/** All records of a list (Return All), or the first `limit` of them, each once, read as fast as the budget allows. */
export async function fetchList(
	ctx: DatatruckContext,
	request: DatatruckRequest,
	shape: ListShape,
	limit?: number,
	purpose: Partial<RequestPurpose> = {},
): Promise<IDataObject[]> {
	if (shape.changeSafe) return await fetchChangeSafe(ctx, request, shape.maxPageSize, shape.changeSafe, limit, purpose);
	const first = { ...request, method: 'GET' as const, qs: { ...request.qs, page_size: pageSizeFor(shape, limit) } };
	return await fetchByPageNumber(ctx, first, limit ?? Infinity, purpose);
}
