/** Glue between the list endpoints and the shared filter engine and paginator. */
import { toIsoDate } from '../dates.cts';
import { queryRecords } from '../filters.cts';
import { ApiReply, ApiRequest, lastParam, ok } from '../http.cts';
import { paginate, PageSizePolicy } from '../pagination.cts';
import { ObjectSchema } from '../schema.cts';
import { queryCacheOf } from '../queryCache.cts';
import { SandboxStore } from '../store.cts';

/** One page of `items` in the envelope, with links on the sandbox's (or the configured) origin. */
export function pageReply<T>(items: readonly T[], request: ApiRequest, store: SandboxStore, policy: PageSizePolicy): ApiReply {
	return ok(
		paginate(items, request.query, policy, {
			origin: store.linkOrigin(),
			pathname: request.pathname,
			query: request.query,
			repeatNext: store.config.repeatNext,
		}),
	);
}

/**
 * Applies the request's `filter` and `ordering` parameters (loads, drivers, work orders). The same
 * query on unchanged data is answered from the sandbox's query cache when it has one (queryCache.cts).
 */
export function filteredAndOrdered<T extends { id: number }>(
	records: readonly T[],
	request: ApiRequest,
	store: SandboxStore,
	schema: ObjectSchema,
	defaultOrdering: string,
): readonly T[] {
	const query = { filter: lastParam(request.query, 'filter'), ordering: lastParam(request.query, 'ordering') };
	// `today` depends on the date, so the date is part of the query.
	const key = JSON.stringify([query.filter, query.ordering, toIsoDate(store.now())]);
	return queryCacheOf(store).get(records, key, () => queryRecords(records, query, { schema, defaultOrdering, now: store.now }));
}
