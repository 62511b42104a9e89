import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import tls from 'node:tls';
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';
import { bareToken, companyToBaseUrl } from '../../nodes/Datatruck/shared/transport/connection';
import { limiterFor, RollingWindowLimiter } from '../../nodes/Datatruck/shared/transport/rateLimiter';
import { useSandbox } from '../harness/sandbox.cts';
import type { Order, OrderDocument } from '../sandbox/index.cts';

const dt = useSandbox();
const files = () => dt.sandbox.documents;

beforeEach(() => {
	files().clearLog();
	files().clearFaults();
});

function getDocuments(loadId: number | string, extra: IDataObject = {}) {
	return { resource: 'load', operation: 'getDocuments', loadId: String(loadId), ...extra };
}

function bytesOf(item: INodeExecutionData, field = 'data'): Buffer {
	return Buffer.from(item.binary![field].data, 'base64');
}

/** The token must never reach the storage host: read from the host's own request log. */
function expectNoTokenAtFileHost() {
	expect(files().log.length).toBeGreaterThan(0);
	expect(files().log.filter((entry) => entry.authorization !== undefined)).toEqual([]);
}

function seededLoad(predicate: (order: Order) => boolean): Order {
	const order = dt.sandbox.data.orders.find(predicate);
	if (!order) throw new Error('no seeded load fits');
	return order;
}

const withAll = (order: Order) => order.documents.length === 4;

/** A fresh load with exactly these documents, so tests that bend links leave the seed alone. */
function loadWithDocuments(documents: Array<Partial<OrderDocument> & { file_link: string }>): Order {
	return dt.sandbox.createLoad({
		documents: documents.map((document) => ({
			file_type: 'proof_of_delivery',
			uploaded_by: 'Dana Whitfield',
			uploaded_at: '2026-11-20T16:05:00Z',
			...document,
		})) as OrderDocument[],
	});
}

function podOf(order: Order): OrderDocument {
	return order.documents.find((document) => document.file_type === 'proof_of_delivery')!;
}

/** What an error may show of a link: never the query string of a signed URL. */
function expectNoSignedQuery(error: unknown) {
	const text = JSON.stringify({
		message: (error as Error).message,
		description: (error as { description?: string }).description,
	});
	expect(text).not.toMatch(/signature=|expires=/);
}

describe('Load › Get Documents', () => {
	test('downloads every document of a load as binary data: one load request, the exact bytes, no token at the file host', async () => {
		const load = seededLoad(withAll);
		const result = await dt.run({ parameters: getDocuments(load.id) });

		expect(result.error).toBeUndefined();
		expect(dt.requestLines()).toEqual([`GET /api/v1/openapi/orders/${load.id}`]);
		expect(result.items).toHaveLength(4);
		for (const [index, item] of result.items.entries()) {
			const document = load.documents[index];
			const served = files().fileAt(document.file_link);
			expect(bytesOf(item)).toEqual(served.bytes);
			const fileName = new URL(document.file_link).pathname.split('/').pop();
			expect(item.binary!.data).toMatchObject({ mimeType: served.contentType, fileName, bytes: served.bytes.length });
			expect(item.json).toEqual({
				load_id: load.id,
				load_number: load.load_id,
				file_type: document.file_type,
				file_name: fileName,
				mime_type: served.contentType,
				file_size: served.bytes.length,
				uploaded_by: document.uploaded_by,
				uploaded_at: document.uploaded_at,
			});
			expect(item.pairedItem).toEqual({ item: 0 });
			// Not a stand-in: a real PDF from its header to its end-of-file marker.
			expect(bytesOf(item).subarray(0, 5).toString()).toBe('%PDF-');
			expect(bytesOf(item).toString('latin1').trimEnd().endsWith('%%EOF')).toBe(true);
		}
		expect(files().log.map((entry) => entry.rawUrl)).toEqual(
			load.documents.map((document) => document.file_link.slice(files().origin.length)),
		);
		expectNoTokenAtFileHost();
	});

	test('Document Types downloads only the chosen ones', async () => {
		const load = seededLoad(withAll);
		const result = await dt.run({
			parameters: getDocuments(load.id, { documentTypes: ['proof_of_delivery', 'rate_confirmation'] }),
		});
		expect(result.json.map((json) => json.file_type)).toEqual(['rate_confirmation', 'proof_of_delivery']);
		expect(files().log).toHaveLength(2);
	});

	test('a photo of the proof of delivery comes out as a PNG, its type from the answer', async () => {
		const load = seededLoad((order) => !!podOf(order) && new URL(podOf(order).file_link).pathname.endsWith('.png'));
		const result = await dt.run({ parameters: getDocuments(load.id, { documentTypes: ['proof_of_delivery'] }) });
		const [item] = result.items;
		expect(item.binary!.data.mimeType).toBe('image/png');
		expect(item.binary!.data.fileExtension).toBe('png');
		expect(bytesOf(item)).toEqual(files().fileAt(podOf(load).file_link).bytes);
		expect(bytesOf(item).subarray(1, 4).toString()).toBe('PNG');
	});

	test('a generic content type falls back to the type of the file name', async () => {
		const load = seededLoad(withAll);
		files().injectFault({ kind: 'generic_type' });
		const result = await dt.run({ parameters: getDocuments(load.id, { documentTypes: ['rate_confirmation'] }) });
		expect(result.items[0].binary!.data.mimeType).toBe('application/pdf');
		expect(bytesOf(result.items[0])).toEqual(files().fileAt(load.documents[0].file_link).bytes);
	});

	test('Put File in Field names the binary field', async () => {
		const load = seededLoad(withAll);
		const result = await dt.run({
			parameters: getDocuments(load.id, { documentTypes: ['bill_of_lading'], binaryPropertyName: 'bol' }),
		});
		expect(Object.keys(result.items[0].binary!)).toEqual(['bol']);
	});

	test('One Item per Load: one binary field per document, named after its type, listed for an email node', async () => {
		const source = seededLoad(withAll);
		const [rate, , pod] = source.documents;
		const load = loadWithDocuments([
			{ file_type: 'rate_confirmation', file_link: rate.file_link },
			{ file_type: 'proof_of_delivery', file_link: pod.file_link },
			{ file_type: 'proof_of_delivery', file_link: pod.file_link },
		]);
		const result = await dt.run({ parameters: getDocuments(load.id, { output: 'perLoad' }) });

		expect(result.items).toHaveLength(1);
		const [item] = result.items;
		expect(Object.keys(item.binary!)).toEqual(['rate_confirmation', 'proof_of_delivery', 'proof_of_delivery_2']);
		expect(item.json.binary_fields).toBe('rate_confirmation,proof_of_delivery,proof_of_delivery_2');
		expect((item.json.documents as IDataObject[]).map((document) => document.binary_field)).toEqual([
			'rate_confirmation',
			'proof_of_delivery',
			'proof_of_delivery_2',
		]);
		expect(bytesOf(item, 'proof_of_delivery_2')).toEqual(files().fileAt(pod.file_link).bytes);
		expect(item.json).toMatchObject({ load_id: load.id, load_number: load.load_id });
		expect(item.pairedItem).toEqual({ item: 0 });
	});

	test('a load without documents, or without the chosen type, gives no item and no error', async () => {
		const empty = loadWithDocuments([]);
		const noPod = loadWithDocuments([{ file_type: 'rate_confirmation', file_link: seededLoad(withAll).documents[0].file_link }]);
		const withDocs = seededLoad(withAll);
		const result = await dt.run({
			parameters: getDocuments('={{ $json.id }}', { documentTypes: ['proof_of_delivery'] }),
			items: [{ id: empty.id }, { id: noPod.id }, { id: withDocs.id }],
		});
		expect(result.error).toBeUndefined();
		expect(result.items).toHaveLength(1);
		expect(result.items[0].json.load_id).toBe(withDocs.id);
		expect(result.items[0].pairedItem).toEqual({ item: 2 });
		expect(dt.sandbox.log).toHaveLength(3);
		expect(files().log).toHaveLength(1);
	});

	test('a document list Datatruck leaves out or sends as null counts as no documents', async () => {
		const missing = dt.sandbox.createLoad({});
		delete (missing as Partial<Order>).documents;
		const nulled = dt.sandbox.createLoad({ documents: null as never });
		const result = await dt.run({
			parameters: getDocuments('={{ $json.id }}'),
			items: [{ id: missing.id }, { id: nulled.id }],
		});
		expect(result.error).toBeUndefined();
		expect(result.items).toEqual([]);
	});
});

describe('Load › Get Documents: security', () => {
	test('a link on Datatruck’s own address gets the token and spends the token’s rate budget', async () => {
		const source = seededLoad(withAll);
		const load = loadWithDocuments([
			{ file_type: 'bill_of_lading', file_link: `${dt.sandbox.baseUrl}/orders/${source.id}/documents/1/file/` },
		]);
		const acquire = jest.spyOn(RollingWindowLimiter.prototype, 'acquire');
		try {
			const result = await dt.run({ parameters: getDocuments(load.id) });
			expect(bytesOf(result.items[0])).toEqual(files().fileAt(source.documents[1].file_link).bytes);
			expect(acquire).toHaveBeenCalledTimes(2);
		} finally {
			acquire.mockRestore();
		}
		expect(dt.requestLines()).toEqual([
			`GET /api/v1/openapi/orders/${load.id}`,
			`GET /api/v1/openapi/orders/${source.id}/documents/1/file/`,
		]);
		expect(dt.sandbox.log.every((entry) => entry.headers.authorization === `Token ${dt.sandbox.token}`)).toBe(true);
		expect(files().log).toEqual([]);
	});

	test.each([
		['names a wait', 1],
		['names none', null],
	])('Datatruck answering 429 to a document on its own address, and it %s: ridden out as an API request is, within a rate window, and the limiter learns the token is shared', async (_, retryAfter) => {
		const source = seededLoad(withAll);
		const load = loadWithDocuments([
			{ file_type: 'bill_of_lading', file_link: `${dt.sandbox.baseUrl}/orders/${source.id}/documents/1/file/` },
		]);
		// A window of 2 s: the 1 s Retry-After fits it, and so must every wait without one.
		const credentials = dt.credentials({ rateLimitWindowSeconds: 2 });
		dt.sandbox.injectFaults({ count: 4, kind: '429', retryAfter, match: { path: '/documents/1/file/' } });
		const result = await dt.run({ parameters: getDocuments(load.id), credentials });
		expect(result.error).toBeUndefined();
		expect(bytesOf(result.items[0])).toEqual(files().fileAt(source.documents[1].file_link).bytes);
		const downloads = dt.sandbox.log.filter((entry) => entry.path.endsWith('/documents/1/file/'));
		expect(downloads.map((entry) => entry.status)).toEqual([429, 429, 429, 429, 200]);
		const at = downloads.map((entry) => entry.at);
		expect(Math.max(...at.slice(1).map((t, i) => t - at[i]))).toBeLessThan(2 * 2000);
		const limiter = limiterFor(companyToBaseUrl(credentials.company), bareToken(credentials.apiToken), 20, 2000);
		expect(limiter.share.everShared()).toBe(true);
	});

	test.each([
		['answering 503 (an outage)', 503, [503, 503, 503, 200]],
		['closing the connection before answering (a restart)', 'drop', [0, 200]],
	] as const)('Datatruck %s to a document on its own address: waited out as an API request is, and the file downloads', async (_, kind, statuses) => {
		const source = seededLoad(withAll);
		const load = loadWithDocuments([
			{ file_type: 'bill_of_lading', file_link: `${dt.sandbox.baseUrl}/orders/${source.id}/documents/1/file/` },
		]);
		dt.sandbox.injectFaults({ count: statuses.length - 1, kind, match: { path: '/documents/1/file/' } });
		const result = await dt.run({ parameters: getDocuments(load.id) });
		expect(result.error).toBeUndefined();
		expect(bytesOf(result.items[0])).toEqual(files().fileAt(source.documents[1].file_link).bytes);
		const downloads = dt.sandbox.log.filter((entry) => entry.path.endsWith('/documents/1/file/'));
		expect(downloads.map((entry) => entry.status)).toEqual(statuses);
	});

	test('a document Datatruck keeps refusing with 429: the same give-up rule and hint as an API request, naming the document', async () => {
		const source = seededLoad(withAll);
		const load = loadWithDocuments([
			{ file_type: 'bill_of_lading', file_link: `${dt.sandbox.baseUrl}/orders/${source.id}/documents/1/file/` },
		]);
		dt.sandbox.injectFaults({ count: 20, kind: '429', retryAfter: null, match: { path: '/documents/1/file/' } });
		const result = await dt.run({ parameters: getDocuments(load.id), credentials: dt.credentials({ rateLimitWindowSeconds: 1 }) });
		expect(result.error?.message).toBe(
			`Could not download the bill of lading of load ${load.id}: Datatruck kept answering "too many requests" (gave up after 7 tries) (${new URL(dt.sandbox.baseUrl).host})`,
		);
		expect(result.error?.description).toMatch(/Another app or workflow is probably using the same API token heavily/);
		expect(dt.sandbox.log.filter((entry) => entry.path.endsWith('/documents/1/file/'))).toHaveLength(7);
	});

	test('downloads from a storage host do not spend the token’s rate budget', async () => {
		const acquire = jest.spyOn(RollingWindowLimiter.prototype, 'acquire');
		try {
			const result = await dt.run({ parameters: getDocuments(seededLoad(withAll).id) });
			expect(result.items).toHaveLength(4);
			expect(acquire).toHaveBeenCalledTimes(1);
		} finally {
			acquire.mockRestore();
		}
	});

	test('Datatruck redirecting to a signed storage link: followed, and the token stays behind', async () => {
		const source = seededLoad(withAll);
		const load = loadWithDocuments([
			{ file_link: `${dt.sandbox.baseUrl}/orders/${source.id}/documents/2/link/` },
		]);
		const result = await dt.run({ parameters: getDocuments(load.id) });
		expect(result.error).toBeUndefined();
		expect(bytesOf(result.items[0])).toEqual(files().fileAt(source.documents[2].file_link).bytes);
		expect(dt.sandbox.log[1].headers.authorization).toBe(`Token ${dt.sandbox.token}`);
		expect(files().log).toHaveLength(1);
		expectNoTokenAtFileHost();
	});

	test('a storage redirect on the same host is followed hop by hop', async () => {
		const load = seededLoad(withAll);
		files().injectFault({ kind: 'redirect' });
		const result = await dt.run({ parameters: getDocuments(load.id, { documentTypes: ['rate_confirmation'] }) });
		expect(bytesOf(result.items[0])).toEqual(files().fileAt(load.documents[0].file_link).bytes);
		expect(files().log.map((entry) => [entry.status, entry.path.startsWith('/moved/')])).toEqual([
			[302, false],
			[200, true],
		]);
		expectNoTokenAtFileHost();
	});

	test('a redirect to a plain-http address is refused before anything is sent there', async () => {
		const load = seededLoad(withAll);
		files().injectFault({ kind: 'redirect', location: 'http://files.example.com/pod.pdf?signature=abc123' });
		const result = await dt.run({ parameters: getDocuments(load.id, { documentTypes: ['rate_confirmation'] }) });
		expect(result.error?.message).toBe(
			`Could not download the rate confirmation of load ${load.id}: the file host redirected to a non-https address (files.example.com, file pod.pdf)`,
		);
		expectNoSignedQuery(result.error);
		expect(files().log).toHaveLength(1);
	});

	test('endless redirects stop after five hops', async () => {
		const load = seededLoad(withAll);
		for (let i = 0; i < 7; i++) files().injectFault({ kind: 'redirect' });
		const result = await dt.run({ parameters: getDocuments(load.id, { documentTypes: ['rate_confirmation'] }) });
		expect(result.error?.message).toMatch(/the link redirected more than 5 times/);
		expect(files().log).toHaveLength(6);
	});

	test('a link that is not https (and not this computer) is refused without a request', async () => {
		const load = loadWithDocuments([{ file_link: 'http://files.example.com/prairie-line/pod_1.pdf?expires=1&signature=topsecret' }]);
		const result = await dt.run({ parameters: getDocuments(load.id) });
		expect(result.error?.message).toBe(
			`Could not download the proof of delivery of load ${load.id}: the link is not an https address (files.example.com, file pod_1.pdf)`,
		);
		expect(result.error?.description).toMatch(/only downloaded over https/);
		expectNoSignedQuery(result.error);
	});

	describe('links into the n8n host’s own network are refused before anything is sent there', () => {
		const port = () => new URL(files().origin).port;
		test.each([
			['another loopback address', () => `http://127.0.0.2:${port()}/files/internal/admin.pdf?signature=abc123`, '127.0.0.2', 'admin.pdf'],
			['localhost by name', () => `http://localhost:${port()}/files/internal/admin.pdf?expires=1`, 'localhost', 'admin.pdf'],
			['a private address', () => 'https://10.0.0.5/files/internal/admin.pdf?signature=abc123', '10.0.0.5', 'admin.pdf'],
			['the cloud metadata address', () => 'http://169.254.169.254/latest/meta-data/', '169.254.169.254', ''],
			['an IPv4-mapped IPv6 loopback', () => `http://[::ffff:127.0.0.2]:${port()}/a.pdf`, '[::ffff:7f00:2]', 'a.pdf'],
			['a decimal spelling of loopback', () => `http://2130706434:${port()}/a.pdf`, '127.0.0.2', 'a.pdf'],
		])('%s', async (_name, link, host, file) => {
			const load = loadWithDocuments([{ file_link: link() }]);
			const result = await dt.run({ parameters: getDocuments(load.id) });
			const where = `${host}${link().includes(`:${port()}`) ? `:${port()}` : ''}${file ? `, file ${file}` : ''}`;
			expect(result.error?.message).toBe(
				`Could not download the proof of delivery of load ${load.id}: the link points to an address on a private or local network (${where})`,
			);
			expect(result.error?.description).toMatch(/never fetches addresses of the n8n host’s own network/);
			expectNoSignedQuery(result.error);
			expect(dt.requestLines()).toEqual([`GET /api/v1/openapi/orders/${load.id}`]);
			expect(files().log).toEqual([]);
		});

		test.each([
			['loopback', () => `http://127.0.0.2:${port()}/files/internal/admin.pdf?signature=abc123`, () => `127.0.0.2:${port()}`],
			['a private address', () => 'https://192.168.1.10/admin.pdf?signature=abc123', () => '192.168.1.10'],
		])('a redirect hop to %s', async (_name, location, host) => {
			const load = seededLoad(withAll);
			files().injectFault({ kind: 'redirect', location: location() });
			const result = await dt.run({ parameters: getDocuments(load.id, { documentTypes: ['rate_confirmation'] }) });
			expect(result.error?.message).toBe(
				`Could not download the rate confirmation of load ${load.id}: the file host redirected to an address on a private or local network (${host()}, file admin.pdf)`,
			);
			expectNoSignedQuery(result.error);
			expect(files().log).toHaveLength(1);
		});

		test('Datatruck → storage host → a private address: stopped at the second hop, no token at the storage host', async () => {
			const source = seededLoad(withAll);
			files().injectFault({ kind: 'redirect', location: 'https://10.0.0.5/admin.pdf' });
			const load = loadWithDocuments([{ file_link: `${dt.sandbox.baseUrl}/orders/${source.id}/documents/2/link/` }]);
			const result = await dt.run({ parameters: getDocuments(load.id) });
			expect(result.error?.message).toMatch(/redirected to an address on a private or local network \(10\.0\.0\.5, file admin\.pdf\)/);
			expect(dt.sandbox.log).toHaveLength(2);
			expect(files().log.filter((entry) => entry.authorization !== undefined)).toEqual([]);
		});
	});

	test('an error from Datatruck’s own address never shows the token', async () => {
		const source = seededLoad(withAll);
		const load = loadWithDocuments([{ file_link: `${dt.sandbox.baseUrl}/orders/${source.id}/documents/9/file/?token=${dt.sandbox.token}` }]);
		const result = await dt.run({ parameters: getDocuments(load.id) });
		expect(result.error?.message).toBe(
			`Could not download the proof of delivery of load ${load.id}: the file is not there any more (HTTP 404) (${new URL(dt.sandbox.origin).host})`,
		);
		const everything = JSON.stringify({ ...result.error, message: result.error?.message, stack: result.error?.stack });
		expect(everything).not.toContain(dt.sandbox.token);
		expect(dt.sandbox.log[1].headers.authorization).toBe(`Token ${dt.sandbox.token}`);
	});

	test('a document without a link is an error naming the load and the type', async () => {
		const load = loadWithDocuments([{ file_type: 'bill_of_lading', file_link: '' }]);
		const result = await dt.run({ parameters: getDocuments(load.id) });
		expect(result.error?.message).toBe(
			`Could not download the bill of lading of load ${load.id}: the document has no valid link`,
		);
	});
});

describe('Load › Get Documents: faults', () => {
	const load = () => seededLoad(withAll);
	const pod = () => podOf(load());

	test.each([
		['not_found', 'the file is not there any more (HTTP 404)', /deleted or replaced/],
		['expired', 'the link has expired (HTTP 403)', /signs document links for a limited time/],
		['wrong_type', 'the link answered with a web page instead of the file (often a sign-in or error page)', /check that the document opens there/],
	] as const)('%s: a clear error naming the load and the document type, no query string', async (kind, problem, hint) => {
		files().injectFault({ kind });
		const result = await dt.run({ parameters: getDocuments(load().id, { documentTypes: ['proof_of_delivery'] }) });
		const fileName = new URL(pod().file_link).pathname.split('/').pop();
		expect(result.error?.message).toBe(
			`Could not download the proof of delivery of load ${load().id}: ${problem} (${new URL(files().origin).host}, file ${fileName})`,
		);
		expect(result.error?.description).toMatch(hint);
		expectNoSignedQuery(result.error);
		expectNoTokenAtFileHost();
	});

	test.each([
		['503 (shedding load)', 'unavailable', 503],
		['500', 'internal_error', 500],
		['nothing, closing the connection', 'reset', 0],
		['half the file, then closing the connection', 'cut', 200],
	] as const)('a file host that answers %s once: the download goes again, as a GET to the API does, and returns the file', async (_, kind, status) => {
		files().injectFault({ kind });
		const result = await dt.run({ parameters: getDocuments(load().id, { documentTypes: ['proof_of_delivery'] }) });
		expect(result.error).toBeUndefined();
		expect(bytesOf(result.items[0])).toEqual(files().fileAt(pod().file_link).bytes);
		expect(files().log.map((entry) => entry.status)).toEqual([status, 200]);
		expectNoTokenAtFileHost();
	});

	test('a file host that keeps answering 500: the download gives up after 4 tries (the API’s rule for a GET), naming the status and the tries', async () => {
		for (let i = 0; i < 6; i++) files().injectFault({ kind: 'internal_error' });
		const result = await dt.run({ parameters: getDocuments(load().id, { documentTypes: ['proof_of_delivery'] }) });
		const fileName = new URL(pod().file_link).pathname.split('/').pop();
		expect(result.error?.message).toBe(
			`Could not download the proof of delivery of load ${load().id}: the file host answered HTTP 500 (gave up after 4 tries) (${new URL(files().origin).host}, file ${fileName})`,
		);
		expect(result.error?.description).toBe('Try again later.');
		expect(files().log.map((entry) => entry.status)).toEqual([500, 500, 500, 500]);
	});

	test('a file host that keeps breaking off mid-file: the download gives up after 4 tries and says so', async () => {
		for (let i = 0; i < 6; i++) files().injectFault({ kind: 'cut' });
		const result = await dt.run({ parameters: getDocuments(load().id, { documentTypes: ['proof_of_delivery'] }) });
		expect(result.error?.message).toMatch(
			new RegExp(`proof of delivery of load ${load().id}: the connection broke off during the download \\(gave up after 4 tries\\) \\(`),
		);
		expect(files().log).toHaveLength(4);
	});

	test('a link past its expiry time is refused by the host and reported as expired', async () => {
		const source = pod();
		const path = new URL(source.file_link).pathname.split('/');
		const stale = files().link(load().id, path[path.length - 1], Math.floor(Date.now() / 1000) - 60);
		const expired = loadWithDocuments([{ file_link: stale }]);
		const result = await dt.run({ parameters: getDocuments(expired.id) });
		expect(result.error?.message).toMatch(new RegExp(`proof of delivery of load ${expired.id}: the link has expired \\(HTTP 403\\)`));
		expect(files().log[0].status).toBe(403);
	});

	test('Continue On Fail: the failed load becomes an error item paired with it; the next load still downloads', async () => {
		const first = load();
		const second = seededLoad((order) => order.id !== first.id && withAll(order));
		files().injectFault({ kind: 'expired' });
		const result = await dt.run({
			parameters: getDocuments('={{ $json.id }}', { documentTypes: ['proof_of_delivery'] }),
			items: [{ id: first.id }, { id: second.id }],
			continueOnFail: true,
		});
		expect(result.items).toHaveLength(2);
		expect(result.items[0].json.error).toMatch(new RegExp(`proof of delivery of load ${first.id}: the link has expired`));
		expect(result.items[0].pairedItem).toEqual({ item: 0 });
		expect(result.items[1].json.load_id).toBe(second.id);
		expect(result.items[1].pairedItem).toEqual({ item: 1 });
		expect(bytesOf(result.items[1])).toEqual(files().fileAt(podOf(second).file_link).bytes);
	});

	test('oversize with a Content-Length: refused at once, with the size and the option to raise', async () => {
		files().injectFault({ kind: 'oversize', bytes: 3 * 1024 * 1024 });
		const result = await dt.run({
			parameters: getDocuments(load().id, { documentTypes: ['proof_of_delivery'], options: { maxFileSizeMb: 1 } }),
		});
		expect(result.error?.message).toBe(`The proof of delivery of load ${load().id} is too large: 3 MB, over the 1 MB limit`);
		expect(result.error?.description).toBe('Raise Options › Max File Size (MB) if you need files this large.');
	});

	test('oversize without a Content-Length: the download stops once it passes the limit', async () => {
		files().injectFault({ kind: 'oversize', bytes: 3 * 1024 * 1024, chunked: true });
		const result = await dt.run({
			parameters: getDocuments(load().id, { documentTypes: ['proof_of_delivery'], options: { maxFileSizeMb: 1 } }),
		});
		expect(result.error?.message).toBe(`The proof of delivery of load ${load().id} is too large: more than 1 MB, over the 1 MB limit`);
	});

	test('the default limit is 25 MB', async () => {
		files().injectFault({ kind: 'oversize' });
		const result = await dt.run({ parameters: getDocuments(load().id, { documentTypes: ['proof_of_delivery'] }) });
		expect(result.error?.message).toBe(`The proof of delivery of load ${load().id} is too large: 26 MB, over the 25 MB limit`);
	});

	test('a file host that does not answer in time: a timeout error, not a hang', async () => {
		files().injectFault({ kind: 'hang', ms: 20_000 });
		const result = await dt.run({
			parameters: getDocuments(load().id, { documentTypes: ['proof_of_delivery'], requestOptions: { timeout: 400 } }),
		});
		expect(result.error?.message).toMatch(
			new RegExp(`proof of delivery of load ${load().id}: the download did not finish within 0.4 s `),
		);
		expect(result.error?.description).toMatch(/Request Options › Timeout/);
	});
});

describe('Load › Get Documents: bad input', () => {
	test.each([
		[{ loadId: 'LD-1001' }, 'Load: "LD-1001" is not a whole number of at least 1'],
		[{ options: { maxFileSizeMb: 0 } }, 'Max File Size (MB): must be more than 0'],
		[{ binaryPropertyName: ' ' }, 'Put File in Field: must not be empty'],
	])('%j is refused before any request', async (extra, message) => {
		const result = await dt.run({ parameters: getDocuments(seededLoad(withAll).id, extra) });
		expect(result.error?.message).toBe(message);
		expect(dt.sandbox.log).toEqual([]);
		expect(files().log).toEqual([]);
	});

	test('an unknown load is the usual not-found error', async () => {
		const result = await dt.run({ parameters: getDocuments(999999) });
		expect(result.error?.message).toBe('No load with ID 999999 exists in this Datatruck company');
		expect(files().log).toEqual([]);
	});
});

/**
 * A credential on a real `https` Datatruck, as a carrier has it. The name `prairie.datatruck.test` is routed, for
 * this test only, to a TLS front on loopback (a certificate made here with openssl) that passes each request on to
 * the sandbox: the node's requests still travel over real HTTPS and reach the sandbox's log.
 */
describe('Load › Get Documents: links under a credential on an https Datatruck', () => {
	const NAME = 'prairie.datatruck.test';
	let front: https.Server;
	let frontPort = 0;
	let certificate = '';
	const realConnect = tls.connect;

	beforeAll(async () => {
		const dir = mkdtempSync(join(tmpdir(), 'datatruck-tls-'));
		execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', `/CN=${NAME}`,
			'-addext', `subjectAltName=DNS:${NAME}`, '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem')], { stdio: 'ignore' });
		certificate = readFileSync(join(dir, 'cert.pem'), 'utf8');
		front = https.createServer({ key: readFileSync(join(dir, 'key.pem')), cert: certificate }, (req, res) => {
			const target = new URL(dt.sandbox.origin);
			const upstream = http.request(
				{ host: target.hostname, port: target.port, path: req.url, method: req.method, headers: req.headers },
				(answer) => {
					res.writeHead(answer.statusCode ?? 502, answer.headers);
					answer.pipe(res);
				},
			);
			req.pipe(upstream);
		});
		await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve));
		frontPort = (front.address() as AddressInfo).port;
		jest.spyOn(tls, 'connect').mockImplementation(((options: tls.ConnectionOptions, ...rest: unknown[]) => {
			if (options?.servername !== NAME && options?.host !== NAME) return (realConnect as (...args: unknown[]) => tls.TLSSocket)(options, ...rest);
			return realConnect({ ...options, host: '127.0.0.1', port: frontPort, servername: NAME, ca: certificate }, ...(rest as []));
		}) as typeof tls.connect);
	});
	afterAll(async () => {
		jest.restoreAllMocks();
		await new Promise((resolve) => front?.close(resolve));
	});

	const httpsCredentials = () => dt.credentials({ company: `https://${NAME}:${frontPort}` });

	test('control: a link on the credential’s own https address downloads, with the token, over HTTPS', async () => {
		const source = seededLoad(withAll);
		const load = loadWithDocuments([
			{ file_link: `https://${NAME}:${frontPort}/api/v1/openapi/orders/${source.id}/documents/1/file/` },
		]);
		const result = await dt.run({ parameters: getDocuments(load.id), credentials: httpsCredentials() });
		expect(result.error).toBeUndefined();
		expect(bytesOf(result.items[0])).toEqual(files().fileAt(source.documents[1].file_link).bytes);
		expect(dt.requestLines()).toEqual([
			`GET /api/v1/openapi/orders/${load.id}`,
			`GET /api/v1/openapi/orders/${source.id}/documents/1/file/`,
		]);
		expect(dt.sandbox.log.every((entry) => entry.headers.authorization === `Token ${dt.sandbox.token}`)).toBe(true);
	});

	test.each([
		['plain http on another loopback address (the reported case)', () => `http://127.0.0.2:${new URL(files().origin).port}/files/internal/admin.pdf`, 'the link points to an address on a private or local network'],
		['plain http on loopback where a file host really answers', () => `${files().origin}/prairie-line/proof_of_delivery_1.pdf?signature=abc123`, 'the link points to an address on a private or local network'],
		['https on a private address', () => 'https://192.168.1.10/admin.pdf?signature=abc123', 'the link points to an address on a private or local network'],
		['plain http on a public host', () => 'http://files.example.com/pod.pdf?signature=abc123', 'the link is not an https address'],
	])('%s: refused, nothing sent there', async (_name, link, problem) => {
		const load = loadWithDocuments([{ file_link: link() }]);
		const result = await dt.run({ parameters: getDocuments(load.id), credentials: httpsCredentials() });
		expect(result.error?.message).toMatch(new RegExp(`^Could not download the proof of delivery of load ${load.id}: ${problem} \\(`));
		expectNoSignedQuery(result.error);
		expect(dt.requestLines()).toEqual([`GET /api/v1/openapi/orders/${load.id}`]);
		expect(files().log).toEqual([]);
	});

	test('Datatruck’s redirect to a signed link on a loopback file host: refused at that hop, the token stays behind', async () => {
		const source = seededLoad(withAll);
		const load = loadWithDocuments([{ file_link: `https://${NAME}:${frontPort}/api/v1/openapi/orders/${source.id}/documents/2/link/` }]);
		const result = await dt.run({ parameters: getDocuments(load.id), credentials: httpsCredentials() });
		expect(result.error?.message).toMatch(/the file host redirected to an address on a private or local network \(127\.0\.0\.1:\d+, file /);
		expectNoSignedQuery(result.error);
		expect(dt.sandbox.log).toHaveLength(2);
		expect(files().log).toEqual([]);
	});
});
