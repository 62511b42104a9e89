import type { IDataObject, INodeParameters } from 'n8n-workflow';
import { triggerSettings } from '../../nodes/DatatruckTrigger/settings';
import { onSandboxRequest, PollHarness, type PollResult } from '../harness/poll.cts';
import { useSandbox } from '../harness/sandbox.cts';
import type { Order, RequestLogEntry } from '../sandbox/index.cts';

const DAY = 86_400_000;
/** One clock for the sandbox (created_datetime, seed) and the trigger (late-entry window, last N days). */
let now = Math.floor((Date.now() - DAY) / 1000) * 1000;
const dt = useSandbox({ rateLimit: false, now: () => new Date(now) });

const saved = { ...triggerSettings };
beforeAll(() => {
	// A request times out after 2 s here: 300 ms timed out the first request of a loaded CI run once; the hang test's 5 s still does.
	Object.assign(triggerSettings, { requestTimeoutMs: 2_000, now: () => now });
});
afterAll(() => {
	Object.assign(triggerSettings, saved);
});
beforeEach(() => {
	dt.sandbox.reset({ loads: 40 });
	dt.sandbox.clearLog();
});

const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
/** The time `seconds` from the clock's current reading. */
const at = (seconds: number) => iso(now + seconds * 1000);
const advance = (seconds: number) => {
	now += seconds * 1000;
};

function trigger(parameters: INodeParameters, credentials: IDataObject = {}) {
	return new PollHarness({
		parameters,
		credentials: dt.credentials({ rateLimitRequests: 100_000, ...credentials }),
	});
}

/** A trigger that only fires for records whose `field` is `value`. */
function triggerWhere(event: string, field: string, value: string) {
	return trigger({ event, filters: { conditions: [{ field, operator: 'is', value }] } });
}

/** A load that is not picked up, delivered or flagged unless the test says so. */
function load(partial: Partial<Order> = {}): Order {
	return dt.sandbox.createLoad({
		pickup_time: null,
		delivery_time: null,
		is_flagged: false,
		flagging_reason: null,
		...partial,
	});
}

const idsOf = (result: PollResult) => result.json.map((record) => record.id);

async function waitUntil(condition: () => boolean) {
	while (!condition()) await new Promise((resolve) => setTimeout(resolve, 5));
}

function query(entry: RequestLogEntry) {
	return {
		filter: entry.query.filter === undefined ? [] : JSON.parse(String(entry.query.filter)),
		ordering: entry.query.ordering,
		page: entry.query.page,
		pageSize: entry.query.page_size,
	};
}

/** First poll after activation: must emit nothing. Clears the log afterwards. */
async function activate(harness: PollHarness) {
	const result = await harness.poll();
	expect(result.error).toBeUndefined();
	expect(result.json).toEqual([]);
	expect(harness.state).toBeDefined();
	dt.sandbox.clearLog();
}

async function pollOk(harness: PollHarness) {
	const result = await harness.poll();
	expect(result.error).toBeUndefined();
	return result;
}

describe('Datatruck Trigger › New Load', () => {
	test('first activation emits nothing with one request for the newest loads', async () => {
		const harness = trigger({ event: 'newLoad' });
		const result = await harness.poll();
		expect(result.error).toBeUndefined();
		expect(result.json).toEqual([]);
		expect(dt.sandbox.log).toHaveLength(1);
		expect(query(dt.sandbox.log[0])).toEqual({ filter: [], ordering: '-created_datetime,-id', page: '1', pageSize: '25' });
		// Nothing that existed at activation comes later either.
		expect((await pollOk(harness)).json).toEqual([]);
	});

	test('new loads are emitted once, oldest first, same-second and out-of-order ids included; then one request per poll', async () => {
		const harness = trigger({ event: 'newLoad' });
		await activate(harness);
		load({ id: 90_003, created_datetime: at(2) });
		load({ id: 90_001, created_datetime: at(2) });
		load({ id: 90_002, created_datetime: at(1) });
		advance(5);

		const first = await pollOk(harness);
		expect(idsOf(first)).toEqual([90_002, 90_001, 90_003]);
		expect(dt.sandbox.log).toHaveLength(1);
		const sent = query(dt.sandbox.log[0]);
		expect(sent.ordering).toBe('created_datetime,id');
		expect(sent.filter[0]).toEqual({ column: 'created_datetime', value: expect.any(String), contains: 'after' });

		// A commit that arrives late, with a lower id and an older time than loads already emitted.
		load({ id: 89_999, created_datetime: at(-3) });
		dt.sandbox.clearLog();
		expect(idsOf(await pollOk(harness))).toEqual([89_999]);
		expect(idsOf(await pollOk(harness))).toEqual([]);
		expect(dt.sandbox.log).toHaveLength(2);
		// The window is read again at every poll, leaving out what was emitted in it.
		expect(query(dt.sandbox.log[1]).filter[1]).toEqual({ column: 'id', value: [89_999, 90_001, 90_002, 90_003], contains: 'exclude_in' });

		// After a restart (static data from the database), still nothing twice.
		const restarted = harness.restart();
		expect(idsOf(await pollOk(restarted))).toEqual([]);
		load({ id: 90_010, created_datetime: at(1) });
		advance(2);
		expect(idsOf(await pollOk(restarted))).toEqual([90_010]);
	});

	test('filters are combined with the event condition; only matching loads are emitted', async () => {
		const harness = triggerWhere('newLoad', 'customer__company_name', 'Coyote Logistics');
		await activate(harness);
		load({ id: 91_001, customer__company_name: 'Coyote Logistics', created_datetime: at(1) });
		load({ id: 91_002, customer__company_name: 'Echo Global Logistics', created_datetime: at(1) });
		load({ id: 91_003, customer__company_name: 'Coyote Logistics', created_datetime: at(2) });
		advance(3);

		expect(idsOf(await pollOk(harness))).toEqual([91_001, 91_003]);
		expect(query(dt.sandbox.log[0]).filter).toEqual([
			{ column: 'customer__company_name', value: 'Coyote Logistics', contains: 'is' },
			{ column: 'created_datetime', value: expect.any(String), contains: 'after' },
		]);
	});

	test('Simplify turns each load into one flat row', async () => {
		const harness = trigger({ event: 'newLoad', simplify: true });
		await activate(harness);
		load({ id: 92_001, created_datetime: at(1), load_id: 'LD-X1', is_flagged: true, flagging_reason: 'Late' });
		advance(2);
		const [row] = (await pollOk(harness)).json;
		expect(row).toMatchObject({ id: 92_001, load_id: 'LD-X1', is_flagged: true, flagging_reason: 'Late' });
		expect(row).not.toHaveProperty('stops');
	});

	test('a backlog from a start date is drained oldest first, at most 4 requests per poll, every load once', async () => {
		const start = now;
		for (let i = 0; i < 130; i++) load({ id: 93_000 + i, created_datetime: iso(start + (130 - i) * 1000) });
		advance(200);
		const harness = trigger({ event: 'newLoad', options: { startDate: iso(start) } });

		const emitted: number[] = [];
		const polls: number[][] = [];
		for (let poll = 0; poll < 6; poll++) {
			dt.sandbox.clearLog();
			const result = await pollOk(harness);
			expect(dt.sandbox.log.length).toBeLessThanOrEqual(4);
			polls.push(idsOf(result) as number[]);
			emitted.push(...(idsOf(result) as number[]));
		}
		expect(polls[0].length).toBeGreaterThan(90);
		// Oldest first: ids were given newest-lowest, so emission order is descending id.
		expect(emitted).toEqual([...Array(130).keys()].map((i) => 93_129 - i));
		expect(polls[5]).toEqual([]);
	});

	test('a Start From Date picked without a zone is read in the workflow\'s time zone', async () => {
		load({ id: 93_601, created_datetime: at(30) });
		load({ id: 93_602, created_datetime: at(90) });
		// 60 s from now, as a wall clock in Asia/Kolkata (UTC+05:30, no daylight saving time).
		const wallClock = at(60 + 5.5 * 3600).replace(/Z$/, '');
		advance(120);
		const harness = new PollHarness({
			parameters: { event: 'newLoad', options: { startDate: wallClock } },
			credentials: dt.credentials({ rateLimitRequests: 100_000 }),
			timezone: 'Asia/Kolkata',
		});
		expect(idsOf(await pollOk(harness))).toEqual([93_602]);
	});

	test('60 loads created in the same second are read page by page and emitted once, by id', async () => {
		const harness = trigger({ event: 'newLoad' });
		await activate(harness);
		load({ id: 93_499, created_datetime: at(0) });
		for (let i = 0; i < 60; i++) load({ id: 93_500 + ((i * 37) % 60), created_datetime: at(1) });
		advance(2);
		const result = await pollOk(harness);
		expect(idsOf(result)).toEqual([...Array(61).keys()].map((i) => 93_499 + i));
		// Page 1 of the window ends in the busy second: the read continues from that second (page 1
		// again, re-reading it), then pages through it by number.
		expect(dt.sandbox.log.map((entry) => entry.query.page)).toEqual(['1', '1', '2', '3']);
		const bounds = dt.sandbox.log.map((entry) => query(entry).filter[0].value);
		expect(bounds[1]).toBe(at(-1));
		expect(new Set(bounds.slice(1)).size).toBe(1);
		expect(idsOf(await pollOk(harness))).toEqual([]);
	});

	test('after a burst, polls re-read the window behind the previous poll leaving the burst out: one request each, the late commit among it found', async () => {
		const harness = trigger({ event: 'newLoad' });
		await activate(harness);
		for (let i = 0; i < 30; i++) load({ id: 93_700 + i, created_datetime: at(1 + i) });
		advance(40);
		expect((await pollOk(harness)).json).toHaveLength(30);
		const burst = [...Array(30).keys()].map((i) => 93_700 + i);
		dt.sandbox.clearLog();
		expect((await pollOk(harness)).json).toEqual([]);
		// More than a page of window, one request: the burst is left out.
		expect(dt.sandbox.log).toHaveLength(1);
		expect(query(dt.sandbox.log[0]).filter[1]).toEqual({ column: 'id', value: burst, contains: 'exclude_in' });
		advance(10 * 60);
		// The previous poll was 10 minutes ago, the burst within the window behind it: a late commit could be among it.
		const late = load({ id: 93_650, created_datetime: at(-10 * 60 + 15) });
		dt.sandbox.clearLog();
		expect(idsOf(await pollOk(harness))).toEqual([late.id]);
		expect(dt.sandbox.log).toHaveLength(1);
		dt.sandbox.clearLog();
		// The window behind the previous poll now holds the late commit only: it alone is left out, remembered.
		expect((await pollOk(harness)).json).toEqual([]);
		expect(dt.sandbox.log).toHaveLength(1);
		expect(query(dt.sandbox.log[0]).filter[1]).toEqual({ column: 'id', value: [late.id], contains: 'exclude_in' });
		expect(harness.state?.seen.map(([id]) => id)).toEqual([late.id]);
		advance(10 * 60);
		dt.sandbox.clearLog();
		// A quiet trigger reads from its newest event on, the burst's loads forgotten: still one request.
		expect((await pollOk(harness)).json).toEqual([]);
		expect(dt.sandbox.log).toHaveLength(1);
		expect(query(dt.sandbox.log[0]).filter[1]).toEqual({ column: 'id', value: [late.id], contains: 'exclude_in' });
		expect(harness.state?.seen.map(([id]) => id)).toEqual([late.id]);
	});
});

describe('Datatruck Trigger › the late-entry window counts from the previous poll', () => {
	test('a load stamped a second before a poll and committed after it is emitted once when the next poll is an hour later', async () => {
		const harness = trigger({ event: 'newLoad' });
		await activate(harness);
		advance(5);
		const onTime = load({ created_datetime: at(0) });
		expect(idsOf(await pollOk(harness))).toEqual([onTime.id]);
		// Stamped 1 s before that poll, visible only after it: 1 s late, well inside the 10-minute window.
		const late = load({ created_datetime: at(-1) });
		// n8n's "every hour" poll interval.
		advance(3600);
		dt.sandbox.clearLog();
		expect(idsOf(await pollOk(harness))).toEqual([late.id]);
		// The read started the window behind the previous poll, not behind this poll's clock or the newest emitted.
		expect(query(dt.sandbox.log[0]).filter).toEqual([
			{ column: 'created_datetime', value: at(-3600 - 600), contains: 'after' },
			{ column: 'id', value: [onTime.id], contains: 'exclude_in' },
		]);
		expect(idsOf(await pollOk(harness))).toEqual([]);
		advance(3600);
		expect(idsOf(await pollOk(harness.restart()))).toEqual([]);
	});

	test('a late commit while a backlog drains over several polls is caught by the read after it, once', async () => {
		const saved = triggerSettings.pagesPerPoll;
		triggerSettings.pagesPerPoll = 1;
		try {
			const harness = trigger({ event: 'newLoad' });
			await activate(harness);
			// 60 loads, one a second: three pages, one page a poll.
			const burst = Array.from({ length: 60 }, (_, i) => load({ id: 97_000 + i, created_datetime: at(1 + i) }).id);
			advance(70);
			const emitted: unknown[] = [];
			emitted.push(...idsOf(await pollOk(harness)));
			expect(harness.state?.scan).toBeDefined();
			// Committed after the read's first poll, stamped 68 s before it: below where the read goes on.
			const late = load({ id: 96_999, created_datetime: at(-68) });
			for (let poll = 0; poll < 10 && harness.state?.scan; poll++) {
				advance(3600);
				emitted.push(...idsOf(await pollOk(harness)));
			}
			expect(harness.state?.scan).toBeUndefined();
			expect(emitted).toEqual(burst);
			// The next read reaches a window behind the read's first poll.
			advance(3600);
			expect(idsOf(await pollOk(harness))).toEqual([late.id]);
			advance(3600);
			expect(idsOf(await pollOk(harness))).toEqual([]);
		} finally {
			triggerSettings.pagesPerPoll = saved;
		}
	});

	test('a state stored before the previous poll was kept is read as before: a window behind the newest event and the clock', async () => {
		const harness = trigger({ event: 'newLoad' });
		await activate(harness);
		advance(5);
		const onTime = load({ created_datetime: at(0) });
		expect(idsOf(await pollOk(harness))).toEqual([onTime.id]);
		const stored = harness.nodeStaticData.datatruckTrigger as IDataObject;
		delete stored.looked;
		advance(60);
		const next = load({ created_datetime: at(-1) });
		dt.sandbox.clearLog();
		const restarted = harness.restart();
		expect(idsOf(await pollOk(restarted))).toEqual([next.id]);
		// max(newest − window, min(newest, clock − window)): the clock's bound, as before.
		expect(query(dt.sandbox.log[0]).filter).toEqual([
			{ column: 'created_datetime', value: at(-600), contains: 'after' },
			{ column: 'id', value: [onTime.id], contains: 'exclude_in' },
		]);
		expect(restarted.state).toMatchObject({ looked: now });
	});
});

describe('Datatruck Trigger › Load Picked Up / Load Delivered', () => {
	test('picked-up loads are emitted once by pickup time, late entries within the window included', async () => {
		const harness = trigger({ event: 'loadPickedUp' });
		await activate(harness);
		const activated = harness.state!.seen.map(([id]) => id).sort((a, b) => a - b);
		const waiting = dt.sandbox.data.orders.find((order) => order.pickup_time === null)!;
		dt.sandbox.updateLoad(waiting.id, { pickup_time: at(2) });
		load({ id: 94_001, pickup_time: at(1) });
		load({ id: 94_002 }); // not picked up: never emitted
		advance(5);

		expect(idsOf(await pollOk(harness))).toEqual([94_001, waiting.id]);
		expect(query(dt.sandbox.log[0]).filter).toEqual([
			{ column: 'pickup_time', value: 'false', contains: 'isnull' },
			{ column: 'pickup_time', value: expect.any(String), contains: 'after' },
			// The loads activation saw picked up in the window are left out.
			...(activated.length ? [{ column: 'id', value: activated, contains: 'exclude_in' }] : []),
		]);
		expect(query(dt.sandbox.log[0]).ordering).toBe('pickup_time,id');

		// A dispatcher types in a pickup that happened 40 minutes ago (window: 60 minutes).
		dt.sandbox.updateLoad(94_002, { pickup_time: at(-40 * 60) });
		expect(idsOf(await pollOk(harness))).toEqual([94_002]);
		expect(idsOf(await pollOk(harness))).toEqual([]);
	});

	test('delivered loads with a dispatcher filter', async () => {
		const harness = triggerWhere('loadDelivered', 'dispatcher__full_name', 'Dana Whitfield');
		await activate(harness);
		load({ id: 95_001, dispatcher__full_name: 'Dana Whitfield', delivery_time: at(3) });
		load({ id: 95_002, dispatcher__full_name: 'Someone Else', delivery_time: at(1) });
		load({ id: 95_003, dispatcher__full_name: 'Dana Whitfield', delivery_time: at(2) });
		load({ id: 95_004, dispatcher__full_name: 'Dana Whitfield' }); // not delivered
		advance(5);
		expect(idsOf(await pollOk(harness))).toEqual([95_003, 95_001]);
		expect(idsOf(await pollOk(harness))).toEqual([]);
	});
});

describe('Datatruck Trigger › Load Flagged', () => {
	test('loads flagged after activation are emitted once, with their reason; already-flagged ones are not', async () => {
		const recent = (order: Order) => Date.parse(order.created_datetime) > now - 20 * DAY;
		// Flagged before activation: never emitted.
		load({ id: 96_000, created_datetime: at(-3600), is_flagged: true, flagging_reason: 'Old news' });
		const harness = trigger({ event: 'loadFlagged' });
		await activate(harness);
		expect(dt.sandbox.log).toHaveLength(0);

		const candidate = dt.sandbox.data.orders.find((order) => !order.is_flagged && recent(order))!;
		dt.sandbox.updateLoad(candidate.id, { is_flagged: true, flagging_reason: 'Detention' });
		load({ id: 96_001, created_datetime: at(-60), is_flagged: true, flagging_reason: 'Reefer temperature' });
		const first = await pollOk(harness);
		expect(idsOf(first)).toEqual([candidate.id, 96_001]);
		expect(first.json.map((record) => record.flagging_reason)).toEqual(['Detention', 'Reefer temperature']);
		expect(query(dt.sandbox.log[0]).filter).toEqual([
			{ column: 'is_flagged', value: true, contains: 'is' },
			{ column: 'created_datetime', value: expect.any(String), contains: 'after' },
		]);
		expect(idsOf(await pollOk(harness))).toEqual([]);

		// Seen unflagged by one read only, then flagged again: not proof of an unflag, no new event.
		dt.sandbox.updateLoad(96_001, { is_flagged: false });
		expect(idsOf(await pollOk(harness))).toEqual([]);
		dt.sandbox.updateLoad(96_001, { is_flagged: true });
		expect(idsOf(await pollOk(harness))).toEqual([]);
		// Seen unflagged by two reads in a row, then flagged again: a new event.
		dt.sandbox.updateLoad(96_001, { is_flagged: false });
		expect(idsOf(await pollOk(harness))).toEqual([]);
		expect(idsOf(await pollOk(harness))).toEqual([]);
		dt.sandbox.updateLoad(96_001, { is_flagged: true, flagging_reason: 'Again' });
		const again = await pollOk(harness);
		expect(idsOf(again)).toEqual([96_001]);
		expect(again.json[0].flagging_reason).toBe('Again');
	});

	test('only loads created in the last N days are watched', async () => {
		const harness = trigger({ event: 'loadFlagged', createdWithinDays: 7 });
		await activate(harness);
		load({ id: 97_001, created_datetime: iso(now - 10 * DAY) });
		load({ id: 97_002, created_datetime: iso(now - 2 * DAY) });
		dt.sandbox.updateLoad(97_001, { is_flagged: true });
		dt.sandbox.updateLoad(97_002, { is_flagged: true });
		expect(idsOf(await pollOk(harness))).toEqual([97_002]);
		const [, bound] = query(dt.sandbox.log[0]).filter;
		expect(bound.column).toBe('created_datetime');
		expect(Date.parse(bound.value)).toBeGreaterThanOrEqual(now - 7 * DAY - 1000);
	});
});

describe('Datatruck Trigger › New Work Order', () => {
	test('work orders are emitted once, oldest first, whatever their ids', async () => {
		const harness = trigger({ event: 'newWorkOrder' });
		await activate(harness);
		dt.sandbox.createWorkOrder({ id: 5003, created_datetime: at(1) });
		dt.sandbox.createWorkOrder({ id: 5001, created_datetime: at(3) });
		dt.sandbox.createWorkOrder({ id: 5002, created_datetime: at(1) });
		advance(4);
		expect(idsOf(await pollOk(harness))).toEqual([5002, 5003, 5001]);
		expect(dt.sandbox.log[0].path).toBe('/api/v1/openapi/work-orders/');
		expect(query(dt.sandbox.log[0]).ordering).toBe('created_datetime,id');
		expect(idsOf(await pollOk(harness))).toEqual([]);
	});
	test('the work order filters narrow what is emitted', async () => {
		const harness = trigger({
			event: 'newWorkOrder',
			filters: { conditions: [{ field: 'procedure_name', operator: 'contains', value: 'wash' }] },
		});
		await activate(harness);
		dt.sandbox.createWorkOrder({ id: 6001, created_datetime: at(1), procedure_name: 'TRK Wash' });
		dt.sandbox.createWorkOrder({ id: 6002, created_datetime: at(2), procedure_name: 'TRK Brake Issue' });
		advance(3);
		expect(idsOf(await pollOk(harness))).toEqual([6001]);
		expect(query(dt.sandbox.log[0]).filter).toContainEqual({
			column: 'procedure_name',
			value: 'wash',
			contains: 'contains',
		});
	});
});

describe('Datatruck Trigger › cost, changes during a poll, failures', () => {
	const cases: Array<[string, INodeParameters, () => void]> = [
		['newLoad', { event: 'newLoad' }, () => load({ created_datetime: at(1) })],
		['loadFlagged', { event: 'loadFlagged' }, () => load({ created_datetime: at(-5), is_flagged: true })],
		['loadPickedUp', { event: 'loadPickedUp' }, () => load({ pickup_time: at(1) })],
		['loadDelivered', { event: 'loadDelivered' }, () => load({ delivery_time: at(1) })],
		['newWorkOrder', { event: 'newWorkOrder' }, () => dt.sandbox.createWorkOrder({ created_datetime: at(1) })],
	];
	test.each(cases)('steady-state poll of %s costs exactly one request', async (_event, parameters, createOne) => {
		const harness = trigger(parameters);
		await activate(harness);
		createOne();
		advance(2);
		expect((await pollOk(harness)).json).toHaveLength(1);
		for (let poll = 0; poll < 3; poll++) {
			dt.sandbox.clearLog();
			expect((await pollOk(harness)).json).toEqual([]);
			expect(dt.sandbox.log).toHaveLength(1);
		}
	});

	test('a load committed between two requests of one poll is emitted by the next poll', async () => {
		const harness = trigger({ event: 'newLoad' });
		await activate(harness);
		for (let i = 0; i < 30; i++) load({ id: 98_000 + i, created_datetime: at(10 + i) });
		advance(60);
		const unhook = onSandboxRequest(dt.sandbox, (_entry, index) => {
			// Committed after the first page was read, stamped before most loads on it.
			if (index === 0) setImmediate(() => load({ id: 97_999, created_datetime: at(-49) }));
		});
		const first = await pollOk(harness);
		unhook();
		expect(dt.sandbox.log).toHaveLength(2);
		expect(idsOf(first)).toEqual([...Array(30).keys()].map((i) => 98_000 + i));
		expect(idsOf(await pollOk(harness))).toEqual([97_999]);
		expect(idsOf(await pollOk(harness))).toEqual([]);
	});

	test('a load created while a request hangs is emitted once after the timeout and retry', async () => {
		const harness = trigger({ event: 'newLoad' });
		await activate(harness);
		dt.sandbox.injectFaults({ kind: 'hang', hangMs: 5000, count: 1 });
		const unhook = onSandboxRequest(dt.sandbox, (_entry, index) => {
			if (index === 0) setTimeout(() => load({ id: 98_100, created_datetime: at(1) }), 20);
		});
		advance(2);
		const result = await pollOk(harness);
		unhook();
		expect(dt.sandbox.log.map((entry) => entry.status)).toEqual([0, 200]);
		expect(idsOf(result)).toEqual([98_100]);
		expect(idsOf(await pollOk(harness))).toEqual([]);
	});

	test('a poll that fails (5xx beyond the retries) emits nothing, keeps the cursor, and the next poll emits everything', async () => {
		const harness = trigger({ event: 'newLoad' });
		await activate(harness);
		load({ id: 98_201, created_datetime: at(1) });
		load({ id: 98_202, created_datetime: at(2) });
		advance(3);
		const before = harness.serialize();
		dt.sandbox.injectFaults({ kind: 500, count: 4 });
		const failed = await harness.poll();
		expect(failed.error?.message).toMatch(/Datatruck had a problem answering \(HTTP 500\)/);
		expect(failed.error?.constructor.name).toBe('NodeApiError');
		expect(failed.json).toEqual([]);
		expect(harness.serialize()).toBe(before);
		expect(idsOf(await pollOk(harness))).toEqual([98_201, 98_202]);
	});

	test('a failure on the second page of a poll emits nothing of the first page', async () => {
		const start = now;
		for (let i = 0; i < 40; i++) load({ id: 98_300 + i, created_datetime: iso(start + (i + 1) * 1000) });
		advance(60);
		const harness = trigger({ event: 'newLoad', options: { startDate: iso(start) } });
		const unhook = onSandboxRequest(dt.sandbox, (_entry, index) => {
			if (index === 0) setImmediate(() => dt.sandbox.injectFaults({ kind: 500, count: 4 }));
		});
		const failed = await harness.poll();
		unhook();
		expect(failed.error).toBeDefined();
		expect(failed.json).toEqual([]);
		expect(harness.state).toBeUndefined();
		expect(idsOf(await pollOk(harness))).toEqual([...Array(40).keys()].map((i) => 98_300 + i));
	});

	test('two polls of the same trigger at once never emit a load twice', async () => {
		const harness = trigger({ event: 'newLoad' });
		await activate(harness);
		for (let i = 0; i < 5; i++) load({ id: 98_400 + i, created_datetime: at(1 + i) });
		advance(10);
		const [a, b] = await Promise.all([harness.poll(), harness.poll()]);
		expect(a.error ?? b.error).toBeUndefined();
		expect([...idsOf(a), ...idsOf(b)]).toEqual([98_400, 98_401, 98_402, 98_403, 98_404]);
	});

	test('polls stacked behind one that waits out an outage send nothing: its read after they started covers them, and the next poll reads on', async () => {
		const harness = trigger({ event: 'newLoad' });
		await activate(harness);
		for (let i = 0; i < 3; i++) load({ id: 98_500 + i, created_datetime: at(1 + i) });
		advance(10);
		// Datatruck answers 503 twice; n8n starts the next two polls on schedule while the first waits it out.
		dt.sandbox.injectFaults({ kind: 503, count: 2 });
		const first = harness.poll();
		await waitUntil(() => dt.sandbox.log.length > 0);
		const stacked = [harness.poll(), harness.poll()];
		const [a, b, c] = await Promise.all([first, ...stacked]);
		expect([a.error, b.error, c.error]).toEqual([undefined, undefined, undefined]);
		expect(idsOf(a)).toEqual([98_500, 98_501, 98_502]);
		expect([b.json, c.json]).toEqual([[], []]);
		expect(dt.sandbox.log.map((entry) => entry.status)).toEqual([503, 503, 200]);
		load({ id: 98_510, created_datetime: at(1) });
		advance(2);
		dt.sandbox.clearLog();
		expect(idsOf(await pollOk(harness))).toEqual([98_510]);
		expect(dt.sandbox.log).toHaveLength(1);
	});

	test('a poll stacked behind one that stopped short of the end of a backlog reads on with it', async () => {
		const start = now;
		for (let i = 0; i < 60; i++) load({ id: 98_600 + i, created_datetime: iso(start + (i + 1) * 1000) });
		advance(120);
		const harness = trigger({ event: 'newLoad', options: { startDate: iso(start) } });
		const saved = triggerSettings.pagesPerPoll;
		triggerSettings.pagesPerPoll = 1;
		try {
			const [a, b] = await Promise.all([harness.poll(), harness.poll()]);
			expect(a.error ?? b.error).toBeUndefined();
			// One page a poll: the second goes on where the first stopped.
			expect(idsOf(a).length).toBeGreaterThan(0);
			expect(idsOf(b).length).toBeGreaterThan(0);
			const emitted = [...idsOf(a), ...idsOf(b)];
			expect(emitted).toEqual([...Array(emitted.length).keys()].map((i) => 98_600 + i));
			expect(dt.sandbox.log).toHaveLength(2);
		} finally {
			triggerSettings.pagesPerPoll = saved;
		}
	});

	test('changing the event starts over: the first poll of the new event emits nothing', async () => {
		const harness = trigger({ event: 'newLoad' });
		await activate(harness);
		const switched = new PollHarness({
			parameters: { event: 'newWorkOrder' },
			credentials: dt.credentials({ rateLimitRequests: 100_000 }),
			staticData: JSON.parse(harness.serialize()),
		});
		expect(idsOf(await pollOk(switched))).toEqual([]);
		expect(switched.state?.key).toContain('newWorkOrder');
	});
});

describe('Datatruck Trigger › Fetch Test Event', () => {
	test('returns the most recent matching record with one request, a page the node can check, and leaves the cursor alone', async () => {
		const harness = trigger({ event: 'loadPickedUp' });
		await activate(harness);
		load({ id: 99_001, pickup_time: at(1) });
		load({ id: 99_002, pickup_time: at(2) });
		advance(3);
		const before = harness.serialize();

		const manual = await harness.poll('manual');
		expect(manual.error).toBeUndefined();
		expect(idsOf(manual)).toEqual([99_002]);
		expect(dt.sandbox.log).toHaveLength(1);
		// A page, not one record: only several records show whether Datatruck kept the filter and the order.
		expect(query(dt.sandbox.log[0])).toMatchObject({ ordering: '-pickup_time,-id', pageSize: '25' });
		expect(harness.serialize()).toBe(before);
		// The next real poll still emits both.
		expect(idsOf(await pollOk(harness))).toEqual([99_001, 99_002]);
	});

	test('works before activation without creating any state, and says so when nothing matches', async () => {
		const harness = triggerWhere('newLoad', 'customer__company_name', 'Nobody Freight');
		const manual = await harness.poll('manual');
		expect(manual.error?.message).toBe('No load matches this trigger yet');
		expect(harness.state).toBeUndefined();

		const any = trigger({ event: 'newWorkOrder' });
		const latest = await any.poll('manual');
		const newest = [...dt.sandbox.data.workOrders].sort((a, b) => b.created_datetime.localeCompare(a.created_datetime) || b.id - a.id)[0];
		expect(idsOf(latest)).toEqual([newest.id]);
		expect(any.state).toBeUndefined();
	});
});

describe('Datatruck Trigger › secrets and bad input', () => {
	test('the token appears in no item, error or stored state', async () => {
		const harness = trigger({ event: 'newLoad' });
		await activate(harness);
		load({ created_datetime: at(1) });
		advance(2);
		const results: PollResult[] = [await pollOk(harness), await harness.poll('manual')];
		dt.sandbox.injectFaults({ kind: 500, count: 4 });
		results.push(await harness.poll());
		dt.sandbox.injectFaults({ kind: 'html', count: 4 });
		results.push(await harness.poll());
		const wrongToken = 'dtk_wrong_9d1c2b7e4f';
		results.push(await trigger({ event: 'newLoad' }, { apiToken: wrongToken }).poll());

		const errors = results.filter((result) => result.error);
		expect(errors).toHaveLength(3);
		expect(errors[2].error?.message).toMatch(/refused the API token/);
		const everything = JSON.stringify([
			results.map((result) => result.json),
			errors.map(({ error }) => [error?.message, error?.description, error?.stack, JSON.stringify(error)]),
			harness.serialize(),
		]);
		expect(everything).not.toContain(dt.sandbox.token);
		expect(everything).not.toContain(wrongToken);
	});

	test('a bad filter or start date fails before any request, naming the parameter', async () => {
		const badFilter = await trigger({
			event: 'newLoad',
			filters: { conditions: [{ field: 'load_pay', operator: 'between', value: '3000' }] },
		}).poll();
		expect(badFilter.error?.message).toMatch(/^Filters › Condition 1 › Value/);
		const badDate = await trigger({ event: 'newLoad', options: { startDate: 'yesterday' } }).poll();
		expect(badDate.error?.message).toMatch(/^Options › Start From Date/);
		expect(dt.sandbox.log).toHaveLength(0);
	});
});
