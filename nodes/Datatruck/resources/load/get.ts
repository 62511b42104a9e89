import type { INodeProperties } from 'n8n-workflow';
import { showFor, simplifyProperty } from '../../shared/descriptions';
import { idParameter, pathWithId } from '../../shared/ids';
import { recordLocator } from '../../shared/recordLocator';
import { datatruckOperation } from '../../shared/route';
import { simplifyLoadsWhenAsked } from '../../shared/simplify';

const display = showFor('load', 'get');

export const loadGetOperation = datatruckOperation({
	name: 'Get',
	value: 'get',
	action: 'Get a load',
	description: 'Get one load by its Datatruck ID',
	method: 'GET',
	path: '/orders/',
	preSend: [pathWithId('loadId', 'Load', (id) => `/orders/${id}`)],
	notFoundMessage() {
		return `No load with ID ${idParameter.call(this, 'loadId')} exists in this Datatruck company`;
	},
	shape: simplifyLoadsWhenAsked,
});

export const loadGetFields: INodeProperties[] = [
	{
		...recordLocator(
			{
				displayName: 'Load',
				name: 'loadId',
				searchListMethod: 'searchLoads',
				searchPlaceholder: 'Type a load number or customer, e.g. LD-20931',
				description:
					"The load to get: pick it from the list (type part of its load number or customer name), or give Datatruck's numeric load ID, e.g. 10482 (the ID field of Load › Get Many, not the load number)",
				required: true,
			},
			'e.g. 10482',
		),
		displayOptions: display,
	},
	simplifyProperty(display, 'one flat row with ID, status, pay, miles, customer, dispatcher, driver, truck, pickup and delivery'),
];
