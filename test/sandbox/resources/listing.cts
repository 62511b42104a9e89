/** Glue between the list endpoints and the shared filter engine and paginator. */
import { ListName, NextLinkForm, switchesFor } from '../config.cts';
import { toIsoDate } from '../dates.cts';
import { queryRecords } from '../filters.cts';
import { ApiReply, ApiRequest, ok } from '../http.cts';
import { honouredQuery, servedPageSize } from '../listSwitches.cts';
import { Page, paginate, PageSizePolicy } from '../pagination.cts';
import { ObjectSchema } from '../schema.cts';
import { queryCacheOf } from '../queryCache.cts';
import { SandboxStore } from '../store.cts';

const API_PREFIX = '/api/v1/openapi';

/** A link as the configured form writes it (config.cts `nextLinks`). */
function linkInForm(link: string | null, form: NextLinkForm): string | null {
	if (link === null || form === 'absolute') return link;
	if (form === 'http') return link.replace(/^https:/i, 'http:');
	const path = link.replace(/^[a-z]+:\/\/[^/]+/i, '');
	return form === 'resourceRelative' && path.startsWith(API_PREFIX) ? path.slice(API_PREFIX.length) : path;
}

function inForm<T>(page: Page<T>, form: NextLinkForm): object {
	if (form === 'absent') return { count: page.count, results: page.results };
	return { ...page, next: linkInForm(page.next, form), previous: linkInForm(page.previous, form) };
}

/**
 * One page of `items` of `list` in the envelope, with links on the sandbox's (or the configured) origin in the
 * configured form; a list switched to `bareArray` answers the page's records alone.
 */
export function pageReply<T>(list: ListName, items: readonly T[], request: ApiRequest, store: SandboxStore, policy: PageSizePolicy): ApiReply {
	const switches = switchesFor(store.config, list);
	const page = paginate(items, request.query, servedPageSize(policy, switches), {
		origin: store.linkOrigin(),
		pathname: request.pathname,
		query: request.query,
		repeatNext: store.config.repeatNext,
	});
	return ok(switches.bareArray ? page.results : inForm(page, store.config.nextLinks));
}

export interface QueriedList {
	list: ListName;
	/** What the sandbox can filter and sort on. */
	schema: ObjectSchema;
	/** What the specification publishes for the list: the columns a strict server knows (`rejectUnknownColumns`). */
	published: ObjectSchema;
	defaultOrdering: string;
}

/**
 * Applies the request's `filter` and `ordering` parameters (loads, drivers, work orders) as far as the list's
 * switches honour them. The same query on unchanged data is answered from the sandbox's query cache when it
 * has one (queryCache.cts).
 */
export function filteredAndOrdered<T extends { id: number }>(records: readonly T[], request: ApiRequest, store: SandboxStore, queried: QueriedList): readonly T[] {
	const { schema, defaultOrdering } = queried;
	const query = honouredQuery(request, switchesFor(store.config, queried.list), queried.published);
	// `today` depends on the date, so the date is part of the query.
	const key = JSON.stringify([query.filter, query.ordering, toIsoDate(store.now())]);
	return queryCacheOf(store).get(records, key, () => queryRecords(records, query, { schema, defaultOrdering, now: store.now }));
}
