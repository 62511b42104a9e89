import type { INodeProperties } from 'n8n-workflow';
import { showFor, simplifyProperty } from '../../shared/descriptions';
import { datatruckOperation } from '../../shared/route';
import { simplifyLoadsWhenAsked } from '../../shared/fields';
import { loadPath, loadPicker, noSuchLoad } from './picker';

const display = showFor('load', 'get');

export const loadGetOperation = datatruckOperation({
	name: 'Get',
	value: 'get',
	action: 'Get a load',
	description: 'Get one load by its Datatruck ID',
	method: 'GET',
	path: '/orders/',
	preSend: [loadPath],
	notFoundMessage: noSuchLoad,
	shape: simplifyLoadsWhenAsked,
});

export const loadGetFields: INodeProperties[] = [
	{ ...loadPicker('to get'), displayOptions: display },
	simplifyProperty(display, 'one flat row with ID, status, pay, miles, customer, dispatcher, driver, truck, pickup and delivery'),
];
