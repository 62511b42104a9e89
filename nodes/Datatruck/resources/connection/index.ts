import type { INodeProperties } from 'n8n-workflow';
import { connectionCheckCompatibilityOperation } from './checkCompatibility';

export const connectionDescription: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['connection'] } },
		options: [connectionCheckCompatibilityOperation],
		default: 'checkCompatibility',
	},
];
