import type { INodeProperties } from 'n8n-workflow';
import { workOrderCreateFields, workOrderCreateOperation } from './create';
import { workOrderGetManyFields, workOrderGetManyOperation } from './getMany';

export const workOrderDescription: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['workOrder'] } },
		options: [workOrderCreateOperation, workOrderGetManyOperation],
		default: 'getMany',
	},
	...workOrderCreateFields,
	...workOrderGetManyFields,
];
