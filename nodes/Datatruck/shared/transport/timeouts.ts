import type { IDataObject } from 'n8n-workflow';

/**
 * How long the transport waits for Datatruck. Exported (like `retryPolicy`) so that tests can
 * shorten the waits; the node itself never changes it.
 *
 * A page of 25 loads (about 80 KB) took 7.5 ms median, 51 ms p95 and 0.4 s at worst from the
 * sandbox on a loaded machine; a real Datatruck over the internet is slower but still answers in
 * seconds. 30 s leaves a wide margin, and four tries of it (a GET is retried 3 times) plus the
 * backoff fit in the total budget, so a Datatruck that stops answering ends a run in about 2
 * minutes instead of the 20 that n8n's 300 s default would allow.
 */
export const timeoutPolicy = {
	/** One request, when the node's Request Options › Timeout is not set. */
	defaultMs: 30_000,
	/**
	 * A retry after a fault is sent only if it can still get its whole timeout within this time,
	 * counted from the first try (a timeout the user set longer than this gets one try).
	 */
	totalBudgetMs: 180_000,
};

/**
 * The timeout the user set in Request Options, or undefined. n8n's RoutingNode puts 300 s in the
 * request when the user set nothing, so the request's own value cannot tell the two apart; the
 * parameter can.
 */
export function userTimeoutOf(requestOptions: unknown): number | undefined {
	const timeout = Number((requestOptions as IDataObject | undefined)?.timeout);
	return Number.isFinite(timeout) && timeout > 0 ? timeout : undefined;
}

/**
 * Error codes and names that mean "no answer in time", as n8n's request helper (axios: ECONNABORTED
 * with "timeout of N ms exceeded", or ETIMEDOUT with transitional.clarifyTimeoutError), Node's
 * sockets, undici and fetch (AbortError / TimeoutError) report them.
 */
const TIMEOUT_CODES = new Set([
	'ECONNABORTED',
	'ETIMEDOUT',
	'ESOCKETTIMEDOUT',
	'ERR_TIMEOUT',
	'UND_ERR_CONNECT_TIMEOUT',
	'UND_ERR_HEADERS_TIMEOUT',
	'UND_ERR_BODY_TIMEOUT',
]);
const TIMEOUT_NAMES = new Set(['AbortError', 'TimeoutError']);

export interface ErrorLayer {
	code?: unknown;
	name?: unknown;
	message?: unknown;
}

/** Whether any layer of an error (n8n's wrapper, axios' error, the socket's) is a timeout. */
export function isTimeout(layers: ErrorLayer[]): boolean {
	return layers.some(
		(layer) =>
			(typeof layer.code === 'string' && TIMEOUT_CODES.has(layer.code)) ||
			(typeof layer.name === 'string' && TIMEOUT_NAMES.has(layer.name)) ||
			(typeof layer.message === 'string' && /time(?:d)?[ -]?out/i.test(layer.message)),
	);
}

/** "800 ms", "45 s", "2 min 7 s": for messages. */
export function duration(ms: number): string {
	if (ms < 1000) return `${Math.round(ms)} ms`;
	const seconds = Math.round(ms / 1000);
	if (seconds < 60) return `${seconds} s`;
	const rest = seconds % 60;
	return `${Math.floor(seconds / 60)} min${rest ? ` ${rest} s` : ''}`;
}
