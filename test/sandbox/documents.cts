/**
 * Where a load's documents live. Datatruck hands out `file_link`s on a storage host (signed,
 * expiring URLs like S3's); this module is that host: a second loopback origin serving each seeded
 * document as a real file, with its own request log and fault queue, so tests can prove what a
 * download sent (never the API token) and how each failure is reported.
 *
 * It also serves a load's documents on the API origin itself
 * (`/api/v1/openapi/orders/<id>/documents/<index>/file/`), behind the token and the rate limit, for
 * links that point at Datatruck's own address.
 */
import { createHash } from 'node:crypto';
import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import { AddressInfo } from 'node:net';
import { documentFile, type DocumentFile } from './documentFiles.cts';
import { ApiReply, notFound } from './http.cts';
import { Route } from './router.cts';
import { SandboxStore } from './store.cts';

export { documentFile, onePagePdf, smallPng, type DocumentFile } from './documentFiles.cts';

/** How long a signed link stays valid, counted from when the sandbox made it. */
const LINK_LIFETIME_S = 7 * 24 * 3600;
const SIGNING_SECRET = 'sandbox-storage-signing-secret';
const COMPANY_FOLDER = 'prairie-line';

/**
 * not_found: 404 · expired: 403 "Request has expired" · wrong_type: a sign-in web page instead of the file ·
 * generic_type: the right bytes as application/octet-stream · oversize: a huge file · redirect: 302 · hang: no answer ·
 * unavailable: 503 "SlowDown", as S3 answers when it sheds load · internal_error: 500 · reset: the connection closed
 * before any answer · cut: the file's headers and half its bytes, then the connection closed.
 */
export type DocumentFaultKind =
	| 'not_found'
	| 'expired'
	| 'wrong_type'
	| 'generic_type'
	| 'oversize'
	| 'redirect'
	| 'hang'
	| 'unavailable'
	| 'internal_error'
	| 'reset'
	| 'cut';

export interface DocumentFault {
	kind: DocumentFaultKind;
	/** oversize: bytes served (default 26 MB, just over the node's default cap). */
	bytes?: number;
	/** oversize: stream without a Content-Length, so only counting the bytes can catch it. */
	chunked?: boolean;
	/** redirect: where to (absolute, or a path on this host); default the same file under /moved. */
	location?: string;
	/** hang: how long to keep the request waiting before dropping it (default 30 s). */
	ms?: number;
}

export interface DocumentRequest {
	method: string;
	/** Pathname only. */
	path: string;
	/** Path and raw query, as received. */
	rawUrl: string;
	/** Present only if a client sent one: the storage host must never see it. */
	authorization?: string;
	status: number;
	at: number;
}

export class DocumentHost {
	origin = '';
	readonly log: DocumentRequest[] = [];
	private readonly faults: DocumentFault[] = [];
	private readonly server: Server;
	private readonly hangTimers = new Set<NodeJS.Timeout>();

	constructor(private readonly now: () => Date) {
		this.server = createServer((request, response) => this.handle(request, response));
	}

	async listen(host: string): Promise<string> {
		await new Promise<void>((resolve) => this.server.listen(0, host, resolve));
		const { address, port } = this.server.address() as AddressInfo;
		this.origin = `http://${address}:${port}`;
		return this.origin;
	}

	async close(): Promise<void> {
		for (const timer of this.hangTimers) clearTimeout(timer);
		const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
		this.server.closeAllConnections();
		await closed;
	}

	/** A signed link valid for a week, like the ones Datatruck puts in `file_link`. */
	link(orderId: number, fileName: string, expiresAt = Math.floor(this.now().getTime() / 1000) + LINK_LIFETIME_S): string {
		const path = `/${COMPANY_FOLDER}/orders/${orderId}/${fileName}`;
		return `${this.origin}${path}?expires=${expiresAt}&signature=${signature(path, expiresAt)}`;
	}

	/** The file behind one of this host's links (what a correct download must return byte for byte). */
	fileAt(link: string): DocumentFile {
		const parsed = parseDocumentPath(new URL(link).pathname);
		const file = parsed && documentFile(parsed.orderId, parsed.fileName);
		if (!file) throw new Error(`not a document link of the sandbox: ${new URL(link).pathname}`);
		return file;
	}

	/** Queues a fault for the next request; several queue in order. */
	injectFault(fault: DocumentFault): void {
		this.faults.push(fault);
	}

	clearFaults(): void {
		this.faults.length = 0;
	}

	clearLog(): void {
		this.log.length = 0;
	}

	private handle(request: IncomingMessage, response: ServerResponse): void {
		const rawUrl = request.url ?? '/';
		const url = new URL(rawUrl, 'http://files.invalid');
		const entry: DocumentRequest = { method: request.method ?? 'GET', path: url.pathname, rawUrl, status: 0, at: Date.now() };
		if (typeof request.headers.authorization === 'string') entry.authorization = request.headers.authorization;
		this.log.push(entry);
		const reply = (status: number, contentType: string, body: Buffer | string, headers: Record<string, string> = {}) => {
			entry.status = status;
			response.writeHead(status, { 'Content-Type': contentType, 'Content-Length': Buffer.byteLength(body), ...headers });
			response.end(request.method === 'HEAD' ? undefined : body);
		};
		const fault = this.faults.shift();
		if (fault) {
			this.applyFault(fault, url, entry, request, response, reply);
			return;
		}
		const moved = url.pathname.startsWith('/moved/');
		const path = moved ? url.pathname.slice('/moved'.length) : url.pathname;
		const parsed = parseDocumentPath(path);
		const file = parsed && documentFile(parsed.orderId, parsed.fileName);
		if (!file) {
			reply(404, 'application/xml', storageError('NoSuchKey', 'The specified key does not exist.'));
			return;
		}
		if (!moved) {
			const expires = Number(url.searchParams.get('expires'));
			if (url.searchParams.get('signature') !== signature(path, expires)) {
				reply(403, 'application/xml', storageError('SignatureDoesNotMatch', 'The request signature we calculated does not match the signature you provided.'));
				return;
			}
			if (!(expires * 1000 > this.now().getTime())) {
				reply(403, 'application/xml', storageError('AccessDenied', 'Request has expired'));
				return;
			}
		}
		reply(200, file.contentType, file.bytes, { 'Content-Disposition': `inline; filename="${path.split('/').pop()}"` });
	}

	private applyFault(
		fault: DocumentFault,
		url: URL,
		entry: DocumentRequest,
		request: IncomingMessage,
		response: ServerResponse,
		reply: (status: number, contentType: string, body: Buffer | string, headers?: Record<string, string>) => void,
	): void {
		switch (fault.kind) {
			case 'not_found':
				return reply(404, 'application/xml', storageError('NoSuchKey', 'The specified key does not exist.'));
			case 'expired':
				return reply(403, 'application/xml', storageError('AccessDenied', 'Request has expired'));
			case 'wrong_type':
				return reply(200, 'text/html; charset=utf-8', '<!DOCTYPE html><html><body><h1>Sign in to Prairie Line Storage</h1></body></html>');
			case 'generic_type': {
				const parsed = parseDocumentPath(url.pathname);
				const file = parsed && documentFile(parsed.orderId, parsed.fileName);
				return reply(file ? 200 : 404, 'application/octet-stream', file ? file.bytes : '');
			}
			case 'unavailable':
				return reply(503, 'application/xml', storageError('SlowDown', 'Please reduce your request rate.'));
			case 'internal_error':
				return reply(500, 'application/xml', storageError('InternalError', 'We encountered an internal error. Please try again.'));
			case 'cut': {
				const parsed = parseDocumentPath(url.pathname);
				const file = parsed && documentFile(parsed.orderId, parsed.fileName);
				if (!file) return reply(404, 'application/xml', storageError('NoSuchKey', 'The specified key does not exist.'));
				entry.status = 200;
				response.writeHead(200, { 'Content-Type': file.contentType, 'Content-Length': String(file.bytes.length) });
				response.write(file.bytes.subarray(0, Math.floor(file.bytes.length / 2)), () => request.socket.destroy());
				return;
			}
			case 'reset':
				request.socket.destroy(); // logged with status 0: no answer
				return;
			case 'redirect':
				return reply(302, 'text/plain', 'Found', { Location: fault.location ?? `/moved${url.pathname}` });
			case 'oversize': {
				const total = fault.bytes ?? 26 * 1024 * 1024;
				entry.status = 200;
				response.writeHead(200, { 'Content-Type': 'application/pdf', ...(fault.chunked ? {} : { 'Content-Length': String(total) }) });
				streamZeros(response, total);
				return;
			}
			case 'hang': {
				const timer = setTimeout(() => {
					this.hangTimers.delete(timer);
					request.socket.destroy();
				}, fault.ms ?? 30_000);
				this.hangTimers.add(timer);
				request.socket.once('close', () => {
					clearTimeout(timer);
					this.hangTimers.delete(timer);
				});
				return;
			}
		}
	}
}

/** Writes `total` bytes in chunks, stopping early if the client hangs up (as a capped download does). */
function streamZeros(response: ServerResponse, total: number): void {
	const chunk = Buffer.alloc(64 * 1024);
	let sent = 0;
	const pump = () => {
		while (sent < total && !response.destroyed) {
			const size = Math.min(chunk.length, total - sent);
			sent += size;
			if (!response.write(size === chunk.length ? chunk : chunk.subarray(0, size))) {
				response.once('drain', pump);
				return;
			}
		}
		if (sent >= total) response.end();
	};
	pump();
}

function parseDocumentPath(pathname: string): { orderId: number; fileName: string } | undefined {
	const match = new RegExp(`^/${COMPANY_FOLDER}/orders/(\\d+)/([^/]+)$`).exec(pathname);
	return match ? { orderId: Number(match[1]), fileName: match[2] } : undefined;
}

function signature(path: string, expires: number): string {
	return createHash('sha256').update(`${SIGNING_SECRET}:${path}:${expires}`).digest('hex').slice(0, 32);
}

function storageError(code: string, message: string): string {
	return `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message></Error>`;
}

/**
 * A load's document at `index` on the API origin itself, behind the token: `file/` serves the bytes,
 * `link/` answers 302 to the signed storage link (a stable API address in front of expiring ones).
 */
export const documentFileRoutes: Route[] = [
	{
		method: 'GET',
		pattern: '/orders/:pk/documents/:index/file/',
		handler: (request, store): ApiReply => {
			const { order, fileName } = storedDocument(request.params, store);
			const file = documentFile(order.id, fileName);
			if (!file) throw notFound('No such document.');
			return { status: 200, body: undefined, file };
		},
	},
	{
		method: 'GET',
		pattern: '/orders/:pk/documents/:index/link/',
		handler: (request, store): ApiReply => ({
			status: 302,
			body: { detail: 'Found' },
			headers: { Location: storedDocument(request.params, store).link },
		}),
	},
];

function storedDocument(params: Record<string, string>, store: SandboxStore) {
	const order = store.data.orders.find((candidate) => candidate.id === Number(params.pk));
	const document = order?.documents[Number(params.index)];
	if (!order || !document) throw notFound('No such document.');
	return { order, link: document.file_link, fileName: new URL(document.file_link).pathname.split('/').pop() ?? '' };
}
