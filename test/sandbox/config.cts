/** Runtime configuration of the sandbox and the checks on a change sent over the control API. */
import { badRequest, isPlainObject } from './http.cts';

export interface RateLimitConfig {
	limit: number;
	windowMs: number;
	/**
	 * Resolution of Retry-After, 1000 (whole seconds, as Datatruck sends it) unless set. A bench
	 * that shrinks the minute can shrink this with it (then Retry-After has decimals, e.g. `0.05`).
	 */
	retryAfterStepMs?: number;
}

export interface SandboxConfig {
	/** Per-token sliding window (spec: 20 requests per minute); false disables limiting. */
	rateLimit: RateLimitConfig | false;
	/** Accepted API keys; replacing the list simulates a regenerated or deleted token. */
	tokens: string[];
	/** Which date places a trip in the dispatcher board window (A21 "payroll setting"). */
	payrollDateBy: 'pickup' | 'delivery';
	/** Driver update reply: `{detail}` or `[driver]`, the two shapes the spec publishes. */
	driverUpdateReply: 'detail' | 'array';
	/** Driver list shape: the published one, or also the update-only fields (is_main, mc_number, brith_date, …) a real Datatruck might send. */
	driverListFields: 'published' | 'withUpdateFields';
	/** Origin of `next`/`previous` links; null = the sandbox's own. A foreign one tests the node's link checks. */
	nextOrigin: string | null;
	/** `next` always points at the page just served, to test loop detection. */
	repeatNext: boolean;
	/**
	 * The name work-order reads give the creation time (A7 assumes `created_datetime`); null leaves it
	 * out. Filters and ordering still use the stored field, as a server that merely names it otherwise.
	 */
	workOrderTimeField: string | null;
}

export const DEFAULT_RATE_LIMIT: RateLimitConfig = { limit: 20, windowMs: 60_000 };

const isPositiveInteger = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value > 0;

type Check = (value: unknown) => string | undefined;

/** Each configurable key with what makes a value acceptable (undefined = fine, else the problem). */
const CHECKS: { [K in keyof SandboxConfig]: Check } = {
	rateLimit: (v) =>
		v === false ||
		(isPlainObject(v) &&
			isPositiveInteger(v.limit) &&
			isPositiveInteger(v.windowMs) &&
			(v.retryAfterStepMs === undefined || isPositiveInteger(v.retryAfterStepMs)))
			? undefined
			: 'must be false or {limit, windowMs, retryAfterStepMs?} with positive integers',
	tokens: (v) =>
		Array.isArray(v) && v.length > 0 && v.every((t) => typeof t === 'string' && t.length > 0) ? undefined : 'must be a non-empty list of non-empty strings',
	payrollDateBy: (v) => (v === 'pickup' || v === 'delivery' ? undefined : 'must be "pickup" or "delivery"'),
	driverUpdateReply: (v) => (v === 'detail' || v === 'array' ? undefined : 'must be "detail" or "array"'),
	driverListFields: (v) => (v === 'published' || v === 'withUpdateFields' ? undefined : 'must be "published" or "withUpdateFields"'),
	nextOrigin: (v) => (v === null || (typeof v === 'string' && /^https?:\/\/[^/?#]+$/.test(v)) ? undefined : 'must be null or an origin such as "http://127.0.0.1:9"'),
	repeatNext: (v) => (typeof v === 'boolean' ? undefined : 'must be true or false'),
	workOrderTimeField: (v) => (v === null || (typeof v === 'string' && /^\w+$/.test(v)) ? undefined : 'must be null or a field name'),
};

/** Checks a partial configuration; throws a 400 naming the first bad or unknown key. */
export function parseConfigPatch(raw: unknown): Partial<SandboxConfig> {
	if (!isPlainObject(raw)) throw badRequest('The configuration must be a JSON object.');
	for (const [key, value] of Object.entries(raw)) {
		if (!Object.prototype.hasOwnProperty.call(CHECKS, key)) {
			throw badRequest(`${key}: unknown setting; use one of ${Object.keys(CHECKS).join(', ')}.`);
		}
		const problem = CHECKS[key as keyof SandboxConfig](value);
		if (problem) throw badRequest(`${key}: ${problem}.`);
	}
	return raw as Partial<SandboxConfig>;
}
