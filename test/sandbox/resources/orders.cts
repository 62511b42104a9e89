/**
 * Loads: GET /orders/ (spec 1), GET /orders/{pk} (A12), POST /orders/create/ (A10, A11), and the
 * control API's createLoad/updateLoad.
 */
import { CITIES } from '../catalog.cts';
import { parseIsoDateTime, toIsoSeconds } from '../dates.cts';
import { ApiError, ApiRequest, badRequest, created, isPlainObject, notFound, ok, requireObjectBody } from '../http.cts';
import { CAPPED_PAGE_SIZE } from '../pagination.cts';
import { Route } from '../router.cts';
import { SchemaOf } from '../schema.cts';
import { roadMiles, toDecimal } from '../seed.cts';
import { nextId, SandboxStore } from '../store.cts';
import { Order, PersonRef, SandboxData, Stop, StopLocation } from '../types.cts';
import { rules, validateBody, Validated } from '../validation.cts';
import { filteredAndOrdered, pageReply } from './listing.cts';

const LOCATION_SCHEMA: SchemaOf<StopLocation> = {
	id: 'int',
	company: 'string',
	address1: 'string',
	address2: 'string',
	city: 'string',
	state: 'string',
	zip_code: 'string',
	contact_name: 'string',
	place_name: 'string',
	latitude: 'float',
	longitude: 'float',
	is_active: 'bool',
};

export const ORDER_SCHEMA: SchemaOf<Order> = {
	id: 'int',
	load_id: 'string',
	shipment_id: 'string',
	status: 'string',
	load_pay: 'decimal',
	total_miles: 'decimal',
	created_datetime: 'datetime',
	created_by__full_name: 'string',
	total_other_pay: 'decimal',
	total_pay: 'decimal',
	per_mile_revenue: 'decimal',
	tags: [{ name: 'string' }],
	dispatcher__full_name: 'string',
	customer__company_name: 'string',
	mc_number__company_name: 'string',
	office__office_name: 'string',
	pickup_appointment_time: 'datetime',
	delivery_appointment_time: 'datetime',
	pickup_time: 'datetime',
	delivery_time: 'datetime',
	stops: [
		{
			id: 'int',
			order: 'int',
			stop_type: 'string',
			location: LOCATION_SCHEMA,
			reference_id: 'string',
			proof_of_delivery: 'string',
			ready_time_start_date: 'datetime',
			ready_time_end_date: 'datetime',
			note: 'string',
		},
	],
	equipment_type: 'string',
	equipment_type_child: ['string'],
	transportation_mode: 'string',
	driver_requirements: ['string'],
	additional_equipments: ['string'],
	freight_requirements: ['string'],
	freight_requirements_min_temperature: 'decimal',
	freight_requirements_max_temperature: 'decimal',
	estimated_mile: 'decimal',
	estimated_time: 'int',
	eta_detail: { on_time: 'bool', eta_datetime: 'datetime' },
	trip: {
		id: 'int',
		status: 'string',
		trip_id: 'string',
		mile: 'decimal',
		empty_mile: 'decimal',
		total_load_pay: 'decimal',
		carrier__name: 'string',
		driver__full_name: 'string',
		team_driver__full_name: 'string',
		truck__unit_number: 'string',
		pickup: LOCATION_SCHEMA,
		delivery: LOCATION_SCHEMA,
		settlement: { settlement__status: 'string', settlement__settlement_number: 'string', settlement__is_sent: 'bool' },
	},
	batch_orders: {
		invoice_number: 'string',
		is_sent: 'bool',
		batch: { batch_number: 'string', status: 'string' },
	},
	assigned_driver_n_truck: { driver_full_name: 'string', truck_unit_number: 'string' },
	assigned_carrier: 'string',
	is_flagged: 'bool',
	flagging_reason: 'string',
	documents: [{ file_type: 'string', file_link: 'string', uploaded_by: 'string', uploaded_at: 'datetime' }],
};

/**
 * A load's dispatcher record. The list shows only `dispatcher__full_name`, but Datatruck's ORM can
 * filter and sort on the whole relation (`dispatcher__id`, A31); the sandbox joins it by name.
 */
export function dispatcherOf(data: SandboxData, order: Order): PersonRef | null {
	return data.dispatchers.find((dispatcher) => dispatcher.full_name === order.dispatcher__full_name) ?? null;
}

const ORDER_QUERY_SCHEMA = { ...ORDER_SCHEMA, dispatcher: { id: 'int', full_name: 'string' } } as const;

/**
 * The loads list: filtered and ordered with the dispatcher joined, served without it. Under
 * `loadsDispatcherId: false` only the published `dispatcher__full_name` is there to filter on.
 */
function listOrders(request: ApiRequest, store: SandboxStore) {
	const joined = store.data.orders.map((order) => ({ ...order, dispatcher: dispatcherOf(store.data, order), order }));
	const picked = filteredAndOrdered(joined, request, store, {
		list: 'loads',
		schema: store.config.loadsDispatcherId ? ORDER_QUERY_SCHEMA : ORDER_SCHEMA,
		published: ORDER_SCHEMA,
		defaultOrdering: DEFAULT_ORDER_ORDERING,
	});
	return pageReply('loads', picked.map((entry) => entry.order), request, store, CAPPED_PAGE_SIZE);
}

/** Newest first; same-second loads newest id first (a stable order the poller can rely on). */
export const DEFAULT_ORDER_ORDERING = '-created_datetime,-id';

const { string, decimal, integer, dateTime, choice, arrayOf, object, required } = rules;

/** docs/api-contract.md A10. */
const LOAD_CREATE_FIELDS = {
	load_id: string(),
	shipment_id: string(),
	customer: required(string({ minLength: 1 })),
	mc_number: integer(),
	load_pay: decimal(),
	weight: decimal(),
	goods: string(),
	equipment_type: string(),
	transportation_mode: string(),
	note: string(),
	tags: arrayOf(object({ name: required(string({ minLength: 1 })) })),
	stops: required(
		arrayOf(
			object({
				stop_type: required(choice(['pickup', 'delivery'])),
				company: string(),
				address1: string(),
				address2: string(),
				city: required(string({ minLength: 1 })),
				state: required(string({ minLength: 1 })),
				zip_code: string(),
				ready_time_start_date: dateTime(),
				ready_time_end_date: dateTime(),
				reference_id: string(),
				note: string(),
			}),
		),
	),
};
type LoadCreateBody = Validated<typeof LOAD_CREATE_FIELDS>;
type LoadCreateStop = LoadCreateBody['stops'][number];

function findOrder(store: SandboxStore, id: number): Order {
	const order = store.data.orders.find((o) => o.id === id);
	if (!order) throw notFound();
	return order;
}

/** A stop location from a creation body; coordinates come from the catalog when the city is known. */
function locationFromStop(stop: LoadCreateStop, id: number): StopLocation {
	const known = CITIES.find((c) => c.city.toLowerCase() === stop.city.toLowerCase() && c.state.toLowerCase() === stop.state.toLowerCase());
	return {
		id,
		company: stop.company ?? null,
		address1: stop.address1 ?? null,
		address2: stop.address2 ?? null,
		city: stop.city,
		state: stop.state,
		zip_code: stop.zip_code ?? known?.zip ?? null,
		contact_name: null,
		place_name: stop.company ? `${stop.company} - ${stop.city}` : null,
		latitude: known?.latitude ?? null,
		longitude: known?.longitude ?? null,
		is_active: true,
	};
}

function nextNestedIds(store: SandboxStore): { stop: number; location: number } {
	let stop = 0;
	let location = 0;
	for (const order of store.data.orders) {
		for (const s of order.stops) {
			stop = Math.max(stop, s.id);
			location = Math.max(location, s.location?.id ?? 0);
		}
	}
	return { stop: stop + 1, location: location + 1 };
}

/** A new booked load from an A10 body: no trip, no documents, appointments from the stops. */
function orderFromBody(body: LoadCreateBody, store: SandboxStore): Order {
	const mc = body.mc_number === undefined ? undefined : store.data.mcNumbers.find((m) => m.id === body.mc_number);
	if (body.mc_number !== undefined && !mc) throw badRequest(`mc_number: no motor carrier record has id ${body.mc_number}.`);
	const firstPickup = body.stops.find((s) => s.stop_type === 'pickup');
	const lastDelivery = [...body.stops].reverse().find((s) => s.stop_type === 'delivery');
	if (!firstPickup || !lastDelivery) throw badRequest('stops: a load needs at least one pickup stop and one delivery stop.');
	const id = nextId(store.data.orders);
	const ids = nextNestedIds(store);
	const stops: Stop[] = body.stops.map((stop, index) => ({
		id: ids.stop + index,
		order: id,
		stop_type: stop.stop_type === 'pickup' ? 'pickup' : 'delivery',
		location: locationFromStop(stop, ids.location + index),
		reference_id: stop.reference_id ?? null,
		proof_of_delivery: null,
		ready_time_start_date: stop.ready_time_start_date ? toIsoSeconds(parseIsoDateTime(stop.ready_time_start_date)) : null,
		ready_time_end_date: stop.ready_time_end_date ? toIsoSeconds(parseIsoDateTime(stop.ready_time_end_date)) : null,
		note: stop.note ?? null,
	}));
	const located = stops.flatMap((s) =>
		s.location?.latitude != null && s.location.longitude != null ? [{ latitude: s.location.latitude, longitude: s.location.longitude }] : [],
	);
	const miles = roadMiles(located);
	const loadPay = body.load_pay === undefined ? null : Number(body.load_pay);
	return {
		id,
		load_id: body.load_id ?? null,
		shipment_id: body.shipment_id ?? null,
		status: 'booked',
		load_pay: loadPay === null ? null : toDecimal(loadPay),
		total_miles: miles > 0 ? toDecimal(miles) : null,
		created_datetime: toIsoSeconds(store.now()),
		created_by__full_name: null,
		total_other_pay: '0.00',
		total_pay: loadPay === null ? null : toDecimal(loadPay),
		per_mile_revenue: loadPay !== null && miles > 0 ? toDecimal(loadPay / miles) : null,
		tags: (body.tags ?? []).map((t) => ({ name: t.name })),
		dispatcher__full_name: null,
		customer__company_name: body.customer,
		mc_number__company_name: mc?.company_name ?? null,
		office__office_name: null,
		pickup_appointment_time: stops[body.stops.indexOf(firstPickup)].ready_time_start_date,
		delivery_appointment_time: stops[body.stops.lastIndexOf(lastDelivery)].ready_time_start_date,
		pickup_time: null,
		delivery_time: null,
		stops,
		equipment_type: body.equipment_type ?? 'Dry Van',
		equipment_type_child: [],
		transportation_mode: body.transportation_mode ?? null,
		driver_requirements: [],
		additional_equipments: [],
		freight_requirements: [],
		freight_requirements_min_temperature: null,
		freight_requirements_max_temperature: null,
		estimated_mile: toDecimal(miles),
		estimated_time: Math.ceil(miles / 50),
		eta_detail: { on_time: true, eta_datetime: null },
		trip: null,
		batch_orders: null,
		assigned_driver_n_truck: { driver_full_name: null, truck_unit_number: null },
		assigned_carrier: null,
		is_flagged: false,
		flagging_reason: null,
		documents: [],
	};
}

/**
 * Control API: a realistic generated load, overridden by `partial`. `id` defaults to max + 1 and
 * `created_datetime` to now; both may be set to simulate late commits and same-second records.
 */
export function createLoad(store: SandboxStore, partial: Partial<Order> = {}): Order {
	if (!isPlainObject(partial)) throw badRequest('The load must be a JSON object.');
	const id = partial.id ?? nextId(store.data.orders);
	if (!Number.isInteger(id) || id < 1) throw badRequest('id: must be a positive integer.');
	if (store.data.orders.some((o) => o.id === id)) throw new ApiError(409, `A load with id ${id} already exists.`);
	const createdMs = partial.created_datetime === undefined ? store.now().getTime() : parseIsoDateTime(String(partial.created_datetime));
	if (Number.isNaN(createdMs)) throw badRequest('created_datetime: must be an ISO 8601 date-time.');
	const generated = store.generator.order(id, createdMs, store.now().getTime());
	const order: Order = { ...generated, ...partial, id, created_datetime: toIsoSeconds(createdMs) };
	store.data.orders.push(order);
	return order;
}

/** Control API: changes fields of an existing load in place (e.g. flags it, sets its delivery time). */
export function updateLoad(store: SandboxStore, id: number, patch: Partial<Order>): Order {
	if (!isPlainObject(patch)) throw badRequest('The patch must be a JSON object.');
	if ('id' in patch && patch.id !== id) throw badRequest('id: a load id cannot change.');
	const order = findOrder(store, id);
	Object.assign(order, patch);
	return order;
}

function createFromApi(request: ApiRequest, store: SandboxStore) {
	const body = validateBody(LOAD_CREATE_FIELDS, requireObjectBody(request.body));
	const order = orderFromBody(body, store);
	store.data.orders.push(order);
	return created(order);
}

export const orderRoutes: Route[] = [
	{
		method: 'GET',
		pattern: '/orders/',
		handler: listOrders,
	},
	{ method: 'POST', pattern: '/orders/create/', handler: createFromApi },
	// The spec writes /orders/{pk} without a slash; Django projects usually add one, so both answer.
	{ method: 'GET', pattern: '/orders/:pk', handler: (request, store) => ok(findOrder(store, Number(request.params.pk))) },
	{ method: 'GET', pattern: '/orders/:pk/', handler: (request, store) => ok(findOrder(store, Number(request.params.pk))) },
];
