import { supports, type Finding } from './support';

/**
 * The findings a list read can make about one Datatruck (support.ts keeps them per credential origin), and which
 * of them each plan needs. Keys: `<list>.filter`, `<list>.filter.<column>`, `<list>.ordering`,
 * `<list>.ordering.multi`, `<list>.pageSize`, `requestLine.long`.
 */

/** The list a request reads, by its path: the name finding keys and errors use. */
export function listNameOf(url: string): string {
	const path = url.replace(/^[a-z]+:\/\/[^/]+/i, '');
	if (/work-orders/.test(path)) return 'workOrders';
	if (/dispatcher/i.test(path)) return 'dispatcherBoard';
	if (/drivers/.test(path)) return 'drivers';
	if (/trucks/.test(path)) return 'trucks';
	if (/trailers/.test(path)) return 'trailers';
	if (/orders/.test(path)) return 'loads';
	return 'records';
}

/** The assumption of docs/assumptions.md a list's query rests on. */
const QUERY_ASSUMPTION: Record<string, string> = { workOrders: 'A6', drivers: 'A5', loads: 'A30' };

function assumptionOf(list: string, key: string): string {
	if (key === 'requestLine.long') return 'A30';
	if (/\.ordering(\.multi)?$/.test(key)) return 'A22';
	if (key.endsWith('.filter.dispatcher__id')) return 'A31';
	return QUERY_ASSUMPTION[list] ?? 'A6';
}

export function finding(list: string, key: string, seen: string, instead: string): Finding {
	return { key, assumption: assumptionOf(list, key), seen, instead };
}

const PLAIN = 'reads this list by page number, keeps each record once by its id, and applies sorting and the filters it can evaluate itself';

/** A filter Datatruck ignored: on one column, or on several (`whole`: then no filter of the list is trusted). */
export function filterIgnored(list: string, columns: string[], whole = columns.length > 1): Finding[] {
	if (columns.length === 0) return [];
	if (whole) return [finding(list, `${list}.filter`, `ignored the filter on ${columns.join(', ')} of the ${list} list`, PLAIN)];
	const [column] = columns;
	return [finding(list, `${list}.filter.${column}`, `ignored the filter on ${column} of the ${list} list`, PLAIN)];
}

export const orderingIgnored = (list: string) =>
	finding(list, `${list}.ordering`, `answered the ${list} list out of the order asked for`, PLAIN);
export const orderingMultiRefused = (list: string) =>
	finding(list, `${list}.ordering.multi`, `refused several ordering fields on the ${list} list`, `sends one ordering field and ${PLAIN}`);
export const requestLineTooLong = (list: string) =>
	finding(list, 'requestLine.long', 'refused a long request line', `keeps request lines short: it ${PLAIN}`);

/** `workOrders` as words: "work orders". */
export const listWords = (list: string) => list.replace(/[A-Z]/g, (letter) => ` ${letter.toLowerCase()}`);

/**
 * Which of the node's own additions a 400 refuses (issue 34, requirement 1), for every plan and the trigger: the `id`
 * tie-breaker it added to a several-field ordering, when the 400 names `ordering` (or `id`, where no filter of the
 * node's own is on `id`); else each of its `own` filter columns the 400 names. Undefined: the refusal is the user's.
 */
export function refusedAdditions(error: unknown, list: string, own: { columns: string[]; tieBreaker: boolean }): { ordering: boolean; columns: string[]; findings: Finding[] } | undefined {
	if (own.tieBreaker && (saysAbout(error, 'ordering') || (!own.columns.includes('id') && saysAbout(error, 'id')))) {
		return { ordering: true, columns: [], findings: [orderingMultiRefused(list)] };
	}
	const columns = [...new Set(own.columns)].filter((column) => saysAbout(error, column));
	const seen = (column: string) => `refused the filter on "${column}" of the ${listWords(list)} list with a 400`;
	const findings = columns.map((column) => finding(list, `${list}.filter.${column}`, seen(column), `leaves "${column}" out and checks it itself`));
	return columns.length ? { ordering: false, columns, findings } : undefined;
}

/** Whether Datatruck is known to apply a filter on `column` of this list. */
export function filterHolds(origin: string, list: string, column: string): boolean {
	return supports(origin, `${list}.filter`) && supports(origin, `${list}.filter.${column}`);
}

/** Words of a 400 or 414 saying that the request line was too long (gunicorn: "Request Line is too large"). */
export function saysLineTooLong(error: unknown): boolean {
	const { httpCode, message, description } = (error ?? {}) as { httpCode?: unknown; message?: unknown; description?: unknown };
	if (String(httpCode) === '414') return true;
	return String(httpCode) === '400' && /request[ -]?line|too large|too long|uri too/i.test(`${String(message)} ${String(description)}`);
}

/** Whether a 400 names `name` (a column or ordering field) in Datatruck's words. */
export function saysAbout(error: unknown, name: string): boolean {
	const { httpCode, message, description } = (error ?? {}) as { httpCode?: unknown; message?: unknown; description?: unknown };
	return String(httpCode) === '400' && new RegExp(`(^|[^A-Za-z0-9_])${name}([^A-Za-z0-9_]|$)`).test(`${String(message)} ${String(description)}`);
}
