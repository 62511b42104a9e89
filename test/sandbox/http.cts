/** Request/reply shapes shared by the router, the resources and the control API. */

export interface ApiRequest {
	method: string;
	pathname: string;
	query: URLSearchParams;
	/** Parsed JSON body, the raw text when it is not JSON, or undefined when empty. */
	body: unknown;
	/** Path parameters captured by the route pattern (e.g. `pk`). */
	params: Record<string, string>;
}

export interface ApiReply {
	status: number;
	body: unknown;
	headers?: Record<string, string>;
	/** A file instead of a JSON body (a load's document served by the API origin). */
	file?: { bytes: Buffer; contentType: string };
}

/** Thrown anywhere below a handler; the server turns it into `{error: status, message}`. */
export class ApiError extends Error {
	constructor(
		readonly status: number,
		message: string,
		readonly headers: Record<string, string> = {},
	) {
		super(message);
	}
}

export const badRequest = (message: string): ApiError => new ApiError(400, message);
export const notFound = (message = 'Not found.'): ApiError => new ApiError(404, message);

export const ok = (body: unknown): ApiReply => ({ status: 200, body });
export const created = (body: unknown): ApiReply => ({ status: 201, body });

/** DRF's `query_params.get` returns the last value of a repeated key; so do we. */
export function lastParam(query: URLSearchParams, name: string): string | null {
	const all = query.getAll(name);
	return all.length === 0 ? null : all[all.length - 1];
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Bodies of creates/updates must be JSON objects; anything else is a 400 naming the problem. */
export function requireObjectBody(body: unknown): Record<string, unknown> {
	if (body === undefined) return {};
	if (typeof body === 'string') throw badRequest('JSON parse error: the request body is not valid JSON.');
	if (!isPlainObject(body)) throw badRequest('The request body must be a JSON object.');
	return body;
}
