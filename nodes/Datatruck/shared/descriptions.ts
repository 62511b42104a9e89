import type {
	IDataObject,
	IDisplayOptions,
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	INodeProperties,
} from 'n8n-workflow';
import { CUSTOM_FIELD, type FilterField } from './lists';
import { ParameterCheck } from './fields';

/** Return All + Limit, as on every n8n list operation; the transport reads both. */
export function returnAllAndLimit(displayOptions: IDisplayOptions): INodeProperties[] {
	return [
		{
			displayName: 'Return All',
			name: 'returnAll',
			type: 'boolean',
			displayOptions,
			default: false,
			description: 'Whether to return all results or only up to a given limit',
		},
		{
			displayName: 'Limit',
			name: 'limit',
			type: 'number',
			displayOptions: { ...displayOptions, show: { ...displayOptions.show, returnAll: [false] } },
			typeOptions: { minValue: 1 },
			default: 50,
			description: 'Max number of results to return',
		},
	];
}

export function simplifyProperty(displayOptions: IDisplayOptions, description: string): INodeProperties {
	return {
		displayName: 'Simplify',
		name: 'simplify',
		type: 'boolean',
		displayOptions,
		default: false,
		description: `Whether to return a simplified version of the response instead of the raw data: ${description}`,
	};
}

/**
 * The node version from which Sort shows its Direction. Before it, the direction sat behind a "Descending" option
 * of the collection whose default was true: a workflow saved then keeps its form and sorts newest first as it did.
 */
export const SORT_DIRECTION_VERSION = 1.2;

const ASCENDING = 'ascending';
const DESCENDING = 'descending';

function sortByProperty(fields: FilterField[], defaultField: string): INodeProperties {
	return {
		displayName: 'Sort By',
		name: 'field',
		type: 'options',
		options: [
			...fields
				.map((field) => ({ name: field.name, value: field.path }))
				.sort((a, b) => a.name.localeCompare(b.name)),
			{ name: 'Custom Field Path', value: CUSTOM_FIELD },
		],
		default: defaultField,
	};
}

const customSortField: INodeProperties = {
	displayName: 'Custom Sort Field',
	name: 'customField',
	type: 'string',
	default: '',
	placeholder: 'e.g. trip__driver__full_name',
	description: 'Datatruck field path to sort by, used when Sort By is Custom Field Path',
};

/**
 * Sort field and direction, sent as Datatruck's `ordering` (`-` for descending). From version 1.2 as n8n's own
 * nodes (Airtable, Notion) show it: one Sort entry whose Sort By and Direction stand side by side, Ascending by
 * default. Versions 1 and 1.1 keep their collection, with its hidden "Descending" that defaults to true.
 */
export function sortOptions(fields: FilterField[], displayOptions: IDisplayOptions, defaultField: string): INodeProperties[] {
	const forVersions = (version: NonNullable<IDisplayOptions['show']>['@version']): IDisplayOptions => ({
		...displayOptions,
		show: { ...displayOptions.show, '@version': version },
	});
	return [
		{
			displayName: 'Sort',
			name: 'sort',
			type: 'collection',
			placeholder: 'Add Sort Option',
			default: {},
			displayOptions: forVersions([{ _cnd: { lt: SORT_DIRECTION_VERSION } }]),
			options: [
				customSortField,
				{
					displayName: 'Descending',
					name: 'descending',
					type: 'boolean',
					default: true,
					description: 'Whether to put the highest value (or the newest date) first',
				},
				sortByProperty(fields, defaultField),
			],
		},
		{
			displayName: 'Sort',
			name: 'sort',
			type: 'fixedCollection',
			placeholder: 'Add Sort',
			default: {},
			displayOptions: forVersions([{ _cnd: { gte: SORT_DIRECTION_VERSION } }]),
			description: "The order of the list; without it, Datatruck's own order",
			options: [
				{
					displayName: 'Sort',
					name: 'rule',
					values: [
						sortByProperty(fields, defaultField),
						{ ...customSortField, displayOptions: { show: { field: [CUSTOM_FIELD] } } },
						{
							displayName: 'Direction',
							name: 'direction',
							type: 'options',
							options: [
								{ name: 'Ascending', value: ASCENDING, description: 'Lowest value, earliest date or A first' },
								{ name: 'Descending', value: DESCENDING, description: 'Highest value, newest date or Z first' },
							],
							default: ASCENDING,
						},
					],
				},
			],
		},
	];
}

interface ChosenSort {
	field?: string;
	customField?: string;
	descending: boolean;
}

/** The sort as this item's node version keeps it, or undefined when none was chosen. */
function chosenSort(ctx: IExecuteSingleFunctions): ChosenSort | undefined {
	const sort = ctx.getNodeParameter('sort', {}) as IDataObject;
	if (ctx.getNode().typeVersion >= SORT_DIRECTION_VERSION) {
		const rule = sort.rule as { field?: string; customField?: string; direction?: string } | undefined;
		return rule && { field: rule.field, customField: rule.customField, descending: rule.direction === DESCENDING };
	}
	const { field, customField, descending } = sort as { field?: string; customField?: string; descending?: boolean };
	return { field, customField, descending: descending ?? true };
}

/** preSend: the chosen sort as the `ordering` query parameter. */
export async function applySort(
	this: IExecuteSingleFunctions,
	requestOptions: IHttpRequestOptions,
): Promise<IHttpRequestOptions> {
	const sort = chosenSort(this);
	if (!sort || (!sort.field && !sort.customField)) return requestOptions;
	const check = ParameterCheck.forItem(this);
	const field =
		!sort.field || sort.field === CUSTOM_FIELD
			? check.text(sort.customField, 'Sort › Custom Sort Field', 'trip__driver__full_name')
			: sort.field;
	if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(field)) {
		check.fail('Sort › Custom Sort Field', `"${field}" is not a field path (letters, digits and __)`, 'created_datetime');
	}
	requestOptions.qs = { ...(requestOptions.qs as IDataObject), ordering: `${sort.descending ? '-' : ''}${field}` };
	return requestOptions;
}

/** Shows a block only for one operation of one resource. */
export function showFor(resource: string, operation: string): IDisplayOptions {
	return { show: { resource: [resource], operation: [operation] } };
}
