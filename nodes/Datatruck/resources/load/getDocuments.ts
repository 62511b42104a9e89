import type { IExecuteSingleFunctions, IHttpRequestOptions, INodeProperties } from 'n8n-workflow';
import { showFor } from '../../shared/descriptions';
import {
	DEFAULT_MAX_FILE_SIZE_MB,
	DOCUMENT_TYPE_OPTIONS,
	documentItems,
	documentsSettings,
} from '../../shared/documents';
import { datatruckOperation } from '../../shared/route';
import { loadPath, loadPicker, noSuchLoad } from './picker';

const display = showFor('load', 'getDocuments');

/** preSend: a wrong option fails before the load is even read. */
async function checkSettings(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions) {
	documentsSettings(this);
	return requestOptions;
}

export const loadGetDocumentsOperation = datatruckOperation({
	name: 'Get Documents',
	value: 'getDocuments',
	action: 'Get the documents of a load',
	description: 'Download a load’s rate confirmation, bill of lading, proof of delivery or invoice as files',
	method: 'GET',
	path: '/orders/',
	preSend: [checkSettings, loadPath],
	notFoundMessage: noSuchLoad,
	async toItems(records, request) {
		const settings = documentsSettings(this, request.timeout);
		const items = [];
		for (const load of records) items.push(...(await documentItems(this, load, settings)));
		return items;
	},
});

export const loadGetDocumentsFields: INodeProperties[] = [
	{ ...loadPicker('whose documents to download'), displayOptions: display },
	{
		displayName: 'Document Types',
		name: 'documentTypes',
		type: 'multiOptions',
		options: DOCUMENT_TYPE_OPTIONS,
		default: [],
		description: 'Which documents to download. Leave empty to download every document of the load.',
		displayOptions: display,
	},
	{
		displayName: 'Output',
		name: 'output',
		type: 'options',
		options: [
			{
				name: 'One Item per Document',
				value: 'perDocument',
				description: 'Each file in its own item, e.g. to save them to a drive one by one',
			},
			{
				name: 'One Item per Load',
				value: 'perLoad',
				description:
					'All files of the load in one item, one binary field per document type such as proof_of_delivery: to attach them to one email',
			},
		],
		default: 'perDocument',
		displayOptions: display,
	},
	{
		displayName: 'Put File in Field',
		name: 'binaryPropertyName',
		type: 'string',
		default: 'data',
		required: true,
		description: 'The name of the binary field each file goes in',
		displayOptions: { show: { ...display.show, output: ['perDocument'] } },
	},
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		displayOptions: display,
		options: [
			{
				displayName: 'Max File Size (MB)',
				name: 'maxFileSizeMb',
				type: 'number',
				typeOptions: { minValue: 0.1, numberPrecision: 1 },
				default: DEFAULT_MAX_FILE_SIZE_MB,
				description: 'Larger files stop the node with an error instead of filling n8n’s memory',
			},
		],
	},
];
