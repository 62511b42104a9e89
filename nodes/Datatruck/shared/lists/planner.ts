import type { ApiFilter } from './filters';
import { parseOrdering, type SortTerm } from './listPlan';
import type { ListRead } from './listRead';
import { firstTermPlan, ID_ASCENDING, keysetPlan, spinePlan, type AnchoredPlan } from './listSegments';
import type { ChangeSafeList, Page } from './pagination';
import { filterHolds } from './listFindings';
import { supports } from './support';

/**
 * The one place a plan is chosen for a list that takes `filter` (docs/architecture.md, "The planner"): from what this
 * origin is known to do (support.ts) and what this read saw so far (`pending` findings, plans that gave up).
 */

/** How much of the order asked for Datatruck keeps: all of it, only the first field (ties put in order here), none. */
export type OrderKept = 'whole' | 'firstTerm' | 'none';

/** The plan by page number: what it sends Datatruck and what it does in the node. */
export interface PlainPlan {
	kind: 'plain';
	/** Filters sent to Datatruck (checked on every page of the first pass). */
	sent: ApiFilter[];
	/** Filters applied in the node. */
	inNode: ApiFilter[];
	/** The `ordering` sent. */
	terms: SortTerm[];
	order: OrderKept;
	/** A refusal now is the user's own: nothing the node added is left to drop. */
	userOnly: boolean;
}

export type Plan = { kind: 'exact' } | { kind: 'anchored'; plan: AnchoredPlan } | PlainPlan;

/** What one read has learnt so far besides its findings (`read.pending`): plans that ended without one, pages already read. */
export interface ReadSoFar {
	gaveUp: Set<Plan['kind']>;
	/** Each run of pages of one query read so far (page 1 first): a plan that asks the same starts from it. */
	pages: Page[][];
	userOnly?: boolean;
}

/** What anchored pages do without: a long request line, several ordering fields, a filter on `id`. */
const anchoredKeeps = (list: string) => ['requestLine.long', `${list}.ordering.multi`, `${list}.filter.id`];

/**
 * The exact plan while this origin does all it needs. Where only the request line, the number of ordering fields or
 * the filter on `id` falls short, pages anchored on the last record read: with one ordering field, on the user's
 * number or date field alone; else on the sort field, or else on the spine and sorted here. The spine is the id, or
 * where Datatruck ignores the filter on `id`, the list's creation time. Anything more, a list without such a field,
 * or an anchored plan that gave up: the plan by page number.
 */
export function choosePlan(read: ListRead, list: ChangeSafeList, ownTerms: SortTerm[], userTerms: SortTerm[], so: ReadSoFar): Plan {
	const { lacks, filterKept } = known(read);
	const lacking = [`${read.list}.filter`, `${read.list}.filter.id`, `${read.list}.ordering`, `${read.list}.ordering.multi`, 'requestLine.long'].filter(lacks);
	const filtersKept = read.filters.every((filter) => filterKept(filter.column));
	if (!so.gaveUp.has('exact') && lacking.length === 0 && filtersKept) return { kind: 'exact' };

	const created = list.keysetFields.find((field) => field !== 'id');
	const spine = !lacks(`${read.list}.filter.id`) ? ID_ASCENDING : created ? parseOrdering(created, list.fields)[0] : undefined;
	const firstTermOnly = lacks(`${read.list}.ordering.multi`) && read.tieBreakerAdded;
	if (!so.gaveUp.has('anchored') && filtersKept && spine && lacking.every((key) => anchoredKeeps(read.list).includes(key))) {
		// A field the list's table does not know (a custom sort) is asked alone first (the plain plan): a 400 is the user's.
		const known = ownTerms.every((term) => term.kind !== undefined);
		const plan = firstTermOnly
			? (firstTermPlan(ownTerms, list.keysetFields, spine) ?? (known ? spinePlan(spine) : undefined))
			: (keysetPlan(userTerms, list.keysetFields, so.pages[0]?.[0]?.results[0], spine) ?? spinePlan(spine));
		// Nothing is sent that this origin refuses or ignores: each part's anchor and bounds (without `id`, no anchor on it).
		const columns = plan?.segments.flatMap((segment) => [segment.term.path, ...segment.within.map((filter) => filter.column)]) ?? [];
		if (plan && columns.every(filterKept)) return { kind: 'anchored', plan };
	}
	return plainPlan(read, userTerms, so.userOnly);
}

/** What this origin is known not to do, with what this read found pending. */
function known(read: ListRead) {
	const lacks = (key: string) => !supports(read.origin, key) || read.pending.some((finding) => finding.key === key);
	const filterKept = (column: string) => !lacks(`${read.list}.filter`) && !lacks(`${read.list}.filter.${column}`);
	return { lacks, filterKept };
}

/** The plan by page number: what Datatruck is not known to ignore is sent (and checked), the rest done in the node. */
export function plainPlan(read: ListRead, userTerms: SortTerm[], userOnly = false): PlainPlan {
	const { lacks, filterKept } = known(read);
	const firstTermOnly = lacks(`${read.list}.ordering.multi`) && read.tieBreakerAdded;
	const sent = read.filters.filter((filter) => filterKept(filter.column));
	const order: OrderKept = lacks(`${read.list}.ordering`) ? 'none' : firstTermOnly ? 'firstTerm' : 'whole';
	return {
		kind: 'plain',
		sent,
		inNode: read.filters.filter((filter) => !sent.includes(filter)),
		terms: firstTermOnly ? userTerms.slice(0, -1) : userTerms,
		order,
		userOnly,
	};
}

/**
 * The trigger's read (docs/trigger.md): by its event time, on a keyset of its time bound, while this origin keeps that
 * bound, the event's own conditions and the order; else newest first by page number down to its cursor.
 */
export function triggerReadsByTime(origin: string, list: string, timeField: string, conditions: ApiFilter[]): boolean {
	return [timeField, ...conditions.map((filter) => filter.column)].every((column) => filterHolds(origin, list, column)) && supports(origin, `${list}.ordering`);
}
