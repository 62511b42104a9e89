import type { IDataObject } from 'n8n-workflow';
import type { EventSpec } from './events';

/** The record's event time in ms, or NaN when the field is missing or not a date-time. */
export function timeOf(record: IDataObject, field: string): number {
	const value = record[field];
	return typeof value === 'string' ? Date.parse(value) : NaN;
}

const looksLikeDateTime = (value: unknown) =>
	typeof value === 'string' && /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/.test(value) && !Number.isNaN(Date.parse(value));

/**
 * A read returned records, and not one of them carries a readable event time: the trigger could
 * never place them on its time line, so it would read them at every poll and emit nothing, forever
 * (the work-order shape is not published, A7). Thrown instead of storing such a cursor.
 */
export class UnreadableEventTimeError extends Error {
	readonly description: string;

	constructor(event: EventSpec, records: IDataObject[]) {
		const field = event.orderField;
		const keys = [...new Set(records.flatMap((record) => Object.keys(record)))];
		const dateKeys = keys.filter((key) => records.some((record) => looksLikeDateTime(record[key])));
		super(`Datatruck's ${event.noun}s carry no readable "${field}", so ${event.name} cannot tell which ones are new`);
		this.name = 'UnreadableEventTimeError';
		this.description =
			`The trigger orders and resumes by "${field}"; the ${records.length} record(s) Datatruck returned have ` +
			`${keys.length ? `the fields ${keys.slice(0, 40).join(', ')}` : 'no fields'}` +
			`${dateKeys.length ? ` (date-times: ${dateKeys.join(', ')})` : ''}. ` +
			`Nothing was emitted or stored. If Datatruck names this field differently, please report it to the node's maintainers with this message.`;
	}
}

/**
 * Checks one read. None readable (and some records): fails loudly. Some unreadable: returns their
 * ids, which the trigger skips (a record without its event time cannot be placed; the API's own
 * time filter would not return it either) and reports as a warning.
 */
export function unreadableTimes(event: EventSpec, records: IDataObject[]): unknown[] {
	if (event.kind !== 'eventTime' || records.length === 0) return [];
	const unreadable = records.filter((record) => Number.isNaN(timeOf(record, event.orderField)));
	if (unreadable.length === records.length) throw new UnreadableEventTimeError(event, records);
	return unreadable.map((record) => record.id);
}
