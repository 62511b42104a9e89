import type {
	IDataObject,
	IDisplayOptions,
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	INode,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';
import { ParameterCheck } from '../fields';

export type FieldKind = 'text' | 'number' | 'dateTime' | 'boolean';

export interface FilterField {
	name: string;
	/** The Django ORM path Datatruck filters on. */
	path: string;
	kind: FieldKind;
}

export const CUSTOM_FIELD = '__custom';

export const FILTER_OPERATORS: INodePropertyOptions[] = [
	{ name: 'After (≥ Date)', value: 'after', description: 'On or after a date and time' },
	{ name: 'Before (≤ Date)', value: 'before', description: 'On or before a date and time' },
	{ name: 'Between (Numbers)', value: 'between', description: 'Two numbers separated by a comma, e.g. 1000,2500' },
	{ name: 'Between Dates', value: 'between_datetime', description: 'Two date-times separated by a comma' },
	{ name: 'Contains', value: 'contains', description: 'Contains the text, ignoring upper and lower case' },
	{ name: 'Exclude', value: 'exclude', description: 'Leave out records equal to the value' },
	{ name: 'Exclude Any Of', value: 'exclude_in', description: 'Leave out records equal to any value of a comma-separated list' },
	{ name: 'Greater Than (≥)', value: 'greater_than', description: 'Greater than or equal to a number' },
	{ name: 'Is', value: 'is', description: 'Exactly equal to the value' },
	{ name: 'Is Any Of', value: 'is_in', description: 'Equal to any value of a comma-separated list' },
	{ name: 'Is Empty', value: 'isnull', description: 'Value true: the field is empty; false: it is filled' },
	{ name: 'Is Not', value: 'is_not', description: 'Not equal to the value' },
	{ name: 'Is None Of', value: 'is_not_in', description: 'Equal to none of the values of a comma-separated list' },
	{ name: 'Less Than (≤)', value: 'less_than', description: 'Less than or equal to a number' },
	{ name: 'Today', value: 'today', description: 'The date is today (UTC); no value needed' },
];

export interface FilterCondition {
	field?: string;
	customField?: string;
	operator?: string;
	value?: unknown;
}

export interface ApiFilter {
	column: string;
	value: unknown;
	contains: string;
}

/** The repeatable "field, operator, value" conditions of a list, all of which must hold. */
export function filterConditionsProperty(
	fields: FilterField[],
	displayOptions: IDisplayOptions,
	recordName: string,
): INodeProperties {
	const fieldOptions: INodePropertyOptions[] = [
		...fields
			.map((field) => ({ name: field.name, value: field.path }))
			.sort((a, b) => a.name.localeCompare(b.name)),
		{ name: 'Custom Field Path', value: CUSTOM_FIELD, description: 'Any Datatruck field path' },
	];
	return {
		displayName: 'Filters',
		name: 'filters',
		type: 'fixedCollection',
		placeholder: 'Add Condition',
		typeOptions: { multipleValues: true },
		default: {},
		displayOptions,
		description: `Only return ${recordName} matching every condition`,
		options: [
			{
				name: 'conditions',
				displayName: 'Condition',
				values: [
					{
						displayName: 'Field',
						name: 'field',
						type: 'options',
						options: fieldOptions,
						// Every filterable Datatruck list has a status; a literal keeps n8n's linter able to check it.
						default: 'status',
						description: 'The field to compare',
					},
					{
						displayName: 'Custom Field Path',
						name: 'customField',
						type: 'string',
						default: '',
						placeholder: 'e.g. trip__carrier__name',
						description: 'Datatruck field path, with __ between nested fields',
						displayOptions: { show: { field: [CUSTOM_FIELD] } },
					},
					{
						displayName: 'Operator',
						name: 'operator',
						type: 'options',
						options: FILTER_OPERATORS,
						default: 'is',
					},
					{
						displayName: 'Value',
						name: 'value',
						type: 'string',
						default: '',
						placeholder: 'e.g. dispatched',
						description:
							'Lists are comma-separated (booked,dispatched); dates are ISO (2026-11-21T08:00:00Z); ranges are two values with a comma (1000,2500)',
						displayOptions: { hide: { operator: ['today'] } },
					},
				],
			},
		],
	};
}

/**
 * Turns the conditions into Datatruck's filter objects, checking each value's shape for its
 * operator the way Datatruck would, so a mistake is reported with the condition's number.
 */
export function buildApiFilters(
	conditions: FilterCondition[],
	fields: FilterField[],
	node: INode,
	itemIndex?: number,
	timeZone?: string,
): ApiFilter[] {
	const check = new ParameterCheck(node, itemIndex, timeZone);
	return conditions.map((condition, index) => {
		const label = `Filters › Condition ${index + 1}`;
		const column =
			condition.field === CUSTOM_FIELD || !condition.field
				? check.text(condition.customField, `${label} › Custom Field Path`, 'trip__carrier__name')
				: condition.field;
		if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(column)) {
			check.fail(`${label} › Custom Field Path`, `"${column}" is not a field path (letters, digits and __)`, 'customer__company_name');
		}
		const operator = check.oneOf(
			condition.operator ?? 'is',
			FILTER_OPERATORS.map((option) => option.value as string),
			`${label} › Operator`,
		);
		const kind = fields.find((field) => field.path === column)?.kind ?? 'text';
		const value = filterValue(check, operator, kind, condition.value, `${label} › Value`);
		return { column, value, contains: operator };
	});
}

function splitList(value: unknown): string[] {
	if (Array.isArray(value)) return value.map((entry) => String(entry).trim()).filter(Boolean);
	return String(value ?? '')
		.split(',')
		.map((entry) => entry.trim())
		.filter(Boolean);
}

function filterValue(
	check: ParameterCheck,
	operator: string,
	kind: FieldKind,
	raw: unknown,
	label: string,
): unknown {
	switch (operator) {
		case 'is':
		case 'is_not':
		case 'exclude':
			return scalar(check, kind, raw, label);
		case 'is_in':
		case 'is_not_in':
		case 'exclude_in': {
			const list = splitList(raw);
			if (!list.length) check.fail(label, 'needs at least one value', 'booked,dispatched');
			return list.map((entry) => scalar(check, kind, entry, label));
		}
		case 'contains':
			return check.text(raw, label, 'Coyote');
		case 'before':
		case 'after':
			return check.dateTime(raw, label);
		case 'greater_than':
		case 'less_than':
			return check.decimal(raw, label, '1500');
		case 'between': {
			const [low, high, ...rest] = splitList(raw);
			if (low === undefined || high === undefined || rest.length) {
				check.fail(label, 'needs exactly two numbers separated by a comma', '1000,2500');
			}
			const from = check.decimal(low, label, '1000,2500');
			const to = check.decimal(high, label, '1000,2500');
			if (Number(from) > Number(to)) check.fail(label, `${from} is greater than ${to}; put the smaller number first`, '1000,2500');
			return `${from},${to}`;
		}
		case 'between_datetime': {
			const [start, end, ...rest] = splitList(raw);
			const example = '2026-11-01T00:00:00Z,2026-11-30T23:59:59Z';
			if (start === undefined || end === undefined || rest.length) {
				check.fail(label, 'needs exactly two date-times separated by a comma', example);
			}
			const from = check.dateTime(start, label, example);
			const to = check.dateTime(end, label, example);
			if (from > to) check.fail(label, `${from} is after ${to}; put the earlier one first`, example);
			return `${from},${to}`;
		}
		case 'isnull': {
			const text = String(raw ?? '').trim().toLowerCase();
			if (text !== 'true' && text !== 'false') check.fail(label, 'must be true (field is empty) or false (field is filled)', 'true');
			return text;
		}
		default:
			return 'true';
	}
}

function scalar(check: ParameterCheck, kind: FieldKind, raw: unknown, label: string): unknown {
	if (kind === 'boolean') {
		const text = String(raw ?? '').trim().toLowerCase();
		if (text !== 'true' && text !== 'false') check.fail(label, 'must be true or false', 'true');
		return text === 'true';
	}
	if (kind === 'number') return check.decimal(raw, label, '2500.00');
	if (kind === 'dateTime') return check.dateTime(raw, label);
	return check.text(raw, label, 'dispatched');
}

/** preSend: puts the checked filter JSON into the `filter` query parameter. */
export function applyFilters(fields: FilterField[]) {
	return async function (
		this: IExecuteSingleFunctions,
		requestOptions: IHttpRequestOptions,
	): Promise<IHttpRequestOptions> {
		const conditions = this.getNodeParameter('filters.conditions', []) as FilterCondition[];
		const filters = buildApiFilters(conditions, fields, this.getNode(), this.getItemIndex(), this.getTimezone());
		if (filters.length) {
			requestOptions.qs = { ...(requestOptions.qs as IDataObject), filter: JSON.stringify(filters) };
		}
		return requestOptions;
	};
}
