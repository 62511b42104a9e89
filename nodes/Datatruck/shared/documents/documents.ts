import type {
	IBinaryData,
	IDataObject,
	IExecuteSingleFunctions,
	INodeExecutionData,
	INodePropertyOptions,
} from 'n8n-workflow';
import { downloadFile, type DownloadLimits } from './download';
import { connectionFor } from '../transport';
import { ParameterCheck } from '../fields';

/** The document types Datatruck lists on a load (`documents[].file_type`). */
export const DOCUMENT_TYPE_OPTIONS: INodePropertyOptions[] = [
	{ name: 'Bill of Lading', value: 'bill_of_lading' },
	{ name: 'Commercial Invoice', value: 'commercial_invoice' },
	{ name: 'Proof of Delivery', value: 'proof_of_delivery' },
	{ name: 'Rate Confirmation', value: 'rate_confirmation' },
];

export const DEFAULT_MAX_FILE_SIZE_MB = 25;
/** Used when the node's Request Options set no timeout. */
export const DEFAULT_DOWNLOAD_TIMEOUT_MS = 120_000;

export type DocumentsOutput = 'perDocument' | 'perLoad';

export interface DocumentsSettings {
	/** Empty: every type, including any Datatruck adds later. */
	types: string[];
	output: DocumentsOutput;
	/** Per document: the binary field each file goes in. */
	binaryPropertyName: string;
	limits: DownloadLimits;
}

/** Reads the operation's parameters for the current item, checked before anything is downloaded. */
export function documentsSettings(ctx: IExecuteSingleFunctions, timeoutMs?: number): DocumentsSettings {
	const check = ParameterCheck.forItem(ctx);
	const options = ctx.getNodeParameter('options', {}) as IDataObject;
	const output = ctx.getNodeParameter('output', 'perDocument') as DocumentsOutput;
	const maxMb = check.number(options.maxFileSizeMb ?? DEFAULT_MAX_FILE_SIZE_MB, 'Max File Size (MB)', '25');
	if (maxMb <= 0) check.fail('Max File Size (MB)', 'must be more than 0', '25');
	return {
		types: (ctx.getNodeParameter('documentTypes', []) as string[]) ?? [],
		output,
		binaryPropertyName:
			output === 'perDocument'
				? check.text(ctx.getNodeParameter('binaryPropertyName', 'data'), 'Put File in Field', 'data')
				: '',
		limits: { maxBytes: Math.round(maxMb * 1024 * 1024), timeoutMs: timeoutMs || DEFAULT_DOWNLOAD_TIMEOUT_MS },
	};
}

/**
 * The chosen documents of one load as items with binary data: one item per document, or one item
 * with a binary field per document (named after its type, e.g. `proof_of_delivery`, which is what
 * an email node's Attachments field takes). A load without such documents gives no item.
 */
export async function documentItems(
	ctx: IExecuteSingleFunctions,
	load: IDataObject,
	settings: DocumentsSettings,
): Promise<INodeExecutionData[]> {
	const loadId = Number(load.id);
	const chosen = documentsOf(load).filter(
		(document) => settings.types.length === 0 || settings.types.includes(document.file_type),
	);
	if (chosen.length === 0) return [];
	const connection = await connectionFor(ctx);
	const files: Array<{ json: IDataObject; binary: IBinaryData }> = [];
	for (const document of chosen) {
		const documentType = labelOf(document.file_type);
		const file = await downloadFile(ctx, connection, document.file_link, { loadId, documentType }, settings.limits);
		const binary = await ctx.helpers.prepareBinaryData(
			file.bytes,
			file.fileName ?? document.file_type,
			file.mimeType,
		);
		files.push({
			binary,
			json: {
				load_id: loadId,
				load_number: load.load_id ?? null,
				file_type: document.file_type,
				file_name: binary.fileName ?? null,
				mime_type: binary.mimeType,
				file_size: file.bytes.length,
				uploaded_by: document.uploaded_by ?? null,
				uploaded_at: document.uploaded_at ?? null,
			},
		});
	}
	if (settings.output === 'perDocument') {
		return files.map(({ json, binary }) => ({ json, binary: { [settings.binaryPropertyName]: binary } }));
	}
	const binary: Record<string, IBinaryData> = {};
	const documents = files.map((file) => {
		const field = freeField(binary, String(file.json.file_type));
		binary[field] = file.binary;
		return { ...file.json, binary_field: field };
	});
	return [
		{
			json: {
				load_id: loadId,
				load_number: load.load_id ?? null,
				binary_fields: Object.keys(binary).join(','),
				documents,
			},
			binary,
		},
	];
}

interface LoadDocument {
	file_type: string;
	file_link: string;
	uploaded_by?: unknown;
	uploaded_at?: unknown;
}

/** `documents` as the spec shows it; anything else (missing, null, not a list) means none. */
function documentsOf(load: IDataObject): LoadDocument[] {
	const documents = load.documents;
	if (!Array.isArray(documents)) return [];
	return documents
		.filter((document): document is IDataObject => !!document && typeof document === 'object')
		.map((document) => ({
			...document,
			file_type: String(document.file_type ?? 'document'),
			file_link: typeof document.file_link === 'string' ? document.file_link.trim() : '',
		}));
}

/** "proof_of_delivery" → "proof of delivery", for messages. */
function labelOf(fileType: string): string {
	const known = DOCUMENT_TYPE_OPTIONS.find((option) => option.value === fileType);
	return (known ? known.name : fileType.replace(/_/g, ' ')).toLowerCase();
}

/** The type's name, or `<type>_2`, `<type>_3`… when a load has several of that type. */
function freeField(taken: Record<string, unknown>, base: string): string {
	let field = base;
	for (let n = 2; field in taken; n++) field = `${base}_${n}`;
	return field;
}
