import type { IDataObject, INodeParameters } from 'n8n-workflow';
import { markNotHeld, orderingIgnored, resetSupport } from '../../nodes/Datatruck/shared/lists';
import { eventSpec } from '../../nodes/DatatruckTrigger/events';
import { memorySupport, pollOnce, type FetchPage, type PollPlan } from '../../nodes/DatatruckTrigger/poller';
import { triggerSettings } from '../../nodes/DatatruckTrigger/settings';
import type { TriggerState } from '../../nodes/DatatruckTrigger/state';
import { PollHarness, type PollResult } from '../harness/poll.cts';
import { useSandbox } from '../harness/sandbox.cts';
import type { WorkOrder } from '../sandbox/index.cts';
import { coreLogger } from '../harness/coreLogger.cts';

/**
 * New Work Order against a Datatruck as its own pages publish it (`profile: 'published'`): work orders carry no
 * creation time, and their list takes only `page` and `status`, 10 records a page, newest id first. The trigger goes
 * by id (issue 33, requirement 4): each new work order once, oldest first, a quiet poll one request, nothing lost
 * across the per-poll limit or a restart.
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
	dt.sandbox.configure({ profile: 'default' });
});
beforeEach(() => {
	Object.assign(triggerSettings, { pagesPerPoll: saved.pagesPerPoll });
	resetSupport();
	dt.sandbox.configure({ profile: 'published' });
	dt.sandbox.reset();
	dt.sandbox.clearLog();
	warn = jest.spyOn(coreLogger(), 'warn').mockImplementation(() => undefined);
});
afterEach(() => warn.mockRestore());

function trigger(parameters: INodeParameters = {}) {
	return new PollHarness({ parameters: { event: 'newWorkOrder', ...parameters }, credentials: dt.credentials({ rateLimitRequests: 100_000 }) });
}

const idsOf = (result: PollResult) => result.json.map((record) => Number(record.id));
const newestId = () => Math.max(...dt.sandbox.data.workOrders.map((workOrder) => workOrder.id));
const create = (count: number, partial: Partial<WorkOrder> = {}) => Array.from({ length: count }, () => dt.sandbox.createWorkOrder(partial).id);
const asked = () => dt.sandbox.log.map((entry) => ({ page: entry.query.page, ordering: entry.query.ordering }));

async function pollOk(harness: PollHarness): Promise<number[]> {
	dt.sandbox.clearLog();
	const result = await harness.poll();
	expect(result.error).toBeUndefined();
	return idsOf(result);
}

/** Activation: emits nothing, stores the newest id. */
async function activate(harness: PollHarness) {
	expect(await pollOk(harness)).toEqual([]);
	expect(harness.state).toMatchObject({ byId: true, high: newestId(), floor: newestId() });
}

describe('New Work Order by id, where work orders carry no creation time', () => {
	test('activation emits nothing, records the newest id, and says once in the log that it goes by id', async () => {
		create(2);
		const harness = trigger();
		await activate(harness);
		expect(asked().at(-1)).toEqual({ page: '1', ordering: '-id' });
		const said = warn.mock.calls.filter(([message]) => String(message).includes('differs from assumption A7'));
		expect(said).toHaveLength(1);
		expect(String(said[0][0])).toMatch(/sends work orders without a readable "created_datetime".*finds new work orders for New Work Order by id/);
		expect(String(said[0][0])).not.toContain(dt.sandbox.token);
		expect(await pollOk(harness)).toEqual([]);
	});

	test('three new work orders are emitted once, oldest first; a quiet poll is exactly one request', async () => {
		const harness = trigger();
		await activate(harness);
		const created = create(3);
		expect(await pollOk(harness)).toEqual(created);
		expect(asked()).toEqual([{ page: '1', ordering: '-id' }]);
		for (let poll = 0; poll < 3; poll++) {
			expect(await pollOk(harness)).toEqual([]);
			expect(asked()).toEqual([{ page: '1', ordering: '-id' }]);
		}
		expect(harness.state).toMatchObject({ byId: true, high: created[2], floor: created[2] });
	});

	test('25 new work orders (three pages of 10) in one poll within the per-poll limit, each once; the next poll reads that ground again, the one after is one request', async () => {
		const harness = trigger();
		await activate(harness);
		const created = create(25);
		expect(await pollOk(harness)).toEqual(created);
		expect(asked().map((query) => query.page)).toEqual(['1', '2', '3']);
		expect(dt.sandbox.log.length).toBeLessThanOrEqual(triggerSettings.pagesPerPoll);
		// A record that moved up onto a page already read would be found here (docs/trigger.md).
		expect(await pollOk(harness)).toEqual([]);
		expect(asked().map((query) => query.page)).toEqual(['1', '2', '3']);
		expect(await pollOk(harness)).toEqual([]);
		expect(dt.sandbox.log).toHaveLength(1);
	});

	test('when the per-poll limit stops a read, the next polls go on below it: none lost, none twice, each poll within the limit', async () => {
		triggerSettings.pagesPerPoll = 2;
		const harness = trigger();
		await activate(harness);
		const first = create(25);
		const emitted: number[] = [];
		// The 20 newest: pages 1 and 2; the 5 oldest are left below.
		const one = await pollOk(harness);
		expect(one).toEqual(first.slice(5));
		expect(dt.sandbox.log).toHaveLength(2);
		emitted.push(...one);
		// Work orders created meanwhile shift the pages down; the read below goes on where it stopped.
		const more = create(3);
		const two = await pollOk(harness);
		expect(two).toEqual(first.slice(0, 5));
		expect(dt.sandbox.log.length).toBeLessThanOrEqual(2);
		emitted.push(...two);
		const three = await pollOk(harness);
		expect(three).toEqual(more);
		emitted.push(...three);
		expect(await pollOk(harness)).toEqual([]);
		expect(dt.sandbox.log).toHaveLength(1);
		expect([...emitted].sort((a, b) => a - b)).toEqual([...first, ...more]);
		expect(new Set(emitted).size).toBe(emitted.length);
	});

	test('work orders deleted above where a read stopped move the rest up a page: the next read steps back, losing none', async () => {
		triggerSettings.pagesPerPoll = 2;
		const harness = trigger();
		await activate(harness);
		const created = create(25);
		expect(await pollOk(harness)).toEqual(created.slice(5));
		// 15 of the emitted ones go: the 5 left below now sit on page 1, above the page the read stopped at.
		const gone = new Set(created.slice(5, 20));
		const kept = dt.sandbox.data.workOrders.filter((workOrder) => !gone.has(workOrder.id));
		dt.sandbox.data.workOrders.splice(0, dt.sandbox.data.workOrders.length, ...kept);
		expect(await pollOk(harness)).toEqual(created.slice(0, 5));
		// Page 2 starts below where the read stopped: page 1 again, then the limit of 2 requests.
		expect(asked().map((query) => query.page)).toEqual(['2', '1']);
		expect(await pollOk(harness)).toEqual([]);
		expect(await pollOk(harness)).toEqual([]);
		expect(dt.sandbox.log).toHaveLength(1);
	});

	test('a read left unfinished survives a restart: the restarted trigger emits the rest, once', async () => {
		triggerSettings.pagesPerPoll = 2;
		const harness = trigger();
		await activate(harness);
		const created = create(25);
		expect(await pollOk(harness)).toEqual(created.slice(5));
		const restarted = harness.restart();
		expect(restarted.state).toEqual(harness.state);
		expect(await pollOk(restarted)).toEqual(created.slice(0, 5));
		expect(await pollOk(restarted.restart())).toEqual([]);
	});

	test('a restart neither repeats nor loses: what was created while n8n was down is emitted once', async () => {
		const harness = trigger();
		await activate(harness);
		const before = create(2);
		expect(await pollOk(harness)).toEqual(before);
		const whileDown = create(4);
		const restarted = harness.restart();
		expect(await pollOk(restarted)).toEqual(whileDown);
		expect(await pollOk(restarted)).toEqual([]);
		expect(await pollOk(restarted.restart())).toEqual([]);
	});

	test('a failed poll emits nothing and keeps the cursor; the next one emits all', async () => {
		const harness = trigger();
		await activate(harness);
		const stored = JSON.stringify(harness.state);
		const created = create(12);
		dt.sandbox.injectFaults({ kind: 500, count: 10 });
		const failed = await harness.poll();
		expect(failed.error).toBeDefined();
		expect(JSON.stringify(harness.state)).toBe(stored);
		dt.sandbox.clearFaults();
		expect(await pollOk(harness)).toEqual(created);
	});

	test('the user filters are checked in the node (the published list ignores `filter`)', async () => {
		const harness = trigger({ filters: { conditions: [{ field: 'procedure_name', operator: 'contains', value: 'wash' }] } });
		await activate(harness);
		const [wash] = create(1, { procedure_name: 'TRK Wash' });
		create(1, { procedure_name: 'TRK Brake Issue' });
		expect(await pollOk(harness)).toEqual([wash]);
		expect(await pollOk(harness)).toEqual([]);
		expect(dt.sandbox.log).toHaveLength(1);
	});

	test('Fetch Test Event returns the newest work order, and the newest matching one with a filter', async () => {
		const [older, newest] = create(2, { procedure_name: 'TRK Wash' });
		create(1, { procedure_name: 'TRK Brake Issue' });
		const all = await trigger().poll('manual');
		expect(all.error).toBeUndefined();
		expect(idsOf(all)).toEqual([newestId()]);
		expect(all.json[0]).not.toHaveProperty('created_datetime');
		expect(asked().at(-1)).toEqual({ page: '1', ordering: '-id' });
		const washes = await trigger({ filters: { conditions: [{ field: 'procedure_name', operator: 'contains', value: 'wash' }] } }).poll('manual');
		expect(idsOf(washes)).toEqual([newest]);
		expect(older).toBeLessThan(newest);
	});

	test('Start From Date cannot be kept without a creation time: the poll fails, saying what to do, and stores nothing', async () => {
		const result = await trigger({ options: { startDate: new Date(now - DAY).toISOString() } }).poll();
		expect(result.error?.message).toBe("Datatruck's work orders carry no creation time, so New Work Order cannot start from a date");
		expect(result.error?.description).toMatch(/Remove Options › Start From Date/);
		expect(JSON.stringify({ ...result.error, message: result.error?.message })).not.toContain(dt.sandbox.token);
	});
});

describe('New Work Order switching from ids back to times', () => {
	const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

	// Composed property, seed 578282186: the activation's read by time reaches back a window only, and found none;
	// the switch to ids then started from id 0 and emitted every work order that existed at activation.
	test('activated by time with no work order in the window, then creation times dropped: only the new ones are emitted', async () => {
		dt.sandbox.configure({ profile: 'default' });
		now += 7 * DAY;
		// A list seen out of order: activation reads newest first down to its window, which holds no work order.
		markNotHeld({}, new URL(dt.sandbox.baseUrl).origin, orderingIgnored('workOrders'));
		const harness = trigger();
		expect(await pollOk(harness)).toEqual([]);
		expect(harness.state?.byId).toBeUndefined();
		expect(dt.sandbox.log.filter((entry) => String(entry.query.filter ?? '').includes('created_datetime'))).not.toHaveLength(0);
		expect(harness.state?.newestId).toBe(newestId());

		dt.sandbox.configure({ profile: 'published' });
		const created = create(2);
		now += 60_000;
		expect(await pollOk(harness)).toEqual(created);
		expect(harness.state).toMatchObject({ byId: true, high: newestId() });
		expect(await pollOk(harness)).toEqual([]);
	});

	test('what was emitted by id is not emitted again once work orders carry creation times, whatever their times', async () => {
		const harness = trigger();
		await activate(harness);
		// Stored with creation times the published list does not show: two a second newer than the four after them.
		const byId = [...create(2, { created_datetime: iso(now) }), ...create(4, { created_datetime: iso(now - 2_000) })];
		now += 60_000;
		expect(await pollOk(harness)).toEqual(byId);
		// A Datatruck release brings `created_datetime` back, still 10 a page: the read by id down to its cursor reads
		// one page, which holds the newer six and four of those emitted by id, not the first two.
		dt.sandbox.configure({ profile: 'default', lists: { workOrders: { ignorePageSize: true } } });
		const meanwhile = create(6, { created_datetime: iso(now) });
		now += 60_000;
		expect(await pollOk(harness)).toEqual(meanwhile);
		expect(harness.state?.byId).toBeUndefined();
		// By time from here: the window reaches back over everything emitted by id, each of it already emitted.
		const byTime = create(2, { created_datetime: iso(now) });
		now += 5_000;
		expect(await pollOk(harness)).toEqual(byTime);
		expect(new Set(dt.sandbox.log.map((entry) => entry.query.ordering))).toEqual(new Set(['created_datetime,id']));
		expect(await pollOk(harness)).toEqual([]);
		expect(await pollOk(harness.restart())).toEqual([]);
	});
});

describe('New Work Order by id, where the list is not newest first', () => {
	/**
	 * A Datatruck that ignores `ordering` and answers oldest id first, 10 a page, without a creation time: the sandbox
	 * serves its lists newest first, so this one is built here on its work orders.
	 */
	function oldestFirst(records: () => IDataObject[], requests: IDataObject[]): FetchPage {
		return async (query) => {
			requests.push({ ...query });
			const all = records()
				.map(({ created_datetime: _created, ...rest }) => rest)
				.sort((a, b) => Number(a.id) - Number(b.id));
			const results = all.slice((query.page - 1) * 10, query.page * 10);
			return { results, count: all.length, next: query.page * 10 < all.length ? `/work-orders/?page=${query.page + 1}` : null };
		};
	}
	const plan: PollPlan = { event: eventSpec('newWorkOrder')!, filters: [], key: 'by-id', lateEntryMs: 600_000, createdWithinDays: 0 };
	const clock = { now: () => now, mayContinue: () => true };
	const workOrders = () => dt.sandbox.data.workOrders as unknown as IDataObject[];
	const budget = () => 2 * Math.ceil(workOrders().length / 10) + 3;

	test('each poll reads every page (within 2 × pages + 3 requests) and emits each new work order once, oldest first', async () => {
		const support = memorySupport();
		const requests: IDataObject[] = [];
		const fetch = oldestFirst(workOrders, requests);
		const activation = await pollOnce(plan, undefined, fetch, clock, support);
		expect(activation.records).toEqual([]);
		expect(activation.state).toMatchObject({ byId: true, high: newestId() });
		expect(support.supports('workOrders.ordering')).toBe(false);

		// Past the limit of pages per poll: a list out of order cannot be left half read.
		triggerSettings.pagesPerPoll = 1;
		const created = create(13);
		requests.length = 0;
		const poll = await pollOnce(plan, activation.state, fetch, clock, support);
		expect(poll.records.map((record) => record.id)).toEqual(created);
		expect(requests.length).toBeLessThanOrEqual(budget());
		expect(requests.map((query) => query.page)).toEqual(Array.from({ length: Math.ceil(workOrders().length / 10) + 1 }, (_, i) => i + 1).slice(0, requests.length));
		const quiet = await pollOnce(plan, poll.state, fetch, clock, support);
		expect(quiet.records).toEqual([]);
	});

	test('the order is checked on the first answer of a fresh process too, and a half-read gap is read from the top', async () => {
		const state: TriggerState = { version: 1, key: 'by-id', byId: true, high: 20, floor: 10, scan: { from: 15, page: 1 }, seen: [], flagged: [], missed: [], pass: [] };
		const outcome = await pollOnce(plan, state, oldestFirst(workOrders, []), clock, memorySupport());
		// Ids 11 to 14 were left below the stopped read; 21 to 25 are new; 15 to 20 were emitted.
		expect(outcome.records.map((record) => record.id)).toEqual([11, 12, 13, 14, 21, 22, 23, 24, 25]);
		expect(outcome.state).toMatchObject({ high: 25, floor: 25, scan: undefined });
	});

	test('a work order deleted above a page boundary while another is created below (the count holds): the one that moved up is emitted by the next poll, once', async () => {
		const support = memorySupport();
		const activation = await pollOnce(plan, undefined, oldestFirst(workOrders, []), clock, support);
		const old = workOrders().length;
		const created = create(15);
		// The first new work order of a page after the first new one's: it moves up onto that page when the oldest goes.
		const boundary = 10 * Math.ceil((old + 1) / 10);
		const movedUp = created[boundary - old];
		let later: number | undefined;
		const read = oldestFirst(workOrders, []);
		const changing: FetchPage = async (query) => {
			const page = await read(query);
			if (query.page === boundary / 10 && later === undefined) {
				workOrders().splice(workOrders().findIndex((workOrder) => workOrder.id === Math.min(...workOrders().map((w) => Number(w.id)))), 1);
				[later] = create(1);
			}
			return page;
		};

		const first = await pollOnce(plan, activation.state, changing, clock, support);
		const second = await pollOnce(plan, first.state, read, clock, support);

		expect(first.records.map((record) => record.id)).not.toContain(movedUp);
		expect(second.records.map((record) => record.id)).toEqual([movedUp]);
		expect([...first.records, ...second.records].map((record) => Number(record.id)).sort()).toEqual([...created, later].sort());
		expect((await pollOnce(plan, second.state, read, clock, support)).records).toEqual([]);
	});

	test('a list that keeps growing past the budget fails loudly, emitting nothing', async () => {
		const support = memorySupport();
		const activation = await pollOnce(plan, undefined, oldestFirst(workOrders, []), clock, support);
		const requests: IDataObject[] = [];
		// Ten more work orders at the end of the list for every page read: the read never reaches it.
		const growing = oldestFirst(() => {
			create(10);
			return workOrders();
		}, requests);
		const error = await pollOnce(plan, activation.state, growing, clock, support).catch((caught: unknown) => caught as Error);
		expect(error).toBeInstanceOf(Error);
		expect((error as Error).message).toMatch(/^Datatruck's work orders list did not end within \d+ requests, so New Work Order stopped$/);
		expect(requests.length).toBeLessThanOrEqual(2 * Math.ceil(35 / 10) + 3);
	});
});
