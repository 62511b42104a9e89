import type { IDataObject } from 'n8n-workflow';
import type { ApiFilter, FieldKind, FilterField } from './filters';

/**
 * The pure half of reading a list that may change while it is read (see exactList.ts for why and
 * how): the order the records come in, how two records compare in it, and the filter terms that
 * anchor a read after a record or leave out records already held.
 */

/** At most this many requests go out for one stretch of a list before it is checked and anchored. */
export const SEGMENT_REQUESTS = 20;
/**
 * At most this many ids are left out by one request (`id exclude_in [...]`): about 5 KB of query
 * string with 6-digit ids, well under the 8 KB a web server takes in a request line by default.
 */
export const MAX_EXCLUDED_IDS = 600;
/**
 * The fewest records a page that starts a read, or continues one anchored, asks for (when the list has that many):
 * one or two records cannot show that Datatruck ignored the order asked for, ten in order by chance are one in 3.6
 * million. A Limit below it costs no request more, only a few records more in the answer.
 */
export const CHECKED_PAGE = 10;

export interface SortTerm {
	path: string;
	descending: boolean;
	kind?: FieldKind;
}

/** The terms of an `ordering` value, each with its field kind when the list's field table knows it. */
export function parseOrdering(ordering: string, fields: FilterField[]): SortTerm[] {
	return ordering
		.split(',')
		.map((term) => term.trim())
		.filter(Boolean)
		.map((term) => {
			const descending = term.startsWith('-');
			const path = descending ? term.slice(1) : term;
			const kind = path === 'id' ? 'number' : fields.find((field) => field.path === path)?.kind;
			return { path, descending, kind };
		});
}

export function formatOrdering(terms: SortTerm[]): string {
	return terms.map((term) => `${term.descending ? '-' : ''}${term.path}`).join(',');
}

/**
 * Adds `id` as the last sort term (in the first term's direction) unless `id` is already there.
 * Two loads with the same pay, status or second of creation have no order of their own: without a
 * unique last term, PostgreSQL may put them in a different order on every page request, so a page
 * by number could repeat one and skip the other even when nothing changes.
 */
export function withIdTieBreaker(terms: SortTerm[]): SortTerm[] {
	if (terms.some((term) => term.path === 'id')) return terms;
	return [...terms, { path: 'id', descending: terms[0]?.descending ?? false, kind: 'number' }];
}

/**
 * A record's value at an ORM path, a flat key (`customer__company_name`) or nested objects (`trip__status`), and whether
 * the record has the field at all (a list may simply not carry it: then nothing can be told).
 */
export function fieldOf(record: IDataObject, path: string): { present: boolean; value: unknown } {
	if (path in record) return { present: true, value: record[path] ?? null };
	let value: unknown = record;
	for (const part of path.split('__')) {
		// An empty relation (a driver without a dispatcher) is an empty value of each of its fields, as in the database.
		if (value === null) return { present: true, value: null };
		if (typeof value !== 'object' || Array.isArray(value) || !(part in (value as IDataObject))) {
			return { present: false, value: undefined };
		}
		value = (value as IDataObject)[part];
	}
	return { present: true, value: value ?? null };
}

/** A record's value at an ORM path; null where it is empty or missing. */
export const valueAt = (record: IDataObject, path: string): unknown => fieldOf(record, path).value ?? null;

const NUMBER = /^\s*-?\d+(\.\d+)?\s*$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?)?(Z|[+-]\d{2}:?\d{2})?$/;

function kindOf(a: unknown, b: unknown, declared?: FieldKind): FieldKind {
	if (declared) return declared;
	const both = (test: (value: unknown) => boolean) => test(a) && test(b);
	if (both((value) => typeof value === 'number' || (typeof value === 'string' && NUMBER.test(value)))) return 'number';
	if (both((value) => typeof value === 'string' && ISO_DATE.test(value))) return 'dateTime';
	if (both((value) => typeof value === 'boolean')) return 'boolean';
	return 'text';
}

/**
 * The kind a field's values show when no field table names it (lists read whole, whose fields are not published):
 * every value present a number, or every one an ISO date; else undefined (text, or nothing to tell).
 */
export function kindShownBy(values: unknown[]): FieldKind | undefined {
	const present = values.filter((value) => value !== null && value !== undefined && value !== '');
	if (present.length === 0) return undefined;
	if (present.every((value) => typeof value === 'number' || (typeof value === 'string' && NUMBER.test(value)))) return 'number';
	if (present.every((value) => typeof value === 'string' && ISO_DATE.test(value))) return 'dateTime';
	return undefined;
}

/** Ascending comparison of two non-null values of one field. */
function compareValues(a: unknown, b: unknown, kind?: FieldKind): number {
	switch (kindOf(a, b, kind)) {
		case 'number':
			return Math.sign(Number(a) - Number(b)) || 0;
		case 'dateTime':
			return Math.sign(Date.parse(String(a)) - Date.parse(String(b))) || 0;
		case 'boolean':
			return Number(Boolean(a)) - Number(Boolean(b));
		default:
			return String(a).localeCompare(String(b), 'en');
	}
}

/**
 * Compares records the way Datatruck's database orders them: term by term, an empty value (null)
 * above every value as PostgreSQL sorts it (last when ascending, first when descending). Text is
 * compared alphabetically in English; the database's own collation can differ in punctuation and
 * accents, which is why text orders are taken from Datatruck's pages whenever possible.
 */
export function recordComparator(terms: SortTerm[]): (a: IDataObject, b: IDataObject) => number {
	return (a, b) => {
		for (const term of terms) {
			const left = valueAt(a, term.path);
			const right = valueAt(b, term.path);
			let order = 0;
			if (left === null && right === null) order = 0;
			else if (left === null) order = 1;
			else if (right === null) order = -1;
			else order = compareValues(left, right, term.kind);
			if (order !== 0) return term.descending ? -order : order;
		}
		return 0;
	};
}

/**
 * Merges `extra` (in list order) into `main` (in list order) by `compare`, keeping `main`'s own
 * sequence: records found by a later check go where the list puts them, and with nothing changed
 * the result is `main` followed by `extra`.
 */
export function mergeInOrder(
	main: IDataObject[],
	extra: IDataObject[],
	compare: (a: IDataObject, b: IDataObject) => number,
): IDataObject[] {
	const merged: IDataObject[] = [];
	let i = 0;
	let j = 0;
	while (i < main.length && j < extra.length) {
		if (compare(extra[j], main[i]) < 0) merged.push(extra[j++]);
		else merged.push(main[i++]);
	}
	return merged.concat(main.slice(i), extra.slice(j));
}

/** Leaves out records already held: `id exclude_in [...]`, or nothing when none are held. */
export function excludeIds(ids: number[]): ApiFilter[] {
	return ids.length ? [{ column: 'id', value: [...ids].sort((a, b) => a - b), contains: 'exclude_in' }] : [];
}

/**
 * Only records at or past `record` in the order of `term` (Datatruck's `after`/`before`/
 * `greater_than`/`less_than` include the bound; the caller leaves out the ids it holds there).
 * A keyset bound cannot shift when records before it come or go, which page numbers do.
 */
export function keysetBound(term: SortTerm, record: IDataObject): ApiFilter {
	const value = valueAt(record, term.path);
	const date = term.kind === 'dateTime';
	const contains = term.descending ? (date ? 'before' : 'less_than') : date ? 'after' : 'greater_than';
	return { column: term.path, value: typeof value === 'number' ? String(value) : value, contains };
}

/**
 * Whether a list can be anchored on its sort field: one field (besides the id tie-breaker) that the
 * list names as never empty and comparable with ≥ and ≤ (ids, creation times). An empty value
 * matches no `after`/`greater_than`, so a field that can be empty would lose those records.
 */
export function keysetTerm(terms: SortTerm[], keysetFields: string[]): SortTerm | undefined {
	const own = terms.filter((term) => term.path !== 'id');
	if (own.length === 0) return terms[0];
	if (own.length === 1 && keysetFields.includes(own[0].path) && terms[0] === own[0]) return own[0];
	return undefined;
}

/** The id of a record, or undefined when it has none (then it cannot be checked and is kept as read). */
export function idOf(record: IDataObject): number | undefined {
	const id = Number(record.id);
	return Number.isSafeInteger(id) ? id : undefined;
}

/** Records whose id is not in `held`, each added to it (records without an id cannot be checked and are kept). */
export function unheld(records: IDataObject[], held: Set<number>): IDataObject[] {
	return records.filter((record) => {
		const id = idOf(record);
		if (id === undefined) return true;
		if (held.has(id)) return false;
		held.add(id);
		return true;
	});
}

/** Page numbers read at once after page 1, leaving the last page to the check read. */
export function pagesBetween(count: number, pageSize: number, want: number): number[] {
	const pages = Math.min(Math.ceil(Math.min(count, want) / pageSize), SEGMENT_REQUESTS);
	return Array.from({ length: Math.max(pages - 2, 0) }, (_, index) => index + 2);
}
