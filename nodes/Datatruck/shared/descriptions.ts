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

/** Sort field and direction, sent as Datatruck's `ordering` (`-` for descending). */
export function sortOptions(fields: FilterField[], displayOptions: IDisplayOptions, defaultField: string): INodeProperties {
	return {
		displayName: 'Sort',
		name: 'sort',
		type: 'collection',
		placeholder: 'Add Sort Option',
		default: {},
		displayOptions,
		options: [
			{
				displayName: 'Custom Sort Field',
				name: 'customField',
				type: 'string',
				default: '',
				placeholder: 'e.g. trip__driver__full_name',
				description: 'Datatruck field path to sort by, used when Sort By is Custom Field Path',
			},
			{
				displayName: 'Descending',
				name: 'descending',
				type: 'boolean',
				default: true,
				description: 'Whether to put the highest value (or the newest date) first',
			},
			{
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
			},
		],
	};
}

/** preSend: the chosen sort as the `ordering` query parameter. */
export async function applySort(
	this: IExecuteSingleFunctions,
	requestOptions: IHttpRequestOptions,
): Promise<IHttpRequestOptions> {
	const sort = this.getNodeParameter('sort', {}) as { field?: string; customField?: string; descending?: boolean };
	if (!sort.field && !sort.customField) return requestOptions;
	const check = ParameterCheck.forItem(this);
	const field =
		!sort.field || sort.field === CUSTOM_FIELD
			? check.text(sort.customField, 'Sort › Custom Sort Field', 'trip__driver__full_name')
			: sort.field;
	if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(field)) {
		check.fail('Sort › Custom Sort Field', `"${field}" is not a field path (letters, digits and __)`, 'created_datetime');
	}
	const descending = sort.descending ?? true;
	requestOptions.qs = { ...(requestOptions.qs as IDataObject), ordering: `${descending ? '-' : ''}${field}` };
	return requestOptions;
}

/** Shows a block only for one operation of one resource. */
export function showFor(resource: string, operation: string): IDisplayOptions {
	return { show: { resource: [resource], operation: [operation] } };
}
