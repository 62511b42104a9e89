import type { IDataObject, Logger } from 'n8n-workflow';
import { LOAD_FIELDS } from '../Datatruck/resources/load/fields';
import { WORK_ORDER_FIELDS } from '../Datatruck/resources/workOrder/fields';
import { filterHolds, filterIgnored, kindOfColumn, listNameOf, markNotHeld, meets, orderingIgnored, supports, triggerReadsByTime, valueAt } from '../Datatruck/shared/lists';
import type { ApiFilter, Finding } from '../Datatruck/shared/lists';
import type { EventSpec } from './events';
import { timeOf } from './eventTime';

/**
 * The trigger's use of shared/lists: its answer check (shared/lists/answerCheck.ts) and its per-origin record of what
 * a list supports (support.ts, listFindings.ts). Datatruck's specification does not show how its lists treat `filter` and
 * `ordering` (A6, A22); a list that ignores them answers as if they were not sent, which only the records show.
 */

/** The list an event reads, in the finding keys shared with Get Many: `loads`, `workOrders`. */
export const listOf = (event: EventSpec): string => listNameOf(event.path);

/**
 * shared/lists' record of what this origin's list supports (support.ts), said in n8n's log: the node binds it to the
 * credential's origin (DatatruckTrigger.node.ts); a poll run on its own (tests) gets an origin of its own.
 */
export interface ListSupport {
	origin: string;
	supports(key: string): boolean;
	markNotHeld(finding: Finding): void;
}

export const originSupport = (origin: string, ctx: { logger?: Logger } = {}): ListSupport => ({
	origin,
	supports: (key) => supports(origin, key),
	markNotHeld: (finding) => markNotHeld(ctx, origin, finding),
});

let runs = 0;
export const memorySupport = (): ListSupport => originSupport(`memory:${++runs}`);

/** Whether this origin's list takes the event's time bound; and what a read by time relies on: its conditions, its order. */
export const boundHeld = (support: ListSupport, event: EventSpec): boolean => filterHolds(support.origin, listOf(event), event.orderField);
export const timeReadHeld = (support: ListSupport, event: EventSpec): boolean => triggerReadsByTime(support.origin, listOf(event), event.orderField, event.conditions);

/**
 * Whether a record meets every filter, by shared/lists' answer check. What it cannot tell, a column the record does
 * not carry (Datatruck may name it otherwise, A7) or an empty value (but for `isnull`), counts as met: a record is
 * never dropped on a guess.
 */
export const meetsAll = (filters: ApiFilter[], event: EventSpec) => (record: IDataObject) =>
	filters.every((filter) => {
		const kind = kindOfColumn(filter.column, event.isLoad ? LOAD_FIELDS : WORK_ORDER_FIELDS);
		return (filter.contains !== 'isnull' && valueAt(record, filter.column) === null) || meets(record, filter, kind) !== false;
	});

/**
 * Remembers for the origin (once, in n8n's log) what one answer showed the read ignored (issue 28), and says whether
 * it ignored anything: a record before its time `bound` (`<list>.filter.<time field>`), one that fails a condition
 * (`<list>.filter`: no filter of the list is trusted then), two out of the first ordering field's order (a
 * tie-breaker Datatruck may drop, A22, is not the order the trigger relies on). Event times are read with `timeOf`;
 * a record without a readable one is never taken for out of order.
 */
export function noteIgnored(support: ListSupport, event: EventSpec, records: IDataObject[], query: { ordering: string; filters: ApiFilter[]; bound?: number }) {
	const list = listOf(event);
	const [first] = query.ordering.split(',');
	const field = first.replace(/^-/, '');
	const keys = records.map((record) => (field === event.orderField ? timeOf(record, field) : Number(record[field])));
	const early = records.some((record) => timeOf(record, event.orderField) < (query.bound ?? Number.NEGATIVE_INFINITY));
	const failed = query.filters.filter((filter) => !records.every(meetsAll([filter], event))).map((filter) => filter.column);
	const disordered = keys.some((key, index) => index > 0 && (first.startsWith('-') ? key > keys[index - 1] : key < keys[index - 1]));
	const findings = [...filterIgnored(list, early ? [event.orderField] : []), ...filterIgnored(list, [...new Set(failed)], true)];
	if (disordered) findings.push(orderingIgnored(list));
	findings.forEach((finding) => support.markNotHeld(finding));
	return findings.length > 0;
}
