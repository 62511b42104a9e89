/**
 * Rate-limit headers, should Datatruck ever send them (its documentation names none): the common
 * `X-RateLimit-Limit/-Remaining/-Reset`, the IETF draft's `RateLimit-Limit/-Remaining/-Reset`, and
 * its later single field `RateLimit: limit=20, remaining=3, reset=12` (or `"default";r=3;t=12` with
 * `RateLimit-Policy: "default";q=20;w=60`). Read defensively: a value that is not a plain
 * non-negative number is ignored, never trusted.
 */
export interface StatedRateLimit {
	limit?: number;
	remaining?: number;
	/** Milliseconds until the window frees up again. */
	resetMs?: number;
}

type Headers = Record<string, unknown> | undefined;

export function readRateLimitHeaders(headers: Headers, nowMs: number): StatedRateLimit {
	const field = (name: string) => headerValue(headers, name);
	const combined = parameters(field('ratelimit'));
	const policy = parameters(field('ratelimit-policy'));
	const limit = count(field('x-ratelimit-limit') ?? field('ratelimit-limit') ?? combined.limit ?? policy.q);
	const remaining = count(field('x-ratelimit-remaining') ?? field('ratelimit-remaining') ?? combined.remaining ?? combined.r);
	const reset = count(field('x-ratelimit-reset') ?? field('ratelimit-reset') ?? combined.reset ?? combined.t);
	const stated: StatedRateLimit = {};
	if (limit !== undefined && limit >= 1) stated.limit = limit;
	if (remaining !== undefined) stated.remaining = remaining;
	if (reset !== undefined) stated.resetMs = resetToMs(reset, nowMs);
	return stated;
}

function headerValue(headers: Headers, name: string): string | undefined {
	if (!headers) return undefined;
	const key = Object.keys(headers).find((candidate) => candidate.toLowerCase() === name);
	const value = key === undefined ? undefined : headers[key];
	const first = Array.isArray(value) ? value[0] : value;
	return typeof first === 'string' || typeof first === 'number' ? String(first) : undefined;
}

/** `limit=20, remaining=3` and `"default";r=3;t=12` alike, as name → value. */
function parameters(value: string | undefined): Record<string, string> {
	const found: Record<string, string> = {};
	for (const [, name, text] of (value ?? '').matchAll(/([a-z]+)\s*=\s*"?([^",;\s]+)"?/gi)) {
		found[name.toLowerCase()] ??= text;
	}
	return found;
}

function count(value: string | undefined): number | undefined {
	if (value === undefined || !/^\s*\d+(\.\d+)?\s*$/.test(value)) return undefined;
	return Number(value);
}

/**
 * Seconds to wait, or (as GitHub and others send) the moment as Unix seconds or milliseconds.
 * A reset further away than a day is not believed.
 */
function resetToMs(reset: number, nowMs: number): number | undefined {
	const DAY_MS = 86_400_000;
	let ms: number;
	if (reset > 1e12) ms = reset - nowMs;
	else if (reset > 1e9) ms = reset * 1000 - nowMs;
	else ms = reset * 1000;
	if (ms > DAY_MS) return undefined;
	return Math.max(0, ms);
}
