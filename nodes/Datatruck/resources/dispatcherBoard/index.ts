import type { INodeProperties } from 'n8n-workflow';
import { dispatcherBoardGetFields, dispatcherBoardGetOperation } from './get';

export const dispatcherBoardDescription: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['dispatcherBoard'] } },
		options: [dispatcherBoardGetOperation],
		default: 'get',
	},
	...dispatcherBoardGetFields,
];
