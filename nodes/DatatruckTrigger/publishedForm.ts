import type { ApiFilter, Finding, Page } from '../Datatruck/shared/lists';
import { listWords, refusedAdditions, requestLineTooLong, saysLineTooLong } from '../Datatruck/shared/lists';
import { listOf, type ListSupport } from './answerCheck';
import type { EventSpec } from './events';
import type { FetchPage, PageQuery } from './fallbackScan';

/**
 * What the trigger adds to a read besides the user's filters: the `id` tie-breaker in `ordering` (A22), the time bound
 * and the event's own conditions. Datatruck publishes one ordering field and no filterable columns for work orders, so
 * a 400 that names one of these (shared/lists' `refusedAdditions`) gets one retry in the published form, as
 * docs/trigger.md says ("When Datatruck ignores the trigger's query"). A 400 about the user's own filter fails.
 */

/** A refusal that is the user's to fix: it says which list refused what, in Datatruck's words. */
function namingTheList(error: unknown, event: EventSpec): unknown {
	if (!(error instanceof Error) || String((error as { httpCode?: unknown }).httpCode) !== '400') return error;
	const words = listWords(listOf(event));
	const said = error.message.replace(/^Datatruck rejected the request:?\s*/, '').replace(/\bthis list\b/g, `the ${words} list`);
	error.message = `Datatruck's ${words} list refused ${event.name}'s request${said ? `: ${said}` : ''}`;
	return error;
}

/**
 * `fetchPage` with the node's additions dropped where this origin refuses them. Each retry drops something the
 * previous request sent (a refusal that would drop nothing fails), so a read costs at most one more request per
 * addition (the tie-breaker, the time bound, the event's conditions, the ids left out), and only once per origin.
 * A page past page 1 that is gone (a 404: records left the list since a page number was read) is an empty last page.
 */
export function publishedFetch(fetchPage: FetchPage, support: ListSupport, event: EventSpec, userFilters: ApiFilter[]): FetchPage {
	const list = listOf(event);
	return async (query): Promise<Page> => {
		// The query as this origin takes it: one ordering field, and none of the node's own columns it refused.
		const ordering = support.supports(`${list}.ordering.multi`) ? query.ordering : query.ordering.split(',')[0];
		const filter = query.filter.filter((entry) => userFilters.includes(entry) || support.supports(`${list}.filter.${entry.column}`));
		let asked: PageQuery = { ...query, ordering, filter };
		const findings: Finding[] = [];
		for (;;) {
			try {
				const page = await fetchPage(asked);
				findings.forEach((finding) => support.markNotHeld(finding));
				return page;
			} catch (error) {
				if (query.page > 1 && (error as { httpCode?: unknown })?.httpCode === '404') return { results: [], next: null };
				const own = asked.filter.filter((filter) => !userFilters.includes(filter));
				// The ids a poll leaves out (leftOut.ts) are the one addition that can make a line too long: sent again without them.
				const leftOut = own.filter((filter) => filter.contains === 'exclude_in');
				if (leftOut.length && saysLineTooLong(error)) {
					asked = { ...asked, filter: asked.filter.filter((entry) => !leftOut.includes(entry)) };
					findings.push(requestLineTooLong(list));
					continue;
				}
				const refused = refusedAdditions(error, list, { columns: own.map((filter) => filter.column), tieBreaker: asked.ordering.includes(',') });
				const filter = asked.filter.filter((entry) => !own.includes(entry) || !refused?.columns.includes(entry.column));
				const ordering = refused?.ordering ? asked.ordering.split(',')[0] : asked.ordering;
				if (!refused || (filter.length === asked.filter.length && ordering === asked.ordering)) throw namingTheList(error, event);
				asked = { ...asked, filter, ordering };
				findings.push(...refused.findings);
			}
		}
	};
}
