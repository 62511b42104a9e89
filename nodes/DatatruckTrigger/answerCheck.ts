import type { IDataObject } from 'n8n-workflow';
import type { ApiFilter } from '../Datatruck/shared/lists';
import { valueAt } from '../Datatruck/shared/lists';
import type { EventSpec } from './events';
import { timeOf } from './eventTime';

/**
 * Checks an answer against the question it was given (issue 28, requirement 3). Datatruck's
 * specification does not show how its lists treat `filter` and `ordering` (A6, A22); a list that
 * ignores them answers as if they were not sent. The trigger cannot tell that from the status code,
 * only from the records: one outside the time bound, one that fails a condition, one out of order.
 */

/** The list an event reads, in the finding keys shared with Get Many (shared/lists/support.ts). */
export type ListName = 'loads' | 'workOrders';

export const listOf = (event: EventSpec): ListName => (event.isLoad ? 'loads' : 'workOrders');

/** The list in the words of messages: "loads", "work orders". */
export const listWords = (event: EventSpec): string => (event.isLoad ? 'loads' : 'work orders');

/** What one answer showed to be ignored. */
export interface IgnoredClauses {
	/** The time bound (`<field> after <cursor>`). */
	bound: boolean;
	/** The event's own conditions or the user's filters. */
	conditions: boolean;
	/** The requested order. */
	order: boolean;
}

const text = (value: unknown) => (value === null || value === undefined ? '' : String(value)).trim().toLowerCase();
const instant = (value: unknown) => (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}/.test(value) ? Date.parse(value) : NaN);
const same = (a: unknown, b: unknown) => {
	if (typeof a === 'number' || typeof b === 'number') return Number(a) === Number(b);
	if (!Number.isNaN(instant(a)) && !Number.isNaN(instant(b))) return instant(a) === instant(b);
	return text(a) === text(b);
};

/** Whether the record has the column at all (`stops__location__city` walks nested objects), empty or not. */
function carries(record: IDataObject, column: string): boolean {
	if (column in record) return true;
	let value: unknown = record;
	for (const part of column.split('__')) {
		if (!value || typeof value !== 'object' || Array.isArray(value) || !(part in value)) return false;
		value = (value as IDataObject)[part];
	}
	return true;
}

/**
 * Whether a record meets one condition as Datatruck would apply it. Only the operators whose meaning
 * the node can evaluate from the record alone are checked; for the others (`today`, custom ranges)
 * it answers true, so a record is never dropped on a guess.
 */
export function meets(record: IDataObject, filter: ApiFilter): boolean {
	const value = valueAt(record, filter.column);
	const wanted = filter.value;
	// A column the record does not carry cannot be checked here, not even `isnull`: its absence may mean Datatruck
	// names the field otherwise (A7), which the poll reports as unreadable times rather than as an ignored filter.
	if (!carries(record, filter.column)) return true;
	if (value === null && filter.contains !== 'isnull') return true;
	switch (filter.contains) {
		case 'is':
			return same(value, wanted);
		case 'is_not':
		case 'exclude':
			return !same(value, wanted);
		case 'is_in':
			return Array.isArray(wanted) && wanted.some((entry) => same(value, entry));
		case 'is_not_in':
		case 'exclude_in':
			return !Array.isArray(wanted) || !wanted.some((entry) => same(value, entry));
		case 'isnull':
			return (value === null || value === undefined) === (text(wanted) === 'true');
		case 'contains':
			return text(value).includes(text(wanted));
		case 'after':
			return instant(value) >= instant(wanted);
		case 'before':
			return instant(value) <= instant(wanted);
		case 'greater_than':
			return Number(value) > Number(wanted);
		case 'less_than':
			return Number(value) < Number(wanted);
		default:
			return true;
	}
}

export const meetsAll = (filters: ApiFilter[]) => (record: IDataObject) => filters.every((filter) => meets(record, filter));

/** Compares two records in the order `ordering` asks for (`-created_datetime,-id` or `created_datetime`). */
export function orderComparator(ordering: string, event: EventSpec): (a: IDataObject, b: IDataObject) => number {
	const terms = ordering.split(',').map((term) => ({ field: term.replace(/^-/, ''), descending: term.startsWith('-') }));
	return (a, b) => {
		for (const { field, descending } of terms) {
			const [x, y] = field === event.orderField ? [timeOf(a, field), timeOf(b, field)] : [Number(a[field]), Number(b[field])];
			if (Number.isNaN(x) || Number.isNaN(y) || x === y) continue;
			return descending ? y - x : x - y;
		}
		return 0;
	};
}

/**
 * What the answer ignored. `bound` is the lower bound of the order field the query sent, if any;
 * `filters` are the conditions it sent besides that bound.
 */
export function ignoredBy(
	records: IDataObject[],
	query: { ordering: string; filters: ApiFilter[]; bound?: number },
	event: EventSpec,
): IgnoredClauses {
	// Only the first field: a tie-breaker Datatruck may drop (A22) is not the order the trigger relies on.
	const compare = orderComparator(query.ordering.split(',')[0], event);
	const before = (record: IDataObject) => {
		const time = timeOf(record, event.orderField);
		return query.bound !== undefined && !Number.isNaN(time) && time < query.bound;
	};
	return {
		bound: records.some(before),
		conditions: !records.every(meetsAll(query.filters)),
		order: records.some((record, index) => index > 0 && compare(records[index - 1], record) > 0),
	};
}
