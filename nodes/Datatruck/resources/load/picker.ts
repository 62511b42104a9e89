import type { IExecuteSingleFunctions, INodeProperties } from 'n8n-workflow';
import { idParameter, pathWithId, recordLocator } from '../../shared/pickers';

/** The Load picker of every operation that works on one load, and how its request finds that load. */
export function loadPicker(what: string): INodeProperties {
	return recordLocator(
		{
			displayName: 'Load',
			name: 'loadId',
			searchListMethod: 'searchLoads',
			searchPlaceholder: 'Type a load number or customer, e.g. LD-20931',
			description: `The load ${what}: pick it from the list (type part of its load number or customer name), or give Datatruck's numeric load ID, e.g. 10482 (the ID field of Load › Get Many, not the load number)`,
			required: true,
		},
		'e.g. 10482',
	);
}

export const loadPath = pathWithId('loadId', 'Load', (id) => `/orders/${id}`);

export function noSuchLoad(this: IExecuteSingleFunctions): string {
	return `No load with ID ${idParameter.call(this, 'loadId')} exists in this Datatruck company`;
}
