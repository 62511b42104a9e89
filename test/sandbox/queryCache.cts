/**
 * Filtered and ordered lists kept per query until the data changes, for the sandbox in a process
 * of its own (cli.cts, the benchmarks).
 *
 * Why: Datatruck answers page requests that arrive together in parallel, from an indexed database.
 * The sandbox answers them one after the other on one thread, and without this it filters and
 * sorts the whole table again for every page, so 19 pages sent at once would mostly measure the
 * stand-in, not the client (figure 8). Each page is still paginated and serialized on its own.
 *
 * Only where every change goes through the server: the in-process sandbox of the tests is changed
 * directly (`sandbox.data.orders.push(…)`, a field set in place), which no cache could notice, so
 * the cache is off unless the sandbox is started with `cacheQueries`. The server drops everything
 * after any request that may change data (a control request, an API request other than GET, a
 * live-data change after a page).
 */
const MAX_QUERIES = 64;

export class QueryCache {
	/** Per list (the stored array itself, replaced on reset): the answer per query. */
	private lists = new WeakMap<readonly unknown[], Map<string, readonly unknown[]>>();
	private size = 0;

	constructor(readonly enabled: boolean) {}

	/** The answer to `query` on `records`, computed once per data version. */
	get<T>(records: readonly T[], query: string, compute: () => T[]): readonly T[] {
		if (!this.enabled) return compute();
		let answers = this.lists.get(records);
		const known = answers?.get(query);
		if (known) return known as readonly T[];
		if (this.size >= MAX_QUERIES) this.invalidate();
		answers = this.lists.get(records) ?? new Map();
		this.lists.set(records, answers);
		const answer = compute();
		answers.set(query, answer);
		this.size++;
		return answer;
	}

	invalidate(): void {
		if (this.size === 0) return;
		this.lists = new WeakMap();
		this.size = 0;
	}
}

const caches = new WeakMap<object, QueryCache>();

/** The cache of one sandbox (keyed by its store); off unless `enableQueryCache` was called for it. */
export function queryCacheOf(store: object): QueryCache {
	let cache = caches.get(store);
	if (!cache) {
		cache = new QueryCache(false);
		caches.set(store, cache);
	}
	return cache;
}

export function enableQueryCache(store: object): void {
	caches.set(store, new QueryCache(true));
}
