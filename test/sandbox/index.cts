/**
 * The Datatruck sandbox: a faithful stand-in for the Datatruck open API (shared/freight-ops-api.md
 * with the choices of docs/api-contract.md), served over loopback HTTP for the node's tests.
 *
 *   const sandbox = await startSandbox();          // random port, seed 42, 1200 loads
 *   axios.get(`${sandbox.baseUrl}/orders/`, { headers: { Authorization: `Token ${sandbox.token}` } });
 *   await sandbox.close();
 */
import { DEFAULT_RATE_LIMIT, parseConfigPatch, RateLimitConfig, SandboxConfig, SandboxProfile } from './config.cts';
import { ResetOptions, SandboxControls } from './control.cts';
import { DocumentHost } from './documents.cts';
import { FaultQueue, FaultSpec, parseFaultSpec } from './faults.cts';
import { LiveData } from './liveData.cts';
import { enableQueryCache } from './queryCache.cts';
import { SlidingWindowLimiter } from './rateLimiter.cts';
import { RequestLogEntry } from './requestLog.cts';
import { createLoad, updateLoad } from './resources/orders.cts';
import { createWorkOrder } from './resources/workOrders.cts';
import { API_PREFIX, SandboxHttpServer } from './server.cts';
import { DEFAULT_LOAD_COUNT, DEFAULT_SEED, SandboxStore } from './store.cts';
import { Order, SandboxData, WorkOrder } from './types.cts';

export type { SandboxConfig, RateLimitConfig, ListName, ListSwitch, ListSwitches, RequestLineLimit, SandboxProfile } from './config.cts';
export { LIST_NAMES, PROFILE_SETTINGS, SANDBOX_PROFILES } from './config.cts';
export type { FaultKind, FaultSpec } from './faults.cts';
export type { RequestLogEntry } from './requestLog.cts';
export type { LiveData, LiveDataSpec } from './liveData.cts';
export type { DocumentFault, DocumentFaultKind, DocumentHost, DocumentRequest } from './documents.cts';
export type { Page } from './pagination.cts';
export type { DispatcherBoardRow } from './resources/dispatcherBoard.cts';
export * from './types.cts';
export { PROCEDURE_NAMES, PROCEDURE_SUFFIXES } from './resources/procedureNames.cts';
export { API_PREFIX } from './server.cts';

/** The default API key. Fake, and only ever valid against this sandbox. */
export const SANDBOX_TOKEN = 'dtk_sandbox_7f3a9c2e5b1d4e8a';

export interface SandboxOptions {
	/** 0 (default) picks a free port. */
	port?: number;
	/** Default 127.0.0.1. */
	host?: string;
	/** Default 42. */
	seed?: number;
	/** Number of seeded loads; default 1200. */
	loads?: number;
	/** Default {limit: 20, windowMs: 60000} (spec: 20 requests per minute); false disables it. */
	rateLimit?: RateLimitConfig | false;
	/** Accepted keys; default [SANDBOX_TOKEN]. */
	tokens?: string[];
	/** Reference clock for seeded dates, `today` filters and created records; default the real clock. */
	now?: () => Date;
	/**
	 * Keep each list query's answer until the data changes (queryCache.cts). Only for a sandbox
	 * changed through HTTP alone (cli.cts); default off.
	 */
	cacheQueries?: boolean;
	/** The set of ways Datatruck may differ it starts with (config.cts PROFILE_SETTINGS); default 'default'. */
	profile?: SandboxProfile;
}

export interface Sandbox {
	/** e.g. http://127.0.0.1:4010 */
	origin: string;
	/** origin + '/api/v1/openapi' */
	baseUrl: string;
	/** The first accepted key. */
	token: string;
	/** API requests in arrival order (control requests are not logged). Live: cleared in place. */
	log: RequestLogEntry[];
	clearLog(): void;
	configure(cfg: Partial<SandboxConfig>): void;
	/** Queues a fault; several queue in order. */
	injectFaults(fault: FaultSpec): void;
	clearFaults(): void;
	/** Rebuilds the data (same seed and size unless given), clears faults and rate-limit windows; keeps config and log. */
	reset(opts?: ResetOptions): void;
	/** The live in-memory store. */
	readonly data: SandboxData;
	createLoad(partial?: Partial<Order>): Order;
	updateLoad(id: number, patch: Partial<Order>): Order;
	createWorkOrder(partial?: Partial<WorkOrder>): WorkOrder;
	/** The storage host the loads' `file_link`s point at: its own origin, request log and faults. */
	documents: DocumentHost;
	/** Live-data mode: changes after each list page, per-request latency (off by default). */
	readonly live: LiveData;
	close(): Promise<void>;
}

export async function startSandbox(opts: SandboxOptions = {}): Promise<Sandbox> {
	const tokens = opts.tokens ?? [SANDBOX_TOKEN];
	const config: SandboxConfig = parseConfigPatch({
		rateLimit: opts.rateLimit ?? DEFAULT_RATE_LIMIT,
		tokens,
		payrollDateBy: 'pickup',
		driverUpdateReply: 'detail',
		driverListFields: 'published',
		nextOrigin: null,
		repeatNext: false,
		// `workOrderTimeField`, `nextLinks`, `workOrderCreate`, `loadCreate`, `driverUpdatePatch`: the profile's (keys given beside it would win).
		profile: opts.profile ?? 'default',
	}) as SandboxConfig;
	const now = opts.now ?? (() => new Date());
	const documents = new DocumentHost(now);
	await documents.listen(opts.host ?? '127.0.0.1');
	const store = new SandboxStore(config, { seed: opts.seed ?? DEFAULT_SEED, loads: opts.loads ?? DEFAULT_LOAD_COUNT }, now, (orderId, fileName) => documents.link(orderId, fileName));
	if (opts.cacheQueries) enableQueryCache(store);
	const limiter = new SlidingWindowLimiter(() => store.config.rateLimit);
	const faults = new FaultQueue();
	const log: RequestLogEntry[] = [];
	const live = new LiveData(store);

	const controls: SandboxControls = {
		log,
		clearLog: () => {
			log.length = 0;
		},
		configure: (cfg) => {
			const patch = parseConfigPatch(cfg);
			store.config = { ...store.config, ...patch };
			// A new limit starts from an empty window, so a test's budget is exactly what it set.
			if ('rateLimit' in patch) limiter.reset();
		},
		injectFaults: (fault) => faults.add(parseFaultSpec(fault)),
		clearFaults: () => faults.clear(),
		pendingFaults: () => faults.pending(),
		live,
		reset: (resetOptions) => {
			store.reset(resetOptions);
			faults.clear();
			limiter.reset();
			live.forget();
		},
		createLoad: (partial) => createLoad(store, partial),
		updateLoad: (id, patch) => updateLoad(store, id, patch),
		createWorkOrder: (partial) => createWorkOrder(store, partial),
		storedDriver: (id) => store.data.drivers.find((driver) => driver.id === id),
		publicConfig: () => {
			const { tokens: _secret, ...rest } = store.config;
			return rest;
		},
		stats: () => ({
			seed: store.seed,
			loads: store.loadCount,
			orders: store.data.orders.length,
			drivers: store.data.drivers.length,
			trailers: store.data.trailers.length,
			trucks: store.data.trucks.length,
			workOrders: store.data.workOrders.length,
		}),
	};

	const server = new SandboxHttpServer({ store, limiter, faults, log, controls });
	const origin = await server.listen(opts.port ?? 0, opts.host ?? '127.0.0.1');
	store.origin = origin;

	return {
		origin,
		baseUrl: `${origin}${API_PREFIX}`,
		token: tokens[0],
		log,
		clearLog: controls.clearLog,
		configure: controls.configure,
		injectFaults: controls.injectFaults,
		clearFaults: controls.clearFaults,
		reset: controls.reset,
		get data() {
			return store.data;
		},
		createLoad: controls.createLoad,
		updateLoad: controls.updateLoad,
		createWorkOrder: controls.createWorkOrder,
		documents,
		live,
		close: async () => {
			await server.close();
			await documents.close();
		},
	};
}
