/** The sandbox as the e2e suite uses it: in this process, its request log read directly. */
import { startSandbox, type RequestLogEntry, type Sandbox } from '../../sandbox/index.cts';
import { saveCredential, type CredentialImport } from './n8n.cts';

/**
 * Datatruck's real limit is 20 requests per minute. The suite keeps the 20 but shrinks the window to a second
 * (sandbox and credential alike), so pacing and 429 handling stay exercised without minute-long waits.
 */
export const E2E_RATE_LIMIT = { limit: 20, windowMs: 1000 };

export function startE2eSandbox(): Promise<Sandbox> {
	return startSandbox({ rateLimit: E2E_RATE_LIMIT });
}

/** What a "Datatruck API" credential holds to reach the sandbox (or `company`) at the e2e rate limit. */
function credentialData(sb: Sandbox, apiToken: string, company = sb.origin): Record<string, unknown> {
	return {
		company,
		apiToken,
		rateLimitRequests: E2E_RATE_LIMIT.limit,
		rateLimitWindowSeconds: E2E_RATE_LIMIT.windowMs / 1000,
	};
}

export function datatruckCredential(sb: Sandbox, id: string, name: string, apiToken = sb.token): CredentialImport {
	return { id, name, type: 'datatruckApi', data: credentialData(sb, apiToken) };
}

/** Saves a Datatruck credential in a running n8n through its REST API, as the editor does; resolves with its id. */
export async function saveDatatruckCredential(
	rest: (method: string, path: string, body?: unknown) => Promise<any>,
	sb: Sandbox,
	name: string,
	apiToken = sb.token,
	company = sb.origin,
): Promise<string> {
	return saveCredential(rest, { name, type: 'datatruckApi', data: credentialData(sb, apiToken, company) });
}

/** `METHOD path?query` of each logged request, the shape tests compare against. */
export function requestLines(log: RequestLogEntry[]): string[] {
	return log.map((e) => `${e.method} ${e.rawUrl}`);
}

/**
 * The Authorization header of every request, reduced to whether it was exactly `Token <the sandbox token>`, so
 * a failing assertion shows which request was wrong without ever printing the token.
 */
export function authCheck(log: RequestLogEntry[], token: string): string[] {
	return log.map((e) => `${e.method} ${e.path} ${e.headers.authorization === `Token ${token}` ? 'Token ok' : 'Token MISSING OR WRONG'}`);
}
