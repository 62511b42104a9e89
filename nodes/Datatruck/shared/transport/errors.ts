import { NodeApiError } from 'n8n-workflow';
import type { INode, JsonObject } from 'n8n-workflow';
import { lostAnswerMessage, type SentWrite } from './lostAnswer';
import { duration } from './timeouts';

/** What the node was doing when a request failed, in words a dispatcher reads. */
export interface RequestPurpose {
	method: string;
	/** Shown when Datatruck answers 404, e.g. "No load with ID 123 exists in Datatruck". */
	notFoundMessage?: string;
}

/**
 * The API's own words from any error body it is known to send: `{error, message}` (published),
 * `{detail}`, DRF field errors `{"field": ["msg"]}`, or a plain text / HTML page.
 */
export function apiMessageOf(body: unknown): string | undefined {
	if (body === undefined || body === null || body === '') return undefined;
	if (typeof body === 'string') {
		if (/^\s*</.test(body)) {
			const title = /<title[^>]*>([^<]*)<\/title>/i.exec(body)?.[1]?.trim();
			return title ? `an error page titled "${title}"` : 'an HTML error page';
		}
		return body.trim().slice(0, 500);
	}
	if (Array.isArray(body)) return body.map(apiMessageOf).filter(Boolean).join('; ') || undefined;
	if (typeof body !== 'object') return String(body);
	const record = body as Record<string, unknown>;
	for (const key of ['message', 'detail', 'error_description']) {
		if (typeof record[key] === 'string' && record[key]) return record[key] as string;
	}
	const fieldErrors = Object.entries(record)
		.filter(([, value]) => Array.isArray(value) || typeof value === 'string' || (value !== null && typeof value === 'object'))
		.flatMap(([field, value]) => drfFieldErrors(value, field));
	if (fieldErrors.length) return fieldErrors.join('; ');
	if (typeof record.error === 'string') return record.error;
	return undefined;
}

/**
 * DRF field errors with their path, nested serializers too: `{"stops": [{}, {"zip_code": ["This field is required."]}]}`
 * is `stops[1].zip_code: This field is required.` (each `{}` is a list entry without errors).
 */
function drfFieldErrors(value: unknown, path: string): string[] {
	if (typeof value === 'string') return [`${path}: ${value}`];
	if (Array.isArray(value)) {
		if (value.every((entry) => typeof entry !== 'object' || entry === null)) return value.length ? [`${path}: ${value.join(' ')}`] : [];
		return value.flatMap((entry, index) => (typeof entry === 'string' ? [`${path}: ${entry}`] : drfFieldErrors(entry, `${path}[${index}]`)));
	}
	if (value !== null && typeof value === 'object') {
		return Object.entries(value).flatMap(([key, entry]) => drfFieldErrors(entry, key === 'non_field_errors' ? path : `${path}.${key}`));
	}
	return [];
}

function summary(status: number, host: string, purpose: RequestPurpose, apiMessage?: string) {
	if (status === 401 || status === 403) {
		return `Datatruck refused the API token: it is invalid, expired, or belongs to another company than ${host}`;
	}
	if (status === 404) {
		return purpose.notFoundMessage ?? `Datatruck has no such record or page (${host})`;
	}
	if (status === 400 || status === 422) {
		return `Datatruck rejected the request${apiMessage ? `: ${apiMessage}` : ''}`;
	}
	if (status === 429) return 'Datatruck rate limit reached';
	if (status >= 500) return `Datatruck had a problem answering (HTTP ${status}); try again later`;
	return `Datatruck answered with HTTP ${status}`;
}

/** An error response as an n8n error: words for the dispatcher, the API's own message as detail. */
export function errorFromResponse(
	node: INode,
	response: { statusCode: number; body: unknown },
	host: string,
	purpose: RequestPurpose,
): NodeApiError {
	const apiMessage = apiMessageOf(response.body);
	const message = summary(response.statusCode, host, purpose, apiMessage);
	const hint =
		response.statusCode === 401 || response.statusCode === 403
			? ' Check the Datatruck API credential: the Company field and a token created in that company’s Datatruck dashboard.'
			: '';
	const description = `${apiMessage ? `Datatruck said: ${apiMessage.replace(/\.$/, '')}.` : ''}${hint}`.trim();
	const errorBody: JsonObject =
		response.body && typeof response.body === 'object'
			? (response.body as JsonObject)
			: { message: apiMessage ?? `HTTP ${response.statusCode}` };
	return new NodeApiError(node, errorBody, {
		message,
		description: description || undefined,
		httpCode: String(response.statusCode),
	});
}

/** What went wrong when no usable answer came back, in words (no error codes: see `withMessage`). */
export interface FaultReport {
	/** "the connection was closed before Datatruck answered", "Datatruck did not answer within 30 s". */
	reason: string;
	/** The network error code, for the description only. */
	code?: string;
	timedOut: boolean;
	/** False when the request never reached Datatruck (refused, unknown host): nothing was saved. */
	reachedServer: boolean;
	attempts: number;
	elapsedMs: number;
}

/**
 * At the end of its constructor, n8n's NodeApiError (NodeError.setDescriptiveErrorMessage,
 * n8n-workflow 2.41) replaces the message with generic advice ("…You can retry the request
 * immediately…") when the error's code (httpCode, else the wrapped error's `code`) is a key of its
 * COMMON_ERRORS table, or when the message contains any key of it (ECONNRESET, ETIMEDOUT,
 * ECONNABORTED, EPERM, EACCES…) anywhere, in any case: a load number can trigger it too. Set
 * after construction, the package's message is the one n8n shows, whatever its wording.
 */
export function withMessage<T extends NodeApiError>(error: T, message: string): T {
	error.message = message;
	return error;
}

/** A failure where no usable answer came back at all (no connection, timeout, broken JSON). */
export function errorFromFault(
	node: INode,
	host: string,
	purpose: RequestPurpose,
	write: SentWrite,
	fault: FaultReport,
): NodeApiError {
	const codeNote = fault.code ? ` (error code ${fault.code})` : '';
	const isRead = purpose.method === 'GET' || purpose.method === 'OPTIONS';
	let message: string;
	let description: string;
	if (!isRead && fault.reachedServer) {
		message = lostAnswerMessage(write, fault.reason);
		description = `The request was a ${purpose.method} to ${host}${codeNote}.`;
	} else if (isRead && fault.timedOut) {
		message = `${fault.reason}, ${fault.attempts === 1 ? 'on its only try' : `${fault.attempts} tries in a row`} (${duration(fault.elapsedMs)} in all); stopped waiting`;
		description =
			`Check that ${host} opens in a browser and that the Company field of the credential is right. ` +
			`If Datatruck is only slow, raise the node's Request Options › Timeout; otherwise try again later${codeNote}.`;
	} else {
		const retried = fault.attempts > 1 ? ` after ${fault.attempts} attempts` : '';
		message = `Could not get an answer from Datatruck (${host})${retried}: ${fault.reason}`;
		description = isRead
			? `The request was a ${purpose.method}, which changes nothing; try again later${codeNote}.`
			: `The request did not reach Datatruck, so nothing was saved; it is safe to run again${codeNote}.`;
	}
	const error = new NodeApiError(node, { message: fault.reason }, { message, description, httpCode: 'none' });
	return withMessage(error, message);
}

/** A 5xx answer to a create or update: it may have been saved before Datatruck failed. */
export function lostAnswerFromResponse(error: NodeApiError, write: SentWrite, status: number): NodeApiError {
	return withMessage(error, lostAnswerMessage(write, `Datatruck answered with a server error, HTTP ${status}`));
}

/** Whether Datatruck refused a request with a 400 (the transport's NodeApiError carries the status as text). */
export const isBadRequest = (error: unknown): boolean => String((error as { httpCode?: unknown } | undefined)?.httpCode) === '400';
