import type { IDataObject } from 'n8n-workflow';
import type { ApiFilter } from './filters';
import { keysetBound, keysetTerm, recordComparator, valueAt, type SortTerm } from './listPlan';

/**
 * How a list longer than one window's budget is read page after page (exactList.ts, readAnchored):
 * the order asked for, and the parts of that order each page is anchored in.
 *
 * A page anchored on a sort value (`load_pay ≥ 1450.00`, the ids held there left out) cannot shift
 * when records before it come or go. An empty value matches no `greater_than`/`after`, so a field
 * that can be empty is read in two parts: the loads with a value, anchored on it, and the loads
 * without one (`isnull true`), anchored on their id, which breaks their tie. The parts come in the
 * order Datatruck lists them (PostgreSQL puts empty values last ascending and first descending),
 * as page 1 shows it: empty values come first when page 1 starts with one.
 */

/** One part of the order: records that all have, or all lack, a value in the sort field. */
export interface Segment {
	/** Filter terms that keep a read within the part (none when the part is the whole list). */
	within: ApiFilter[];
	/** The term a page is anchored on within the part. */
	term: SortTerm;
	/** Whether a record, as last read, belongs to the part. */
	holds: (record: IDataObject) => boolean;
	/** The `ordering` of this part's pages, where it is not the plan's (one field allowed: the part's own term). */
	terms?: SortTerm[];
}

export interface AnchoredPlan {
	/** The `ordering` every page asks for. */
	terms: SortTerm[];
	/** The parts, in the order Datatruck lists them. */
	segments: Segment[];
	/** Read by id, not in the user's order: sorted here once read (and a Limit needs every record). */
	sortHere: boolean;
	/**
	 * Datatruck takes one ordering field: pages ask for the sort field alone, records tied on it come in any order
	 * and are put in the user's order here (the field is a number or date, which the node compares exactly).
	 */
	tiesHere?: boolean;
}

const ID_ASCENDING: SortTerm = { path: 'id', descending: false, kind: 'number' };
const everyRecord = () => true;

/** Sort kinds a page can be anchored on: Datatruck compares them with ≥ and ≤. */
const COMPARABLE_KINDS = new Set(['number', 'dateTime']);

/** Read by id from the first one; the records are sorted here by the user's order. */
export function idPlan(): AnchoredPlan {
	return { terms: [ID_ASCENDING], segments: [{ within: [], term: ID_ASCENDING, holds: everyRecord }], sortHere: true };
}

/**
 * With one ordering field allowed: the user's own number or date field alone. The ids held at the anchor's value
 * are left out, so ties need no order of their own. A field that can be empty is read in two parts, each asking
 * for its own term: the records with a value by the field, those without by id (PostgreSQL lists empty values
 * first when descending, last when ascending). Undefined for text, Yes/No and several fields.
 */
export function firstTermPlan(ownTerms: SortTerm[], neverEmpty: string[]): AnchoredPlan | undefined {
	const [field] = ownTerms;
	if (ownTerms.length !== 1 || !COMPARABLE_KINDS.has(field.kind ?? '')) return undefined;
	if (keysetTerm(ownTerms, neverEmpty)) return { terms: [field], segments: [{ within: [], term: field, holds: everyRecord }], sortHere: false, tiesHere: true };
	const id: SortTerm = { path: 'id', descending: field.descending, kind: 'number' };
	const valued: Segment = { within: [isNull(field.path, false)], term: field, holds: (record) => valueAt(record, field.path) !== null };
	const empty: Segment = { within: [isNull(field.path, true)], term: id, holds: (record) => valueAt(record, field.path) === null, terms: [id] };
	return { terms: [field], segments: field.descending ? [empty, valued] : [valued, empty], sortHere: false, tiesHere: true };
}

/** The order in which the records tied on one value are read on their own: by id, ascending. */
export const TIE_ORDER = ID_ASCENDING;

function isNull(path: string, empty: boolean): ApiFilter {
	return { column: path, value: empty ? 'true' : 'false', contains: 'isnull' };
}

/**
 * Read in the user's order, anchored on the sort field, when the order is one number or date
 * field (or the id) with `id` breaking ties: `neverEmpty` names fields that always have a value
 * (one part); any other such field is read in two parts. Undefined for text, Yes/No and several
 * fields (read by id instead). `first` is page 1's first record, which shows where empty values go.
 */
export function keysetPlan(terms: SortTerm[], neverEmpty: string[], first: IDataObject | undefined): AnchoredPlan | undefined {
	const whole = keysetTerm(terms, neverEmpty);
	if (whole) return { terms, segments: [{ within: [], term: whole, holds: everyRecord }], sortHere: false };
	const [field, id] = terms;
	if (terms.length !== 2 || id.path !== 'id' || !COMPARABLE_KINDS.has(field.kind ?? '')) return undefined;
	const valued: Segment = { within: [isNull(field.path, false)], term: field, holds: (record) => valueAt(record, field.path) !== null };
	const empty: Segment = { within: [isNull(field.path, true)], term: id, holds: (record) => valueAt(record, field.path) === null };
	const emptyFirst = first !== undefined && !valued.holds(first);
	return { terms, segments: emptyFirst ? [empty, valued] : [valued, empty], sortHere: false };
}

/**
 * The filter terms of one anchored page: the part's own, and when an anchor is known, only records
 * at or past it in the part (Datatruck's bounds include their value; the caller leaves out the ids
 * it holds there, which `atOrPast` tells).
 */
export function segmentFilters(segment: Segment, anchor: IDataObject | undefined): ApiFilter[] {
	return anchor === undefined ? segment.within : [...segment.within, keysetBound(segment.term, anchor)];
}

/** Whether a held record is at or past `anchor` within the part, i.e. would be read again unless left out. */
export function atOrPast(segment: Segment, anchor: IDataObject | undefined): (record: IDataObject) => boolean {
	const onward = recordComparator([segment.term]);
	return (record) => segment.holds(record) && (anchor === undefined || onward(record, anchor) >= 0);
}
