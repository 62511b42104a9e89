import type { INodeProperties } from 'n8n-workflow';
import { truckCreateFields, truckCreateOperation } from './create';
import { truckGetManyFields, truckGetManyOperation } from './getMany';

export const truckDescription: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['truck'] } },
		options: [truckCreateOperation, truckGetManyOperation],
		default: 'getMany',
	},
	...truckGetManyFields,
	...truckCreateFields,
];
