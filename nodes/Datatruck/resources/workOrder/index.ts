import type { INodeProperties } from 'n8n-workflow';
import { workOrderCreateFields, workOrderCreateOperation } from './create';
import { workOrderExtractFromTextFields, workOrderExtractFromTextOperation } from './extractFromText';
import { workOrderGetManyFields, workOrderGetManyOperation } from './getMany';

export const workOrderDescription: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['workOrder'] } },
		options: [workOrderCreateOperation, workOrderExtractFromTextOperation, workOrderGetManyOperation],
		default: 'getMany',
	},
	...workOrderCreateFields,
	...workOrderExtractFromTextFields,
	...workOrderGetManyFields,
];
