/**
 * The ways a list may depart from the sandbox's own choices where the specification is silent (issue 28,
 * config.cts `lists`): the query a list actually honours, and the page size it actually serves.
 */
import { ListSwitch } from './config.cts';
import { ApiRequest, badRequest, lastParam } from './http.cts';
import { PageSizePolicy } from './pagination.cts';
import { ObjectSchema, resolvePath } from './schema.cts';

export interface HonouredQuery {
	filter: string | null;
	ordering: string | null;
}

/** The terms of a `filter` text, or undefined when it is not a JSON array (the filter engine then says why). */
function filterTerms(raw: string | null): unknown[] | undefined {
	if (raw === null || raw.trim() === '') return undefined;
	try {
		const parsed: unknown = JSON.parse(raw);
		return Array.isArray(parsed) ? parsed : undefined;
	} catch {
		return undefined;
	}
}

const columnOf = (term: unknown): unknown => (typeof term === 'object' && term !== null ? (term as { column?: unknown }).column : undefined);

function honouredFilter(raw: string | null, switches: ListSwitch, published: ObjectSchema): string | null {
	if (switches.ignoreFilter === true) return null;
	const terms = filterTerms(raw);
	if (terms === undefined) return raw;
	const ignored = switches.ignoreFilter ?? [];
	// A server drops the conditions it does not know before it looks at the rest.
	const kept = terms.filter((term) => !ignored.includes(columnOf(term) as string));
	if (switches.rejectUnknownColumns) {
		kept.forEach((term, index) => {
			const column = columnOf(term);
			if (typeof column === 'string' && column !== '' && !resolvePath(published, column)) {
				throw badRequest(`Invalid filter: filter[${index}].column "${column}" is not a filterable field of this list.`);
			}
		});
	}
	return kept.length === terms.length ? raw : JSON.stringify(kept);
}

function honouredOrdering(raw: string | null, switches: ListSwitch): string | null {
	if (typeof switches.ignoreOrdering === 'string') return switches.ignoreOrdering;
	if (switches.ignoreOrdering) return null;
	const severalFields = raw !== null && raw.includes(',');
	if (!severalFields || switches.singleOrdering === undefined) return raw;
	if (switches.singleOrdering === 'reject') throw badRequest(`Invalid ordering: this list sorts by one field, got "${raw}".`);
	return raw.split(',')[0];
}

/**
 * The `filter` and `ordering` a list with these switches acts on; a 400 for what it refuses. `published` is the
 * record shape the specification publishes for the list (columns outside it are unknown to a strict server).
 */
export function honouredQuery(request: ApiRequest, switches: ListSwitch, published: ObjectSchema): HonouredQuery {
	return {
		filter: honouredFilter(lastParam(request.query, 'filter'), switches, published),
		ordering: honouredOrdering(lastParam(request.query, 'ordering'), switches),
	};
}

/** The request as an equipment list with these switches reads it: its ignored `search`/`status` parameters left out. */
export function withoutIgnoredParameters(request: ApiRequest, switches: ListSwitch): ApiRequest {
	if (switches.ignoreFilter === undefined) return request;
	const ignored = switches.ignoreFilter === true ? ['search', 'status'] : switches.ignoreFilter;
	const query = new URLSearchParams(request.query);
	ignored.forEach((name) => query.delete(name));
	return { ...request, query };
}

/** The page-size policy a list with these switches serves under. */
export const servedPageSize = (policy: PageSizePolicy, switches: ListSwitch): PageSizePolicy => ({
	...policy,
	...(switches.ignorePageSize ? { ignoresRequestedSize: true } : {}),
	...(switches.ignorePage ? { ignoresPageNumber: true } : {}),
});
