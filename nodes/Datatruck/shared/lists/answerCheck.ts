import type { IDataObject } from 'n8n-workflow';
import type { ApiFilter, FieldKind, FilterField } from './filters';
import { fieldOf, recordComparator, valueAt, type SortTerm } from './listPlan';

/**
 * Whether one answer of Datatruck kept to the question it was asked (docs/assumptions.md: where the specification
 * says "not shown", the node assumed). A page is read from one database query, so a record in it that breaks a
 * condition, or two records out of the order asked for, prove the condition or order was not applied: records
 * changing elsewhere cannot cause that. Conditions the node cannot evaluate on a record are never counted against
 * Datatruck.
 */

/** What one answer showed Datatruck ignored. */
interface Disregard {
	/** Filter columns with a record that breaks their condition (`id` when left-out ids came back). */
	columns: string[];
	ordering: boolean;
	pageSize: boolean;
}

function asNumber(value: unknown): number | undefined {
	if (value === null || value === '' || typeof value === 'boolean') return undefined;
	const number = Number(value);
	return Number.isFinite(number) ? number : undefined;
}

function asTime(value: unknown): number | undefined {
	if (typeof value !== 'string' || !value) return undefined;
	const time = Date.parse(value);
	return Number.isFinite(time) ? time : undefined;
}

function same(value: unknown, wanted: unknown, kind: FieldKind): boolean | undefined {
	if (value === null) return false;
	if (kind === 'number' || typeof wanted === 'number') {
		const [a, b] = [asNumber(value), asNumber(wanted)];
		return a === undefined || b === undefined ? undefined : a === b;
	}
	if (kind === 'dateTime') {
		const [a, b] = [asTime(value), asTime(wanted)];
		return a === undefined || b === undefined ? undefined : a === b;
	}
	if (kind === 'boolean' || typeof wanted === 'boolean') return String(value) === String(wanted);
	// A field the table does not know may still hold a number: 1500 and "1500.00" are one value.
	const [a, b] = [asNumber(value), asNumber(wanted)];
	if (a !== undefined && b !== undefined) return a === b;
	return String(value) === String(wanted);
}

function within(value: unknown, low: unknown, high: unknown, read: (value: unknown) => number | undefined) {
	const [v, a, b] = [read(value), read(low), read(high)];
	if (value === null) return false;
	if (v === undefined || (low !== undefined && a === undefined) || (high !== undefined && b === undefined)) return undefined;
	return (a === undefined || v >= a) && (b === undefined || v <= b);
}

function anyOf(results: Array<boolean | undefined>): boolean | undefined {
	if (results.includes(true)) return true;
	return results.includes(undefined) ? undefined : false;
}

/**
 * Whether a record meets one condition the way Datatruck's filter applies it (bounds inclusive), or undefined when
 * the node cannot tell (a field the record does not carry, an operator on today's date, a value it cannot read).
 */
export function meets(record: IDataObject, filter: ApiFilter, kind: FieldKind): boolean | undefined {
	if (filter.contains === SEARCH) return searchHits(record, String(filter.value ?? ''));
	const { present, value } = fieldOf(record, filter.column);
	if (!present) return undefined;
	const list = Array.isArray(filter.value) ? filter.value : String(filter.value ?? '').split(',');
	const [low, high] = String(filter.value ?? '').split(',');
	switch (filter.contains) {
		case 'is':
			return same(value, filter.value, kind);
		case 'is_not':
		case 'exclude': {
			const equal = same(value, filter.value, kind);
			return equal === undefined ? undefined : !equal;
		}
		case 'is_in':
			return anyOf(list.map((entry) => same(value, entry, kind)));
		case 'is_not_in':
		case 'exclude_in': {
			const found = anyOf(list.map((entry) => same(value, entry, kind)));
			return found === undefined ? undefined : !found;
		}
		case 'greater_than':
			return within(value, filter.value, undefined, asNumber);
		case 'less_than':
			return within(value, undefined, filter.value, asNumber);
		case 'after':
			return within(value, filter.value, undefined, asTime);
		case 'before':
			return within(value, undefined, filter.value, asTime);
		case 'between':
			return within(value, low, high, asNumber);
		case 'between_datetime':
			return within(value, low, high, asTime);
		case 'isnull':
			return (value === null) === (String(filter.value) === 'true');
		case 'contains':
			return value === null ? false : String(value).toLowerCase().includes(String(filter.value).toLowerCase());
		default:
			return undefined;
	}
}

/**
 * The operator of an equipment list's `search` parameter as a condition. Which fields Datatruck searches is not
 * published (A3): a record none of whose values holds the text cannot have matched, one that holds it may have.
 */
export const SEARCH = 'search';

/** Whether any value of a record (or a single value) holds the text, ignoring case: what `search` may have matched. */
export function searchHits(record: unknown, text: string): boolean {
	const wanted = text.trim().toLowerCase();
	const values = (value: unknown): string[] =>
		value !== null && typeof value === 'object' ? Object.values(value as IDataObject).flatMap(values) : [String(value ?? '')];
	return wanted === '' || values(record).some((value) => value.toLowerCase().includes(wanted));
}

/** The kind of a filter column: `id` is a number; otherwise the list's field table, else text. */
export function kindOfColumn(column: string, fields: FilterField[]): FieldKind {
	return column === 'id' ? 'number' : (fields.find((field) => field.path === column)?.kind ?? 'text');
}

/** Whether the node can evaluate a condition itself on the records it reads (for filtering in the node). */
export function evaluable(filter: ApiFilter): boolean {
	return filter.contains !== 'today';
}

/** Sort kinds whose order the node and Datatruck agree on (text depends on the database's collation, A33). */
function checkableOrder(terms: SortTerm[]): SortTerm[] {
	const checkable: SortTerm[] = [];
	for (const term of terms) {
		if (term.kind !== 'number' && term.kind !== 'dateTime') break;
		checkable.push(term);
	}
	return checkable;
}

/** A one-word value every collation orders alike: lower case, or capitalised (C, glibc and ICU agree on these). */
const PLAIN_WORD = /^(?:[a-z]+|[A-Z][a-z]*)$/;

/**
 * The order of two texts every database collation agrees on, or 0 when collations may differ: two plain words of
 * the same case pattern compared letter by letter, or two texts whose first difference, after a start of letters
 * alone, is two letters of the same case (C, glibc and ICU all order "Allen Lund" before "Arrive Logistics" before
 * "Uber Freight"; spaces, punctuation, accents and case are where they part, A33).
 */
function collationSafeOrder(before: string, word: string): number {
	// Past a common start of letters alone, the first two letters that differ (and share their case) decide.
	let at = 0;
	while (at < before.length && before[at] === word[at] && /[a-z]/i.test(before[at])) at++;
	const [a, b] = [before[at] ?? '', word[at] ?? ''];
	const letters = /^[a-z]$/i.test(a) && /^[a-z]$/i.test(b) && /[A-Z]/.test(a) === /[A-Z]/.test(b);
	if (letters && a !== b) return a < b ? -1 : 1;
	if (!PLAIN_WORD.test(word) || !PLAIN_WORD.test(before) || /[A-Z]/.test(word[0]) !== /[A-Z]/.test(before[0])) return 0;
	return before.toLowerCase() < word.toLowerCase() ? -1 : before.toLowerCase() > word.toLowerCase() ? 1 : 0;
}

/** Whether two neighbours sorted by a text field are out of order in a way no database collation allows. */
function wordsOutOfOrder(results: IDataObject[], term: SortTerm | undefined): boolean {
	if (!term || (term.kind !== undefined && term.kind !== 'text')) return false;
	const words = results.map((record) => valueAt(record, term.path));
	return words.some((word, index) => {
		const before = words[index - 1];
		if (index === 0 || typeof word !== 'string' || typeof before !== 'string') return false;
		const order = collationSafeOrder(before, word);
		return (term.descending ? -order : order) > 0;
	});
}

/** Whether the first sort field's empty values lie apart on a page: first or last (A32), they come together at one end. */
function emptiesApart(results: IDataObject[], term: SortTerm | undefined): boolean {
	const empty = term ? results.map((record) => valueAt(record, term.path) === null) : [];
	const [first, last] = [empty.indexOf(true), empty.lastIndexOf(true)];
	return first >= 0 && (empty.slice(first, last + 1).includes(false) || (first > 0 && last < empty.length - 1));
}

/** Whether neighbours tied on a text first term are out of the order the following number or date terms ask. */
function tiesOutOfOrder(results: IDataObject[], terms: SortTerm[]): boolean {
	const [first, ...rest] = terms;
	if (!first || (first.kind !== undefined && first.kind !== 'text')) return false;
	const compare = recordComparator(checkableOrder(rest));
	return results.some((record, index) => {
		if (index === 0) return false;
		const [a, b] = [valueAt(results[index - 1], first.path), valueAt(record, first.path)];
		return typeof a === 'string' && a === b && compare(results[index - 1], record) > 0;
	});
}

/**
 * What this answer shows Datatruck ignored of the question: `filters` sent, the order `terms` asked for, and
 * `pageSize` asked for, where `more` says records remain after this page.
 */
export function disregardIn(
	results: IDataObject[],
	question: { filters: ApiFilter[]; terms: SortTerm[]; pageSize: number; more: boolean; fields: FilterField[] },
): Disregard {
	const columns = new Set<string>();
	for (const filter of question.filters) {
		const kind = kindOfColumn(filter.column, question.fields);
		if (results.some((record) => meets(record, filter, kind) === false)) columns.add(filter.column);
	}
	const order = checkableOrder(question.terms);
	const compare = recordComparator(order);
	const ordering =
		(order.length > 0 && results.some((record, index) => index > 0 && compare(results[index - 1], record) > 0)) ||
		wordsOutOfOrder(results, question.terms[0]) ||
		tiesOutOfOrder(results, question.terms) ||
		emptiesApart(results, question.terms[0]);
	const pageSize = question.more && results.length !== question.pageSize;
	return { columns: [...columns], ordering, pageSize };
}
