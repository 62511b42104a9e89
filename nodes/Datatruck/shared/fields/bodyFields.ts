import type {
	IDataObject,
	IDisplayOptions,
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	INodeProperties,
} from 'n8n-workflow';
import { BODY_FROM_JSON, filledIn, jsonObject, typedBodyValue, type BodyValueKind } from './body';
import { ParameterCheck } from './validation';

/**
 * Flat create and update bodies described once as a table: where each value comes from in the form
 * (a required parameter or an option of Additional Fields), which Datatruck key it goes to, and its
 * JSON type. The same table checks a form-built body and a JSON Body, so both modes send the same
 * types and name a wrong value the way the user sees it.
 */

/** `positiveInteger`: record IDs and years (the API has no record 0); `date`: YYYY-MM-DD. */
export type BodyFieldKind = BodyValueKind | 'date' | 'boolean' | 'positiveInteger';

export interface BodyField {
	/** The n8n parameter (or the option inside Additional Fields or inside a group entry). */
	parameter: string;
	/** Its display name, for messages. */
	label: string;
	/** The Datatruck key; a dot nests it (`account.first_name`). */
	key: string;
	kind: BodyFieldKind;
	example: string;
	/** Required fields are top-level parameters and must not be empty. */
	required?: boolean;
}

export const ADDITIONAL_FIELDS = 'additionalFields';

/** The Additional Fields collection of a create or update, its options sorted by name. */
export function additionalFieldsProperty(displayOptions: IDisplayOptions, options: INodeProperties[]): INodeProperties {
	return {
		displayName: 'Additional Fields',
		name: ADDITIONAL_FIELDS,
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		displayOptions,
		options: [...options].sort((a, b) => a.displayName.localeCompare(b.displayName)),
	};
}

/** How a field is named in a message: as the form shows it, or as the JSON key. */
export type FieldLabel = (field: BodyField) => string;

export const formLabel: FieldLabel = (field) =>
	field.required ? field.label : `Additional Fields › ${field.label}`;
export const jsonLabel: FieldLabel = (field) => `JSON Body › ${field.key}`;

function getPath(body: IDataObject, key: string): unknown {
	return key
		.split('.')
		.reduce<unknown>((value, part) => (value && typeof value === 'object' ? (value as IDataObject)[part] : undefined), body);
}

function setPath(body: IDataObject, key: string, value: unknown): void {
	const parts = key.split('.');
	let target = body;
	for (const part of parts.slice(0, -1)) {
		if (!target[part] || typeof target[part] !== 'object' || Array.isArray(target[part])) target[part] = {};
		target = target[part] as IDataObject;
	}
	target[parts[parts.length - 1]] = value as IDataObject[string];
}

/** Form values (parameter name → value) under Datatruck's keys; empty values are left out. */
export function toApiKeys(values: IDataObject, fields: BodyField[]): IDataObject {
	const filled = filledIn(values);
	const body: IDataObject = {};
	for (const field of fields) {
		if (filled[field.parameter] !== undefined) setPath(body, field.key, filled[field.parameter]);
	}
	return body;
}

/** The body as the form gives it: the required parameters plus the Additional Fields filled in. */
export function formBody(ctx: IExecuteSingleFunctions, fields: BodyField[]): IDataObject {
	const values: IDataObject = { ...(ctx.getNodeParameter(ADDITIONAL_FIELDS, {}) as IDataObject) };
	for (const field of fields) {
		if (field.required) values[field.parameter] = ctx.getNodeParameter(field.parameter, '') as IDataObject[string];
	}
	return toApiKeys(values, fields);
}

function isBlank(value: unknown): boolean {
	return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

function typedValue(check: ParameterCheck, field: BodyField, value: unknown, label: string): unknown {
	switch (field.kind) {
		case 'boolean': {
			if (typeof value === 'boolean') return value;
			const text = String(value).trim().toLowerCase();
			if (text !== 'true' && text !== 'false') {
				check.fail(label, `must be true or false, not ${JSON.stringify(value)}`, field.example);
			}
			return text === 'true';
		}
		case 'date':
			return check.date(value, label, field.example);
		case 'positiveInteger':
			return check.integer(value, label, field.example, 1);
		case 'text':
			return String(typedBodyValue(check, 'text', value, label, field.example)).trim();
		default:
			return typedBodyValue(check, field.kind, value, label, field.example);
	}
}

/**
 * Checks a body against its fields and returns it with every known value in its JSON type; keys the
 * table does not know (a JSON Body may carry more) are passed on unchanged.
 */
export function checkedBody(
	check: ParameterCheck,
	body: IDataObject,
	fields: BodyField[],
	labelOf: FieldLabel,
): IDataObject {
	const out = JSON.parse(JSON.stringify(body)) as IDataObject;
	for (const field of fields) {
		const label = labelOf(field);
		const value = getPath(out, field.key);
		if (field.required && isBlank(value)) check.fail(label, 'must not be empty', field.example);
		if (value === undefined) continue;
		setPath(out, field.key, typedValue(check, field, value, label));
	}
	return out;
}

/** Whether this item's body is given as JSON Body rather than field by field. */
export function bodyIsJson(ctx: IExecuteSingleFunctions): boolean {
	return ctx.getNodeParameter('specifyBody', '') === BODY_FROM_JSON;
}

/** The JSON Body parameter as an object, or a named error before anything is sent. */
export function jsonBodyParameter(ctx: IExecuteSingleFunctions, check: ParameterCheck, example: string): IDataObject {
	return jsonObject(check, ctx.getNodeParameter('jsonBody', ''), 'JSON Body', example);
}

/**
 * preSend: a flat body from the form (or from JSON Body where the operation offers it), checked
 * against `fields` before anything is sent.
 */
export function flatBody(fields: BodyField[], jsonExample = '') {
	return async function (
		this: IExecuteSingleFunctions,
		requestOptions: IHttpRequestOptions,
	): Promise<IHttpRequestOptions> {
		const check = ParameterCheck.forItem(this);
		requestOptions.body = bodyIsJson(this)
			? checkedBody(check, jsonBodyParameter(this, check, jsonExample), fields, jsonLabel)
			: checkedBody(check, formBody(this, fields), fields, formLabel);
		return requestOptions;
	};
}

/** A body field described by its form parameter: the label is the parameter's display name. */
export function fieldFor(
	property: { name: string; displayName: string },
	key: string,
	kind: BodyFieldKind,
	example: string,
	required = false,
): BodyField {
	return { parameter: property.name, label: property.displayName, key, kind, example, required };
}
