import type { IDataObject, INodeParameters } from 'n8n-workflow';
import { findingsFor, resetSupport } from '../../nodes/Datatruck/shared/lists';
import { triggerSettings } from '../../nodes/DatatruckTrigger/settings';
import type { TriggerState } from '../../nodes/DatatruckTrigger/state';
import { PollHarness, type PollResult } from '../harness/poll.cts';
import { useSandbox } from '../harness/sandbox.cts';
import type { ListSwitch, Order } from '../sandbox/index.cts';
import { coreLogger } from '../harness/coreLogger.cts';

/**
 * The trigger against a Datatruck that ignores its time bound, its order or both (issue 28): every
 * new record emitted exactly once across polls, the cursor never back, each poll within
 * 2 × pages + 3 requests, the finding said once in n8n's log.
 */
const DAY = 86_400_000;
let now = Math.floor((Date.now() - DAY) / 1000) * 1000;
const dt = useSandbox({ rateLimit: false, now: () => new Date(now) });

const saved = { ...triggerSettings };
let warn: jest.SpyInstance;
beforeAll(() => {
	Object.assign(triggerSettings, { requestTimeoutMs: 2_000, now: () => now });
});
afterAll(() => {
	Object.assign(triggerSettings, saved);
});
beforeEach(() => {
	resetSupport();
	dt.sandbox.reset({ loads: 60 });
	dt.sandbox.live.off();
	dt.sandbox.clearLog();
	warn = jest.spyOn(coreLogger(), 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
	dt.sandbox.live.off();
	warn.mockRestore();
});

const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
const at = (seconds: number) => iso(now + seconds * 1000);
const advance = (seconds: number) => {
	now += seconds * 1000;
};

function trigger(parameters: INodeParameters) {
	return new PollHarness({ parameters, credentials: dt.credentials({ rateLimitRequests: 100_000 }) });
}

function load(partial: Partial<Order> = {}): Order {
	return dt.sandbox.createLoad({ pickup_time: null, delivery_time: null, is_flagged: false, flagging_reason: null, ...partial });
}

const idsOf = (result: PollResult) => result.json.map((record) => Number(record.id));
const origin = () => new URL(dt.sandbox.baseUrl).origin;
const findingWarnings = () => warn.mock.calls.filter(([message]) => String(message).includes('differs from assumption'));

/**
 * Polls, checking what must hold after every poll: no error, the cursor never back, the requests
 * within 2 × pages + 3 (pages of the list as large as it was during the poll), nothing emitted twice.
 */
class Watch {
	readonly emitted: number[] = [];
	/** Every request of every poll as the sandbox answered it. */
	readonly answered: Array<{ status: number; filter: string; ordering: string }> = [];
	private last?: TriggerState;

	constructor(
		readonly harness: PollHarness,
		private readonly listSize: () => number,
		private readonly pageSize = 25,
	) {}

	async poll(): Promise<number[]> {
		dt.sandbox.clearLog();
		const sizeBefore = this.listSize();
		const result = await this.harness.poll();
		expect(result.error).toBeUndefined();
		this.answered.push(...dt.sandbox.log.map((entry) => ({ status: entry.status, filter: String(entry.query.filter ?? ''), ordering: String(entry.query.ordering) })));
		const pages = Math.ceil(Math.max(sizeBefore, this.listSize()) / this.pageSize);
		expect(dt.sandbox.log.length).toBeLessThanOrEqual(2 * pages + 3);
		const state = this.harness.state!;
		if (this.last) {
			expect(state.high).toBeGreaterThanOrEqual(this.last.high);
			expect(state.floor).toBeGreaterThanOrEqual(this.last.floor);
		}
		this.last = state;
		const ids = idsOf(result);
		this.emitted.push(...ids);
		expect(new Set(this.emitted).size).toBe(this.emitted.length);
		return ids;
	}
}

const loadCount = () => dt.sandbox.data.orders.length;

async function newLoadsEmittedOnce(switches: IDataObject) {
	dt.sandbox.configure(switches);
	const watch = new Watch(trigger({ event: 'newLoad' }), loadCount);
	expect(await watch.poll()).toEqual([]);

	load({ id: 95_002, created_datetime: at(2) });
	load({ id: 95_001, created_datetime: at(2) });
	load({ id: 95_003, created_datetime: at(1) });
	advance(5);
	expect(await watch.poll()).toEqual([95_003, 95_001, 95_002]);
	expect(await watch.poll()).toEqual([]);

	// A late commit, older than loads already emitted, and a new one.
	load({ id: 94_999, created_datetime: at(-3) });
	load({ id: 95_010, created_datetime: at(1) });
	advance(2);
	expect(await watch.poll()).toEqual([94_999, 95_010]);
	advance(15 * 60);
	expect(await watch.poll()).toEqual([]);
	return watch;
}

describe('Datatruck Trigger when the loads list differs', () => {
	test('the created_datetime filter ignored: New Load emits each new load once, within budget, said once in the log', async () => {
		await newLoadsEmittedOnce({ lists: { loads: { ignoreFilter: ['created_datetime'] } } });
		expect(findingsFor(origin()).map((finding) => finding.key)).toEqual(['loads.filter.created_datetime']);
		expect(findingWarnings()).toHaveLength(1);
	});

	test('the id filter ignored: the ids left out come back, are skipped, said once in the log; later polls leave none out', async () => {
		const watch = await newLoadsEmittedOnce({ lists: { loads: { ignoreFilter: ['id'] } } });
		expect(findingsFor(origin()).map((finding) => finding.key)).toEqual(['loads.filter.id']);
		expect(findingWarnings()).toHaveLength(1);
		expect(String(findingWarnings()[0][0])).toMatch(/sent back records whose ids the trigger asked to leave out/);
		// The one poll that asked (the first with loads to leave out), then none.
		const leftOut = watch.answered.filter((request) => request.filter.includes('exclude_in'));
		expect(leftOut).toHaveLength(1);
		expect(watch.answered.indexOf(leftOut[0])).toBeLessThan(watch.answered.length - 2);
	});

	test('a request line too long with the ids left out: sent again without them, remembered, once each', async () => {
		// The trigger's read with its time bound is about 222 bytes long; one id left out makes it about 318.
		dt.sandbox.configure({ maxRequestLine: { bytes: 280, status: 414 } });
		const watch = await newLoadsEmittedOnce({});
		const tooLong = watch.answered.filter((request) => request.status === 414);
		expect(tooLong).toHaveLength(1);
		expect(tooLong[0].filter).toContain('exclude_in');
		expect(findingsFor(origin()).map((finding) => finding.key)).toEqual(['requestLine.long']);
		expect(watch.answered.filter((request) => request.filter.includes('exclude_in'))).toHaveLength(1);
	});

	test('the filter and the ordering ignored: still once each, the whole list read within budget', async () => {
		await newLoadsEmittedOnce({ lists: { loads: { ignoreFilter: true, ignoreOrdering: true } } });
		expect(findingsFor(origin()).map((finding) => finding.key)).toEqual(expect.arrayContaining(['loads.ordering']));
		const keys = findingWarnings().map(([, meta]) => (meta as IDataObject).key);
		expect(new Set(keys).size).toBe(keys.length);
	});

	test('the spec-only profile (one ordering field, published columns only): once each, the tie-breaker dropped once', async () => {
		await newLoadsEmittedOnce({ profile: 'spec-only' });
		expect(findingsFor(origin()).map((finding) => finding.key)).toContain('loads.ordering.multi');
		const orderings = dt.sandbox.log.map((entry) => entry.query.ordering);
		expect(orderings.every((ordering) => !String(ordering).includes(','))).toBe(true);
	});

	test('the whole filter ignored: Load Picked Up emits only picked-up loads, each once', async () => {
		dt.sandbox.configure({ lists: { loads: { ignoreFilter: true } } });
		const watch = new Watch(trigger({ event: 'loadPickedUp' }), loadCount);
		expect(await watch.poll()).toEqual([]);
		load({ id: 96_001, pickup_time: at(1) });
		load({ id: 96_002, created_datetime: at(1) });
		load({ id: 96_003, pickup_time: at(2) });
		advance(3);
		expect(await watch.poll()).toEqual([96_001, 96_003]);
		expect(await watch.poll()).toEqual([]);
		expect(findingWarnings().length).toBeGreaterThan(0);
	});

	test('the whole filter ignored: Load Flagged never takes an unflagged load for a flagged one', async () => {
		dt.sandbox.configure({ lists: { loads: { ignoreFilter: true } } });
		const watch = new Watch(trigger({ event: 'loadFlagged' }), loadCount);
		expect(await watch.poll()).toEqual([]);
		load({ id: 97_001, created_datetime: at(-60), is_flagged: true, flagging_reason: 'Late' });
		load({ id: 97_002, created_datetime: at(-60) });
		advance(3);
		expect(await watch.poll()).toEqual([97_001]);
		expect(await watch.poll()).toEqual([]);
	});

	test('with live data changing while it scans, each new load that stays is emitted exactly once', async () => {
		dt.sandbox.configure({ lists: { loads: { ignoreFilter: ['created_datetime'], ignoreOrdering: true } } });
		const watch = new Watch(trigger({ event: 'newLoad' }), loadCount);
		expect(await watch.poll()).toEqual([]);
		const existing = new Set(dt.sandbox.data.orders.map((order) => order.id));
		const activatedAt = now;
		const mine: number[] = [];
		dt.sandbox.live.configure({ create: 1, move: 1, delete: 0, shift: 0, seed: 28 });
		for (let round = 0; round < 6; round++) {
			for (let i = 0; i < 7; i++) mine.push(load({ created_datetime: at(1 + i) }).id);
			advance(10);
			await watch.poll();
		}
		dt.sandbox.live.off();
		advance(20 * 60);
		await watch.poll();
		// Live data also commits loads dated up to a day back: those older than the late-entry window are
		// too late by design; every one dated after activation must come, and nothing that existed before.
		const created = dt.sandbox.data.orders.filter((order) => !existing.has(order.id));
		const due = created.filter((order) => Date.parse(String(order.created_datetime)) >= activatedAt).map((order) => order.id);
		for (const id of [...mine, ...due]) expect(watch.emitted.filter((emitted) => emitted === id)).toHaveLength(1);
		expect(created.map((order) => order.id)).toEqual(expect.arrayContaining(watch.emitted));
		expect(due.length).toBeGreaterThan(mine.length);
	});

	test('Fetch Test Event where the filter is ignored: never a load the event would not emit, never a false "no readable time"', async () => {
		dt.sandbox.configure({ lists: { loads: { ignoreFilter: true } } });
		load({ id: 96_201, pickup_time: at(-5) });
		load({ id: 96_202, created_datetime: at(1) });
		const result = await trigger({ event: 'loadPickedUp' }).poll('manual');
		// The unpicked loads the list answers first are not news for Load Picked Up, nor loads without a pickup field.
		expect(result.error?.message ?? '').not.toMatch(/no readable/);
		expect(result.json.every((record) => record.pickup_time !== null)).toBe(true);
		expect(result.json.length > 0 || /No picked-up load matches/.test(result.error?.message ?? '')).toBe(true);
	});

	test.each([
		['the filter', { ignoreFilter: true }],
		['the order', { ignoreOrdering: true }],
		['the filter and the order', { ignoreFilter: true, ignoreOrdering: true }],
	] as const)('Fetch Test Event where Datatruck ignores %s: the same load as where it does not, within 2 × pages + 3', async (_what, loads) => {
		load({ id: 96_301, pickup_time: at(-50) });
		load({ id: 96_302, pickup_time: at(-5), customer__company_name: 'Coyote Logistics' } as Partial<Order>);
		load({ id: 96_303, pickup_time: at(-1), customer__company_name: 'Echo Global Logistics' } as Partial<Order>);
		const parameters = { event: 'loadPickedUp', filters: { conditions: [{ field: 'customer__company_name', operator: 'is', value: 'Coyote Logistics' }] } };
		const expected = await trigger(parameters).poll('manual');
		expect(expected.error).toBeUndefined();
		expect(expected.json.map((record) => record.id)).toEqual([96_302]);

		resetSupport();
		dt.sandbox.clearLog();
		dt.sandbox.configure({ lists: { loads } });
		const result = await trigger(parameters).poll('manual');
		expect(result.error).toBeUndefined();
		expect(result.json).toEqual(expected.json);
		expect(dt.sandbox.log.length).toBeLessThanOrEqual(2 * Math.ceil(dt.sandbox.data.orders.length / 25) + 3);
		// An answer of one matching load cannot show an order ignored (nor need it); a filter ignored shows.
		if ('ignoreFilter' in loads) expect(findingsFor(new URL(dt.sandbox.baseUrl).origin).length).toBeGreaterThan(0);
	});

	test('Fetch Test Event where only the order is ignored: the newest load by event time, not "Invalid time value"', async () => {
		// Picked up in the opposite order to their creation: the list's default order (newest created first) shows it.
		load({ id: 96_401, created_datetime: at(-30), pickup_time: at(-2) });
		load({ id: 96_402, created_datetime: at(-20), pickup_time: at(-40) });
		const expected = await trigger({ event: 'loadPickedUp' }).poll('manual');
		expect(expected.error).toBeUndefined();
		expect(expected.json.map((record) => record.id)).toEqual([96_401]);

		resetSupport();
		dt.sandbox.clearLog();
		dt.sandbox.configure({ lists: { loads: { ignoreOrdering: true } } });
		const result = await trigger({ event: 'loadPickedUp' }).poll('manual');
		expect(result.error).toBeUndefined();
		expect(result.json).toEqual(expected.json);
		expect(dt.sandbox.log.length).toBeLessThanOrEqual(2 * Math.ceil(dt.sandbox.data.orders.length / 25) + 3);
	});

	test('a load deleted above a page boundary while the trigger reads newest first: the load that moved up over the boundary is still emitted', async () => {
		// Composed property, seed 645183266: a load that stayed put, skipped for good once the cursor passed it.
		dt.sandbox.configure({ lists: { loads: { ignoreFilter: true } } });
		const harness = trigger({ event: 'newLoad' });
		expect((await harness.poll()).error).toBeUndefined();
		load({ created_datetime: at(1) });
		advance(2);
		expect((await harness.poll()).error).toBeUndefined();
		const created = Array.from({ length: 30 }, (_, index) => load({ created_datetime: at(10 + index) }));
		advance(60);
		dt.sandbox.clearLog();
		// Right after the scan's first page (the 25 newest), the newest load is deleted: the 26th moves up onto page 1.
		const deleted = created[created.length - 1].id;
		dt.sandbox.live.afterPage(/\/orders\/$/, 1, () => {
			dt.sandbox.data.orders.splice(dt.sandbox.data.orders.findIndex((order) => order.id === deleted), 1);
		});

		const result = await harness.poll();

		expect(result.error).toBeUndefined();
		expect(dt.sandbox.log[0].query.ordering).toMatch(/^-created_datetime/);
		expect(idsOf(result).sort()).toEqual(created.map((order) => order.id).sort());
		expect(idsOf(await harness.poll())).toEqual([]);
	});

	test.each<[string, ListSwitch]>([
		['the order ignored', { ignoreFilter: true, ignoreOrdering: true }],
		['the order kept', { ignoreFilter: true }],
	])('%s: a load deleted above a page boundary while another arrives below (the count holds): the load that moved up is emitted by the next poll, once', async (_, loads) => {
		// Composed property, seed 1323647209: nothing on the pages shows the move, so only a second read can find it.
		dt.sandbox.configure({ lists: { loads } });
		const harness = trigger({ event: 'newLoad' });
		expect((await harness.poll()).error).toBeUndefined();
		advance(2);
		const created = Array.from({ length: 30 }, (_, index) => load({ created_datetime: at(10 + index) }));
		// Past the late-entry window (10 minutes): the next poll's window no longer reaches them.
		advance(700);
		// Not the newest: the sandbox would give its id to the load created next, which the read would notice.
		const deleted = created[created.length - 2].id;
		const movedUp = created[created.length - 26].id;
		let lateEntry: Order | undefined;
		dt.sandbox.live.afterPage(/\/orders\/$/, 2, () => {
			dt.sandbox.data.orders.splice(dt.sandbox.data.orders.findIndex((order) => order.id === deleted), 1);
			lateEntry = load({ created_datetime: at(-690) });
		});

		dt.sandbox.clearLog();
		const first = await harness.poll();
		advance(60);
		const second = await harness.poll();

		expect(first.error).toBeUndefined();
		expect(second.error).toBeUndefined();
		expect(idsOf(first)).not.toContain(movedUp);
		expect(idsOf(second)).toEqual([movedUp]);
		const emitted = [...idsOf(first), ...idsOf(second)];
		expect(emitted.sort()).toEqual([...created.map((order) => order.id), lateEntry!.id].sort());
		expect(idsOf(await harness.poll())).toEqual([]);
	});

	test('a read that cannot end (records arrive faster than it pages) fails loudly, emits nothing, keeps its cursor', async () => {
		dt.sandbox.configure({ lists: { loads: { ignoreFilter: true, ignoreOrdering: true } } });
		const harness = trigger({ event: 'newLoad' });
		expect((await harness.poll()).error).toBeUndefined();
		load({ created_datetime: at(1) });
		advance(2);
		const before = JSON.stringify(harness.state);
		dt.sandbox.live.configure({ create: 40, move: 0, delete: 0, shift: 0, seed: 7 });
		dt.sandbox.clearLog();

		const result = await harness.poll();

		expect(result.json).toEqual([]);
		expect(result.error?.constructor.name).toBe('NodeApiError');
		expect(result.error?.message).toMatch(/Datatruck('s)? .*loads list .*New Load stopped/);
		expect(result.error?.description).toContain('did not move the trigger forward');
		expect(JSON.stringify(harness.state)).toBe(before);
		const pages = Math.ceil(dt.sandbox.data.orders.length / 25);
		expect(dt.sandbox.log.length).toBeLessThanOrEqual(2 * pages + 3);
	});

	test('New Work Order under the spec-only profile (no query support on the work-order list): once each', async () => {
		dt.sandbox.configure({ profile: 'spec-only' });
		const workOrders = () => dt.sandbox.data.workOrders.length;
		const watch = new Watch(trigger({ event: 'newWorkOrder' }), workOrders, 10);
		expect(await watch.poll()).toEqual([]);
		dt.sandbox.createWorkOrder({ id: 99_001, created_datetime: at(1) } as never);
		dt.sandbox.createWorkOrder({ id: 99_002, created_datetime: at(2) } as never);
		advance(3);
		expect(await watch.poll()).toEqual([99_001, 99_002]);
		expect(await watch.poll()).toEqual([]);
		expect(findingsFor(origin()).map((finding) => finding.key)).toEqual(expect.arrayContaining(['workOrders.ordering']));
	});
});

describe('Datatruck Trigger when a list refuses filter columns it does not publish (a 400 on what the node added)', () => {
	const workOrders = () => dt.sandbox.data.workOrders.length;
	const refused = (watch: Watch) => watch.answered.filter((request) => request.status === 400);

	test('New Work Order: the refused created_datetime bound is retried once without it, then newest first; once each, remembered', async () => {
		dt.sandbox.configure({ lists: { workOrders: { rejectUnknownColumns: true } } });
		const watch = new Watch(trigger({ event: 'newWorkOrder' }), workOrders);
		expect(await watch.poll()).toEqual([]);
		expect(refused(watch)).toEqual([]);

		dt.sandbox.createWorkOrder({ id: 99_102, created_datetime: at(2) } as never);
		dt.sandbox.createWorkOrder({ id: 99_101, created_datetime: at(1) } as never);
		advance(3);
		expect(await watch.poll()).toEqual([99_101, 99_102]);
		const poll = dt.sandbox.log.map((entry) => ({ status: entry.status, filter: entry.query.filter, ordering: entry.query.ordering }));
		// The refused request, then the same question without the column, then without the ids activation saw (left out,
		// leftOut.ts: the list refuses that column too), then the newest-first scan without either.
		const activated = { column: 'id', value: [expect.any(Number)], contains: 'exclude_in' };
		expect(poll[0].status).toBe(400);
		expect(JSON.parse(String(poll[0].filter))).toEqual([expect.objectContaining({ column: 'created_datetime', contains: 'after' }), activated]);
		expect({ ...poll[1], filter: JSON.parse(String(poll[1].filter)) }).toEqual({ status: 400, filter: [activated], ordering: poll[0].ordering });
		expect(poll[2]).toEqual({ status: 200, filter: undefined, ordering: poll[0].ordering });
		expect(poll.slice(3).map((request) => [request.status, request.filter, request.ordering])).toEqual(
			poll.slice(3).map(() => [200, undefined, '-created_datetime,-id']),
		);
		expect(poll.length).toBeGreaterThan(3);

		expect(await watch.poll()).toEqual([]);
		dt.sandbox.createWorkOrder({ id: 99_099, created_datetime: at(-3) } as never);
		dt.sandbox.createWorkOrder({ id: 99_110, created_datetime: at(1) } as never);
		advance(2);
		expect(await watch.poll()).toEqual([99_099, 99_110]);
		advance(15 * 60);
		expect(await watch.poll()).toEqual([]);

		// One refusal of each column in all: later polls send the published form from the start.
		expect(refused(watch)).toHaveLength(2);
		expect(watch.answered.filter((request) => request.filter.includes('created_datetime'))).toHaveLength(1);
		expect(findingsFor(origin()).map((finding) => finding.key)).toEqual(['workOrders.filter.created_datetime', 'workOrders.filter.id']);
		expect(findingWarnings()).toHaveLength(2);
		expect(String(findingWarnings()[0][0])).toMatch(/refused the filter on "created_datetime" of the work orders list/);
	});

	test('New Work Order with a Start From Date: the first poll is refused, retried and read newest first down to the date', async () => {
		dt.sandbox.configure({ lists: { workOrders: { rejectUnknownColumns: true } } });
		dt.sandbox.createWorkOrder({ id: 99_201, created_datetime: at(-30) } as never);
		dt.sandbox.createWorkOrder({ id: 99_202, created_datetime: at(-10) } as never);
		const watch = new Watch(trigger({ event: 'newWorkOrder', options: { startDate: at(-60) } }), workOrders);
		expect(await watch.poll()).toEqual([99_201, 99_202]);
		expect(refused(watch)).toHaveLength(1);
		expect(await watch.poll()).toEqual([]);
		expect(refused(watch)).toHaveLength(1);
	});

	test('New Work Order where the list also takes one ordering field: each refusal retried once, never again', async () => {
		dt.sandbox.configure({ lists: { workOrders: { rejectUnknownColumns: true, singleOrdering: 'reject' } } });
		const watch = new Watch(trigger({ event: 'newWorkOrder' }), workOrders);
		expect(await watch.poll()).toEqual([]);
		dt.sandbox.createWorkOrder({ id: 99_301, created_datetime: at(1) } as never);
		dt.sandbox.createWorkOrder({ id: 99_302, created_datetime: at(1) } as never);
		advance(3);
		expect(await watch.poll()).toEqual([99_301, 99_302]);
		dt.sandbox.createWorkOrder({ id: 99_303, created_datetime: at(1) } as never);
		advance(3);
		expect(await watch.poll()).toEqual([99_303]);
		expect(await watch.poll()).toEqual([]);
		// Each addition refused once: the tie-breaker at activation, the time bound and the ids left out at the first read.
		expect(refused(watch).map((request) => [request.ordering.includes(','), request.filter.includes('created_datetime'), request.filter.includes('exclude_in')])).toEqual([
			[true, false, false],
			[false, true, true],
			[false, false, true],
		]);
		expect(watch.answered.slice(-3).every((request) => request.status === 200 && request.filter === '' && !request.ordering.includes(','))).toBe(true);
		expect(findingsFor(origin()).map((finding) => finding.key).sort()).toEqual(['workOrders.filter.created_datetime', 'workOrders.filter.id', 'workOrders.ordering.multi']);
	});

	test('New Work Order after a release that refuses all three additions at once: each retried once, the poll read', async () => {
		const watch = new Watch(trigger({ event: 'newWorkOrder' }), workOrders);
		dt.sandbox.createWorkOrder({ id: 99_401, created_datetime: at(-5) } as never);
		expect(await watch.poll()).toEqual([]);
		// Activation saw 99_401: the next read by time leaves it out, as well as adding its bound and the tie-breaker.
		dt.sandbox.configure({ lists: { workOrders: { rejectUnknownColumns: true, singleOrdering: 'reject' } } });
		dt.sandbox.createWorkOrder({ id: 99_402, created_datetime: at(1) } as never);
		advance(3);
		expect(await watch.poll()).toEqual([99_402]);
		expect(refused(watch)).toHaveLength(3);
		expect(findingsFor(origin()).map((finding) => finding.key).sort()).toEqual(['workOrders.filter.created_datetime', 'workOrders.filter.id', 'workOrders.ordering.multi']);
		expect(await watch.poll()).toEqual([]);
		expect(refused(watch)).toHaveLength(3);
	});

	test('Load events send only columns the spec publishes for loads: no 400, nothing remembered', async () => {
		const watch = await newLoadsEmittedOnce({ lists: { loads: { rejectUnknownColumns: true } } });
		const picked = new Watch(trigger({ event: 'loadPickedUp' }), loadCount);
		expect(await picked.poll()).toEqual([]);
		load({ id: 96_101, pickup_time: at(1) });
		advance(2);
		expect(await picked.poll()).toEqual([96_101]);
		expect([...watch.answered, ...picked.answered].every((request) => request.status === 200)).toBe(true);
		expect(picked.answered.some((request) => request.filter.includes('"pickup_time"'))).toBe(true);
		expect(findingsFor(origin())).toEqual([]);
	});

	test("a user's own filter on a column the list refuses still fails, naming the list, with one request and no finding", async () => {
		dt.sandbox.configure({ lists: { workOrders: { rejectUnknownColumns: true } } });
		const harness = trigger({ event: 'newWorkOrder', filters: { conditions: [{ field: 'location', operator: 'contains', value: 'Dallas' }] } });
		const result = await harness.poll();
		expect(result.json).toEqual([]);
		expect(result.error?.constructor.name).toBe('NodeApiError');
		expect(result.error?.message).toMatch(/work orders list refused New Work Order's request: .*"location"/);
		expect(result.error?.message).not.toMatch(/this list/);
		expect(dt.sandbox.log.map((entry) => entry.status)).toEqual([400]);
		expect(findingsFor(origin())).toEqual([]);
	});

	test("a user's own filter on the event's column is the user's, even where the node's bound on it was refused", async () => {
		dt.sandbox.configure({ lists: { workOrders: { rejectUnknownColumns: true } } });
		const condition = { field: 'created_datetime', operator: 'after', value: at(-3_600) };
		const harness = trigger({ event: 'newWorkOrder', filters: { conditions: [condition] }, options: { startDate: at(-60) } });
		const result = await harness.poll();
		expect(result.error?.message).toMatch(/work orders list refused New Work Order's request/);
		// The bound is dropped once; the request still carries the user's condition and is refused again.
		expect(dt.sandbox.log.map((entry) => entry.status)).toEqual([400, 400]);
		expect(JSON.parse(String(dt.sandbox.log[1].query.filter))).toHaveLength(1);
		expect(findingsFor(origin())).toEqual([]);
		expect(harness.state).toBeUndefined();
	});
});
