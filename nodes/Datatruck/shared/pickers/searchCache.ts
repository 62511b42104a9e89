import { bareToken, connectionFor, CREDENTIAL_TYPE, type DatatruckContext, fnv1a } from '../transport';

/**
 * Short-lived answers for the editor's pickers and dropdowns. Typing "mar" in a driver picker asks
 * n8n for a search at nearly every key press, and each request costs a twentieth of the token's
 * per-minute budget that the company's workflows also need; the same search within a minute is
 * answered from here. Keyed per company and token (a hash, never the token itself), so two
 * credentials never see each other's records. Concurrent identical searches share one request.
 */
export const SEARCH_CACHE_TTL_MS = 60_000;
const MAX_ENTRIES = 500;

interface Entry {
	expires: number;
	value: Promise<unknown>;
}

const entries = new Map<string, Entry>();

async function credentialScope(ctx: DatatruckContext): Promise<string> {
	const { baseUrl } = await connectionFor(ctx);
	const credentials = await ctx.getCredentials(CREDENTIAL_TYPE);
	return `${baseUrl}#${fnv1a(bareToken(credentials.apiToken))}`;
}

/** The answer for `key` under this credential: from the cache while fresh, else from `load`. */
export async function cachedPerCredential<T>(
	ctx: DatatruckContext,
	key: string,
	load: () => Promise<T>,
	now: () => number = Date.now,
): Promise<T> {
	const fullKey = `${await credentialScope(ctx)}|${key}`;
	const hit = entries.get(fullKey);
	if (hit && hit.expires > now()) return (await hit.value) as T;

	const value = load();
	entries.delete(fullKey);
	entries.set(fullKey, { expires: now() + SEARCH_CACHE_TTL_MS, value });
	// A failed search is not remembered: the next key press asks again.
	value.catch(() => entries.get(fullKey)?.value === value && entries.delete(fullKey));
	while (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
	return await value;
}

/** Forgets every cached answer: for tests. */
export function clearSearchCache(): void {
	entries.clear();
}
