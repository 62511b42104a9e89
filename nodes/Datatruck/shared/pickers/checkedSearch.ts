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
 * this credential origin, the node reads the whole list by page number (each record once, within the list read's
 * budget of about 2 × pages + 3) and matches in the node; the whole list is cached per credential like any search.
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
	/** The whole list for the fallback: the request without its search, and how the list pages. */
	whole: { request: DatatruckRequest; shape: ListShape };
	/** Whether a record matches what was typed, as Datatruck's search would. */
	matches: (record: IDataObject) => boolean;
}

export interface CheckedPage {
	/** The records that match, Datatruck's or the node's. */
	records: IDataObject[];
	/** The next page of Datatruck's own search; null when there is none or the node matched the whole list. */
	next: string | null;
}

const searchKey = (list: string) => `${list}.search`;

/** Page 1 of a search, checked; the whole list matched in the node when Datatruck was seen to ignore the search. */
export async function checkedSearch(ctx: DatatruckContext, search: PickerSearch): Promise<CheckedPage> {
	const { origin } = await connectionFor(ctx);
	const ignored = [searchKey(search.list), ...search.alsoIgnoredWhen].some((key) => !supports(origin, key));
	if (ignored) return await matchedInNode(ctx, search);
	const key = JSON.stringify(['search', search.request.url, search.request.qs ?? {}]);
	const answer = await cachedPerCredential(ctx, key, async () => readPage(await datatruckRequest(ctx, search.request)));
	if (answer.results.every(search.matches)) return { records: answer.results, next: answer.results.length ? answer.next : null };
	markNotHeld(ctx, origin, {
		key: searchKey(search.list),
		assumption: search.assumption,
		seen: `answered a search of the ${search.list} list with records that do not match it`,
		instead: `reads the whole ${search.list} list by page number (cached for a minute) and matches the pickers' searches itself`,
	});
	return await matchedInNode(ctx, search);
}

async function matchedInNode(ctx: DatatruckContext, search: PickerSearch): Promise<CheckedPage> {
	const { request, shape } = search.whole;
	const key = JSON.stringify(['whole', request.url, request.qs ?? {}]);
	const records = await cachedPerCredential(ctx, key, async () => await fetchList(ctx, request, shape));
	return { records: records.filter(search.matches), next: null };
}

/** A case-insensitive "contains" on one value, as Datatruck's `contains` operator and `search` compare. */
export function containsText(value: unknown, text: string): boolean {
	return value !== undefined && value !== null && String(value).toLowerCase().includes(text.trim().toLowerCase());
}
