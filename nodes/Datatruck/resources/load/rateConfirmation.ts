import { NodeOperationError } from 'n8n-workflow';
import type { IBinaryData, IDisplayOptions, IExecuteSingleFunctions, INodeProperties } from 'n8n-workflow';
import { addressKind } from '../../shared/documents';
import type { ParameterCheck } from '../../shared/fields';

/*
 * Load › Create's rate confirmation (Datatruck's published POST /orders/create/: `rate_confirmation`, "the document
 * as base64, or a public URL of the file"). A file of the input item is checked before anything is sent, its type
 * by its first bytes as well as its declared MIME type, its size against RATE_CONFIRMATION_MAX_MB; a URL must be
 * https on a public host, since Datatruck, not n8n, downloads it. The node never downloads a URL itself.
 */

/** A broker's rate confirmation is one to three pages: a few hundred KB as a PDF, a few MB as a phone scan. */
export const RATE_CONFIRMATION_MAX_MB = 10;
const MAX_BYTES = RATE_CONFIRMATION_MAX_MB * 1024 * 1024;

const SOURCE = 'rateConfirmation';
const BINARY_FIELD = 'binaryPropertyName';
const URL_FIELD = 'rateConfirmationUrl';

type Source = 'none' | 'binary' | 'url';

const URL_EXAMPLE = 'https://docs.example-broker.com/ratecons/RC-4481233.pdf';

export function rateConfirmationFields(display: IDisplayOptions): INodeProperties[] {
	const when = (source: Source): IDisplayOptions => ({ ...display, show: { ...display.show, [SOURCE]: [source] } });
	return [
		{
			displayName: 'Rate Confirmation',
			name: SOURCE,
			type: 'options',
			options: [
				{
					name: 'Binary File',
					value: 'binary',
					description: `A PDF, PNG or JPEG file of the input item (e.g. an email attachment), at most ${RATE_CONFIRMATION_MAX_MB} MB; sent to Datatruck as base64`,
				},
				{ name: 'None', value: 'none', description: 'Create the load without a rate confirmation' },
				{
					name: 'URL',
					value: 'url',
					description: 'A public https link to the file; Datatruck downloads it, n8n does not',
				},
			],
			default: 'none',
			displayOptions: display,
			description: "The broker's rate confirmation, attached to the load in Datatruck",
		},
		{
			displayName: 'Input Binary Field',
			name: BINARY_FIELD,
			type: 'string',
			default: 'data',
			required: true,
			displayOptions: when('binary'),
			placeholder: 'e.g. attachment_0',
			hint: 'The name of the input binary field containing the rate confirmation',
			description:
				"The Email Trigger (IMAP) puts a mail's files in attachment_0, attachment_1, …; Read/Write Files From Disk and HTTP Request put theirs in data",
		},
		{
			displayName: 'File URL',
			name: URL_FIELD,
			type: 'string',
			default: '',
			required: true,
			displayOptions: when('url'),
			placeholder: `e.g. ${URL_EXAMPLE}`,
			description: 'A public https link to the rate confirmation (PDF, PNG or JPEG) that Datatruck can download',
		},
	];
}

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

type FileKind = 'PDF' | 'PNG' | 'JPEG';

/** The MIME types of a PDF, PNG or JPEG, and what mail clients and file servers send when they do not know. */
const ACCEPTED_MIME_TYPES = new Set([
	'application/pdf',
	'application/x-pdf',
	'image/png',
	'image/jpeg',
	'image/jpg',
	'image/pjpeg',
	'application/octet-stream',
	'binary/octet-stream',
	'',
]);

/** What the first bytes say the file is: `%PDF-`, PNG's signature, or JPEG's start-of-image marker. */
function fileKindOf(bytes: Uint8Array): FileKind | undefined {
	const starts = (signature: number[]) => signature.every((byte, index) => bytes[index] === byte);
	if (starts([0x25, 0x50, 0x44, 0x46, 0x2d])) return 'PDF';
	if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'PNG';
	if (starts([0xff, 0xd8, 0xff])) return 'JPEG';
	return undefined;
}

const FILE_EXAMPLE = `a PDF, PNG or JPEG of the rate confirmation, at most ${RATE_CONFIRMATION_MAX_MB} MB`;

function checkSize(check: ParameterCheck, parameter: string, what: string, size: number): void {
	if (size === 0) check.fail(parameter, `${what} is empty (0 bytes)`, FILE_EXAMPLE);
	if (size > MAX_BYTES) {
		check.fail(
			parameter,
			`${what} is ${megabytes(size)}; Datatruck is sent at most ${RATE_CONFIRMATION_MAX_MB} MB`,
			`${FILE_EXAMPLE} (scan it in black and white, or at 200 dpi)`,
		);
	}
}

/** Size and type, the same for a binary property and a JSON Body's base64. */
function checkFile(check: ParameterCheck, parameter: string, what: string, bytes: Uint8Array, mimeType?: string): void {
	checkSize(check, parameter, what, bytes.length);
	const declared = (mimeType ?? '').split(';')[0].trim().toLowerCase();
	if (!ACCEPTED_MIME_TYPES.has(declared)) check.fail(parameter, `${what} is ${declared}, not a PDF, PNG or JPEG`, FILE_EXAMPLE);
	if (!fileKindOf(bytes)) {
		check.fail(parameter, `${what} is not really a PDF, PNG or JPEG: its first bytes say otherwise`, FILE_EXAMPLE);
	}
}

function checkUrl(check: ParameterCheck, parameter: string, raw: unknown): string {
	const text = check.text(raw, parameter, URL_EXAMPLE);
	let url: URL;
	try {
		url = new URL(text);
	} catch {
		return check.fail(parameter, `"${text}" is not a web address`, URL_EXAMPLE);
	}
	if (url.protocol !== 'https:') check.fail(parameter, `"${text}" must start with https://`, URL_EXAMPLE);
	if (url.username || url.password) check.fail(parameter, 'must not carry a user name or password', URL_EXAMPLE);
	const kind = addressKind(url.hostname);
	if (kind !== 'public') {
		check.fail(parameter, `"${url.hostname}" is a ${kind} address: Datatruck must be able to download the file from the internet`, URL_EXAMPLE);
	}
	return url.href;
}

/** Base64's alphabet and padding; a linear test, since a file is millions of characters long. */
const isBase64 = (text: string) => text.length % 4 === 0 && /^[A-Za-z0-9+/]*={0,2}$/.test(text);

/** A JSON Body's `rate_confirmation`: an https URL, or base64 (a `data:` URL's prefix is dropped). */
function checkJsonValue(check: ParameterCheck, raw: unknown): string {
	const parameter = 'JSON Body › rate_confirmation';
	if (typeof raw !== 'string') check.fail(parameter, 'must be text: base64 of the file, or an https link to it', URL_EXAMPLE);
	const text = raw.trim();
	if (/^[a-z][a-z0-9+.-]*:\/\//i.test(text)) return checkUrl(check, parameter, text);
	const base64 = text.replace(/^data:[^,]*;base64,/i, '').replace(/\s+/g, '');
	if (!base64 || !isBase64(base64)) {
		check.fail(parameter, 'is neither an https link nor base64 of a file', URL_EXAMPLE);
	}
	checkFile(check, parameter, 'the file', Buffer.from(base64, 'base64'));
	return base64;
}

function binaryProperties(ctx: IExecuteSingleFunctions): string[] {
	return Object.keys(ctx.getInputData().binary ?? {});
}

/** The file of the input item named by Input Binary Field, checked, as base64. */
async function fromBinary(ctx: IExecuteSingleFunctions, check: ParameterCheck): Promise<string> {
	const name = check.text(ctx.getNodeParameter(BINARY_FIELD, 'data'), 'Input Binary Field', 'attachment_0');
	const itemIndex = ctx.getItemIndex();
	let binary: IBinaryData;
	try {
		binary = ctx.helpers.assertBinaryData(name);
	} catch {
		const present = binaryProperties(ctx);
		throw new NodeOperationError(
			ctx.getNode(),
			`No binary property '${name}' on item ${itemIndex}: set Input Binary Field to the property that holds the rate confirmation`,
			{
				itemIndex,
				description: `${present.length ? `This item's binary properties: ${present.join(', ')}.` : 'This item has no binary data.'} For example: attachment_0, the first file of a mail read by the Email Trigger (IMAP)`,
			},
		);
	}
	const what = `the file in '${name}'${binary.fileName ? ` (${binary.fileName})` : ''}`;
	// n8n knows the size of a stored file: one too large is refused before it is read into memory.
	if (typeof binary.bytes === 'number') checkSize(check, 'Rate Confirmation', what, binary.bytes);
	const bytes = await ctx.helpers.getBinaryDataBuffer(name);
	checkFile(check, 'Rate Confirmation', what, bytes, binary.mimeType);
	return bytes.toString('base64');
}

/**
 * The `rate_confirmation` to send, or undefined for none. A JSON Body may carry its own; it is checked the same way,
 * and giving one there and in Rate Confirmation is refused rather than one silently winning.
 */
export async function rateConfirmationValue(
	ctx: IExecuteSingleFunctions,
	check: ParameterCheck,
	fromJsonBody: unknown,
): Promise<string | undefined> {
	const source = ctx.getNodeParameter(SOURCE, 'none') as Source;
	if (source !== 'none' && fromJsonBody !== undefined) {
		check.fail('Rate Confirmation', 'is also given in JSON Body › rate_confirmation: keep one of the two', 'Rate Confirmation: None, with rate_confirmation in the JSON Body');
	}
	if (source === 'binary') return await fromBinary(ctx, check);
	if (source === 'url') return checkUrl(check, 'File URL', ctx.getNodeParameter(URL_FIELD, ''));
	if (fromJsonBody !== undefined) return checkJsonValue(check, fromJsonBody);
	return undefined;
}
