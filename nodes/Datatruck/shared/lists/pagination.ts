import type { IDataObject } from 'n8n-workflow';
import type { FilterField } from './filters';

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
	/**
	 * Only whether more records follow: Datatruck's `next` in whatever form it wrote it (absolute, `http://` behind a
	 * proxy, relative, resource-relative), or MORE_UNLINKED. It is never followed: pages are asked for by number from
	 * the credential's own address, so the token cannot leave it.
	 */
	next: string | null;
	/** The query this page was asked with: later pages by number repeat it. */
	query?: IDataObject;
	/** Answered as a bare JSON array, without `count`, `next` or `results`. */
	bare?: boolean;
}

/** `next` of a page that says nothing of what follows but may be followed by more (a full bare array). */
const MORE_UNLINKED = '(more)';

/**
 * Reads a list answer. The envelope's `next`, or the absence of one where `count` says more records exist, says
 * whether more follow. A bare array (the loads list's published sample) is never taken as the whole list: it may be
 * followed by more while it is full, `fullAt` being the records a page of this list holds when known (a shorter one
 * is the last), else any records at all (the next page, empty or not found, tells).
 */
export function readPage(body: unknown, fullAt?: number): Page {
	if (Array.isArray(body)) {
		const results = body as IDataObject[];
		const more = results.length > 0 && (fullAt === undefined || results.length >= fullAt);
		return { results, next: more ? MORE_UNLINKED : null, bare: true };
	}
	const envelope = (body ?? {}) as IDataObject;
	const results = Array.isArray(envelope.results) ? (envelope.results as IDataObject[]) : [];
	const count = typeof envelope.count === 'number' ? envelope.count : undefined;
	const linked = typeof envelope.next === 'string' && envelope.next ? envelope.next : null;
	// An envelope without a `next` key at all: its count tells whether pages remain.
	const unlinked = !('next' in envelope) && count !== undefined && count > results.length ? MORE_UNLINKED : null;
	return { results, next: linked ?? unlinked, count };
}

/** A list that takes `page_size=all` (drivers, trailers): read whole in one request where Datatruck answers it so. */
export const TAKES_ALL: ListShape = { maxPageSize: 1000, acceptsAll: true };

/** The page size to ask for: as few requests as the list allows, and never more records than needed. */
export function pageSizeFor(shape: ListShape, limit?: number): number | 'all' {
	if (limit === undefined) return shape.acceptsAll ? 'all' : shape.maxPageSize;
	return shape.acceptsAll ? limit : Math.min(limit, shape.maxPageSize);
}
