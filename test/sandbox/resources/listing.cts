/** Glue between the list endpoints and the shared filter engine and paginator. */
import { ListName, switchesFor } from '../config.cts';
import { toIsoDate } from '../dates.cts';
import { queryRecords } from '../filters.cts';
import { ApiReply, ApiRequest, ok } from '../http.cts';
import { honouredQuery, servedPageSize } from '../listSwitches.cts';
import { paginate, PageSizePolicy } from '../pagination.cts';
import { ObjectSchema } from '../schema.cts';
import { queryCacheOf } from '../queryCache.cts';
import { SandboxStore } from '../store.cts';

/** One page of `items` of `list` in the envelope, with links on the sandbox's (or the configured) origin. */
export function pageReply<T>(list: ListName, items: readonly T[], request: ApiRequest, store: SandboxStore, policy: PageSizePolicy): ApiReply {
	return ok(
		paginate(items, request.query, servedPageSize(policy, switchesFor(store.config, list)), {
			origin: store.linkOrigin(),
			pathname: request.pathname,
			query: request.query,
			repeatNext: store.config.repeatNext,
		}),
	);
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
