import type { INodeProperties } from 'n8n-workflow';
import { loadCreateFields, loadCreateOperation } from './create';
import { loadGetFields, loadGetOperation } from './get';
import { loadGetDocumentsFields, loadGetDocumentsOperation } from './getDocuments';
import { loadGetManyFields, loadGetManyOperation } from './getMany';

export const loadDescription: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['load'] } },
		options: [loadCreateOperation, loadGetOperation, loadGetDocumentsOperation, loadGetManyOperation],
		default: 'getMany',
	},
	...loadGetManyFields,
	...loadGetFields,
	...loadGetDocumentsFields,
	...loadCreateFields,
];
