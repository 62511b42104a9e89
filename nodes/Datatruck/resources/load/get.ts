import type { INodeProperties } from 'n8n-workflow';
import { showFor, simplifyProperty } from '../../shared/descriptions';
import { idParameter, pathWithId } from '../../shared/ids';
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
	preSend: [pathWithId('loadId', 'Load ID', (id) => `/orders/${id}`)],
	notFoundMessage() {
		return `No load with ID ${idParameter.call(this, 'loadId')} exists in this Datatruck company`;
	},
	shape: simplifyLoadsWhenAsked,
});

export const loadGetFields: INodeProperties[] = [
	{
		displayName: 'Load ID',
		name: 'loadId',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. 10482',
		description: 'The numeric Datatruck ID of the load, not its load number',
		displayOptions: display,
	},
	simplifyProperty(display, 'one flat row with ID, status, pay, miles, customer, dispatcher, driver, truck, pickup and delivery'),
];
