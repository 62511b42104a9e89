/**
 * The one paginator of every list: DRF's PageNumberPagination as the spec describes it, with each
 * list's page-size policy (spec Limits; docs/api-contract.md A1, A2).
 */
import { ApiError, badRequest, lastParam } from './http.cts';

export interface Page<T> {
	count: number;
	next: string | null;
	previous: string | null;
	results: T[];
}

export interface PageSizePolicy {
	defaultSize: number;
	/** Largest accepted `page_size`; undefined = no maximum. */
	maxSize?: number;
	/** `page_size=all` returns every result on one page. */
	allowAll: boolean;
	/** Serves `defaultSize` whatever `page_size` says (a list whose page-size parameter is not what the client sends). */
	ignoresRequestedSize?: boolean;
	/** Serves page 1 whatever `page` says (a list whose page parameter has another name); `next` still names page 2. */
	ignoresPageNumber?: boolean;
}

/** Loads (spec), trucks and work orders (A2): 1..25, default 10. */
export const CAPPED_PAGE_SIZE: PageSizePolicy = { defaultSize: 10, maxSize: 25, allowAll: false };
/** Drivers, trailers, dispatcher board (spec): positive integer or `all`, default 10, no maximum. */
export const OPEN_PAGE_SIZE: PageSizePolicy = { defaultSize: 10, allowAll: true };

export interface LinkOptions {
	/** Origin the links are built on (the sandbox's own unless configured otherwise). */
	origin: string;
	pathname: string;
	query: URLSearchParams;
	/** Test hook: `next` always points at the page just served, to exercise loop detection. */
	repeatNext: boolean;
}

const POSITIVE_INTEGER = /^[1-9]\d*$/;

function parsePageNumber(query: URLSearchParams): number {
	const raw = lastParam(query, 'page');
	if (raw === null) return 1;
	if (!POSITIVE_INTEGER.test(raw)) throw badRequest(`Invalid page: "page" must be an integer of at least 1, got "${raw}".`);
	return Number(raw);
}

/** Returns the page size, or 'all'. */
function parsePageSize(query: URLSearchParams, policy: PageSizePolicy): number | 'all' {
	const raw = lastParam(query, 'page_size');
	if (raw === null || policy.ignoresRequestedSize) return policy.defaultSize;
	if (raw === 'all' && policy.allowAll) return 'all';
	const range = policy.maxSize === undefined ? 'a positive integer' : `an integer from 1 to ${policy.maxSize}`;
	const allowed = policy.allowAll ? `${range} or "all"` : range;
	if (!POSITIVE_INTEGER.test(raw) || (policy.maxSize !== undefined && Number(raw) > policy.maxSize)) {
		throw badRequest(`Invalid page_size: must be ${allowed}, got "${raw}".`);
	}
	return Number(raw);
}

/**
 * A link to `page` that keeps every other query parameter once (the value the server honoured,
 * i.e. the last one). `page` undefined drops the parameter, as DRF's `previous` does for page 1.
 */
function pageLink(options: LinkOptions, page: number | undefined): string {
	const params = new URLSearchParams();
	for (const key of new Set(options.query.keys())) {
		if (key !== 'page') params.set(key, lastParam(options.query, key) ?? '');
	}
	if (page !== undefined) params.set('page', String(page));
	const search = params.toString();
	return `${options.origin}${options.pathname}${search ? `?${search}` : ''}`;
}

export function paginate<T>(items: readonly T[], query: URLSearchParams, policy: PageSizePolicy, links: LinkOptions): Page<T> {
	const page = policy.ignoresPageNumber ? 1 : parsePageNumber(query);
	const requestedSize = parsePageSize(query, policy);
	const size = requestedSize === 'all' ? Math.max(items.length, 1) : requestedSize;
	const pageCount = Math.max(1, Math.ceil(items.length / size));
	// DRF answers an out-of-range page with 404; page 1 of an empty list is simply empty.
	if (page > pageCount) throw new ApiError(404, 'Invalid page.');
	const start = (page - 1) * size;
	let next = page < pageCount ? pageLink(links, page + 1) : null;
	if (links.repeatNext) next = pageLink(links, page);
	return {
		count: items.length,
		next,
		previous: page > 1 ? pageLink(links, page === 2 ? undefined : page - 1) : null,
		results: items.slice(start, start + size),
	};
}
