import type { IDataObject } from 'n8n-workflow';
import { fetchList, findingsOrigin, markNotHeld, readPage, supports, type ListShape } from '../lists';
import { connectionFor, datatruckRequest, type DatatruckContext, type DatatruckRequest } from '../transport';
import { cachedPerCredential } from './searchCache';

/**
 * A picker's search that checks Datatruck's answer against what was typed. How a list is searched is partly "not
 * shown" in the specification (A3–A5; the truck list's query not at all), and a Datatruck that ignores the search
 * answers with the list's first page as if it matched: a picker would offer trucks that do not match, and a look-up
 * would call an existing truck missing. A record in the answer that does not match the text proves the search was
 * ignored (one page is one database query: records changing elsewhere cannot cause it). Then, and from then on for
 * this credential origin, the node reads the list without the search and matches in the node, cached per credential
 * like any search.
 */
export interface PickerSearch {
	/** `trucks`, `trailers`, `drivers`, `loads`: the finding key is `<list>.search`. */
	list: string;
	/** The assumption the search rests on (docs/assumptions.md). */
	assumption: string;
	/** The first page, searched by Datatruck. */
	request: DatatruckRequest;
	/** Finding keys the Lists read may already have recorded for this search's parameter, e.g. `drivers.filter`. */
	alsoIgnoredWhen: string[];
	/** Whether a record matches what was typed, as Datatruck's search would. */
	matches: (record: IDataObject) => boolean;
	/** How the node reads the list without the search. */
	fallback: Fallback;
}

/**
 * `wholeList`: every page by number, each record once, within the list read's budget of about 2 × pages + 3
 * (fetchList): for lists a fleet keeps short (units, drivers), and needed where "missing" must mean missing.
 * `pageByPage`: the list's pages in order, a few per answer, matched as the user scrolls: for the loads list, whose
 * whole read would take minutes of the token's 20 requests a minute. `matches` replaces the search's own test there.
 */
export type Fallback =
	| { kind: 'wholeList'; request: DatatruckRequest; shape: ListShape }
	| { kind: 'pageByPage'; request: DatatruckRequest; matches?: (record: IDataObject) => boolean };

export interface CheckedPage {
	/** The records that match, Datatruck's or the node's. */
	records: IDataObject[];
	/** The pagination token of the page to read next (pageToken); null when there is none or the node matched the whole list. */
	next: string | null;
}

/** Which request a later page continues: Datatruck's search, or the list read without it. */
type PageSource = 'search' | 'fallback';

/**
 * A picker's pagination token: the request it continues and the page number. Never Datatruck's `next` link: pages are
 * asked for by number from the credential's own address, so the token cannot be sent elsewhere.
 */
const pageToken = (source: PageSource, page: number): string => `${source}:${page}`;

/** The request and page a pagination token continues; undefined for a token this node did not write. */
export function continuedBy(search: PickerSearch, token: string): { request: DatatruckRequest; page: number; source: PageSource } | undefined {
	const [, source, page] = /^(search|fallback):([1-9]\d*)$/.exec(token) ?? [];
	if (!source) return undefined;
	if (source === 'search') return { request: search.request, page: Number(page), source };
	return search.fallback.kind === 'pageByPage' ? { request: search.fallback.request, page: Number(page), source: 'fallback' } : undefined;
}

/** Pages a page-by-page answer reads at most while none of them holds a match. */
export const PAGES_PER_ANSWER = 3;

const searchKey = (list: string) => `${list}.search`;

/** Page 1 of a search, checked; the list read without the search when Datatruck was seen to ignore it. */
export async function checkedSearch(ctx: DatatruckContext, search: PickerSearch): Promise<CheckedPage> {
	const origin = findingsOrigin(await connectionFor(ctx));
	const ignored = [searchKey(search.list), ...search.alsoIgnoredWhen].some((key) => !supports(origin, key));
	if (ignored) return await matchedInNode(ctx, search);
	const key = JSON.stringify(['search', search.request.url, search.request.qs ?? {}]);
	// The search's parameter and column are the node's choice, not the user's: a 400 to a typed search refuses that
	// choice (null); anything else fails as it came.
	const searched = ['search', 'filter'].some((name) => search.request.qs?.[name] !== undefined);
	const answer = await cachedPerCredential(ctx, key, async () => readPage(await datatruckRequest(ctx, search.request))).catch((error: unknown) => {
		if (searched && String((error as { httpCode?: unknown }).httpCode) === '400') return null;
		throw error;
	});
	if (!answer) return await withoutSearch(ctx, origin, search, `refused a search of the ${search.list} list with a 400`);
	if (answer.results.every(search.matches)) return { records: answer.results, next: answer.results.length && answer.next ? pageToken('search', 2) : null };
	return await withoutSearch(ctx, origin, search, `answered a search of the ${search.list} list with records that do not match it`);
}

/** Remembers that this origin does not search the list as the node asks, says so once, and reads without it. */
async function withoutSearch(ctx: DatatruckContext, origin: string, search: PickerSearch, seen: string): Promise<CheckedPage> {
	const instead =
		search.fallback.kind === 'wholeList'
			? `reads the whole ${search.list} list by page number (cached for a minute) and matches the pickers' searches itself`
			: `reads the ${search.list} list page by page as a picker scrolls and matches the search itself`;
	markNotHeld(ctx, origin, { key: searchKey(search.list), assumption: search.assumption, seen, instead });
	return await matchedInNode(ctx, search);
}

/**
 * The records of the list that match, read without Datatruck's search: the whole list (`next` is then null), or its
 * first pages (`next` continues). A look-up that must tell "missing" only when the whole list lacks a record also
 * calls it when Datatruck's own search has more pages of matches than the first.
 */
export async function matchedInNode(ctx: DatatruckContext, search: PickerSearch): Promise<CheckedPage> {
	const { fallback } = search;
	if (fallback.kind === 'pageByPage') return await matchingPages(ctx, fallback.request, scrolledMatch(search), 'fallback', 1);
	const key = JSON.stringify(['whole', fallback.request.url, fallback.request.qs ?? {}]);
	const records = await cachedPerCredential(ctx, key, async () => await fetchList(ctx, fallback.request, fallback.shape));
	return { records: records.filter(search.matches), next: null };
}

/** What a page reached by scrolling offers: the fallback's own test where it has one (a later page may be either). */
export function scrolledMatch(search: PickerSearch): (record: IDataObject) => boolean {
	return (search.fallback.kind === 'pageByPage' && search.fallback.matches) || search.matches;
}

/**
 * The matching records of page `from` of the list `request` asks for and, while none matches, of the pages after it,
 * at most PAGES_PER_ANSWER requests; each record once. Pages are asked for by number under the credential's own
 * address, Datatruck's `next` only saying that more exist. Cached per credential like any search.
 */
export async function matchingPages(
	ctx: DatatruckContext,
	request: DatatruckRequest,
	matches: (record: IDataObject) => boolean,
	source: PageSource,
	from: number,
): Promise<CheckedPage> {
	const key = JSON.stringify(['pages', request.url, request.qs ?? {}, from]);
	return await cachedPerCredential(ctx, key, async () => {
		const records: IDataObject[] = [];
		const held = new Set<unknown>();
		for (let page = from; ; page++) {
			const qs = page === 1 ? request.qs : { ...request.qs, page };
			const answer = readPage(await datatruckRequest(ctx, { ...request, qs }));
			for (const record of answer.results.filter(matches)) {
				if (record.id !== undefined && held.has(record.id)) continue;
				held.add(record.id);
				records.push(record);
			}
			const next = answer.results.length && answer.next ? pageToken(source, page + 1) : null;
			if (!next || records.length || page + 1 - from === PAGES_PER_ANSWER) return { records, next };
		}
	});
}

/** A case-insensitive "contains" on one value, as Datatruck's `contains` operator and `search` compare. */
export function containsText(value: unknown, text: string): boolean {
	return value !== undefined && value !== null && String(value).toLowerCase().includes(text.trim().toLowerCase());
}
