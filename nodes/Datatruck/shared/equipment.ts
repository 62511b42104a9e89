import type {
	IDataObject,
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';
import {
	additionalFieldsProperty,
	BODY_FROM_FIELDS,
	type BodyField,
	bodyModeProperties,
	fieldFor,
	flatBody,
	inBodyMode,
} from './fields';
import { returnAllAndLimit, showFor } from './descriptions';
import type { ListShape } from './lists';
import { datatruckOperation } from './route';

/**
 * Trailers and trucks: the same list query (`search`, `status`; docs/api-contract.md A3, A4) and
 * the same creation body (A13), which the API does not publish: a flat JSON object with
 * `unit_number` (required), `vin`, `make`, `model`, `year`, `plate_number`, `state` and `status`.
 */
export interface EquipmentKind {
	/** The resource value, e.g. `trailer`. */
	resource: string;
	/** In words: `trailer`, `truck`. */
	noun: string;
	plural: string;
	/** e.g. `/trailers/` (the list is `list/` under it, creation `create/`). */
	basePath: string;
	list: ListShape;
	unitExample: string;
}

/** The status Datatruck is known to use for equipment; other statuses are typed as expressions. */
const STATUS_OPTIONS: INodePropertyOptions[] = [{ name: 'Active', value: 'Active' }];

function statusProperty(description: string): INodeProperties {
	return {
		displayName: 'Status',
		name: 'status',
		type: 'options',
		options: STATUS_OPTIONS,
		default: 'Active',
		description: `${description} Active is the value Datatruck is known to use; another (e.g. In Shop) can be given as an expression and is sent as written`,
	};
}

/** preSend: Search and Status become the `search` and `status` query parameters when filled in. */
async function applySearchAndStatus(
	this: IExecuteSingleFunctions,
	requestOptions: IHttpRequestOptions,
): Promise<IHttpRequestOptions> {
	const filters = this.getNodeParameter('filters', {}) as { search?: unknown; status?: unknown };
	const qs = { ...(requestOptions.qs as IDataObject) };
	for (const key of ['search', 'status'] as const) {
		const value = filters[key] === undefined || filters[key] === null ? '' : String(filters[key]).trim();
		if (value) qs[key] = value;
	}
	requestOptions.qs = qs;
	return requestOptions;
}

export function equipmentGetMany(kind: EquipmentKind, description: string) {
	const display = showFor(kind.resource, 'getMany');
	const operation = datatruckOperation({
		name: 'Get Many',
		value: 'getMany',
		action: `Get many ${kind.plural}`,
		description,
		method: 'GET',
		path: `${kind.basePath}list/`,
		list: kind.list,
		preSend: [applySearchAndStatus],
	});
	const fields: INodeProperties[] = [
		...returnAllAndLimit(display),
		{
			displayName: 'Filters',
			name: 'filters',
			type: 'collection',
			placeholder: 'Add Filter',
			default: {},
			displayOptions: display,
			options: [
				{
					displayName: 'Search',
					name: 'search',
					type: 'string',
					default: '',
					placeholder: `e.g. ${kind.unitExample}`,
					description: `Text to look for, ignoring upper and lower case, in the ${kind.noun}'s unit number, plate number, VIN, make and model`,
				},
				statusProperty(`Only ${kind.plural} with exactly this status.`),
			],
		},
	];
	return { operation, fields };
}

/** The form fields of a creation, besides Unit Number; `extra` adds the kind's own (e.g. trailer type). */
function equipmentOptions(kind: EquipmentKind, extra: INodeProperties[]): INodeProperties[] {
	const options: INodeProperties[] = [
		{
			displayName: 'Make',
			name: 'make',
			type: 'string',
			default: '',
			placeholder: kind.resource === 'truck' ? 'e.g. Freightliner' : 'e.g. Utility',
			description: `The ${kind.noun}'s manufacturer`,
		},
		{
			displayName: 'Model',
			name: 'model',
			type: 'string',
			default: '',
			placeholder: kind.resource === 'truck' ? 'e.g. Cascadia' : 'e.g. 4000D-X',
			description: `The ${kind.noun}'s model`,
		},
		{
			displayName: 'Plate Number',
			name: 'plateNumber',
			type: 'string',
			default: '',
			placeholder: 'e.g. P832114',
			description: 'The license plate number',
		},
		{
			displayName: 'Plate State',
			name: 'state',
			type: 'string',
			default: '',
			placeholder: 'e.g. IL',
			description: 'The US state (two letters) the plate is registered in',
		},
		statusProperty(`The ${kind.noun}'s status in Datatruck.`),
		{
			displayName: 'VIN',
			name: 'vin',
			type: 'string',
			default: '',
			placeholder: 'e.g. 1FUJGLDR7CLBP8834',
			description: 'The 17-character vehicle identification number',
		},
		{
			displayName: 'Year',
			name: 'year',
			type: 'number',
			default: 0,
			description: 'The model year as a whole number, e.g. 2021',
		},
		...extra,
	];
	return options;
}

const unitNumber: INodeProperties = {
	displayName: 'Unit Number',
	name: 'unitNumber',
	type: 'string',
	default: '',
	description: "The fleet's own number for the unit, unique in the company",
};

export function equipmentCreate(kind: EquipmentKind, extra: { properties: INodeProperties[]; body: BodyField[] }) {
	const display = showFor(kind.resource, 'create');
	const options = equipmentOptions(kind, extra.properties);
	const option = (name: string) => options.find((property) => property.name === name)!;
	const body: BodyField[] = [
		fieldFor(unitNumber, 'unit_number', 'text', kind.unitExample, true),
		fieldFor(option('make'), 'make', 'text', 'Freightliner'),
		fieldFor(option('model'), 'model', 'text', 'Cascadia'),
		fieldFor(option('plateNumber'), 'plate_number', 'text', 'P832114'),
		fieldFor(option('state'), 'state', 'text', 'IL'),
		fieldFor(option('status'), 'status', 'text', 'Active'),
		fieldFor(option('vin'), 'vin', 'text', '1FUJGLDR7CLBP8834'),
		fieldFor(option('year'), 'year', 'positiveInteger', '2021'),
		...extra.body,
	];
	const jsonExample: IDataObject = { unit_number: kind.unitExample, vin: '1FUJGLDR7CLBP8834', make: 'Freightliner', year: 2021, status: 'Active' };
	const operation = datatruckOperation({
		name: 'Create',
		value: 'create',
		action: `Create a ${kind.noun}`,
		description: `Add a ${kind.noun} to the fleet by unit number, with VIN, make, model, year, plate and status if known. Returns the created ${kind.noun}. Datatruck does not publish this operation's fields: the node sends the fields it lists (flat JSON), and Using JSON can send others.`,
		method: 'POST',
		path: `${kind.basePath}create/`,
		preSend: [flatBody(body, JSON.stringify(jsonExample))],
	});
	const fieldsMode = inBodyMode(display, BODY_FROM_FIELDS);
	const fields: INodeProperties[] = [
		...bodyModeProperties(display, kind.noun, jsonExample),
		{
			...unitNumber,
			required: true,
			placeholder: `e.g. ${kind.unitExample}`,
			displayOptions: fieldsMode,
		},
		additionalFieldsProperty(fieldsMode, options),
	];
	return { operation, fields };
}
