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
 * without one (`isnull true`), anchored on the spine. The parts come in the order Datatruck lists
 * them (PostgreSQL puts empty values last ascending and first descending), as page 1 shows it:
 * empty values come first when page 1 starts with one. The spine (AnchoredPlan.spine) is the never-empty field a
 * plan falls back on.
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
	/** Read in the spine's order, not the user's: a Limit reads it whole, and it is sorted here. */
	sortHere?: boolean;
}

export interface AnchoredPlan {
	/** The `ordering` every page asks for. */
	terms: SortTerm[];
	/** The parts, in the order Datatruck lists them. */
	segments: Segment[];
	/** Read by the spine, not in the user's order: sorted here once read (and a Limit needs every record). */
	sortHere: boolean;
	/**
	 * Datatruck takes one ordering field: pages ask for the sort field alone, records tied on it come in any order
	 * and are put in the user's order here (the field is a number or date, which the node compares exactly).
	 */
	tiesHere?: boolean;
	/** The spine: the id (held ids at the anchor left out), or the creation time (nothing left out). */
	spine: SortTerm;
}

export const ID_ASCENDING: SortTerm = { path: 'id', descending: false, kind: 'number' };
const everyRecord = () => true;

/** Sort kinds a page can be anchored on: Datatruck compares them with ≥ and ≤. */
const COMPARABLE_KINDS = new Set(['number', 'dateTime']);

/** Read by the spine from its first value (`within`: only these records); the records are sorted here by the user's order. */
export function spinePlan(spine: SortTerm = ID_ASCENDING, within: ApiFilter[] = []): AnchoredPlan {
	return { terms: [spine], segments: [{ within, term: spine, holds: everyRecord }], sortHere: true, spine };
}

/** The records without a value in `field`, anchored on the spine (by id, the user's order: `planOrder`, the plan's ordering holds). */
function emptyPart(field: SortTerm, spine: SortTerm, planOrder: boolean): Segment {
	const term: SortTerm = { ...spine, descending: field.descending };
	const byId = spine.path === 'id';
	return { within: [isNull(field.path, true)], term, holds: (record) => valueAt(record, field.path) === null, terms: byId && planOrder ? undefined : [term], sortHere: !byId };
}

/**
 * With one ordering field allowed: the user's own number or date field alone. The records held at the anchor's value
 * are left out or dropped here, so ties need no order of their own. A field that can be empty is read in two parts, each asking
 * for its own term: the records with a value by the field, those without by the spine (PostgreSQL lists empty values
 * first when descending, last when ascending). Undefined for text, Yes/No and several fields.
 */
export function firstTermPlan(ownTerms: SortTerm[], neverEmpty: string[], spine: SortTerm = ID_ASCENDING): AnchoredPlan | undefined {
	const [field] = ownTerms;
	if (ownTerms.length !== 1 || !COMPARABLE_KINDS.has(field.kind ?? '')) return undefined;
	if (keysetTerm(ownTerms, neverEmpty)) return { terms: [field], segments: [{ within: [], term: field, holds: everyRecord }], sortHere: false, tiesHere: true, spine };
	const valued: Segment = { within: [isNull(field.path, false)], term: field, holds: (record) => valueAt(record, field.path) !== null };
	const empty = emptyPart(field, spine, false);
	return { terms: [field], segments: field.descending ? [empty, valued] : [valued, empty], sortHere: false, tiesHere: true, spine };
}

function isNull(path: string, empty: boolean): ApiFilter {
	return { column: path, value: empty ? 'true' : 'false', contains: 'isnull' };
}

/**
 * Read in the user's order, anchored on the sort field, when the order is one number or date
 * field (or the id) with `id` breaking ties: `neverEmpty` names fields that always have a value
 * (one part); any other such field is read in two parts. Undefined for text, Yes/No and several
 * fields (read by the spine instead). `first` is page 1's first record, which shows where empty values go.
 */
export function keysetPlan(terms: SortTerm[], neverEmpty: string[], first: IDataObject | undefined, spine: SortTerm = ID_ASCENDING): AnchoredPlan | undefined {
	const whole = keysetTerm(terms, neverEmpty);
	if (whole) return { terms, segments: [{ within: [], term: whole, holds: everyRecord }], sortHere: false, spine };
	const [field, id] = terms;
	if (terms.length !== 2 || id.path !== 'id' || !COMPARABLE_KINDS.has(field.kind ?? '')) return undefined;
	const valued: Segment = { within: [isNull(field.path, false)], term: field, holds: (record) => valueAt(record, field.path) !== null };
	const empty = emptyPart(field, spine, true);
	// Without a page 1 to tell, where PostgreSQL puts them: first when descending.
	const emptyFirst = first === undefined ? field.descending : !valued.holds(first);
	return { terms, segments: emptyFirst ? [empty, valued] : [valued, empty], sortHere: false, spine };
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
