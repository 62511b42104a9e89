/**
 * The Datatruck sandbox: a faithful stand-in for the Datatruck open API (shared/freight-ops-api.md
 * with the choices of docs/api-contract.md), served over loopback HTTP for the node's tests.
 *
 *   const sandbox = await startSandbox();          // random port, seed 42, 1200 loads
 *   axios.get(`${sandbox.baseUrl}/orders/`, { headers: { Authorization: `Token ${sandbox.token}` } });
 *   await sandbox.close();
 */
import { DEFAULT_RATE_LIMIT, parseConfigPatch, RateLimitConfig, SandboxConfig } from './config';
import { ResetOptions, SandboxControls } from './control';
import { FaultQueue, FaultSpec, parseFaultSpec } from './faults';
import { LiveData } from './liveData';
import { SlidingWindowLimiter } from './rateLimiter';
import { RequestLogEntry } from './requestLog';
import { createLoad, updateLoad } from './resources/orders';
import { createWorkOrder } from './resources/workOrders';
import { API_PREFIX, SandboxHttpServer } from './server';
import { DEFAULT_LOAD_COUNT, DEFAULT_SEED, SandboxStore } from './store';
import { Order, SandboxData, WorkOrder } from './types';

export type { SandboxConfig, RateLimitConfig } from './config';
export type { FaultKind, FaultSpec } from './faults';
export type { RequestLogEntry } from './requestLog';
export type { LiveData, LiveDataSpec } from './liveData';
export type { Page } from './pagination';
export type { DispatcherBoardRow } from './resources/dispatcherBoard';
export * from './types';
export { PROCEDURE_NAMES, PROCEDURE_SUFFIXES } from './resources/procedureNames';
export { API_PREFIX } from './server';

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
		nextOrigin: null,
		repeatNext: false,
	}) as SandboxConfig;
	const store = new SandboxStore(config, { seed: opts.seed ?? DEFAULT_SEED, loads: opts.loads ?? DEFAULT_LOAD_COUNT }, opts.now ?? (() => new Date()));
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
		live,
		close: () => server.close(),
	};
}
