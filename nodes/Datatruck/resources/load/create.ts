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

/*
 * The creation body is not published (docs/api-contract.md A10): a flat JSON object with the load's
 * fields and `stops` ([{stop_type, company, address1, …}]); `customer` and at least one pickup and
 * one delivery stop, each with city and state, are required. The reply is the created load (A11).
 */

const display = showFor('load', 'create');
const fieldsMode = inBodyMode(display, BODY_FROM_FIELDS);

const JSON_EXAMPLE: IDataObject = {
	customer: 'Coyote Logistics',
	load_id: 'LD-20931',
	load_pay: '2450.00',
	stops: [
		{ stop_type: 'pickup', city: 'Chicago', state: 'IL', ready_time_start_date: '2026-11-21T08:00:00Z' },
		{ stop_type: 'delivery', city: 'Dallas', state: 'TX', ready_time_start_date: '2026-11-23T14:00:00Z' },
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
		displayName: 'Company',
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
		placeholder: 'e.g. 2200 S Halsted St',
		description: 'Street address',
	},
	{
		displayName: 'Address 2',
		name: 'address2',
		type: 'string',
		default: '',
		placeholder: 'e.g. Dock 4',
		description: 'Suite, building or dock',
	},
	{
		displayName: 'City',
		name: 'city',
		type: 'string',
		default: '',
		placeholder: 'e.g. Chicago',
		description: 'City of the stop (required)',
	},
	{
		displayName: 'State',
		name: 'state',
		type: 'string',
		default: '',
		placeholder: 'e.g. IL',
		description: 'US state of the stop, two letters (required)',
	},
	{
		displayName: 'ZIP Code',
		name: 'zipCode',
		type: 'string',
		default: '',
		placeholder: 'e.g. 60608',
	},
	{
		displayName: 'Ready From',
		name: 'readyFrom',
		type: 'dateTime',
		default: '',
		description: 'Start of the appointment window at this stop; a time without a zone is read as UTC',
	},
	{
		displayName: 'Ready Until',
		name: 'readyUntil',
		type: 'dateTime',
		default: '',
		description: 'End of the appointment window at this stop; a time without a zone is read as UTC',
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
		displayName: 'Note',
		name: 'note',
		type: 'string',
		default: '',
		placeholder: 'e.g. Call 30 minutes before arrival',
		description: 'Instructions for the driver at this stop',
	},
];

const stopValue = (name: string) => stopValues.find((property) => property.name === name)!;

const STOP_BODY: BodyField[] = [
	fieldFor(stopValue('stopType'), 'stop_type', 'text', 'pickup', true),
	fieldFor(stopValue('company'), 'company', 'text', 'Midwest Cold Storage'),
	fieldFor(stopValue('address1'), 'address1', 'text', '2200 S Halsted St'),
	fieldFor(stopValue('address2'), 'address2', 'text', 'Dock 4'),
	fieldFor(stopValue('city'), 'city', 'text', 'Chicago', true),
	fieldFor(stopValue('state'), 'state', 'text', 'IL', true),
	fieldFor(stopValue('zipCode'), 'zip_code', 'text', '60608'),
	fieldFor(stopValue('readyFrom'), 'ready_time_start_date', 'dateTime', '2026-11-21T08:00:00Z'),
	fieldFor(stopValue('readyUntil'), 'ready_time_end_date', 'dateTime', '2026-11-21T12:00:00Z'),
	fieldFor(stopValue('referenceId'), 'reference_id', 'text', 'PU-88412'),
	fieldFor(stopValue('note'), 'note', 'text', 'Call 30 minutes before arrival'),
];

const READY_UNTIL = STOP_BODY.find((field) => field.key === 'ready_time_end_date')!;

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

/** Stops as the API wants them, and the rules a load's route must meet, checked before sending. */
function checkedStops(check: ParameterCheck, raw: unknown, fromJson: boolean): IDataObject[] {
	const where = fromJson ? 'JSON Body › stops' : 'Stops';
	if (!Array.isArray(raw) || raw.length === 0) {
		check.fail(where, 'needs at least one pickup stop and one delivery stop', fromJson ? JSON.stringify(JSON_EXAMPLE.stops) : 'a Pickup stop in Chicago, IL and a Delivery stop in Dallas, TX');
	}
	const stops = (raw as unknown[]).map((stop, index) => {
		const labelOf: FieldLabel = fromJson
			? (field) => `JSON Body › stops[${index}].${field.key}`
			: (field) => `Stops › Stop ${index + 1} › ${field.label}`;
		if (!stop || typeof stop !== 'object' || Array.isArray(stop)) {
			check.fail(fromJson ? `JSON Body › stops[${index}]` : `Stops › Stop ${index + 1}`, 'must be an object with stop_type, city and state', '{"stop_type": "pickup", "city": "Chicago", "state": "IL"}');
		}
		const checked = checkedBody(check, stop as IDataObject, STOP_BODY, labelOf);
		// Pickup and delivery are Datatruck's lower-case values whatever the case typed.
		const type = String(checked.stop_type).toLowerCase();
		if (type === 'pickup' || type === 'delivery') checked.stop_type = type;
		const from = checked.ready_time_start_date as string | undefined;
		const until = checked.ready_time_end_date as string | undefined;
		if (from && until && Date.parse(until) < Date.parse(from)) {
			check.fail(labelOf(READY_UNTIL), `${until} is before Ready From (${from})`, '2026-11-21T12:00:00Z');
		}
		return checked;
	});
	for (const type of ['pickup', 'delivery']) {
		if (!stops.some((stop) => stop.stop_type === type)) {
			check.fail(where, `needs at least one ${type} stop`, 'a Pickup stop in Chicago, IL and a Delivery stop in Dallas, TX');
		}
	}
	return stops;
}

/** preSend: the load body from the form or JSON Body, checked field by field either way. */
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
	requestOptions.body = body;
	return requestOptions;
}

export const loadCreateOperation = datatruckOperation({
	name: 'Create',
	value: 'create',
	action: 'Create a load',
	description:
		'Book a new load for a customer with its pickup and delivery stops, and optionally its load number, pay, weight, goods, equipment and tags. Returns the created load. Datatruck does not publish this operation\'s fields: the node sends the fields it lists, and Using JSON can send others.',
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
		description: 'The route in order: at least one pickup and one delivery, each with city and state',
		options: [{ name: 'stop', displayName: 'Stop', values: stopValues }],
	},
	additionalFieldsProperty(fieldsMode, additionalFields),
];
