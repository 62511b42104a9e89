import type { ApiFilter } from './filters';

/**
 * Filter columns the node chose itself for the user (e.g. `dispatcher__id` for "only these dispatchers"), each
 * with the published form to send instead when Datatruck refuses the column. A preSend offers it on the request it
 * builds; the list read takes it from there (route.ts), as n8n hands the same request object from one to the other.
 */
const offered = new WeakMap<object, Map<string, () => Promise<ApiFilter>>>();

export function offerReplacement(request: object, column: string, replacement: () => Promise<ApiFilter>): void {
	const replacements = offered.get(request) ?? new Map<string, () => Promise<ApiFilter>>();
	replacements.set(column, replacement);
	offered.set(request, replacements);
}

export function replacementsFor(request: object): Map<string, () => Promise<ApiFilter>> {
	return offered.get(request) ?? new Map();
}
