import type { IDataObject } from 'n8n-workflow';
import type { Page } from '../Datatruck/shared/lists';
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
 * never place them on its time line, so it would read them at every poll and emit nothing, forever.
 * Thrown instead of storing such a cursor; for New Work Order, caught to go by id instead (poller.ts).
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

/** Whether an answer can be placed on the time line: no records, or at least one with a readable event time. */
export const carriesTimes = (event: EventSpec, records: IDataObject[]): boolean =>
	records.length === 0 || records.some((record) => !Number.isNaN(timeOf(record, event.orderField)));

/**
 * For an event that goes by id without a time (New Work Order): `fetchPage` that throws UnreadableEventTimeError
 * at the first answer whose records carry no readable time, so that the poll goes by id instead of reading on.
 */
export function timedOnly<Query>(event: EventSpec, fetchPage: (query: Query) => Promise<Page>): (query: Query) => Promise<Page> {
	if (!event.byIdWithoutTime) return fetchPage;
	return async (query) => {
		const page = await fetchPage(query);
		if (!carriesTimes(event, page.results)) throw new UnreadableEventTimeError(event, page.results);
		return page;
	};
}
