/**
 * Declarative, strict body validation for creates and updates. A rule set describes each accepted
 * field; the first violation becomes a 400 `{error, message}` whose message starts with the field's
 * path (`work_order_tasks[0].parts_quantity: must be an integer.`). Fields the rules do not name are
 * ignored, as DRF serializers ignore them. `null` is rejected unless a rule says `nullable`, because
 * DRF fields reject null by default.
 */
import { parseIsoDate, parseIsoDateTime } from './dates.cts';
import { badRequest, isPlainObject } from './http.cts';

interface BaseRule {
	required?: boolean;
	nullable?: boolean;
}
export interface StringRule extends BaseRule {
	kind: 'string';
	minLength?: number;
}
export interface DecimalRule extends BaseRule {
	kind: 'decimal';
}
export interface IntegerRule extends BaseRule {
	kind: 'integer';
}
export interface NumberRule extends BaseRule {
	kind: 'number';
}
export interface BooleanRule extends BaseRule {
	kind: 'boolean';
}
export interface DateRule extends BaseRule {
	kind: 'date';
}
export interface DateTimeRule extends BaseRule {
	kind: 'datetime';
}
export interface ChoiceRule extends BaseRule {
	kind: 'choice';
	choices: readonly string[];
}
export interface ArrayRule<E extends Rule = Rule> extends BaseRule {
	kind: 'array';
	of: E;
	minItems?: number;
}
export interface ObjectRule<F extends Fields = Fields> extends BaseRule {
	kind: 'object';
	fields: F;
}
export type Rule =
	| StringRule
	| DecimalRule
	| IntegerRule
	| NumberRule
	| BooleanRule
	| DateRule
	| DateTimeRule
	| ChoiceRule
	| ArrayRule
	| ObjectRule;
export type Fields = { readonly [name: string]: Rule };

type ValueOf<R> = R extends StringRule | DecimalRule | DateRule | DateTimeRule | ChoiceRule
	? string
	: R extends IntegerRule | NumberRule
		? number
		: R extends BooleanRule
			? boolean
			: R extends ArrayRule<infer E>
				? ValueOf<E>[]
				: R extends ObjectRule<infer F>
					? Validated<F>
					: never;
type Nullability<R> = R extends { nullable: true } ? null : never;
/** The typed result of validating against `F`: optional fields may be undefined. */
export type Validated<F extends Fields> = {
	[K in keyof F]: F[K] extends { required: true }
		? ValueOf<F[K]> | Nullability<F[K]>
		: ValueOf<F[K]> | Nullability<F[K]> | undefined;
};

/** Rule builders, so rule sets read like the spec's field tables. */
export const rules = {
	string: (options: Omit<StringRule, 'kind'> = {}): StringRule => ({ kind: 'string', ...options }),
	decimal: (): DecimalRule => ({ kind: 'decimal' }),
	integer: (): IntegerRule => ({ kind: 'integer' }),
	number: (): NumberRule => ({ kind: 'number' }),
	boolean: (): BooleanRule => ({ kind: 'boolean' }),
	date: (): DateRule => ({ kind: 'date' }),
	dateTime: (): DateTimeRule => ({ kind: 'datetime' }),
	choice: (choices: readonly string[]): ChoiceRule => ({ kind: 'choice', choices }),
	arrayOf: <E extends Rule>(of: E, minItems?: number): ArrayRule<E> => ({ kind: 'array', of, minItems }),
	object: <F extends Fields>(fields: F): ObjectRule<F> => ({ kind: 'object', fields }),
	required: <R extends Rule>(rule: R): R & { required: true } => ({ ...rule, required: true }),
};

/** Decimal strings as the spec writes them: "2450.00", "-3", "0.5". */
export const DECIMAL_TEXT = /^-?\d+(\.\d+)?$/;

class FieldError extends Error {}

function checkValue(rule: Rule, value: unknown, path: string, partial: boolean): unknown {
	const problem = (text: string): never => {
		throw new FieldError(`${path}: ${text}`);
	};
	if (value === null) {
		if (rule.nullable) return null;
		return problem('may not be null.');
	}
	switch (rule.kind) {
		case 'string':
			if (typeof value !== 'string') return problem('must be a string.');
			if (rule.minLength !== undefined && value.length < rule.minLength) {
				return problem(`must be at least ${rule.minLength} character${rule.minLength === 1 ? '' : 's'} long.`);
			}
			return value;
		case 'decimal':
			if (typeof value !== 'string' || !DECIMAL_TEXT.test(value)) {
				return problem(`must be a decimal string such as "125.50", got ${JSON.stringify(value)}.`);
			}
			return value;
		case 'integer':
			if (typeof value !== 'number' || !Number.isInteger(value)) return problem(`must be an integer, got ${JSON.stringify(value)}.`);
			return value;
		case 'number':
			if (typeof value !== 'number' || !Number.isFinite(value)) return problem(`must be a number, got ${JSON.stringify(value)}.`);
			return value;
		case 'boolean':
			if (typeof value !== 'boolean') return problem(`must be true or false, got ${JSON.stringify(value)}.`);
			return value;
		case 'date':
			if (typeof value !== 'string' || Number.isNaN(parseIsoDate(value))) {
				return problem(`must be a date in the form YYYY-MM-DD, got ${JSON.stringify(value)}.`);
			}
			return value;
		case 'datetime':
			if (typeof value !== 'string' || Number.isNaN(parseIsoDateTime(value))) {
				return problem(`must be an ISO 8601 date-time such as "2024-05-01T14:30:00Z", got ${JSON.stringify(value)}.`);
			}
			return value;
		case 'choice':
			if (typeof value !== 'string' || !rule.choices.includes(value)) {
				return problem(`${JSON.stringify(value)} is not a valid choice.`);
			}
			return value;
		case 'array':
			if (!Array.isArray(value)) return problem('must be a list.');
			if (rule.minItems !== undefined && value.length < rule.minItems) {
				return problem(`must hold at least ${rule.minItems} item${rule.minItems === 1 ? '' : 's'}.`);
			}
			return value.map((item, index) => checkValue(rule.of, item, `${path}[${index}]`, partial));
		case 'object':
			if (!isPlainObject(value)) return problem('must be an object.');
			return checkFields(rule.fields, value, `${path}.`, partial);
	}
}

function checkFields(fields: Fields, body: Record<string, unknown>, prefix: string, partial: boolean): Record<string, unknown> {
	const out: Record<string, unknown> = {};
	for (const [name, rule] of Object.entries(fields)) {
		const value = body[name];
		if (value === undefined) {
			if (rule.required && !partial) throw new FieldError(`${prefix}${name}: this field is required.`);
			continue;
		}
		out[name] = checkValue(rule, value, `${prefix}${name}`, partial);
	}
	return out;
}

export interface ValidateOptions {
	/**
	 * Keys that must not appear, with the reason to give: e.g. `brith_date` on driver creation, which
	 * spells it `birth_date`. Checked first, so the message names the confusion, not a missing field.
	 */
	rejectedKeys?: Record<string, string>;
	/** DRF's partial update (PATCH): no field is required, nested ones included; a field given is checked as always. */
	partial?: boolean;
}

/** Validates `body` against `fields`; returns only the named fields, typed; throws a 400 ApiError. */
export function validateBody<F extends Fields>(fields: F, body: Record<string, unknown>, options: ValidateOptions = {}): Validated<F> {
	for (const [key, reason] of Object.entries(options.rejectedKeys ?? {})) {
		if (key in body) throw badRequest(`${key}: ${reason}`);
	}
	try {
		return checkFields(fields, body, '', options.partial ?? false) as Validated<F>;
	} catch (error) {
		if (error instanceof FieldError) throw badRequest(error.message);
		throw error;
	}
}

/**
 * Django REST Framework's own 400 body for `body` against `fields`: every problem at once, nested as DRF nests a
 * serializer's errors (`{"stops": [{}, {"zip_code": ["This field is required."]}]}`, an empty object for each valid
 * entry of a list), in DRF's words. Undefined when the body is valid. Unknown fields are ignored, as DRF does.
 */
export function drfErrors(fields: Fields, body: Record<string, unknown>): Record<string, unknown> | undefined {
	const errors = drfFieldErrors(fields, body);
	return Object.keys(errors).length ? errors : undefined;
}

function drfFieldErrors(fields: Fields, body: Record<string, unknown>): Record<string, unknown> {
	const errors: Record<string, unknown> = {};
	for (const [name, rule] of Object.entries(fields)) {
		const value = body[name];
		const error = value === undefined ? (rule.required ? ['This field is required.'] : undefined) : drfValueError(rule, value);
		if (error !== undefined) errors[name] = error;
	}
	return errors;
}

const DRF_TYPE_NAMES: Record<string, string> = { object: 'dict', string: 'str', number: 'int', boolean: 'bool' };
const drfTypeOf = (value: unknown) => (Array.isArray(value) ? 'list' : (DRF_TYPE_NAMES[typeof value] ?? typeof value));

function drfValueError(rule: Rule, value: unknown): unknown {
	if (value === null) return rule.nullable ? undefined : ['This field may not be null.'];
	switch (rule.kind) {
		case 'string':
			if (typeof value !== 'string') return ['Not a valid string.'];
			if (rule.minLength !== undefined && value.trim().length < rule.minLength) {
				return [rule.minLength === 1 ? 'This field may not be blank.' : `Ensure this field has at least ${rule.minLength} characters.`];
			}
			return undefined;
		case 'decimal':
		case 'number':
			return (typeof value === 'string' && DECIMAL_TEXT.test(value)) || (typeof value === 'number' && Number.isFinite(value)) ? undefined : ['A valid number is required.'];
		case 'integer':
			return Number.isInteger(typeof value === 'string' && /^-?\d+$/.test(value) ? Number(value) : value) ? undefined : ['A valid integer is required.'];
		case 'boolean':
			return typeof value === 'boolean' ? undefined : ['Must be a valid boolean.'];
		case 'date':
			return typeof value === 'string' && !Number.isNaN(parseIsoDate(value)) ? undefined : ['Date has wrong format. Use one of these formats instead: YYYY-MM-DD.'];
		case 'datetime':
			return typeof value === 'string' && !Number.isNaN(parseIsoDateTime(value))
				? undefined
				: ['Datetime has wrong format. Use one of these formats instead: YYYY-MM-DDThh:mm[:ss[.uuuuuu]][+HH:MM|-HH:MM|Z].'];
		case 'choice':
			return typeof value === 'string' && rule.choices.includes(value) ? undefined : [`"${String(value)}" is not a valid choice.`];
		case 'array': {
			if (!Array.isArray(value)) return [`Expected a list of items but got type "${drfTypeOf(value)}".`];
			if (rule.minItems !== undefined && value.length < rule.minItems) return ['This list may not be empty.'];
			if (rule.of.kind === 'object') {
				const entries = value.map((entry) => drfValueError(rule.of, entry) ?? {});
				return entries.some((entry) => Array.isArray(entry) || Object.keys(entry as object).length) ? entries : undefined;
			}
			// A ListField of plain values keys its errors by index.
			const byIndex = Object.fromEntries(value.flatMap((entry, index) => {
				const error = drfValueError(rule.of, entry);
				return error === undefined ? [] : [[String(index), error]];
			}));
			return Object.keys(byIndex).length ? byIndex : undefined;
		}
		case 'object': {
			if (!isPlainObject(value)) return { non_field_errors: [`Invalid data. Expected a dictionary, but got ${drfTypeOf(value)}.`] };
			const errors = drfFieldErrors(rule.fields, value);
			return Object.keys(errors).length ? errors : undefined;
		}
	}
}
