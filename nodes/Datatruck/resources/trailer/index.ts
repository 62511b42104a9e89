import type { INodeProperties } from 'n8n-workflow';
import { trailerCreateFields, trailerCreateOperation } from './create';
import { trailerGetManyFields, trailerGetManyOperation } from './getMany';

export const trailerDescription: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['trailer'] } },
		options: [trailerCreateOperation, trailerGetManyOperation],
		default: 'getMany',
	},
	...trailerGetManyFields,
	...trailerCreateFields,
];
