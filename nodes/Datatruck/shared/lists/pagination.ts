import { NodeApiError } from 'n8n-workflow';
import type { IDataObject } from 'n8n-workflow';
import type { FilterField } from './filters';
import { connectionFor, type DatatruckContext } from '../transport';

/** What a list needs for exactList.ts to read it exactly while it changes. */
export interface ChangeSafeList {
	/** The order Datatruck uses when none is sent, e.g. `-created_datetime`. */
	defaultOrdering: string;
	/** Sort fields a stretch may be anchored on: never empty, comparable with ≥ and ≤. */
	keysetFields: string[];
	/** The list's field table: tells the kind of a sort field when comparing records. */
	fields: FilterField[];
}

/** How a list endpoint pages: its largest page, and whether it takes `page_size=all`. */
export interface ListShape {
	maxPageSize: number;
	acceptsAll?: boolean;
	/** The list takes Datatruck's `filter` JSON: it is read exactly while it changes (exactList.ts). */
	changeSafe?: ChangeSafeList;
}

export interface Page {
	results: IDataObject[];
	count?: number;
	next: string | null;
}

/** Reads the pagination envelope; a plain array (seen on some list endpoints) is one final page. */
export function readPage(body: unknown): Page {
	if (Array.isArray(body)) return { results: body as IDataObject[], next: null };
	const envelope = (body ?? {}) as IDataObject;
	const results = Array.isArray(envelope.results) ? (envelope.results as IDataObject[]) : [];
	const next = typeof envelope.next === 'string' && envelope.next ? envelope.next : null;
	const count = typeof envelope.count === 'number' ? envelope.count : undefined;
	return { results, next, count };
}

/**
 * A next-page link that may be followed: under the credential's own origin and API path (the token
 * must never be sent elsewhere) and, when `expectedPage` is given, pointing at that page.
 */
export async function checkedNextLink(ctx: DatatruckContext, nextUrl: string, expectedPage?: number): Promise<string> {
	const connection = await connectionFor(ctx);
	if (!nextUrl.startsWith(`${connection.baseUrl}/`) && !nextUrl.startsWith(`${connection.baseUrl}?`)) {
		throw new NodeApiError(
			ctx.getNode(),
			{ message: 'foreign next link' },
			{
				message: `Datatruck's link to the next page points outside ${connection.baseUrl}; stopped so that your API token is not sent there`,
				description: `The next-page link was ${safeOrigin(nextUrl)}. If your Datatruck address changed, update the Company field of the credential.`,
			},
		);
	}
	if (expectedPage !== undefined && !new RegExp(`[?&]page=${expectedPage}(&|$)`).test(nextUrl)) throw repeatedNextError(ctx);
	return nextUrl;
}

function repeatedNextError(ctx: DatatruckContext): NodeApiError {
	return new NodeApiError(
		ctx.getNode(),
		{ message: 'repeated next link' },
		{
			message: 'Datatruck sent the same next page twice; stopped to avoid an endless loop',
			description: 'Some records may be missing from this run. Try again; if it repeats, narrow the filters.',
		},
	);
}

/** Only where a link points, never its query: a foreign link may carry anything. */
function safeOrigin(url: string): string {
	return /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i.exec(url)?.[0] ?? 'not a web address';
}

/** The page size to ask for: as few requests as the list allows, and never more records than needed. */
export function pageSizeFor(shape: ListShape, limit?: number): number | 'all' {
	if (limit === undefined) return shape.acceptsAll ? 'all' : shape.maxPageSize;
	return shape.acceptsAll ? limit : Math.min(limit, shape.maxPageSize);
}
