/**
 * Fault injection: queued specs that make the next matching API requests fail in a chosen way, so
 * the node's retry, timeout and error-reading paths can be exercised (A16-A18).
 */
import { badRequest, isPlainObject } from './http.cts';
import { throttledMessage } from './rateLimiter.cts';

export const FAULT_KINDS = [500, 502, 503, 'hang', 'malformed', 'drop', 'html', 'detail401', 'fieldErrors', 'badRequest', '429'] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

export interface FaultSpec {
	/** How many matching requests fail this way. */
	count: number;
	kind: FaultKind;
	/**
	 * Which requests: method (any case), a pathname or part of one, and a part of the raw request body (a work order's
	 * reference, say). Absent = every API request.
	 */
	match?: { method?: string; path?: string; body?: string };
	/**
	 * Retry-After seconds of a '429' fault; 0 is allowed here, unlike the real limiter. Default 1. `null`: no
	 * Retry-After at all, as a proxy or gateway in front of Datatruck might answer.
	 */
	retryAfter?: number | null;
	/** The JSON body of a 'badRequest' fault (a 400), e.g. a proxy's `{"detail": "Method \"PATCH\" not allowed."}`. */
	body?: Record<string, unknown>;
	/** How long a 'hang' holds the request before destroying the socket. Default 30 s. */
	hangMs?: number;
	/**
	 * The request takes effect first (a create is stored, an update applied), then the fault replaces
	 * the answer: the answer is lost, not the request. A request refused (a 400) takes no effect, so it leaves the
	 * fault for the next matching request. Default false (the request is not handled).
	 */
	afterHandling?: boolean;
}

export const DEFAULT_HANG_MS = 30_000;

/** What the server does with a faulted request. */
export type FaultOutcome =
	| { action: 'reply'; status: number; contentType: string; body: string; headers?: Record<string, string> }
	| { action: 'drop' }
	| { action: 'hang'; ms: number };

const json = (status: number, body: unknown, headers?: Record<string, string>): FaultOutcome => ({
	action: 'reply',
	status,
	contentType: 'application/json',
	body: JSON.stringify(body),
	headers,
});

const SERVER_ERROR_MESSAGES: Record<number, string> = {
	500: 'Internal server error.',
	502: 'Bad gateway.',
	503: 'Service temporarily unavailable.',
};

/** An nginx-style page, as a load balancer in front of the API would send. */
const HTML_502 =
	'<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n';

export function faultOutcome(spec: FaultSpec): FaultOutcome {
	switch (spec.kind) {
		case 500:
		case 502:
		case 503:
			return json(spec.kind, { error: spec.kind, message: SERVER_ERROR_MESSAGES[spec.kind] });
		case 'hang':
			return { action: 'hang', ms: spec.hangMs ?? DEFAULT_HANG_MS };
		case 'drop':
			return { action: 'drop' };
		case 'malformed':
			// Cut mid-object: valid JSON up to the cut, so only a real parse notices.
			return { action: 'reply', status: 200, contentType: 'application/json', body: '{"count": 1200, "next": null, "previous": null, "results": [{"id": 10001, "status": "boo' };
		case 'html':
			return { action: 'reply', status: 502, contentType: 'text/html', body: HTML_502 };
		case 'detail401':
			return json(401, { detail: 'Invalid token.' });
		case 'fieldErrors':
			return json(400, { status: ['"bogus" is not a valid choice.'], load_pay: ['A valid number is required.'] });
		case 'badRequest':
			return json(400, spec.body ?? { error: 400, message: 'Bad request.' });
		case '429': {
			if (spec.retryAfter === null) return json(429, { error: 429, message: 'Too many requests.' });
			const seconds = spec.retryAfter ?? 1;
			return json(429, { error: 429, message: throttledMessage(seconds) }, { 'Retry-After': String(seconds) });
		}
	}
}

/** Accepts 500/'500' and 429/'429' alike, since JSON callers may send either. */
function normaliseKind(raw: unknown): FaultKind | undefined {
	return FAULT_KINDS.find((kind) => kind === raw || String(kind) === String(raw));
}

/** Checks a fault spec from code or the control API; throws a 400 naming the bad key. */
export function parseFaultSpec(raw: unknown): FaultSpec {
	if (!isPlainObject(raw)) throw badRequest('A fault must be a JSON object.');
	const kind = normaliseKind(raw.kind);
	if (kind === undefined) throw badRequest(`kind: must be one of ${FAULT_KINDS.join(', ')}.`);
	const count = raw.count ?? 1;
	if (typeof count !== 'number' || !Number.isInteger(count) || count < 1) throw badRequest('count: must be a positive integer.');
	const nonNegative = (key: 'retryAfter' | 'hangMs'): number | undefined => {
		const value = raw[key];
		if (value === undefined) return undefined;
		if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) throw badRequest(`${key}: must be a non-negative integer.`);
		return value;
	};
	const match = raw.match;
	if (match !== undefined && !(isPlainObject(match) && ['method', 'path', 'body'].every((k) => match[k] === undefined || typeof match[k] === 'string'))) {
		throw badRequest('match: must be an object with optional string keys method, path and body.');
	}
	if (raw.afterHandling !== undefined && typeof raw.afterHandling !== 'boolean') throw badRequest('afterHandling: must be true or false.');
	if (raw.body !== undefined && !isPlainObject(raw.body)) throw badRequest('body: must be a JSON object.');
	return {
		count,
		kind,
		afterHandling: raw.afterHandling as boolean | undefined,
		match: match as FaultSpec['match'],
		retryAfter: raw.retryAfter === null ? null : nonNegative('retryAfter'),
		hangMs: nonNegative('hangMs'),
		...(raw.body === undefined ? {} : { body: raw.body as Record<string, unknown> }),
	};
}

export class FaultQueue {
	private readonly queue: { spec: FaultSpec; remaining: number }[] = [];

	add(spec: FaultSpec): void {
		this.queue.push({ spec, remaining: spec.count });
	}

	clear(): void {
		this.queue.length = 0;
	}

	/** The first queued fault matching the request, consumed by one; undefined when none matches. */
	take(method: string, pathname: string, body = ''): FaultSpec | undefined {
		const index = this.queue.findIndex(({ spec }) => {
			const { method: wantedMethod, path: wantedPath, body: wantedBody } = spec.match ?? {};
			return (!wantedMethod || wantedMethod.toUpperCase() === method) && (!wantedPath || pathname.includes(wantedPath)) && (!wantedBody || body.includes(wantedBody));
		});
		if (index < 0) return undefined;
		const entry = this.queue[index];
		entry.remaining -= 1;
		if (entry.remaining === 0) this.queue.splice(index, 1);
		return entry.spec;
	}

	/** A fault taken by a request that took no effect goes back first in the queue, for the next matching request. */
	giveBack(spec: FaultSpec): void {
		const entry = this.queue.find((queued) => queued.spec === spec);
		if (entry) entry.remaining += 1;
		else this.queue.unshift({ spec, remaining: 1 });
	}

	pending(): FaultSpec[] {
		return this.queue.map(({ spec, remaining }) => ({ ...spec, count: remaining }));
	}
}
