/** Helpers for the sandbox's own tests: a started sandbox and an axios client that never throws on status. */
import axios, { AxiosInstance } from 'axios';
import { Agent } from 'node:http';
import { Sandbox, SandboxOptions, startSandbox } from './index.cts';

/** A fixed reference time, so seeded data and `today` are the same on every run. */
export const FIXED_NOW = new Date('2025-06-01T12:00:00Z');

/** Rate limiting is off unless a test asks for it: most tests send more than 20 requests a minute. */
export function startTestSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
	return startSandbox({ rateLimit: false, now: () => FIXED_NOW, ...options });
}

/** An API client for `sandbox`; `token: null` sends no Authorization header. */
export function apiClient(sandbox: Sandbox, token: string | null = sandbox.token): AxiosInstance {
	return axios.create({
		baseURL: sandbox.baseUrl,
		headers: token === null ? {} : { Authorization: `Token ${token}` },
		validateStatus: () => true,
		// Keep every request on a fresh socket so a fault that destroys one cannot leak into the next test.
		httpAgent: new Agent({ keepAlive: false }),
	});
}

export interface FilterTerm {
	column: string;
	value: unknown;
	contains: string;
}

/** The `filter` query parameter for `terms`. */
export const filterParam = (...terms: FilterTerm[]): string => JSON.stringify(terms);
