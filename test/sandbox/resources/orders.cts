/**
 * Loads: GET /orders/ (spec 1), GET /orders/{pk} (A12), POST /orders/create/ (A10, A11; its stops and rate
 * confirmation as Datatruck's published page writes them), and the control API's createLoad/updateLoad.
 */
import { CITIES } from '../catalog.cts';
import { parseIsoDateTime, toIsoSeconds } from '../dates.cts';
import { ApiError, ApiReply, ApiRequest, badRequest, created, isPlainObject, notFound, ok, requireObjectBody } from '../http.cts';
import { CAPPED_PAGE_SIZE } from '../pagination.cts';
import { Route } from '../router.cts';
import { SchemaOf } from '../schema.cts';
import { roadMiles, toDecimal } from '../seed.cts';
import { nextId, SandboxStore } from '../store.cts';
import { keepReceivedFile } from '../documentFiles.cts';
import { Order, OrderDocument, PersonRef, SandboxData, Stop, StopLocation } from '../types.cts';
import { drfErrors, rules, validateBody, Validated } from '../validation.cts';
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
	const queried = {
		list: 'loads' as const,
		schema: store.config.loadsDispatcherId ? ORDER_QUERY_SCHEMA : ORDER_SCHEMA,
		published: ORDER_SCHEMA,
		defaultOrdering: DEFAULT_ORDER_ORDERING,
	};
	// Joined only when the query reaches into the relation: copying thousands of loads for every page made the
	// sandbox, not the node, most of a long list's time (and kept the query cache from ever matching).
	if (!queriesDispatcher(request)) return pageReply('loads', filteredAndOrdered(store.data.orders, request, store, queried), request, store, CAPPED_PAGE_SIZE);
	const byName = new Map(store.data.dispatchers.map((dispatcher) => [dispatcher.full_name, dispatcher]));
	const joined = store.data.orders.map((order) => ({ ...order, dispatcher: byName.get(order.dispatcher__full_name as string) ?? null, order }));
	const picked = filteredAndOrdered(joined, request, store, queried);
	return pageReply('loads', picked.map((entry) => entry.order), request, store, CAPPED_PAGE_SIZE);
}

/** Whether the filter or ordering names the dispatcher relation itself (`dispatcher__id`), not the load's own `dispatcher__full_name`. */
function queriesDispatcher(request: ApiRequest): boolean {
	const text = `${request.query.getAll('filter').join(' ')} ${request.query.getAll('ordering').join(' ')}`;
	return /dispatcher/.test(text.replace(/dispatcher__full_name/g, ''));
}

/** Newest first; same-second loads newest id first (a stable order the poller can rely on). */
export const DEFAULT_ORDER_ORDERING = '-created_datetime,-id';

const { string, decimal, integer, dateTime, choice, arrayOf, object, required } = rules;

/** docs/api-contract.md A10: the load's own fields, the same under both forms of the stop. */
const LOAD_FIELDS = {
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
	rate_confirmation: string(),
};

const STOP_TYPE = required(choice(['pickup', 'delivery']));

/**
 * `loadCreate: 'published'`: a stop as Datatruck's page writes it on creation (POST /orders/create/), each key
 * required as a DRF serializer makes its fields unless told otherwise, `seal_number` optional. Other keys (`city`,
 * `address1`, …) are ignored, as DRF ignores them.
 */
const PUBLISHED_STOP = {
	company_name: required(string({ minLength: 1 })),
	address: required(string({ minLength: 1 })),
	zip_code: required(string({ minLength: 1 })),
	enter_time: required(dateTime()),
	exit_time: required(dateTime()),
	reference_id: required(string({ minLength: 1 })),
	seal_number: string(),
	stop_type: STOP_TYPE,
};

/**
 * `loadCreate: 'spec'`: the published stop is the only description of a stop on creation, so it is accepted here
 * too, keys optional; beside it the form the spec's read shape suggested (`company`, `address1`, `city`, `state`,
 * `ready_time_*`). A stop needs an address: `address`, or `city` and `state`.
 */
const SPEC_STOP = {
	stop_type: STOP_TYPE,
	company_name: string(),
	address: string(),
	zip_code: string(),
	enter_time: dateTime(),
	exit_time: dateTime(),
	reference_id: string(),
	seal_number: string(),
	company: string(),
	address1: string(),
	address2: string(),
	city: string(),
	state: string(),
	ready_time_start_date: dateTime(),
	ready_time_end_date: dateTime(),
	note: string(),
};

const PUBLISHED_CREATE = { ...LOAD_FIELDS, stops: required(arrayOf(object(PUBLISHED_STOP))) };
const SPEC_CREATE = { ...LOAD_FIELDS, stops: required(arrayOf(object(SPEC_STOP))) };

type LoadCreateBody = Validated<typeof LOAD_FIELDS>;

/** A stop of either form, as the sandbox keeps it. */
interface NewStop {
	stop_type: string;
	company: string | null;
	address1: string | null;
	address2: string | null;
	city: string | null;
	state: string | null;
	zip_code: string | null;
	ready_from: string | null;
	ready_until: string | null;
	reference_id: string | null;
	note: string | null;
}

/**
 * The parts of a one-line US address: "1200 W 35th St, Chicago, IL 60609" → street, city, state, ZIP (what a real
 * Datatruck's geocoding would make of it). A line that does not end in "City, ST" or "City, ST 12345" stays the street.
 */
export function addressParts(line: string): { street: string | null; city: string | null; state: string | null; zip: string | null } {
	const parts = line.split(',').map((part) => part.trim()).filter(Boolean);
	const stateZip = /^([A-Za-z]{2})(?:\s+(\d{5}(?:-\d{4})?))?$/.exec(parts[parts.length - 1] ?? '');
	if (!stateZip || parts.length < 2) return { street: line.trim() || null, city: null, state: null, zip: null };
	return {
		street: parts.slice(0, -2).join(', ') || null,
		city: parts[parts.length - 2],
		state: stateZip[1].toUpperCase(),
		zip: stateZip[2] ?? null,
	};
}

const orNull = (value: string | undefined) => (value === undefined || value === '' ? null : value);

function stopFromBody(stop: Validated<typeof SPEC_STOP>): NewStop {
	const line = stop.address ? addressParts(stop.address) : undefined;
	return {
		stop_type: stop.stop_type,
		company: orNull(stop.company_name ?? stop.company),
		address1: line ? line.street : orNull(stop.address1),
		address2: orNull(stop.address2),
		city: line?.city ?? orNull(stop.city),
		state: line?.state ?? orNull(stop.state),
		zip_code: orNull(stop.zip_code) ?? line?.zip ?? null,
		ready_from: orNull(stop.enter_time ?? stop.ready_time_start_date),
		ready_until: orNull(stop.exit_time ?? stop.ready_time_end_date),
		reference_id: orNull(stop.reference_id),
		note: orNull(stop.note),
	};
}

/** `stops[i].city: this field is required.` for a spec-form stop with neither an address nor a city and state. */
function requireAddress(stops: Validated<typeof SPEC_STOP>[]): void {
	stops.forEach((stop, index) => {
		if (stop.address) return;
		for (const key of ['city', 'state'] as const) {
			if (!stop[key]) throw badRequest(`stops[${index}].${key}: this field is required (or give the whole address in stops[${index}].address).`);
		}
	});
}

/** A `rate_confirmation` that must hold a file: what it is, or why it is refused. */
type ReceivedFile = { link: string } | { bytes: Buffer; contentType: string; extension: string } | { problem: string };

export const RATE_CONFIRMATION_MAX_BYTES = 10 * 1024 * 1024;
/** Base64's alphabet and padding; a linear test, since a file is millions of characters long. */
const isBase64 = (text: string) => text.length % 4 === 0 && /^[A-Za-z0-9+/]*={0,2}$/.test(text);
const FILE_KINDS: Array<{ magic: number[]; contentType: string; extension: string }> = [
	{ magic: [0x25, 0x50, 0x44, 0x46, 0x2d], contentType: 'application/pdf', extension: 'pdf' },
	{ magic: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], contentType: 'image/png', extension: 'png' },
	{ magic: [0xff, 0xd8, 0xff], contentType: 'image/jpeg', extension: 'jpg' },
];

/** The published `rate_confirmation`: "the document as base64, or a public URL of the file" (an https one). */
function receivedFile(value: string): ReceivedFile {
	const text = value.trim();
	if (/^[a-z][a-z0-9+.-]*:\/\//i.test(text)) {
		let url: URL | undefined;
		try {
			url = new URL(text);
		} catch {
			url = undefined;
		}
		return url?.protocol === 'https:' ? { link: url.href } : { problem: 'Enter a valid https URL.' };
	}
	const base64 = text.replace(/^data:[^,]*;base64,/i, '').replace(/\s+/g, '');
	if (!base64 || !isBase64(base64)) return { problem: 'Upload a valid file: base64 of a PDF, PNG or JPEG, or an https URL.' };
	const bytes = Buffer.from(base64, 'base64');
	if (bytes.length > RATE_CONFIRMATION_MAX_BYTES) return { problem: 'The file is larger than 10 MB.' };
	const kind = FILE_KINDS.find(({ magic }) => magic.every((byte, index) => bytes[index] === byte));
	if (!kind) return { problem: 'The file is not a PDF, PNG or JPEG.' };
	return { bytes, contentType: kind.contentType, extension: kind.extension };
}

function findOrder(store: SandboxStore, id: number): Order {
	const order = store.data.orders.find((o) => o.id === id);
	if (!order) throw notFound();
	return order;
}

/** A stop location from a creation body; coordinates come from the catalog when the city is known. */
function locationFromStop(stop: NewStop, id: number): StopLocation {
	const known = CITIES.find((c) => c.city.toLowerCase() === stop.city?.toLowerCase() && c.state.toLowerCase() === stop.state?.toLowerCase());
	return {
		id,
		company: stop.company,
		address1: stop.address1,
		address2: stop.address2,
		city: stop.city,
		state: stop.state,
		zip_code: stop.zip_code ?? known?.zip ?? null,
		contact_name: null,
		place_name: stop.company ? `${stop.company} - ${stop.city ?? stop.address1}` : null,
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

/** A new booked load from an A10 body: no trip, its rate confirmation as its one document, appointments from the stops. */
function orderFromBody(body: LoadCreateBody, newStops: NewStop[], file: ReceivedFile | undefined, store: SandboxStore): Order {
	const mc = body.mc_number === undefined ? undefined : store.data.mcNumbers.find((m) => m.id === body.mc_number);
	if (body.mc_number !== undefined && !mc) throw badRequest(`mc_number: no motor carrier record has id ${body.mc_number}.`);
	const firstPickup = newStops.find((s) => s.stop_type === 'pickup');
	const lastDelivery = [...newStops].reverse().find((s) => s.stop_type === 'delivery');
	if (!firstPickup || !lastDelivery) throw badRequest('stops: a load needs at least one pickup stop and one delivery stop.');
	const id = nextId(store.data.orders);
	const ids = nextNestedIds(store);
	const stops: Stop[] = newStops.map((stop, index) => ({
		id: ids.stop + index,
		order: id,
		stop_type: stop.stop_type === 'pickup' ? 'pickup' : 'delivery',
		location: locationFromStop(stop, ids.location + index),
		reference_id: stop.reference_id,
		proof_of_delivery: null,
		ready_time_start_date: stop.ready_from ? toIsoSeconds(parseIsoDateTime(stop.ready_from)) : null,
		ready_time_end_date: stop.ready_until ? toIsoSeconds(parseIsoDateTime(stop.ready_until)) : null,
		note: stop.note,
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
		pickup_appointment_time: stops[newStops.indexOf(firstPickup)].ready_time_start_date,
		delivery_appointment_time: stops[newStops.lastIndexOf(lastDelivery)].ready_time_start_date,
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
		documents: file ? [rateConfirmationDocument(store, id, file)] : [],
	};
}

/**
 * The received rate confirmation as the load's document: a link as given, a file kept and served by the storage
 * host under a signed link (`sandbox.documents.fileAt(link)` gives back the bytes received).
 */
function rateConfirmationDocument(store: SandboxStore, orderId: number, file: ReceivedFile): OrderDocument {
	let link: string;
	if ('link' in file) link = file.link;
	else if ('bytes' in file) {
		const fileName = keepReceivedFile(orderId, 'rate_confirmation', file.extension, { bytes: file.bytes, contentType: file.contentType });
		link = store.documentLink?.(orderId, fileName) ?? `https://files.datatruck.example/orders/${orderId}/${fileName}`;
	} else throw new Error(file.problem);
	return { file_type: 'rate_confirmation', file_link: link, uploaded_by: null, uploaded_at: toIsoSeconds(store.now()) };
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

/**
 * POST /orders/create/. Under `loadCreate: 'published'` the body is checked as DRF checks it, every error at once in
 * DRF's nested form (`{"stops": [{"company_name": ["This field is required."]}]}`); under 'spec' with the sandbox's
 * `{error, message}`, the first error.
 */
function createFromApi(request: ApiRequest, store: SandboxStore): ApiReply {
	const raw = requireObjectBody(request.body);
	const published = store.config.loadCreate === 'published';
	if (published) {
		const errors = drfErrors(PUBLISHED_CREATE, raw);
		if (errors) return { status: 400, body: errors };
	}
	const body = published ? validateBody(PUBLISHED_CREATE, raw) : validateBody(SPEC_CREATE, raw);
	if (!published) requireAddress(body.stops as Validated<typeof SPEC_STOP>[]);
	const file = body.rate_confirmation === undefined ? undefined : receivedFile(body.rate_confirmation);
	if (file && 'problem' in file) {
		if (published) return { status: 400, body: { rate_confirmation: [file.problem] } };
		throw badRequest(`rate_confirmation: ${file.problem}`);
	}
	const order = orderFromBody(body, (body.stops as Validated<typeof SPEC_STOP>[]).map(stopFromBody), file, store);
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
