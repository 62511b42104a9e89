import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions, INodeProperties } from 'n8n-workflow';
import {
	ADDITIONAL_FIELDS,
	additionalFieldsProperty,
	BODY_FROM_FIELDS,
	type BodyField,
	bodyIsJson,
	bodyModeProperties,
	checkedBody,
	fieldFor,
	type FieldLabel,
	formBody,
	formLabel,
	groupEntries,
	inBodyMode,
	jsonBodyParameter,
	jsonLabel,
	ParameterCheck,
	toApiKeys,
} from '../../shared/fields';
import { showFor } from '../../shared/descriptions';
import { datatruckOperation } from '../../shared/route';
import { rateConfirmationFields, rateConfirmationValue } from './rateConfirmation';

/*
 * The creation body as Datatruck's published page shows it (POST /orders/create/, docs/api-contract.md A10): a flat
 * JSON object with the load's fields, `rate_confirmation` (rateConfirmation.ts) and `stops` written as
 * [{stop_type, company_name, address, zip_code, enter_time, exit_time, reference_id, seal_number}]. A stop has no
 * city or state key: City, State and ZIP Code typed apart are joined into `address` ("1200 W 35th St, Chicago, IL
 * 60609"), and the ZIP code is sent as `zip_code` too. `customer` and at least one pickup and one delivery stop,
 * each with an address, are checked before sending. The reply is the created load (A11).
 */

const display = showFor('load', 'create');
const fieldsMode = inBodyMode(display, BODY_FROM_FIELDS);

const JSON_EXAMPLE: IDataObject = {
	customer: 'Coyote Logistics',
	load_id: 'LD-20931',
	load_pay: '2450.00',
	stops: [
		{
			stop_type: 'pickup',
			company_name: 'Midwest Cold Storage',
			address: '1200 W 35th St, Chicago, IL 60609',
			zip_code: '60609',
			enter_time: '2026-11-21T08:00:00Z',
			exit_time: '2026-11-21T12:00:00Z',
			reference_id: 'PU-88412',
		},
		{
			stop_type: 'delivery',
			company_name: 'Lone Star Foods',
			address: '2500 N Stemmons Fwy, Dallas, TX 75207',
			zip_code: '75207',
			enter_time: '2026-11-23T14:00:00Z',
			exit_time: '2026-11-23T18:00:00Z',
			reference_id: 'PO-55120',
		},
	],
};

const customer: INodeProperties = {
	displayName: 'Customer',
	name: 'customer',
	type: 'string',
	required: true,
	default: '',
	placeholder: 'e.g. Coyote Logistics',
	description: 'The company name of the customer (broker or shipper) the load is for',
	displayOptions: fieldsMode,
};

const stopValues: INodeProperties[] = [
	{
		displayName: 'Stop Type',
		name: 'stopType',
		type: 'options',
		options: [
			{ name: 'Delivery', value: 'delivery', description: 'Freight is dropped off here' },
			{ name: 'Pickup', value: 'pickup', description: 'Freight is picked up here' },
		],
		default: 'pickup',
		description: 'Whether freight is picked up or delivered at this stop. Another type can be given as an expression.',
	},
	{
		displayName: 'Company Name',
		name: 'company',
		type: 'string',
		default: '',
		placeholder: 'e.g. Midwest Cold Storage',
		description: 'The shipper or receiver at this stop',
	},
	{
		displayName: 'Address',
		name: 'address1',
		type: 'string',
		default: '',
		placeholder: 'e.g. 1200 W 35th St',
		description:
			'Street address. City, State and ZIP Code are added after it, so Datatruck gets one line such as "1200 W 35th St, Chicago, IL 60609"; the whole line can also be typed here.',
	},
	{
		displayName: 'Address 2',
		name: 'address2',
		type: 'string',
		default: '',
		placeholder: 'e.g. Building B',
		description: 'Suite or building, added after the street',
	},
	{
		displayName: 'City',
		name: 'city',
		type: 'string',
		default: '',
		placeholder: 'e.g. Chicago',
		description: 'City of the stop (needed unless Address holds the whole address)',
	},
	{
		displayName: 'State',
		name: 'state',
		type: 'string',
		default: '',
		placeholder: 'e.g. IL',
		description: 'US state of the stop, two letters (needed unless Address holds the whole address)',
	},
	{
		displayName: 'ZIP Code',
		name: 'zipCode',
		type: 'string',
		default: '',
		placeholder: 'e.g. 60609',
	},
	{
		displayName: 'Ready From',
		name: 'readyFrom',
		type: 'dateTime',
		default: '',
		description: "Start of the appointment window at this stop; a time without a zone is read in the workflow's time zone",
	},
	{
		displayName: 'Ready Until',
		name: 'readyUntil',
		type: 'dateTime',
		default: '',
		description: "End of the appointment window at this stop; a time without a zone is read in the workflow's time zone",
	},
	{
		displayName: 'Reference',
		name: 'referenceId',
		type: 'string',
		default: '',
		placeholder: 'e.g. PU-88412',
		description: 'Pickup or delivery number the facility knows this stop by',
	},
	{
		displayName: 'Seal Number',
		name: 'sealNumber',
		type: 'string',
		default: '',
		placeholder: 'e.g. SL-448213',
		description: "The number on the trailer door's seal, as the bill of lading shows it",
	},
	{
		displayName: 'Note',
		name: 'note',
		type: 'string',
		default: '',
		placeholder: 'e.g. Call 30 minutes before arrival',
		description: "Instructions for the driver at this stop. Datatruck's published create page lists no stop note, so a Datatruck that follows it may not keep it.",
	},
];

const stopValue = (name: string) => stopValues.find((property) => property.name === name)!;

/**
 * A stop's values under Datatruck's published keys, and the parts the node joins into `address` (`address2`, `city`,
 * `state`: never sent as such). The same table checks a stop from the form and from JSON Body.
 */
const STOP_BODY: BodyField[] = [
	fieldFor(stopValue('stopType'), 'stop_type', 'text', 'pickup', true),
	fieldFor(stopValue('company'), 'company_name', 'text', 'Midwest Cold Storage'),
	fieldFor(stopValue('address1'), 'address', 'text', '1200 W 35th St'),
	fieldFor(stopValue('address2'), 'address2', 'text', 'Building B'),
	fieldFor(stopValue('city'), 'city', 'text', 'Chicago'),
	fieldFor(stopValue('state'), 'state', 'text', 'IL'),
	fieldFor(stopValue('zipCode'), 'zip_code', 'text', '60609'),
	fieldFor(stopValue('readyFrom'), 'enter_time', 'dateTime', '2026-11-21T08:00:00Z'),
	fieldFor(stopValue('readyUntil'), 'exit_time', 'dateTime', '2026-11-21T12:00:00Z'),
	fieldFor(stopValue('referenceId'), 'reference_id', 'text', 'PU-88412'),
	fieldFor(stopValue('sealNumber'), 'seal_number', 'text', 'SL-448213'),
	fieldFor(stopValue('note'), 'note', 'text', 'Call 30 minutes before arrival'),
];

const stopField = (key: string) => STOP_BODY.find((field) => field.key === key)!;

/** JSON Body keys of the form this node sent before Datatruck published its own, read as the published ones. */
const EARLIER_STOP_KEYS: Record<string, string> = {
	company: 'company_name',
	address1: 'address',
	ready_time_start_date: 'enter_time',
	ready_time_end_date: 'exit_time',
};

const additionalFields: INodeProperties[] = [
	{
		displayName: 'Equipment Type',
		name: 'equipmentType',
		type: 'string',
		default: '',
		placeholder: 'e.g. Dry Van',
		description: 'The trailer equipment the load needs, e.g. Dry Van, Reefer or Flatbed',
	},
	{
		displayName: 'Goods',
		name: 'goods',
		type: 'string',
		default: '',
		placeholder: 'e.g. Frozen poultry',
		description: 'What the freight is',
	},
	{
		displayName: 'Load ID',
		name: 'loadId',
		type: 'string',
		default: '',
		placeholder: 'e.g. LD-20931',
		description: "The load's own number (e.g. the broker's load number), not the Datatruck ID",
	},
	{
		displayName: 'Load Pay',
		name: 'loadPay',
		type: 'string',
		default: '',
		placeholder: 'e.g. 2450.00',
		description: 'What the customer pays for the load, in US dollars; sent as a decimal string so no cent is lost',
	},
	{
		displayName: 'MC Number ID',
		name: 'mcNumber',
		type: 'number',
		default: 0,
		description:
			"Datatruck's numeric ID of the motor carrier (MC number) record the load is booked under, e.g. 1; not the MC number itself",
	},
	{
		displayName: 'Note',
		name: 'note',
		type: 'string',
		default: '',
		placeholder: 'e.g. Driver must have TWIC card',
		description: 'A note on the whole load',
	},
	{
		displayName: 'Shipment ID',
		name: 'shipmentId',
		type: 'string',
		default: '',
		placeholder: 'e.g. SHP-77120',
		description: "The shipper's shipment number",
	},
	{
		displayName: 'Tags',
		name: 'tags',
		type: 'string',
		default: '',
		placeholder: 'e.g. Hot, Team',
		description: 'Tag names separated by commas',
	},
	{
		displayName: 'Transportation Mode',
		name: 'transportationMode',
		type: 'string',
		default: '',
		placeholder: 'e.g. FTL',
		description: 'How the load moves, e.g. FTL (full truckload) or LTL (less than truckload)',
	},
	{
		displayName: 'Weight',
		name: 'weight',
		type: 'string',
		default: '',
		placeholder: 'e.g. 42000',
		description: 'Freight weight in pounds (lb); sent as a decimal string',
	},
];

const additionalField = (name: string) => additionalFields.find((property) => property.name === name)!;

const LOAD_BODY: BodyField[] = [
	fieldFor(customer, 'customer', 'text', 'Coyote Logistics', true),
	fieldFor(additionalField('equipmentType'), 'equipment_type', 'text', 'Dry Van'),
	fieldFor(additionalField('goods'), 'goods', 'text', 'Frozen poultry'),
	fieldFor(additionalField('loadId'), 'load_id', 'text', 'LD-20931'),
	fieldFor(additionalField('loadPay'), 'load_pay', 'decimal', '2450.00'),
	fieldFor(additionalField('mcNumber'), 'mc_number', 'positiveInteger', '1'),
	fieldFor(additionalField('note'), 'note', 'text', 'Driver must have TWIC card'),
	fieldFor(additionalField('shipmentId'), 'shipment_id', 'text', 'SHP-77120'),
	fieldFor(additionalField('transportationMode'), 'transportation_mode', 'text', 'FTL'),
	fieldFor(additionalField('weight'), 'weight', 'decimal', '42000'),
];

/** Tags as `[{name}]`, from "Hot, Team" or from a list of names or `{name}` objects. */
function tagList(check: ParameterCheck, raw: unknown, label: string): IDataObject[] {
	const entries = Array.isArray(raw) ? raw : String(raw).split(',');
	const names = entries.map((entry) => {
		const name = entry && typeof entry === 'object' ? (entry as IDataObject).name : entry;
		if (name !== undefined && name !== null && typeof name === 'object') check.fail(label, 'each tag must be a name', 'Hot, Team');
		return name === undefined || name === null ? '' : String(name).trim();
	});
	if (names.some((name) => !name) && Array.isArray(raw)) check.fail(label, 'a tag has no name', '[{"name": "Hot"}]');
	return names.filter(Boolean).map((name) => ({ name }));
}

/**
 * One address line from its parts: "1200 W 35th St, Building B, Chicago, IL 60609". A street that already holds the
 * rest (", Chicago"; without a city, the ZIP code or ", IL") is taken as the whole line, so nothing is written twice.
 */
export function addressLine(street: string, unit: string, city: string, state: string, zip: string): string {
	const tail = [city, [state, zip].filter(Boolean).join(' ')].filter(Boolean).join(', ');
	const lower = street.toLowerCase();
	const holds = (part: string) => part !== '' && lower.includes(part.toLowerCase());
	const whole = street !== '' && (city ? holds(`, ${city}`) : holds(zip) || holds(`, ${state}`));
	return [street, unit, whole ? '' : tail].filter(Boolean).join(', ');
}

/** One stop as Datatruck's published page writes it; a key the node does not know (JSON Body) is passed on. */
function publishedStop(check: ParameterCheck, stop: IDataObject, labelOf: FieldLabel): IDataObject {
	const text = (key: string) => (stop[key] === undefined ? '' : String(stop[key]));
	if (!text('address')) {
		// Without a street, City and State are the least a driver can be sent to.
		for (const key of ['city', 'state']) {
			if (!text(key)) {
				const field = stopField(key);
				check.fail(labelOf(field), 'must not be empty', `${field.example} (or the whole address in ${labelOf(stopField('address'))})`);
			}
		}
	}
	const out: IDataObject = { ...stop, address: addressLine(text('address'), text('address2'), text('city'), text('state'), text('zip_code')) };
	for (const part of ['address2', 'city', 'state']) delete out[part];
	// Pickup and delivery are Datatruck's lower-case values whatever the case typed.
	const type = String(out.stop_type).toLowerCase();
	if (type === 'pickup' || type === 'delivery') out.stop_type = type;
	const from = out.enter_time as string | undefined;
	const until = out.exit_time as string | undefined;
	if (from && until && Date.parse(until) < Date.parse(from)) {
		check.fail(labelOf(stopField('exit_time')), `${until} is before ${labelOf(stopField('enter_time')).split(' › ').pop()} (${from})`, '2026-11-21T12:00:00Z');
	}
	return out;
}

/** Stops as the API wants them, and the rules a load's route must meet, checked before sending. */
function checkedStops(check: ParameterCheck, raw: unknown, fromJson: boolean): IDataObject[] {
	const where = fromJson ? 'JSON Body › stops' : 'Stops';
	const route = 'a Pickup stop in Chicago, IL and a Delivery stop in Dallas, TX';
	if (!Array.isArray(raw) || raw.length === 0) {
		check.fail(where, 'needs at least one pickup stop and one delivery stop', fromJson ? JSON.stringify(JSON_EXAMPLE.stops) : route);
	}
	const stops = (raw as unknown[]).map((stop, index) => {
		const labelOf: FieldLabel = fromJson
			? (field) => `JSON Body › stops[${index}].${field.key}`
			: (field) => `Stops › Stop ${index + 1} › ${field.label}`;
		if (!stop || typeof stop !== 'object' || Array.isArray(stop)) {
			check.fail(fromJson ? `JSON Body › stops[${index}]` : `Stops › Stop ${index + 1}`, 'must be an object with stop_type and address', JSON.stringify((JSON_EXAMPLE.stops as IDataObject[])[0]));
		}
		const given = { ...(stop as IDataObject) };
		for (const [earlier, key] of Object.entries(EARLIER_STOP_KEYS)) {
			if (given[earlier] !== undefined && given[key] === undefined) given[key] = given[earlier];
			delete given[earlier];
		}
		return publishedStop(check, checkedBody(check, given, STOP_BODY, labelOf), labelOf);
	});
	for (const type of ['pickup', 'delivery']) {
		if (!stops.some((stop) => stop.stop_type === type)) check.fail(where, `needs at least one ${type} stop`, route);
	}
	return stops;
}

/** preSend: the load body from the form or JSON Body, checked field by field either way, with its rate confirmation. */
async function loadBody(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions): Promise<IHttpRequestOptions> {
	const check = ParameterCheck.forItem(this);
	const fromJson = bodyIsJson(this);
	let raw: IDataObject;
	if (fromJson) {
		raw = jsonBodyParameter(this, check, JSON.stringify(JSON_EXAMPLE));
	} else {
		raw = formBody(this, LOAD_BODY);
		raw.stops = groupEntries(this.getNodeParameter('stops', {}), 'stop').map((stop) => toApiKeys(stop, STOP_BODY));
		const tags = (this.getNodeParameter(ADDITIONAL_FIELDS, {}) as IDataObject).tags;
		if (tags !== undefined && tags !== '') raw.tags = tags;
	}
	const body = checkedBody(check, raw, LOAD_BODY, fromJson ? jsonLabel : formLabel);
	body.stops = checkedStops(check, raw.stops, fromJson);
	if (body.tags !== undefined) {
		body.tags = tagList(check, body.tags, fromJson ? 'JSON Body › tags' : 'Additional Fields › Tags');
		if (!(body.tags as IDataObject[]).length) delete body.tags;
	}
	const rateConfirmation = await rateConfirmationValue(this, check, body.rate_confirmation);
	if (rateConfirmation === undefined) delete body.rate_confirmation;
	else body.rate_confirmation = rateConfirmation;
	requestOptions.body = body;
	return requestOptions;
}

export const loadCreateOperation = datatruckOperation({
	name: 'Create',
	value: 'create',
	action: 'Create a load',
	description:
		"Book a new load for a customer with its pickup and delivery stops, and optionally its rate confirmation, load number, pay, weight, goods, equipment and tags. Returns the created load. Using JSON can send fields the form does not list.",
	method: 'POST',
	path: '/orders/create/',
	preSend: [loadBody],
});

export const loadCreateFields: INodeProperties[] = [
	...bodyModeProperties(display, 'load', JSON_EXAMPLE),
	customer,
	{
		displayName: 'Stops',
		name: 'stops',
		type: 'fixedCollection',
		placeholder: 'Add Stop',
		required: true,
		typeOptions: { multipleValues: true, sortable: true },
		default: {},
		displayOptions: fieldsMode,
		description: 'The route in order: at least one pickup and one delivery, each with its address',
		options: [{ name: 'stop', displayName: 'Stop', values: stopValues }],
	},
	...rateConfirmationFields(display),
	additionalFieldsProperty(fieldsMode, additionalFields),
];
