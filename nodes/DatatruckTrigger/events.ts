import type { INodePropertyOptions } from 'n8n-workflow';
import type { ApiFilter } from '../Datatruck/shared/lists';

export type TriggerEventName = 'newLoad' | 'loadFlagged' | 'loadPickedUp' | 'loadDelivered' | 'newWorkOrder';

/**
 * How an event is found in Datatruck.
 *
 * - `eventTime`: the record carries the moment of the event (created, picked up, delivered). A poll
 *   reads the records whose event time is at or after a cursor, oldest first.
 * - `snapshot`: nothing records *when* a load was flagged, so a poll reads the set of flagged loads
 *   and emits the ones that were not flagged at the previous complete read.
 */
export type EventKind = 'eventTime' | 'snapshot';

export interface EventSpec {
	value: TriggerEventName;
	name: string;
	description: string;
	kind: EventKind;
	path: '/orders/' | '/work-orders/';
	/** A load event: takes the load filters and the Simplify option. */
	isLoad: boolean;
	/** The date-time field a read is ordered by and resumes from: the event time, or for a snapshot the creation time. */
	orderField: 'created_datetime' | 'pickup_time' | 'delivery_time';
	/** The event's own condition, added to the user's filters (all must hold). */
	conditions: ApiFilter[];
	/** Late-entry window when the user sets none (minutes); see docs/trigger.md for the trade-off. */
	defaultLateEntryMinutes: number;
	/** For messages: "load", "work order". */
	noun: string;
	/**
	 * Goes by id where the records carry no readable event time (work orders: Datatruck's published page shows no
	 * creation time, A7): the newest id is the newest record.
	 */
	byIdWithoutTime?: true;
}

const notNull = (column: string): ApiFilter => ({ column, value: 'false', contains: 'isnull' });

export const EVENTS: EventSpec[] = [
	{
		value: 'newLoad',
		name: 'New Load',
		description: 'A load was created',
		kind: 'eventTime',
		path: '/orders/',
		isLoad: true,
		orderField: 'created_datetime',
		conditions: [],
		// Datatruck stamps the creation itself: a record shows up late only by its commit delay.
		defaultLateEntryMinutes: 10,
		noun: 'load',
	},
	{
		value: 'loadFlagged',
		name: 'Load Flagged',
		description: 'A load was flagged for attention (with its flagging reason)',
		kind: 'snapshot',
		path: '/orders/',
		isLoad: true,
		orderField: 'created_datetime',
		conditions: [{ column: 'is_flagged', value: true, contains: 'is' }],
		defaultLateEntryMinutes: 0,
		noun: 'flagged load',
	},
	{
		value: 'loadPickedUp',
		name: 'Load Picked Up',
		description: 'A load got its actual pickup time',
		kind: 'eventTime',
		path: '/orders/',
		isLoad: true,
		orderField: 'pickup_time',
		conditions: [notNull('pickup_time')],
		// Pickup and delivery times are typed in by people, often a while after the fact.
		defaultLateEntryMinutes: 60,
		noun: 'picked-up load',
	},
	{
		value: 'loadDelivered',
		name: 'Load Delivered',
		description: 'A load got its actual delivery time',
		kind: 'eventTime',
		path: '/orders/',
		isLoad: true,
		orderField: 'delivery_time',
		conditions: [notNull('delivery_time')],
		defaultLateEntryMinutes: 60,
		noun: 'delivered load',
	},
	{
		value: 'newWorkOrder',
		name: 'New Work Order',
		description: 'A work order was created',
		kind: 'eventTime',
		path: '/work-orders/',
		isLoad: false,
		orderField: 'created_datetime',
		conditions: [],
		defaultLateEntryMinutes: 10,
		noun: 'work order',
		byIdWithoutTime: true,
	},
];

export function eventSpec(value: string): EventSpec | undefined {
	return EVENTS.find((event) => event.value === value);
}

export function eventOptions(): INodePropertyOptions[] {
	return EVENTS.map(({ name, value, description }) => ({ name, value, description }));
}

/** Event values of one kind, or of load events, for displayOptions. */
export function eventsWhere(test: (event: EventSpec) => boolean): string[] {
	return EVENTS.filter(test).map((event) => event.value);
}
