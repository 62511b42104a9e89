import type { IDataObject, IDisplayOptions, INodeProperties } from 'n8n-workflow';
import type { ParameterCheck } from './validation';

/**
 * Request bodies of the create operations: a "Specify Body" switch between the fields of the form
 * and a raw JSON object for power users, the fixedCollection groups that become JSON arrays, and
 * the typing of each value (decimal strings, integers, ISO date-times) shared by both modes.
 */

export const BODY_FROM_FIELDS = 'fields';
export const BODY_FROM_JSON = 'json';

/** `displayOptions` that also require one body mode. */
export function inBodyMode(display: IDisplayOptions, mode: typeof BODY_FROM_FIELDS | typeof BODY_FROM_JSON): IDisplayOptions {
	return { ...display, show: { ...display.show, specifyBody: [mode] } };
}

/** The "Specify Body" switch and the JSON parameter it reveals. */
export function bodyModeProperties(display: IDisplayOptions, recordName: string, jsonExample: IDataObject): INodeProperties[] {
	return [
		{
			displayName: 'Specify Body',
			name: 'specifyBody',
			type: 'options',
			displayOptions: display,
			options: [
				{
					name: 'Using Fields Below',
					value: BODY_FROM_FIELDS,
					description: `Fill in the ${recordName} field by field`,
				},
				{
					name: 'Using JSON',
					value: BODY_FROM_JSON,
					description: `Give the whole ${recordName} as one JSON object with Datatruck's field names`,
				},
			],
			default: BODY_FROM_FIELDS,
			description: `How to give the ${recordName}`,
		},
		{
			displayName: 'JSON Body',
			name: 'jsonBody',
			type: 'json',
			displayOptions: inBodyMode(display, BODY_FROM_JSON),
			default: JSON.stringify(jsonExample, null, 2),
			required: true,
			description: `The ${recordName} as a JSON object with Datatruck's field names. It is checked like the form: amounts may be numbers or decimal strings and are sent as decimal strings.`,
		},
	];
}

/** The JSON Body parameter as an object: text is parsed, and anything but an object is refused. */
export function jsonObject(check: ParameterCheck, raw: unknown, parameter: string, example: string): IDataObject {
	let value = raw;
	if (typeof raw === 'string') {
		try {
			value = JSON.parse(raw);
		} catch (error) {
			check.fail(parameter, `is not valid JSON (${(error as Error).message})`, example);
		}
	}
	if (value === null || typeof value !== 'object' || Array.isArray(value)) {
		const found = value === null ? 'null' : Array.isArray(value) ? 'a list' : `a ${typeof value}`;
		check.fail(parameter, `must be a JSON object in curly braces, not ${found}`, example);
	}
	return value as IDataObject;
}

/** The entries of one fixedCollection group (`{ task: [{…}, {…}] }` → `[{…}, {…}]`). */
export function groupEntries(collection: unknown, group: string): IDataObject[] {
	const entries = (collection as IDataObject | undefined)?.[group];
	if (Array.isArray(entries)) return entries as IDataObject[];
	return entries && typeof entries === 'object' ? [entries as IDataObject] : [];
}

export type BodyValueKind = 'text' | 'decimal' | 'integer' | 'number' | 'dateTime' | 'email';

/** One body value in the JSON type Datatruck expects; a wrong value names the parameter. */
export function typedBodyValue(
	check: ParameterCheck,
	kind: BodyValueKind,
	value: unknown,
	parameter: string,
	example: string,
): string | number {
	if (value === null) check.fail(parameter, 'must not be null; leave the field out instead', example);
	if (typeof value === 'object' || typeof value === 'boolean') {
		check.fail(parameter, `must be ${kind === 'text' ? 'text' : 'a single value'}, not ${JSON.stringify(value)}`, example);
	}
	switch (kind) {
		case 'decimal':
			return check.decimal(value, parameter, example);
		case 'integer':
			return check.integer(value, parameter, example);
		case 'number':
			return check.number(value, parameter, example);
		case 'dateTime':
			return check.dateTime(value, parameter, example);
		case 'email':
			return check.email(value, parameter, example);
		default:
			return String(value);
	}
}

/** Drops the values a form left empty, so an untouched field is not sent as "". */
export function filledIn(values: IDataObject): IDataObject {
	return Object.fromEntries(
		Object.entries(values).filter(([, value]) => value !== undefined && value !== null && value !== ''),
	);
}
