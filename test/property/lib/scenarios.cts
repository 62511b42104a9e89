/**
 * What the differs and composed property tests read, and how their scenarios are drawn: the reads (Get Many of
 * loads, work orders, drivers, trucks, trailers with Return All or a Limit, with and without the user's filter and
 * sort; New Load or New Work Order over several polls; Driver › Update), the user's filters and sorts, live-data
 * churn, and the switches a Datatruck may set on a list. A test adds fields of its own to a list read or a poll
 * (`extra`); the fields common to both are drawn first and in the same order, so that a seed draws the same.
 */
import fc from 'fast-check';
import type { ChurnList } from '../../integration/listChurn.cts';
import type { ListSwitch, RequestLineLimit } from '../../sandbox/index.cts';

export type ListResource = 'load' | 'workOrder' | 'driver' | 'truck' | 'trailer';
/** The lists Datatruck filters and orders as the node asks (loads, work orders). */
export type QueriedResource = 'load' | 'workOrder';
export type TriggerEvent = 'newLoad' | 'newWorkOrder';
/** The lists a profile can set switches on. */
export type SwitchedList = 'loads' | 'workOrders' | 'drivers' | 'trucks' | 'trailers';

/** Creates, moves, deletes and re-valued sort fields after each page the sandbox answers. */
export interface Churn {
	create: number;
	move: number;
	delete: number;
	shift: number;
	seed: number;
}

export type Sort = { field: string; descending: boolean };

/** `Extra`: the fields a test adds (none: `unknown`). */
export type ListRead<Extra = unknown> = { kind: 'list'; resource: ListResource; limit: number | null; filter: number; sort: Sort | null } & Extra;
export type PollPlan<Extra = unknown> = { created: number; churn: boolean; seconds: number } & Extra;
export type TriggerRead<Extra = unknown> = { kind: 'trigger'; event: TriggerEvent; polls: Array<PollPlan<Extra>> };
export type DriverUpdateRead = { kind: 'driverUpdate'; fromEnd: number };
export type Read<ListExtra = unknown, PollExtra = unknown> = ListRead<ListExtra> | TriggerRead<PollExtra> | DriverUpdateRead;

/** Arbitraries for each field of `T`. */
export type Arbitraries<T> = { [K in keyof T]: fc.Arbitrary<T[K]> };

// ----- the user's filters and sorts, and what an error must say ----------------------------------------------------

export interface Filter {
	/** The node's Filters › Condition, and the same condition as the API's filter JSON. */
	condition?: { field: string; operator: string; value: string };
	api?: { column: string; value: unknown; contains: string };
}

const condition = (field: string, operator: string, value: string, apiValue: unknown = value): Filter => ({
	condition: { field, operator, value },
	api: { column: field, value: apiValue, contains: operator },
});

export const FILTERS: { [R in QueriedResource]: Filter[] } = {
	load: [{}, condition('status', 'is', 'delivered'), condition('load_pay', 'between', '800,3000'), condition('status', 'is_in', 'booked,dispatched,in_transit', ['booked', 'dispatched', 'in_transit'])],
	workOrder: [{}, condition('status', 'is_not', 'Completed')],
};
export const SORTS: { [R in QueriedResource]: string[] } = {
	load: ['created_datetime', 'id', 'load_pay', 'total_miles', 'customer__company_name', 'pickup_time', 'status'],
	workOrder: ['id', 'scheduled_on_date', 'total_price', 'status'],
};
export const CHURN_LIST: { [R in QueriedResource]: ChurnList } = { load: 'orders', workOrder: 'workOrders' };
export const COLLECTIONS: Record<'driver' | 'truck' | 'trailer', 'drivers' | 'trucks' | 'trailers'> = { driver: 'drivers', truck: 'trucks', trailer: 'trailers' };
/** The sandbox list a trigger event reads. */
export const EVENT_LIST: Record<TriggerEvent, ChurnList> = { newLoad: 'orders', newWorkOrder: 'workOrders' };

export const queriedOf = (resource: ListResource): QueriedResource | null => (resource === 'load' || resource === 'workOrder' ? resource : null);

/** What an error must name: the list it was reading. */
export const LIST_WORDS: Record<ListResource | TriggerEvent, RegExp> = {
	load: /load/i,
	newLoad: /load/i,
	workOrder: /work.?order/i,
	newWorkOrder: /work.?order/i,
	driver: /driver/i,
	truck: /truck/i,
	trailer: /trailer/i,
};
/** What an error must give as its reason: what Datatruck did, or what the node could not do. */
export const REASON = /ignor|refus|order|filter|page|budget|request|exact|too (large|long)|differ|assum|not (held|supported)|changed/i;

// ----- a Datatruck's switches ---------------------------------------------------------------------------------------

/** The lists read with the user's filter and order (the others are read by page number whatever differs). */
export const QUERIED: readonly SwitchedList[] = ['loads', 'workOrders', 'drivers'];
/** The columns a list's `ignoreFilter` may name. */
export const FILTER_COLUMNS: Record<SwitchedList, string[]> = {
	loads: ['id', 'status', 'load_pay', 'created_datetime', 'dispatcher__id'],
	workOrders: ['id', 'status', 'created_datetime'],
	drivers: ['id', 'hire_date'],
	trucks: ['search', 'status'],
	trailers: ['search', 'status'],
};

const queriedSwitch = (columns: string[]): fc.Arbitrary<ListSwitch> =>
	fc.record(
		{
			ignoreFilter: fc.oneof(fc.constant<true>(true), fc.subarray(columns, { minLength: 1 })),
			ignoreOrdering: fc.constant(true),
			singleOrdering: fc.constantFrom<Array<'reject' | 'ignoreRest'>>('reject', 'ignoreRest'),
			rejectUnknownColumns: fc.constant(true),
			ignorePageSize: fc.constant(true),
		},
		{ requiredKeys: [] },
	);
const equipmentSwitch = (columns: string[]): fc.Arbitrary<ListSwitch> =>
	fc.record({ ignoreFilter: fc.oneof(fc.constant<true>(true), fc.subarray(columns, { minLength: 1 })), ignorePageSize: fc.constant(true) }, { requiredKeys: [] });
/** Random switches (maybe none) on one list. */
export const switchArb = (list: SwitchedList): fc.Arbitrary<ListSwitch> => (QUERIED.includes(list) ? queriedSwitch(FILTER_COLUMNS[list]) : equipmentSwitch(FILTER_COLUMNS[list]));

export const requestLineArb: fc.Arbitrary<RequestLineLimit> = fc.record({ bytes: fc.constantFrom(4094, 2048), status: fc.constantFrom<Array<400 | 414>>(400, 414) });

// ----- churn and reads ----------------------------------------------------------------------------------------------

export const churnArb: fc.Arbitrary<Churn> = fc.oneof(
	{ weight: 1, arbitrary: fc.constant({ create: 0, move: 0, delete: 0, shift: 0, seed: 1 }) },
	{
		weight: 3,
		arbitrary: fc.record({
			create: fc.integer({ min: 0, max: 2 }),
			move: fc.integer({ min: 0, max: 2 }),
			delete: fc.integer({ min: 0, max: 2 }),
			shift: fc.integer({ min: 0, max: 2 }),
			seed: fc.integer({ min: 1, max: 2 ** 30 }),
		}),
	},
);

const limitArb = fc.option(fc.integer({ min: 1, max: 60 }), { freq: 2 });

/**
 * A read of one of the five kinds, weighted as both tests draw them. `extra.list`: a list read's own fields for a
 * resource (`null` for drivers, trucks and trailers); `extra.poll`: a trigger poll's own fields for its event.
 */
export function readArb<ListExtra extends object = object, PollExtra extends object = object>(extra?: {
	list: (resource: QueriedResource | null) => Arbitraries<ListExtra>;
	poll: (event: TriggerEvent) => Arbitraries<PollExtra>;
}): fc.Arbitrary<Read<ListExtra, PollExtra>> {
	const listExtra = (resource: QueriedResource | null) => (extra ? extra.list(resource) : ({} as Arbitraries<ListExtra>));
	const queriedListArb = (resource: QueriedResource) =>
		fc.record({
			kind: fc.constant<'list'>('list'),
			resource: fc.constant<ListResource>(resource),
			limit: limitArb,
			filter: fc.nat({ max: FILTERS[resource].length - 1 }),
			sort: fc.option<Sort>(fc.record({ field: fc.constantFrom(...SORTS[resource]), descending: fc.boolean() }), { freq: 2 }),
			...listExtra(resource),
		}) as fc.Arbitrary<ListRead<ListExtra>>;
	const plainListArb = fc.record({
		kind: fc.constant<'list'>('list'),
		resource: fc.constantFrom<ListResource[]>('driver', 'truck', 'trailer'),
		limit: limitArb,
		filter: fc.constant(0),
		sort: fc.constant<Sort | null>(null),
		...listExtra(null),
	}) as fc.Arbitrary<ListRead<ListExtra>>;
	const pollsArb = (event: TriggerEvent) =>
		fc.array(
			fc.record({ created: fc.integer({ min: 0, max: 6 }), churn: fc.boolean(), seconds: fc.integer({ min: 1, max: 90 }), ...(extra ? extra.poll(event) : {}) }) as fc.Arbitrary<PollPlan<PollExtra>>,
			{ minLength: 2, maxLength: 4 },
		);
	const triggerArb: fc.Arbitrary<TriggerRead<PollExtra>> = fc
		.constantFrom<TriggerEvent[]>('newLoad', 'newWorkOrder')
		.chain((event) => fc.record({ kind: fc.constant<'trigger'>('trigger'), event: fc.constant(event), polls: pollsArb(event) }));
	const driverUpdateArb = fc.record({ kind: fc.constant<'driverUpdate'>('driverUpdate'), fromEnd: fc.nat({ max: 39 }) });
	return fc.oneof(
		{ weight: 4, arbitrary: queriedListArb('load') },
		{ weight: 3, arbitrary: queriedListArb('workOrder') },
		{ weight: 3, arbitrary: plainListArb },
		{ weight: 3, arbitrary: triggerArb },
		{ weight: 1, arbitrary: driverUpdateArb },
	) as fc.Arbitrary<Read<ListExtra, PollExtra>>;
}
