import { NodeOperationError } from 'n8n-workflow';
import type {
	ICredentialDataDecryptedObject,
	IDataObject,
	IHttpRequestMethods,
	IHttpRequestOptions,
	IN8nHttpFullResponse,
	INode,
	Logger,
} from 'n8n-workflow';
import { bareToken, companyToBaseUrl } from './connection';
import { errorFromFault, errorFromResponse, lostAnswerFromResponse, type RequestPurpose } from './errors';
import { limiterFor, type RollingWindowLimiter } from './rateLimiter';
import { pause } from './wait';
import { duration, isTimeout, timeoutPolicy, type ErrorLayer } from './timeouts';

export const CREDENTIAL_TYPE = 'datatruckApi';

/** What the transport needs from any n8n context: node executions, pagination and polling alike. */
export interface DatatruckContext {
	getNode(): INode;
	/** n8n's logger; the node says there once per origin when Datatruck differs from an assumption. */
	logger?: Logger;
	getCredentials<T extends object = ICredentialDataDecryptedObject>(type: string): Promise<T>;
	getExecutionCancelSignal?(): AbortSignal | undefined;
	getExecutionId?(): string | undefined;
	helpers: {
		httpRequestWithAuthentication(
			credentialsType: string,
			requestOptions: IHttpRequestOptions,
		): Promise<unknown>;
	};
}

/**
 * How hard the transport tries. Exported so that tests and benchmarks can shorten the waits; the
 * node itself never changes it.
 */
export const retryPolicy = {
	/** 429s in a row before giving up (see RollingWindowLimiter.rateLimitStreak for what counts). */
	rateLimitRetries: 6,
	/** Retries of a GET after a network fault, a 5xx or a broken JSON body. */
	faultRetries: 3,
	/**
	 * Retries of any request while Datatruck is unavailable: it answers 503 (RFC 9110: the server did not handle
	 * the request) or refuses the connection (the request never left). Nothing can have been saved, so a create is
	 * sent again too. Within the same total budget as every retry (timeoutPolicy.totalBudgetMs): a Datatruck that is
	 * down for a few minutes (an outage, a restart) is waited out instead of failing every execution meanwhile.
	 */
	unavailableRetries: 10,
	backoffBaseMs: 1000,
	backoffCapMs: 60_000,
};

export interface Connection {
	baseUrl: string;
	origin: string;
	host: string;
	/** The credential's rate window: Datatruck's minute, unless the user set another. */
	windowMs: number;
	limiter: RollingWindowLimiter;
}

export async function connectionFor(ctx: DatatruckContext): Promise<Connection> {
	const credentials = await ctx.getCredentials(CREDENTIAL_TYPE);
	let baseUrl: string;
	try {
		baseUrl = companyToBaseUrl(credentials.company);
	} catch (error) {
		throw new NodeOperationError(ctx.getNode(), (error as Error).message, {
			description: 'Open the Datatruck API credential and correct the Company field.',
		});
	}
	const [, origin, host] = /^(https?:\/\/([^/]+))/.exec(baseUrl) ?? [];
	const limit = positiveNumber(credentials.rateLimitRequests, 20);
	const windowMs = positiveNumber(credentials.rateLimitWindowSeconds, 60) * 1000;
	return {
		baseUrl,
		origin,
		host,
		windowMs,
		limiter: limiterFor(baseUrl, bareToken(credentials.apiToken), limit, windowMs),
	};
}

/** The node in one execution that sends a request: its requests keep their order, other executions take turns with them. */
function laneOf(ctx: DatatruckContext): string {
	return `${ctx.getExecutionId?.() ?? ''}/${ctx.getNode().id ?? ctx.getNode().name}`;
}

function positiveNumber(value: unknown, fallback: number): number {
	const number = Number(value);
	return Number.isFinite(number) && number > 0 ? number : fallback;
}

/**
 * OPTIONS is not among n8n's typed methods; n8n's request helper sends it as any other. It asks which methods a path
 * takes (`Allow`, as Django REST Framework answers it) and never writes.
 */
export type DatatruckMethod = IHttpRequestMethods | 'OPTIONS';

export interface DatatruckRequest {
	method: DatatruckMethod;
	/** A path under the API base (`/orders/`), or an absolute URL already checked to be ours. */
	url: string;
	qs?: IDataObject;
	body?: IDataObject | IDataObject[];
	/** Per try; `timeoutPolicy.defaultMs` when absent. */
	timeout?: number;
	/** One of the pages of a list read that go out at once (see RollingWindowLimiter.acquire). */
	together?: boolean;
}

/**
 * The one way a request leaves this package: waits for the token's rate budget, sends through
 * n8n's authenticated request helper, rides out 429s, retries GETs after transient faults, and
 * turns every failure into an n8n error a dispatcher can act on. Resolves with the parsed body.
 */
export async function datatruckRequest(
	ctx: DatatruckContext,
	request: DatatruckRequest,
	purpose: Partial<RequestPurpose> = {},
): Promise<unknown> {
	return (await datatruckResponse(ctx, request, purpose)).body;
}

/** A successful answer with its headers (OPTIONS answers in `Allow`); lower-case header names, as n8n gives them. */
export interface DatatruckAnswer {
	body: unknown;
	headers: IDataObject;
}

/** datatruckRequest, with the answer's headers. */
export async function datatruckResponse(
	ctx: DatatruckContext,
	request: DatatruckRequest,
	purpose: Partial<RequestPurpose> = {},
): Promise<DatatruckAnswer> {
	const connection = await connectionFor(ctx);
	const node = ctx.getNode();
	const signal = ctx.getExecutionCancelSignal?.();
	const fullPurpose: RequestPurpose = { ...purpose, method: request.method };
	// OPTIONS reads nothing and writes nothing: retried like a GET.
	const retriesFaults = request.method === 'GET' || request.method === 'OPTIONS';
	const timeoutMs = request.timeout ?? timeoutPolicy.defaultMs;
	let firstSentAt: number | undefined;
	let faults = 0;
	const rateLimited = connection.limiter.rateLimitStreak(retryPolicy.rateLimitRetries);
	let waitedForRateLimitMs = 0;

	for (;;) {
		const slot = await connection.limiter.acquire(signal, request.together, laneOf(ctx));
		if (rateLimited.tries() > 0) waitedForRateLimitMs += slot.waitedMs;
		firstSentAt ??= Date.now();

		let response: IN8nHttpFullResponse;
		try {
			response = (await ctx.helpers.httpRequestWithAuthentication.call(
				ctx,
				CREDENTIAL_TYPE,
				toHttpOptions(connection, { ...request, timeout: timeoutMs }),
			)) as IN8nHttpFullResponse;
			slot.answered(!countedByDatatruck(response.statusCode));
		} catch (error) {
			const fault = describeFault(error, timeoutMs);
			// A refused connection never reached Datatruck.
			slot.answered(fault.code === 'ECONNREFUSED');
			if (signal?.aborted) {
				throw new NodeOperationError(node, 'Stopped: the execution was cancelled while waiting for Datatruck');
			}
			const notSent = fault.code === 'ECONNREFUSED';
			const pauseMs = (retriesFaults && fault.transient) || notSent ? faultRetryPause(faults, firstSentAt, connection.windowMs, timeoutMs, notSent) : undefined;
			if (pauseMs !== undefined) {
				faults++;
				await pause(pauseMs, signal);
				continue;
			}
			throw errorFromFault(node, connection.host, fullPurpose, request, {
				...fault,
				attempts: faults + 1,
				elapsedMs: Date.now() - firstSentAt,
			});
		}

		const { statusCode, body } = response;
		connection.limiter.noteHeaders(response.headers);
		if (statusCode === 429) {
			if (mayRetryTooManyRequests(connection, response.headers, rateLimited)) continue;
			const error = errorFromResponse(node, response, connection.host, fullPurpose);
			error.message = `Datatruck kept answering "too many requests": gave up after ${rateLimited.tries()} tries and ${Math.round(waitedForRateLimitMs / 1000)} s of waiting`;
			error.description = TOO_MANY_REQUESTS_HINT;
			throw error;
		}

		const brokenBody = statusCode < 300 && !isJsonBody(body);
		if (statusCode >= 500 || brokenBody) {
			const unavailable = statusCode === 503;
			const pauseMs = retriesFaults || unavailable ? faultRetryPause(faults, firstSentAt, connection.windowMs, timeoutMs, unavailable) : undefined;
			if (pauseMs !== undefined) {
				faults++;
				await pause(pauseMs, signal);
				continue;
			}
			if (brokenBody) {
				throw errorFromFault(node, connection.host, fullPurpose, request, {
					reason: 'the answer was not valid JSON',
					timedOut: false,
					reachedServer: true,
					attempts: faults + 1,
					elapsedMs: Date.now() - firstSentAt,
				});
			}
			if (!retriesFaults) {
				const error = errorFromResponse(node, response, connection.host, fullPurpose);
				throw lostAnswerFromResponse(error, request, statusCode);
			}
		}
		if (statusCode >= 400) {
			throw errorFromResponse(node, response, connection.host, fullPurpose);
		}
		return { body: body === '' || body === undefined ? {} : body, headers: (response.headers ?? {}) as IDataObject };
	}
}

export const TOO_MANY_REQUESTS_HINT =
	'Another app or workflow is probably using the same API token heavily. Try again later, or give that app its own token.';

/**
 * Datatruck answered 429 to a request of this token (an API call or a document on Datatruck's own address): the
 * limiter learns from it that others spend the token (AdaptiveShare) and holds every request of the token until
 * Retry-After or, when Datatruck names none, a backoff within the rate window. Returns whether to try again
 * (RollingWindowLimiter.rateLimitStreak says when the token is taken).
 */
export function mayRetryTooManyRequests(
	connection: Connection,
	headers: IDataObject | undefined,
	streak: ReturnType<RollingWindowLimiter['rateLimitStreak']>,
): boolean {
	const retryAfter = retryAfterMs(headers);
	connection.limiter.tooManyRequests(retryAfter ?? backoffMs(Math.min(streak.tries() + 1, 8), connection.windowMs), retryAfter);
	return !streak.refused(retryAfter);
}

/**
 * Whether Datatruck's throttle counted a request it answered with this status. Neither a 429 nor a 503 (the server
 * did not handle the request, RFC 9110): counted in the limiter, a process's own 503s filled its window after an
 * outage, and a 429 then looked like its own clock's fault, so it never learnt that others spent the token too and
 * kept being refused until requests ran out of tries (issue 40's day; test/unit/adaptiveShare.test.cts).
 */
export function countedByDatatruck(statusCode: number): boolean {
	return statusCode !== 429 && statusCode !== 503;
}

function toHttpOptions(connection: Connection, request: DatatruckRequest): IHttpRequestOptions {
	const absolute = /^https?:\/\//i.test(request.url);
	const options: IHttpRequestOptions = {
		method: request.method as IHttpRequestMethods,
		url: request.url,
		json: true,
		returnFullResponse: true,
		ignoreHttpStatusErrors: true,
		headers: { Accept: 'application/json' },
	};
	if (!absolute) options.baseURL = connection.baseUrl;
	if (request.qs && Object.keys(request.qs).length) options.qs = request.qs;
	if (request.method !== 'GET' && request.body !== undefined) {
		options.body = request.body;
		options.headers = { ...options.headers, 'Content-Type': 'application/json' };
	}
	if (request.timeout) options.timeout = request.timeout;
	return options;
}

function isJsonBody(body: unknown): boolean {
	return body === '' || body === undefined || (typeof body === 'object' && body !== null);
}

/**
 * How long to wait before trying a request again after its `faults`-th fault, or undefined when it may not go again:
 * retryPolicy's count (unavailableRetries when the server was `unavailable`, faultRetries otherwise), and only while the
 * retry could still get its whole timeout within the total budget counted from the first try, so a Datatruck (or a
 * file host) that keeps timing out ends the wait in time. API requests and document downloads share it.
 */
export function faultRetryPause(faults: number, firstSentAt: number, windowMs: number, timeoutMs: number, unavailable: boolean): number | undefined {
	if (faults >= (unavailable ? retryPolicy.unavailableRetries : retryPolicy.faultRetries)) return undefined;
	const pauseMs = backoffMs(faults + 1, windowMs);
	return Date.now() - firstSentAt + pauseMs + timeoutMs <= timeoutPolicy.totalBudgetMs ? pauseMs : undefined;
}

const TRANSIENT_CODES = new Set([
	'ECONNRESET',
	'ECONNREFUSED',
	'EPIPE',
	'EAI_AGAIN',
	'ERR_BAD_RESPONSE',
	'UND_ERR_SOCKET',
]);

/** Codes that mean the request never reached Datatruck: nothing can have been saved. */
const NOT_SENT_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);

const REASON_BY_CODE: Record<string, string> = {
	ENOTFOUND: 'the company address does not exist; check the Company field of the credential',
	EAI_AGAIN: 'the company address could not be looked up',
	ECONNREFUSED: 'Datatruck refused the connection',
	EHOSTUNREACH: 'Datatruck could not be reached',
	ENETUNREACH: 'Datatruck could not be reached',
};

/** Finds the network error code under n8n's and axios' wrappers, without copying request data. */
export function describeFault(error: unknown, timeoutMs: number) {
	const layers: ErrorLayer[] = [];
	let current: unknown = error;
	for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
		layers.push(current as ErrorLayer);
		current = (current as { cause?: unknown }).cause;
	}
	const code = layers.map((layer) => layer.code).find((value) => typeof value === 'string') as
		| string
		| undefined;
	const messages = layers.map((layer) => layer.message).filter((value) => typeof value === 'string');
	const timedOut = isTimeout(layers);
	const closed = messages.some((message) => /socket hang up|terminated/i.test(message as string));
	const transient = timedOut || closed || (code !== undefined && TRANSIENT_CODES.has(code));
	const reason = timedOut
		? `Datatruck did not answer within ${duration(timeoutMs)}`
		: (code && REASON_BY_CODE[code]) ??
			(closed || code === 'ECONNRESET' || code === 'EPIPE' || code === 'UND_ERR_SOCKET'
				? 'the connection was closed before Datatruck answered'
				: 'the connection failed');
	return { reason, code, transient, timedOut, reachedServer: !(code && NOT_SENT_CODES.has(code)) };
}

export function retryAfterMs(headers: IDataObject | undefined): number | undefined {
	const value = headers?.['retry-after'];
	if (value === undefined || value === null || value === '') return undefined;
	const seconds = Number(value);
	if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
	const date = Date.parse(String(value));
	return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}

/**
 * The longest wait before try `attempt + 1`: exponential, and never more than the credential's rate window, the
 * clock the node keeps Datatruck's time by. At Datatruck's minute that is the 60 s cap either way. Issue 40's carrier
 * day shrinks the window to 3 s: with waits in real seconds, a trigger poll caught in its 5-window outage came back
 * up to 3 windows after it (at Datatruck's minute, within one), and a sync that had the token to itself meanwhile
 * met the returning polls with 429s (docs/carrier-day.md, defect 16).
 */
export function backoffCeilingMs(attempt: number, windowMs: number): number {
	return Math.min(retryPolicy.backoffCapMs, windowMs, retryPolicy.backoffBaseMs * 2 ** (attempt - 1));
}

/** Exponential backoff with jitter, so that several waiting clients do not retry in lockstep. */
function backoffMs(attempt: number, windowMs: number): number {
	const ceiling = backoffCeilingMs(attempt, windowMs);
	return Math.round(ceiling / 2 + (Math.random() * ceiling) / 2);
}
