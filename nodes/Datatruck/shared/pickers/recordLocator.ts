import type { INodeProperties, INodePropertyModeValidation, INodeParameterResourceLocator } from 'n8n-workflow';

/**
 * A record picker (n8n's resource locator): "From List" searches Datatruck as the user types,
 * the second mode takes the value typed or mapped in. A workflow saved before the picker existed
 * holds a plain string; n8n passes it through unchanged, so old workflows keep running.
 */
export interface RecordLocatorSpec {
	displayName: string;
	name: string;
	/** The listSearch method (see methods/listSearch.ts). */
	searchListMethod: string;
	/** What the user sees in the list's search box, e.g. "Search by name…". */
	searchPlaceholder: string;
	/** The second mode: a numeric ID (the default) or a label such as a unit number. */
	typed?: { name: string; displayName: string; placeholder: string; validation?: INodePropertyModeValidation[] };
	description: string;
	required?: boolean;
}

function numericId(displayName: string, example: string): INodePropertyModeValidation {
	return {
		type: 'regex',
		properties: { regex: '^\\s*\\d+\\s*$', errorMessage: `${displayName}: not a Datatruck ID; use digits only, ${example}` },
	};
}

export function recordLocator(spec: RecordLocatorSpec, placeholderId = 'e.g. 214'): INodeProperties {
	const typed = spec.typed ?? {
		name: 'id',
		displayName: 'By ID',
		placeholder: placeholderId,
		validation: [numericId(spec.displayName, placeholderId)],
	};
	return {
		displayName: spec.displayName,
		name: spec.name,
		type: 'resourceLocator',
		required: spec.required,
		default: { mode: 'list', value: '' },
		description: spec.description,
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				placeholder: spec.searchPlaceholder,
				typeOptions: { searchListMethod: spec.searchListMethod, searchable: true },
			},
			{
				displayName: typed.displayName,
				name: typed.name,
				type: 'string',
				placeholder: typed.placeholder,
				validation: typed.validation,
			},
		],
	};
}

/**
 * The value of a picker whatever it holds: the picked or typed value of a locator, or the plain
 * string of a workflow saved before the picker (also inside collections, which n8n does not unwrap).
 */
export function locatorValue(value: unknown): unknown {
	if (value && typeof value === 'object' && 'value' in value) {
		return (value as INodeParameterResourceLocator).value;
	}
	return value;
}

/**
 * A truck or trailer picker for fields Datatruck takes in label form (the unit number, e.g. a work
 * order's `truck`): the list shows the fleet and the value it keeps is the unit number itself.
 */
export function unitPicker(displayName: string, name: string, searchListMethod: string, example: string): INodeProperties {
	const noun = displayName.toLowerCase();
	return recordLocator({
		displayName,
		name,
		searchListMethod,
		searchPlaceholder: `Type a unit number, plate, VIN or make, e.g. ${example}`,
		typed: { name: 'unitNumber', displayName: 'By Unit Number', placeholder: `e.g. ${example}` },
		description: `The ${noun} the work is on: pick it from the list, or give its unit number as Datatruck shows it, e.g. ${example}. Datatruck receives the unit number.`,
	});
}
