/** The record of API requests the sandbox received, for tests to assert what the node sent. */
import type { IncomingHttpHeaders } from 'node:http';

export interface RequestLogEntry {
	method: string;
	/** Pathname only, e.g. `/api/v1/openapi/orders/`. */
	path: string;
	/** Decoded query; a repeated key gives an array. */
	query: Record<string, string | string[]>;
	/** The request target exactly as received (path and raw query). */
	rawUrl: string;
	headers: { authorization?: string; 'content-type'?: string; host?: string };
	/** Parsed JSON, the raw text when it is not JSON, or undefined when there was no body. */
	body: unknown;
	/** Status answered; 0 when the connection was dropped or left hanging. */
	status: number;
	/** Date.now() at arrival. */
	at: number;
	/** The address it came from: which process sent it, where each has its own (test/day/senderProcess.cts). */
	clientAddress?: string;
	/** For a list's page: the ids answered and the count, so that a failure report shows what each page held. */
	answered?: { ids: unknown[]; count?: unknown };
}

/** The ids and count of a list's answer (an envelope or a bare array), as the sandbox wrote them. */
export function answeredPage(body: unknown): RequestLogEntry['answered'] {
	const envelope = typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as { results?: unknown; count?: unknown }) : undefined;
	const results = Array.isArray(body) ? body : envelope?.results;
	if (!Array.isArray(results)) return undefined;
	return { ids: results.map((record) => (record as { id?: unknown } | null)?.id), count: envelope?.count };
}

export function queryRecord(query: URLSearchParams): Record<string, string | string[]> {
	const out: Record<string, string | string[]> = {};
	for (const key of new Set(query.keys())) {
		const values = query.getAll(key);
		out[key] = values.length === 1 ? values[0] : values;
	}
	return out;
}

const LOGGED_HEADERS = ['authorization', 'content-type', 'host'] as const;

export function loggedHeaders(headers: IncomingHttpHeaders): RequestLogEntry['headers'] {
	const out: RequestLogEntry['headers'] = {};
	for (const name of LOGGED_HEADERS) {
		const value = headers[name];
		if (typeof value === 'string') out[name] = value;
	}
	return out;
}

/** JSON when it parses, the text itself otherwise, undefined for an empty body. */
export function parseBody(text: string): unknown {
	if (text === '') return undefined;
	try {
		return JSON.parse(text);
	} catch {
		return text;
	}
}
