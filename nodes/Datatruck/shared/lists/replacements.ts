import type { ApiFilter } from './filters';

/**
 * Filter columns the node chose itself for the user (e.g. `dispatcher__id` for "only these dispatchers"), each
 * with the published form to send instead when Datatruck refuses the column. A preSend offers it on the request it
 * builds; the list read takes it from there (route.ts), as n8n hands the same request object from one to the other.
 */
type Replacement = (() => Promise<ApiFilter>) & { shownAs?: string };
const offered = new WeakMap<object, Map<string, Replacement>>();

/**
 * `shownAs`: the field the records carry for a column they do not carry themselves (loads show
 * `dispatcher__full_name`, never `dispatcher__id`): an answer with more values of it than the filter names ids shows
 * the filter ignored, where the column itself cannot be checked.
 */
export function offerReplacement(request: object, column: string, replacement: () => Promise<ApiFilter>, shownAs?: string): void {
	const replacements = offered.get(request) ?? new Map<string, Replacement>();
	replacements.set(column, Object.assign(replacement, { shownAs }));
	offered.set(request, replacements);
}

export function replacementsFor(request: object): Map<string, Replacement> {
	return offered.get(request) ?? new Map();
}
