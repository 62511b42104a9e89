/**
 * The control API under /__sandbox/: the in-process controls over HTTP, for other processes (a real
 * n8n run, benchmarks). No auth, not rate limited, not logged: it is the test's side, not Datatruck's.
 */
import { parseConfigPatch, SandboxConfig } from './config.cts';
import { FaultSpec, parseFaultSpec } from './faults.cts';
import { LiveData, liveDataRoutes } from './liveData.cts';
import { ApiReply, badRequest, created, isPlainObject, notFound, ok, requireObjectBody } from './http.cts';
import { RequestLogEntry } from './requestLog.cts';
import { Route } from './router.cts';
import { DriverRecord, Order, WorkOrder } from './types.cts';

export const CONTROL_PREFIX = '/__sandbox';

export interface ResetOptions {
	seed?: number;
	loads?: number;
}

/** What the control API drives; the in-process Sandbox handle offers the same operations. */
export interface SandboxControls {
	readonly log: RequestLogEntry[];
	clearLog(): void;
	configure(cfg: Partial<SandboxConfig>): void;
	injectFaults(fault: FaultSpec): void;
	clearFaults(): void;
	pendingFaults(): FaultSpec[];
	/** Live-data mode (liveData.ts): the list changing between page requests, and a per-request latency. */
	readonly live: LiveData;
	reset(opts?: ResetOptions): void;
	createLoad(partial?: Partial<Order>): Order;
	updateLoad(id: number, patch: Partial<Order>): Order;
	createWorkOrder(partial?: Partial<WorkOrder>): WorkOrder;
	/** Every field the sandbox stores for a driver, update-only fields included. */
	storedDriver(id: number): DriverRecord | undefined;
	/** Configuration without the tokens (they are secrets even here). */
	publicConfig(): Omit<SandboxConfig, 'tokens'>;
	stats(): { seed: number; loads: number; orders: number; drivers: number; trailers: number; trucks: number; workOrders: number };
}

export function parseResetOptions(raw: unknown): ResetOptions {
	const body = requireObjectBody(raw);
	const options: ResetOptions = {};
	for (const key of ['seed', 'loads'] as const) {
		const value = body[key];
		if (value === undefined) continue;
		if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) throw badRequest(`${key}: must be a non-negative integer.`);
		options[key] = value;
	}
	if (options.loads !== undefined && options.loads > 100_000) throw badRequest('loads: at most 100000.');
	return options;
}

const done = (controls: SandboxControls): ApiReply => ok({ ok: true, ...controls.stats() });

function injectFaults(body: unknown, controls: SandboxControls): ApiReply {
	// Several faults may be queued in one call, in order.
	const specs = (Array.isArray(body) ? body : [body]).map(parseFaultSpec);
	specs.forEach((spec) => controls.injectFaults(spec));
	return ok({ pending: controls.pendingFaults() });
}

export const controlRoutes: Route<SandboxControls>[] = [
	...liveDataRoutes,
	{ method: 'GET', pattern: '/health', handler: (_, controls) => done(controls) },
	{ method: 'GET', pattern: '/requests', handler: (_, controls) => ok(controls.log) },
	{
		method: 'DELETE',
		pattern: '/requests',
		handler: (_, controls) => {
			controls.clearLog();
			return ok({ ok: true });
		},
	},
	{
		method: 'POST',
		pattern: '/reset',
		handler: (request, controls) => {
			controls.reset(parseResetOptions(request.body));
			return done(controls);
		},
	},
	{ method: 'GET', pattern: '/config', handler: (_, controls) => ok(controls.publicConfig()) },
	{
		method: 'POST',
		pattern: '/config',
		handler: (request, controls) => {
			controls.configure(parseConfigPatch(request.body));
			return ok(controls.publicConfig());
		},
	},
	{ method: 'GET', pattern: '/faults', handler: (_, controls) => ok({ pending: controls.pendingFaults() }) },
	{ method: 'POST', pattern: '/faults', handler: (request, controls) => injectFaults(request.body, controls) },
	{
		method: 'DELETE',
		pattern: '/faults',
		handler: (_, controls) => {
			controls.clearFaults();
			return ok({ pending: [] });
		},
	},
	{
		method: 'POST',
		pattern: '/loads',
		handler: (request, controls) => created(controls.createLoad(requireObjectBody(request.body) as Partial<Order>)),
	},
	{
		method: 'PATCH',
		pattern: '/loads/:id',
		handler: (request, controls) => {
			if (!isPlainObject(request.body)) throw badRequest('The patch must be a JSON object.');
			return ok(controls.updateLoad(Number(request.params.id), request.body as Partial<Order>));
		},
	},
	{
		method: 'GET',
		pattern: '/drivers/:id',
		handler: (request, controls) => {
			const driver = controls.storedDriver(Number(request.params.id));
			if (!driver) throw notFound(`No driver has id ${request.params.id}.`);
			return ok(driver);
		},
	},
	{
		method: 'POST',
		pattern: '/work-orders',
		handler: (request, controls) => created(controls.createWorkOrder(requireObjectBody(request.body) as Partial<WorkOrder>)),
	},
];
