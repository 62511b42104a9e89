import { NodeOperationError } from 'n8n-workflow';
import type { IDataObject } from 'n8n-workflow';
import { fetchList, markNotHeld, readPage, supports, type ListShape } from '../lists';
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
	/** The link of the page to read next; null when there is none or the node matched the whole list. */
	next: string | null;
}

/** Pages a page-by-page answer reads at most while none of them holds a match. */
export const PAGES_PER_ANSWER = 3;

const searchKey = (list: string) => `${list}.search`;

/** Page 1 of a search, checked; the list read without the search when Datatruck was seen to ignore it. */
export async function checkedSearch(ctx: DatatruckContext, search: PickerSearch): Promise<CheckedPage> {
	const { origin } = await connectionFor(ctx);
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
	if (answer.results.every(search.matches)) return { records: answer.results, next: answer.results.length ? answer.next : null };
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
	if (fallback.kind === 'pageByPage') return await matchingPages(ctx, fallback.request, scrolledMatch(search));
	const key = JSON.stringify(['whole', fallback.request.url, fallback.request.qs ?? {}]);
	const records = await cachedPerCredential(ctx, key, async () => await fetchList(ctx, fallback.request, fallback.shape));
	return { records: records.filter(search.matches), next: null };
}

/** What a page reached by scrolling offers: the fallback's own test where it has one (a later page may be either). */
export function scrolledMatch(search: PickerSearch): (record: IDataObject) => boolean {
	return (search.fallback.kind === 'pageByPage' && search.fallback.matches) || search.matches;
}

/**
 * The matching records of the page `first` asks for and, while none matches, of the pages after it, at most
 * PAGES_PER_ANSWER requests; each record once. `next` links are only followed under the credential's API address,
 * so the token is never sent elsewhere. Cached per credential like any search.
 */
export async function matchingPages(
	ctx: DatatruckContext,
	first: DatatruckRequest,
	matches: (record: IDataObject) => boolean,
): Promise<CheckedPage> {
	await ownLink(ctx, first.url);
	const key = JSON.stringify(['pages', first.url, first.qs ?? {}]);
	return await cachedPerCredential(ctx, key, async () => {
		const records: IDataObject[] = [];
		const held = new Set<unknown>();
		let request = first;
		for (let read = 1; ; read++) {
			const page = readPage(await datatruckRequest(ctx, request));
			for (const record of page.results.filter(matches)) {
				if (record.id !== undefined && held.has(record.id)) continue;
				held.add(record.id);
				records.push(record);
			}
			const next = page.results.length && page.next ? await ownLink(ctx, page.next) : null;
			if (!next || records.length || read === PAGES_PER_ANSWER) return { records, next };
			request = { method: 'GET', url: next };
		}
	});
}

/** A link from an answer or a pagination token, refused unless under the credential's API address. */
async function ownLink(ctx: DatatruckContext, url: string): Promise<string> {
	if (!/^[a-z]+:\/\//i.test(url)) return url;
	const { baseUrl } = await connectionFor(ctx);
	if (url.startsWith(`${baseUrl}/`) || url.startsWith(`${baseUrl}?`)) return url;
	throw new NodeOperationError(ctx.getNode(), 'The list could not load more records: the next-page link is not under your Datatruck address');
}

/** A case-insensitive "contains" on one value, as Datatruck's `contains` operator and `search` compare. */
export function containsText(value: unknown, text: string): boolean {
	return value !== undefined && value !== null && String(value).toLowerCase().includes(text.trim().toLowerCase());
}
