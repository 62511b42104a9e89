import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions, INodeProperties } from 'n8n-workflow';
import {
	BODY_FROM_JSON,
	type BodyValueKind,
	filledIn,
	groupEntries,
	jsonObject,
	ParameterCheck,
	typedBodyValue,
} from '../../shared/fields';
import { locatorValue } from '../../shared/pickers';
import { procedureName, type UnitKind } from './procedureNames';

/** One body field: the form parameter it comes from, its JSON type, and an example for messages. */
interface FieldSpec {
	name: string;
	kind: BodyValueKind;
	example: string;
	required?: boolean;
}

/** The scalar body fields (API key → form field in Additional Fields). */
const SCALARS: Record<string, FieldSpec> = {
	assigned_to: { name: 'assignedTo', kind: 'text', example: 'Tony Mechanic' },
	fee_total_price: { name: 'feeTotalPrice', kind: 'decimal', example: '45.00' },
	invoice_id: { name: 'invoiceId', kind: 'text', example: 'VINV-20431' },
	location: { name: 'location', kind: 'text', example: 'Joliet, IL' },
	odometer: { name: 'odometer', kind: 'integer', example: '412870' },
	payment_type: { name: 'paymentType', kind: 'text', example: 'Company' },
	reference_number: { name: 'referenceNumber', kind: 'text', example: 'WO-104233' },
	scheduled_on_date: { name: 'scheduledOnDate', kind: 'dateTime', example: '2026-11-21T09:00:00Z' },
	status: { name: 'status', kind: 'text', example: 'Pending' },
	tax_total_price: { name: 'taxTotalPrice', kind: 'decimal', example: '38.42' },
	total_price: { name: 'totalPrice', kind: 'decimal', example: '1234.50' },
	trailer: { name: 'trailer', kind: 'text', example: 'TR512' },
	truck: { name: 'truck', kind: 'text', example: 'T142' },
	type_work_order: { name: 'typeWorkOrder', kind: 'text', example: 'Repair' },
	vendor: { name: 'vendor', kind: 'text', example: 'TA Truck Service' },
	vendor_email: { name: 'vendorEmail', kind: 'email', example: 'service@tatruck.com' },
	vendor_phone: { name: 'vendorPhone', kind: 'text', example: '(815) 555-0142' },
};

/** The list fields: a fixedCollection in the form, an array of objects in the body. */
interface ListSpec {
	/** The fixedCollection parameter and its group. */
	parameter: string;
	group: string;
	fields: Record<string, FieldSpec>;
	/**
	 * The one field an entry holds where Datatruck's published page POST /work-orders/create/ sends each entry as a
	 * plain string (`notes: ["…"]`, `tags: ["…"]`) instead of the API contract's object (`[{body}]`, `[{name}]`).
	 */
	publishedAsText?: string;
}

const LISTS: Record<string, ListSpec> = {
	work_order_tasks: {
		parameter: 'tasks',
		group: 'task',
		fields: {
			custom_task: { name: 'customTask', kind: 'text', example: 'Replace brake chamber' },
			parts_price: { name: 'partsPrice', kind: 'decimal', example: '85.00' },
			parts_quantity: { name: 'partsQuantity', kind: 'integer', example: '2' },
			total_parts_price: { name: 'totalPartsPrice', kind: 'decimal', example: '170.00' },
			labor_price: { name: 'laborPrice', kind: 'decimal', example: '125.00' },
			labor_hours: { name: 'laborHours', kind: 'number', example: '1.5' },
			total_labor_price: { name: 'totalLaborPrice', kind: 'decimal', example: '187.50' },
			total_price: { name: 'totalPrice', kind: 'decimal', example: '357.50' },
		},
	},
	notes: {
		parameter: 'notes',
		group: 'note',
		fields: { body: { name: 'body', kind: 'text', example: 'Driver reported the issue at pre-trip.', required: true } },
		publishedAsText: 'body',
	},
	compensation: {
		parameter: 'compensation',
		group: 'entry',
		fields: {
			driver: { name: 'driver', kind: 'text', example: 'Maria Lopez', required: true },
			customer: { name: 'customer', kind: 'text', example: 'Coyote Logistics', required: true },
		},
	},
	tags: {
		parameter: 'tags',
		group: 'tag',
		fields: { name: { name: 'name', kind: 'text', example: 'Urgent', required: true } },
		publishedAsText: 'name',
	},
};

export const CUSTOM_STATUS = '__custom';
const JSON_EXAMPLE = '{"procedure_name": "TRK Brake Issue", "total_price": "1234.50"}';

/** Checks and types one object of fields (already under API keys); keys it does not know pass unchanged. */
function typedObject(
	check: ParameterCheck,
	fields: Record<string, FieldSpec>,
	values: IDataObject,
	label: (key: string) => string,
): IDataObject {
	const out: IDataObject = { ...values };
	for (const [key, spec] of Object.entries(fields)) {
		if (values[key] === undefined) {
			if (spec.required) check.fail(label(key), 'must not be empty', spec.example);
			continue;
		}
		out[key] = typedBodyValue(check, spec.kind, values[key], label(key), spec.example);
		if (spec.required && String(out[key]).trim() === '') check.fail(label(key), 'must not be empty', spec.example);
	}
	return out;
}

/** Renames a form entry's fields to the API's keys, leaving out what was not filled in. */
function fromForm(fields: Record<string, FieldSpec>, entry: IDataObject): IDataObject {
	const filled = filledIn(entry);
	return Object.fromEntries(
		Object.entries(fields)
			.filter(([, spec]) => filled[spec.name] !== undefined)
			.map(([key, spec]) => [key, filled[spec.name]]),
	);
}

/** ["Additional Fields", "Total Price"]: the parameter's path as the form shows it. */
function formLabels(properties: INodeProperties[], path: string[]): string[] {
	const labels: string[] = [];
	let level: ReadonlyArray<INodeProperties | { name: string; displayName: string; values?: INodeProperties[] }> = properties;
	for (const name of path) {
		const found = level.find((property) => property.name === name);
		labels.push(found?.displayName ?? name);
		const nested = (found as INodeProperties | undefined)?.options ?? (found as { values?: INodeProperties[] })?.values ?? [];
		level = nested as typeof level;
	}
	return labels;
}

function formLabel(properties: INodeProperties[], path: string[]): string {
	return formLabels(properties, path).join(' › ');
}

/** Which unit a body's fields name, for a procedure name given without TRK/TRL: a truck first. */
function unitKindOf(fields: IDataObject): UnitKind | null {
	const named = (value: unknown) => value !== undefined && value !== null && String(value).trim() !== '';
	if (named(fields.truck)) return 'truck';
	return named(fields.trailer) ? 'trailer' : null;
}

/** The body from the form: procedure, Additional Fields, and the Tasks, Notes, Compensation and Tags groups. */
function bodyFromForm(this: IExecuteSingleFunctions, check: ParameterCheck, properties: INodeProperties[]): IDataObject {
	const additional = { ...(this.getNodeParameter('additionalFields', {}) as IDataObject) };
	// The truck and trailer pickers hold `{mode, value}`; Datatruck takes the unit number itself.
	for (const unit of ['truck', 'trailer']) {
		if (additional[unit] !== undefined) additional[unit] = locatorValue(additional[unit]) as IDataObject[string];
	}
	const body: IDataObject = {
		procedure_name: procedureName(check, this.getNodeParameter('procedureName', ''), 'Procedure Name', unitKindOf(additional)),
	};
	if (additional.status === CUSTOM_STATUS || (additional.status === undefined && additional.customStatus !== undefined)) {
		additional.status = check.text(additional.customStatus, formLabel(properties, ['additionalFields', 'customStatus']), 'In Progress');
	}
	Object.assign(
		body,
		typedObject(check, SCALARS, fromForm(SCALARS, additional), (key) =>
			formLabel(properties, ['additionalFields', SCALARS[key].name]),
		),
	);
	for (const [key, list] of Object.entries(LISTS)) {
		const entries = groupEntries(this.getNodeParameter(list.parameter, {}), list.group);
		const typed = entries.map((entry, index) =>
			typedObject(check, list.fields, fromForm(list.fields, entry), (field) => {
				const [parameter, group, value] = formLabels(properties, [list.parameter, list.group, list.fields[field].name]);
				return `${parameter} › ${group} ${index + 1} › ${value}`;
			}),
		);
		if (typed.length) body[key] = typed;
	}
	return body;
}

/** The body from the JSON parameter, checked and typed exactly like the form (numbers become decimal strings). */
function bodyFromJson(this: IExecuteSingleFunctions, check: ParameterCheck): IDataObject {
	const json = jsonObject(check, this.getNodeParameter('jsonBody', '{}'), 'JSON Body', JSON_EXAMPLE);
	const label = (path: string) => `JSON Body › ${path}`;
	const procedure = procedureName(check, json.procedure_name, label('procedure_name'), unitKindOf(json));
	const body: IDataObject = { ...typedObject(check, SCALARS, json, label), procedure_name: procedure };
	for (const [key, list] of Object.entries(LISTS)) {
		if (json[key] === undefined) continue;
		const entries = json[key];
		const example = JSON.stringify([
			Object.fromEntries(Object.entries(list.fields).map(([field, spec]) => [field, spec.example])),
		]);
		if (!Array.isArray(entries)) check.fail(label(key), 'must be a list of objects in square brackets', example);
		body[key] = entries.map((given: unknown, index) => {
			// A note or tag in the published form (a plain string) is taken as the contract's object.
			const entry = typeof given === 'string' && list.publishedAsText ? { [list.publishedAsText]: given } : given;
			if (entry === null || typeof entry !== 'object' || Array.isArray(entry)) {
				check.fail(label(`${key}[${index}]`), 'must be an object in curly braces', example);
			}
			return typedObject(check, list.fields, entry as IDataObject, (field) => label(`${key}[${index}].${field}`));
		});
	}
	return body;
}

/** Whether the body comes from the JSON parameter (its fields are then named by their API keys). */
export function bodyFromJsonParameter(this: IExecuteSingleFunctions): boolean {
	return this.getNodeParameter('specifyBody', 'fields') === BODY_FROM_JSON;
}

/** The checked work order body, from the form or from the JSON parameter; notes and tags in the contract's form. */
export function checkedWorkOrderBody(this: IExecuteSingleFunctions, properties: INodeProperties[]): IDataObject {
	const check = ParameterCheck.forItem(this);
	return bodyFromJsonParameter.call(this) ? bodyFromJson.call(this, check) : bodyFromForm.call(this, check, properties);
}

/** preSend: the checked work order body, refused with the parameter's name before anything is sent. */
export function workOrderBody(properties: INodeProperties[]) {
	return async function (
		this: IExecuteSingleFunctions,
		requestOptions: IHttpRequestOptions,
	): Promise<IHttpRequestOptions> {
		requestOptions.body = checkedWorkOrderBody.call(this, properties);
		return requestOptions;
	};
}

/** Whether the body sends notes or tags, whose form Datatruck's published page and the API contract disagree on. */
export function sendsNotesOrTags(body: IDataObject): boolean {
	return Object.entries(LISTS).some(([key, list]) => list.publishedAsText !== undefined && Array.isArray(body[key]) && body[key].length > 0);
}

/** The body with notes and tags as Datatruck's published page sends them: arrays of strings. */
export function inPublishedForm(body: IDataObject): IDataObject {
	const out: IDataObject = { ...body };
	for (const [key, list] of Object.entries(LISTS)) {
		const text = list.publishedAsText;
		if (text === undefined || !Array.isArray(body[key])) continue;
		out[key] = (body[key] as IDataObject[]).map((entry) => (entry && typeof entry === 'object' ? (entry[text] as string) : entry));
	}
	return out;
}

/**
 * A body field by the name the user sees: its n8n display name in the form (`Type` for `type_work_order`,
 * `Notes` for `notes`), its key in the JSON body; a key the node does not know, as Datatruck wrote it.
 */
export function fieldNameForUser(properties: INodeProperties[], key: string, fromJson: boolean): string {
	if (fromJson) return key;
	if (key === 'procedure_name') return formLabels(properties, ['procedureName'])[0];
	if (SCALARS[key]) return formLabels(properties, ['additionalFields', SCALARS[key].name])[1];
	if (LISTS[key]) return formLabels(properties, [LISTS[key].parameter])[0];
	return key;
}

/** Whether a body field is one of Additional Fields in the form. */
export const isAdditionalField = (key: string): boolean => SCALARS[key] !== undefined;
