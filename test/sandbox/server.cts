/**
 * The HTTP front: routes API requests under /api/v1/openapi through authentication, fault injection,
 * rate limiting and the resource handlers, logging each one; serves the control API under /__sandbox.
 */
import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import { AddressInfo } from 'node:net';
import { CONTROL_PREFIX, controlRoutes, SandboxControls } from './control.cts';
import { documentFileRoutes } from './documents.cts';
import { FaultOutcome, faultOutcome, FaultQueue } from './faults.cts';
import { ApiError, ApiReply, ApiRequest } from './http.cts';
import { SlidingWindowLimiter, throttledMessage } from './rateLimiter.cts';
import { answeredPage, loggedHeaders, parseBody, queryRecord, RequestLogEntry } from './requestLog.cts';
import { dispatcherBoardRoutes } from './resources/dispatcherBoard.cts';
import { driverRoutes } from './resources/drivers.cts';
import { orderRoutes } from './resources/orders.cts';
import { trailerRoutes } from './resources/trailers.cts';
import { truckRoutes } from './resources/trucks.cts';
import { workOrderRoutes } from './resources/workOrders.cts';
import { queryCacheOf } from './queryCache.cts';
import { requestLineOf, requestLineRefusal } from './requestLine.cts';
import { matchRoute, Route } from './router.cts';
import { SandboxStore } from './store.cts';

export const API_PREFIX = '/api/v1/openapi';
/** Above a 10 MB file sent as base64 (Load › Create's rate confirmation), as a front server set for uploads. */
const MAX_BODY_BYTES = 16 * 1024 * 1024;

const API_ROUTES: Route[] = [
	...orderRoutes,
	...dispatcherBoardRoutes,
	...workOrderRoutes,
	...driverRoutes,
	...trailerRoutes,
	...truckRoutes,
	...documentFileRoutes,
];

export interface ServerParts {
	store: SandboxStore;
	limiter: SlidingWindowLimiter;
	faults: FaultQueue;
	/** Appended to in place, so a handle on it stays live. */
	log: RequestLogEntry[];
	controls: SandboxControls;
}

type AuthResult = { ok: true; token: string } | { ok: false; message: string };

/** Exactly `Token <key>` with a known key (spec Authentication 3); DRF's wording for the failures. */
function authenticate(header: string | undefined, tokens: readonly string[]): AuthResult {
	if (header === undefined || header.trim() === '') return { ok: false, message: 'Authentication credentials were not provided.' };
	const match = /^Token ([^\s]+)$/.exec(header);
	if (!match || !tokens.includes(match[1])) return { ok: false, message: 'Invalid token.' };
	return { ok: true, token: match[1] };
}

function errorReply(status: number, message: string, headers?: Record<string, string>): ApiReply {
	return { status, body: { error: status, message }, headers };
}

function readBody(request: IncomingMessage): Promise<string | undefined> {
	return new Promise((resolve, reject) => {
		const chunks: Buffer[] = [];
		let size = 0;
		request.on('data', (chunk: Buffer) => {
			size += chunk.length;
			if (size <= MAX_BODY_BYTES) chunks.push(chunk);
		});
		request.on('end', () => resolve(size > MAX_BODY_BYTES ? undefined : Buffer.concat(chunks).toString('utf8')));
		request.on('error', reject);
	});
}

/**
 * Writes a JSON reply. Any of `secrets` found in it (an error quoting the caller's own input back)
 * is masked, so no API response can ever carry a token.
 */
function writeJson(response: ServerResponse, reply: ApiReply, secrets: readonly string[] = []): void {
	const payload = secrets.reduce((text, secret) => text.split(secret).join('[redacted]'), JSON.stringify(reply.body));
	response.writeHead(reply.status, {
		'Content-Type': 'application/json',
		'Content-Length': Buffer.byteLength(payload),
		...reply.headers,
	});
	response.end(payload);
}

/** Runs a handler, turning ApiErrors into `{error, message}` and anything else into a 500. */
function runHandler<C>(route: Route<C>, request: ApiRequest, context: C): ApiReply {
	try {
		return route.handler(request, context);
	} catch (error) {
		if (error instanceof ApiError) return errorReply(error.status, error.message, error.headers);
		console.error('[datatruck sandbox] handler failed:', error);
		return errorReply(500, 'Internal server error.');
	}
}

/** A body the handler can use: JSON when the request said JSON (or said nothing); else a 415. */
function requestBody(text: string, contentType: string | undefined): unknown {
	const body = parseBody(text);
	if (body !== undefined && contentType !== undefined && !/^application\/json\s*(;|$)/i.test(contentType)) {
		throw new ApiError(415, `Unsupported media type "${contentType}" in request.`);
	}
	return body;
}

/**
 * DRF's answer to OPTIONS (SimpleMetadata): the view's name and what it renders and parses, with the methods it
 * takes in `Allow`. It reads nothing and writes nothing, so it is how a client learns the methods of a path (A37).
 */
function optionsMetadata(path: string) {
	const words = path.split('/').filter((part) => part !== '' && !/^\d+$/.test(part));
	const name = words.map((word) => word.replace(/-/g, ' ').replace(/^\w/, (first) => first.toUpperCase())).join(' ');
	return { name, description: '', renders: ['application/json'], parses: ['application/json'] };
}

export class SandboxHttpServer {
	private readonly server: Server;
	private readonly hangTimers = new Set<NodeJS.Timeout>();

	constructor(private readonly parts: ServerParts) {
		this.server = createServer((request, response) => {
			this.handle(request, response).catch((error: unknown) => {
				console.error('[datatruck sandbox] request failed:', error);
				if (!response.headersSent) writeJson(response, errorReply(500, 'Internal server error.'));
			});
		});
	}

	async listen(port: number, host: string): Promise<string> {
		await new Promise<void>((resolve, reject) => {
			this.server.once('error', reject);
			this.server.listen(port, host, () => {
				this.server.off('error', reject);
				resolve();
			});
		});
		const address = this.server.address() as AddressInfo;
		const hostInUrl = address.family === 'IPv6' ? `[${address.address}]` : address.address;
		return `http://${hostInUrl}:${address.port}`;
	}

	async close(): Promise<void> {
		for (const timer of this.hangTimers) clearTimeout(timer);
		this.hangTimers.clear();
		const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
		this.server.closeAllConnections();
		await closed;
	}

	private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
		const arrivedAt = Date.now();
		const rawUrl = request.url ?? '/';
		const url = new URL(rawUrl, 'http://sandbox.invalid');
		const method = (request.method ?? 'GET').toUpperCase();
		const text = await readBody(request);
		if (text === undefined) {
			writeJson(response, errorReply(413, 'Request body too large.'));
			return;
		}
		if (url.pathname === CONTROL_PREFIX || url.pathname.startsWith(`${CONTROL_PREFIX}/`)) {
			this.handleControl(method, url, text, request, response);
			queryCacheOf(this.parts.store).invalidate();
			return;
		}
		const entry: RequestLogEntry = {
			method,
			path: url.pathname,
			query: queryRecord(url.searchParams),
			rawUrl,
			headers: loggedHeaders(request.headers),
			body: parseBody(text),
			status: 0,
			at: arrivedAt,
			clientAddress: request.socket.remoteAddress,
		};
		this.parts.log.push(entry);
		// The front server refuses it before Django, so before auth, faults and the rate limit; logged all the same.
		const refusal = requestLineRefusal(requestLineOf(method, rawUrl, request.httpVersion), this.parts.store.config.maxRequestLine);
		if (refusal) {
			entry.status = refusal.status;
			response.writeHead(refusal.status, { 'Content-Type': refusal.contentType, 'Content-Length': Buffer.byteLength(refusal.body), Connection: 'close' });
			response.end(refusal.body);
			return;
		}
		await this.parts.controls.live.delay();
		const outcome = this.decide(method, url, text, request);
		if (method !== 'GET') queryCacheOf(this.parts.store).invalidate();
		if ('action' in outcome) {
			this.applyFault(outcome, entry, request, response);
			return;
		}
		entry.status = outcome.status;
		if (outcome.file) {
			response.writeHead(outcome.status, { 'Content-Type': outcome.file.contentType, 'Content-Length': outcome.file.bytes.length });
			response.end(outcome.file.bytes);
			return;
		}
		writeJson(response, outcome, this.parts.store.config.tokens);
		entry.answered = answeredPage(outcome.body);
		// Only once the page is written out: its records are the stored objects, and Datatruck answers a page from
		// one consistent read. Changed before, a shifted record showed its new value at its old place in the order,
		// which no database answers (a Return All by pickup time descending then anchored past 170 loads).
		this.parts.controls.live.afterReply(method, url.pathname, outcome);
	}

	/** The API pipeline: route, authenticate, inject faults, rate limit, check method, handle. */
	private decide(method: string, url: URL, text: string, request: IncomingMessage): ApiReply | FaultOutcome {
		const { store, faults, limiter } = this.parts;
		const relative = url.pathname.startsWith(`${API_PREFIX}/`) ? url.pathname.slice(API_PREFIX.length) : undefined;
		const match = relative === undefined ? undefined : matchRoute(API_ROUTES, method, relative, store);
		// Django resolves the URL before any view code runs, so an unknown path is a 404 even without a token.
		if (match === undefined || match.kind === 'none') return errorReply(404, `No endpoint at ${url.pathname}.`);
		const auth = authenticate(request.headers.authorization, store.config.tokens);
		if (!auth.ok) return errorReply(401, auth.message, { 'WWW-Authenticate': 'Token' });
		const fault = faults.take(method, url.pathname, text);
		if (fault && !fault.afterHandling) return faultOutcome(fault);
		const decision = limiter.check(auth.token);
		if (!decision.allowed) {
			// Throttled, the request was not handled: a fault after handling waits for one that is (the day's worker kill
			// holds the answer of a create that was first answered 429, and its retry was not held).
			if (fault) faults.giveBack(fault);
			return errorReply(429, throttledMessage(decision.retryAfterSeconds), { 'Retry-After': String(decision.retryAfterSeconds) });
		}
		if (match.kind === 'wrongMethod') {
			if (fault) faults.giveBack(fault);
			const allow = [...match.allowed, 'OPTIONS'].join(', ');
			if (method === 'OPTIONS') return { status: 200, body: optionsMetadata(relative as string), headers: { Allow: allow } };
			return errorReply(405, `Method "${method}" not allowed.`, { Allow: allow });
		}
		try {
			const apiRequest: ApiRequest = {
				method,
				pathname: url.pathname,
				query: url.searchParams,
				body: requestBody(text, request.headers['content-type']),
				params: match.params,
			};
			const reply = runHandler(match.route, apiRequest, store);
			if (fault && reply.status >= 400) faults.giveBack(fault);
			return fault && reply.status < 400 ? faultOutcome(fault) : reply;
		} catch (error) {
			// Refused, the request took no effect: an answer lost after handling waits for one that does.
			if (fault) faults.giveBack(fault);
			if (error instanceof ApiError) return errorReply(error.status, error.message);
			throw error;
		}
	}

	private applyFault(outcome: FaultOutcome, entry: RequestLogEntry, request: IncomingMessage, response: ServerResponse): void {
		switch (outcome.action) {
			case 'reply':
				entry.status = outcome.status;
				response.writeHead(outcome.status, {
					'Content-Type': outcome.contentType,
					'Content-Length': Buffer.byteLength(outcome.body),
					...outcome.headers,
				});
				response.end(outcome.body);
				return;
			case 'drop':
				request.socket.destroy();
				return;
			case 'hang': {
				const timer = setTimeout(() => {
					this.hangTimers.delete(timer);
					request.socket.destroy();
				}, outcome.ms);
				this.hangTimers.add(timer);
				// A client that gives up first ends the hang early.
				request.socket.once('close', () => {
					clearTimeout(timer);
					this.hangTimers.delete(timer);
				});
				return;
			}
		}
	}

	private handleControl(method: string, url: URL, text: string, request: IncomingMessage, response: ServerResponse): void {
		const match = matchRoute(controlRoutes, method, url.pathname.slice(CONTROL_PREFIX.length));
		if (match.kind === 'none') {
			writeJson(response, errorReply(404, `No control endpoint at ${url.pathname}.`));
			return;
		}
		if (match.kind === 'wrongMethod') {
			writeJson(response, errorReply(405, `Method "${method}" not allowed.`, { Allow: match.allowed.join(', ') }));
			return;
		}
		let body: unknown;
		try {
			body = requestBody(text, request.headers['content-type']);
		} catch (error) {
			writeJson(response, errorReply((error as ApiError).status, (error as ApiError).message));
			return;
		}
		if (typeof body === 'string') {
			writeJson(response, errorReply(400, 'JSON parse error: the request body is not valid JSON.'));
			return;
		}
		writeJson(response, runHandler(match.route, { method, pathname: url.pathname, query: url.searchParams, body, params: match.params }, this.parts.controls));
	}
}
