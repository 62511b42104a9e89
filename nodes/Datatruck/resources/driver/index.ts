import type { INodeProperties } from 'n8n-workflow';
import { driverCreateFields, driverCreateOperation } from './create';
import { driverGetManyFields, driverGetManyOperation } from './getMany';
import { driverUpdateFields, driverUpdateOperation } from './update';

export const driverDescription: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['driver'] } },
		options: [driverCreateOperation, driverGetManyOperation, driverUpdateOperation],
		default: 'getMany',
	},
	...driverGetManyFields,
	...driverCreateFields,
	...driverUpdateFields,
];
