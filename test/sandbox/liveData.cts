/**
 * Live-data mode: Datatruck changing while a client reads a list, as on a working day. Off by
 * default. When on, after each list page it answers (loads, work orders, trucks), the sandbox
 * creates `create` records, moves `move` records to another status, deletes `delete` records and
 * gives `shift` records another sort value (a value another record of the list has), all seeded;
 * `latencyMs` delays every API request before it is answered (like a far-away server).
 * The ids it touched are kept, so a test can tell which records stayed put during a run.
 */
import { ApiReply, badRequest, isPlainObject, ok } from './http.cts';
import { Prng } from './prng.cts';
import { queryCacheOf } from './queryCache.cts';
import { createLoad } from './resources/orders.cts';
import { createWorkOrder } from './resources/workOrders.cts';
import { Route } from './router.cts';
import { nextId, SandboxStore } from './store.cts';

export interface LiveDataSpec {
	create: number;
	move: number;
	delete: number;
	shift: number;
	latencyMs: number;
	seed: number;
}

type Collection = 'orders' | 'workOrders' | 'trucks';
type AnyRecord = { id: number; status: string | null } & Record<string, unknown>;

/** Where each list lives, and the fields a shift may change (the sort fields a dispatcher picks). */
const LISTS: Record<Collection, { path: RegExp; shiftable: string[] }> = {
	orders: {
		path: /\/orders\/$/,
		shiftable: ['created_datetime', 'load_pay', 'total_miles', 'customer__company_name', 'pickup_time', 'delivery_time', 'load_id', 'dispatcher__full_name'],
	},
	workOrders: { path: /\/work-orders\/$/, shiftable: ['scheduled_on_date', 'total_price', 'status', 'vendor'] },
	trucks: { path: /\/trucks\/list\/$/, shiftable: ['unit_number'] },
};

const OFF: LiveDataSpec = { create: 0, move: 0, delete: 0, shift: 0, latencyMs: 0, seed: 1 };

export class LiveData {
	spec: LiveDataSpec = { ...OFF };
	/** Ids created, moved, deleted or shifted since the last `forget()`, per list. */
	readonly touched: Record<Collection, Set<number>> = { orders: new Set(), workOrders: new Set(), trucks: new Set() };
	pagesAnswered = 0;
	private random = new Prng(OFF.seed);
	/** Changes a test makes at an exact moment: each runs once, after the list page it waits for is answered. */
	private readonly onPages: Array<{ path: RegExp; page: number; change: () => void }> = [];

	constructor(private readonly store: SandboxStore) {}

	configure(spec: Partial<LiveDataSpec>): void {
		this.spec = { ...this.spec, ...spec };
		this.random = new Prng(this.spec.seed);
	}

	off(): void {
		this.configure(OFF);
		this.forget();
	}

	forget(): void {
		for (const ids of Object.values(this.touched)) ids.clear();
		this.pagesAnswered = 0;
		this.onPages.length = 0;
	}

	/** Resolves after the configured latency (0: at once). */
	delay(): Promise<void> {
		const ms = this.spec.latencyMs;
		return ms > 0 ? new Promise((resolve) => setTimeout(resolve, ms)) : Promise.resolve();
	}

	/**
	 * `change` runs once, right after the `page`-th list page answered from now on whose path matches (a record deleted
	 * between two pages of one read, where random churn would fall anywhere).
	 */
	afterPage(path: RegExp, page: number, change: () => void): void {
		this.onPages.push({ path, page, change });
	}

	/** Called after an API reply is computed: changes the list just paged, when the mode is on. */
	afterReply(method: string, pathname: string, reply: ApiReply): void {
		if (method !== 'GET' || reply.status !== 200 || !isPlainObject(reply.body) || !Array.isArray(reply.body.results)) return;
		for (const waiting of [...this.onPages]) {
			if (!waiting.path.test(pathname) || --waiting.page > 0) continue;
			this.onPages.splice(this.onPages.indexOf(waiting), 1);
			waiting.change();
			queryCacheOf(this.store).invalidate();
		}
		const collection = (Object.keys(LISTS) as Collection[]).find((name) => LISTS[name].path.test(pathname));
		if (!collection) return;
		this.pagesAnswered++;
		const { create, move, delete: remove, shift } = this.spec;
		for (let n = 0; n < create; n++) this.create(collection);
		for (let n = 0; n < move; n++) this.move(collection);
		for (let n = 0; n < remove; n++) this.remove(collection);
		for (let n = 0; n < shift; n++) this.shift(collection);
		if (create + move + remove + shift > 0) queryCacheOf(this.store).invalidate();
	}

	private records(collection: Collection): AnyRecord[] {
		return this.store.data[collection] as unknown as AnyRecord[];
	}

	private create(collection: Collection): void {
		let id: number;
		if (collection === 'orders') {
			// Some loads are entered late: their creation time is up to a day back.
			const back = this.random.chance(0.5) ? this.random.int(0, 86_400) * 1000 : 0;
			const status = this.random.pick(['booked', 'dispatched', 'in_transit', 'delivered', 'cancelled']);
			id = createLoad(this.store, { created_datetime: new Date(this.store.now().getTime() - back).toISOString(), status }).id;
		} else if (collection === 'workOrders') {
			id = createWorkOrder(this.store).id;
		} else {
			const trucks = this.records('trucks');
			const model = this.random.pick(trucks);
			id = nextId(trucks);
			trucks.push({ ...model, id, unit_number: `T-${id}` });
		}
		this.touched[collection].add(id);
	}

	private move(collection: Collection): void {
		const records = this.records(collection);
		if (!records.length) return;
		const record = this.random.pick(records);
		const statuses = [...new Set(records.map((r) => r.status))].filter((status) => status !== record.status);
		if (!statuses.length) return;
		record.status = this.random.pick(statuses);
		this.touched[collection].add(record.id);
	}

	private remove(collection: Collection): void {
		const records = this.records(collection);
		if (!records.length) return;
		const index = this.random.int(0, records.length - 1);
		this.touched[collection].add(records[index].id);
		records.splice(index, 1);
	}

	private shift(collection: Collection): void {
		const records = this.records(collection);
		if (records.length < 2) return;
		const record = this.random.pick(records);
		const field = this.random.pick(LISTS[collection].shiftable);
		record[field] = this.random.pick(records)[field];
		this.touched[collection].add(record.id);
	}

	report() {
		return {
			spec: this.spec,
			pagesAnswered: this.pagesAnswered,
			touched: Object.fromEntries(Object.entries(this.touched).map(([name, ids]) => [name, [...ids].sort((a, b) => a - b)])),
		};
	}
}

const COUNTS = ['create', 'move', 'delete', 'shift', 'latencyMs', 'seed'] as const;

export function parseLiveDataSpec(raw: unknown): Partial<LiveDataSpec> {
	if (!isPlainObject(raw)) throw badRequest('The live-data settings must be a JSON object.');
	for (const [key, value] of Object.entries(raw)) {
		if (!(COUNTS as readonly string[]).includes(key)) throw badRequest(`${key}: unknown setting; use one of ${COUNTS.join(', ')}.`);
		if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > 100_000) {
			throw badRequest(`${key}: must be a whole number from 0 to 100000.`);
		}
	}
	return raw as Partial<LiveDataSpec>;
}

/** Control API: GET the settings and touched ids, POST settings (merged), DELETE turns it off and forgets. */
export const liveDataRoutes: Route<{ live: LiveData }>[] = [
	{ method: 'GET', pattern: '/live-data', handler: (_, controls) => ok(controls.live.report()) },
	{
		method: 'POST',
		pattern: '/live-data',
		handler: (request, controls) => {
			controls.live.configure(parseLiveDataSpec(request.body));
			return ok(controls.live.report());
		},
	},
	{
		method: 'DELETE',
		pattern: '/live-data',
		handler: (_, controls) => {
			controls.live.off();
			return ok(controls.live.report());
		},
	},
];
