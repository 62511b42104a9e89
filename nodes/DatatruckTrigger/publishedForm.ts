import type { ApiFilter, Finding, Page } from '../Datatruck/shared/lists';
import { saysAbout } from '../Datatruck/shared/lists';
import { listOf, listWords, type ListSupport } from './answerCheck';
import type { EventSpec } from './events';
import type { FetchPage, PageQuery } from './pageQuery';

/**
 * What the trigger adds to a read besides the user's filters (issue 28, requirement 4): the `id` tie-breaker in
 * `ordering` (A22), the time bound and the event's own conditions. Datatruck publishes one ordering field and no
 * filterable columns for work orders, so a 400 that names one of these gets one retry without it, in the form the
 * specification publishes, and is remembered for the credential's origin once the retry is answered. Later
 * requests go out without it from the start. A 400 about the user's own filter fails, naming the list.
 */

/** The node's own filters: those the user did not write (told apart by identity, as the poller builds them). */
const ownFilters = (query: PageQuery, userFilters: ApiFilter[]) => query.filter.filter((filter) => !userFilters.includes(filter));

/** A 400 that refuses `ordering` with more than one field. */
const refusesTieBreaker = (error: unknown, query: PageQuery) =>
	query.ordering.includes(',') && (saysAbout(asRefusal(error), 'ordering') || saysAbout(asRefusal(error), 'id'));

const asRefusal = (error: unknown) => (error ?? {}) as { httpCode?: unknown; message?: unknown; description?: unknown };

interface Retry {
	query: PageQuery;
	findings: Finding[];
}

function lessThan(query: PageQuery, error: unknown, userFilters: ApiFilter[], event: EventSpec): Retry | undefined {
	const list = listOf(event);
	const words = listWords(event);
	if (refusesTieBreaker(error, query)) {
		const ordering = query.ordering.split(',')[0];
		return {
			query: { ...query, ordering },
			findings: [
				{
					key: `${list}.ordering.multi`,
					assumption: 'A22',
					seen: `refused the two-field ordering "${query.ordering}" with a 400`,
					instead: `sends one ordering field ("${ordering}") to the ${words} list`,
				},
			],
		};
	}
	const refused = [...new Set(ownFilters(query, userFilters).map((filter) => filter.column))].filter((column) => saysAbout(asRefusal(error), column));
	if (refused.length === 0) return undefined;
	return {
		query: { ...query, filter: query.filter.filter((filter) => userFilters.includes(filter) || !refused.includes(filter.column)) },
		findings: refused.map((column) => ({
			key: `${list}.filter.${column}`,
			assumption: event.isLoad ? 'A30' : 'A6',
			seen: `refused the filter on "${column}" of the ${words} list with a 400`,
			instead: `asks the ${words} list for ${event.name} without it, reads newest first by page number down to its cursor and checks ${column} itself`,
		})),
	};
}

/** The query as this origin takes it: one ordering field, and none of the node's own columns it refused. */
function asPublished(query: PageQuery, userFilters: ApiFilter[], support: ListSupport, event: EventSpec): PageQuery {
	const list = listOf(event);
	const ordering = support.supports(`${list}.ordering.multi`) ? query.ordering : query.ordering.split(',')[0];
	const filter = query.filter.filter((entry) => userFilters.includes(entry) || support.supports(`${list}.filter.${entry.column}`));
	return { ...query, ordering, filter };
}

/** A refusal that is the user's to fix: it says which list refused what, in Datatruck's words. */
function namingTheList(error: unknown, event: EventSpec): unknown {
	if (!(error instanceof Error) || String(asRefusal(error).httpCode) !== '400') return error;
	const words = listWords(event);
	const said = error.message.replace(/^Datatruck rejected the request:?\s*/, '').replace(/\bthis list\b/g, `the ${words} list`);
	error.message = `Datatruck's ${words} list refused ${event.name}'s request${said ? `: ${said}` : ''}`;
	return error;
}

/**
 * `fetchPage` with the node's additions dropped where this origin refuses them. Each retry drops something the
 * previous request sent, so a read costs at most two more requests than it asks for, and only once per origin.
 */
export function publishedFetch(fetchPage: FetchPage, support: ListSupport, event: EventSpec, userFilters: ApiFilter[]): FetchPage {
	return async (query): Promise<Page> => {
		let asked = asPublished(query, userFilters, support, event);
		const findings: Finding[] = [];
		for (let retries = 0; ; retries++) {
			try {
				const page = await fetchPage(asked);
				findings.forEach((finding) => support.markNotHeld(finding));
				return page;
			} catch (error) {
				const retry = retries < 2 ? lessThan(asked, error, userFilters, event) : undefined;
				if (!retry) throw namingTheList(error, event);
				asked = retry.query;
				findings.push(...retry.findings);
			}
		}
	};
}
