/**
 * When Datatruck's work orders come back without a readable creation time (Datatruck's published page shows none,
 * A7), New Work Order goes by id instead of going silent or failing; when the time comes back, it goes by time again.
 * Each switch neither skips nor repeats a work order. (Load events still fail loudly: test/unit/eventTime.test.cts.)
 */
import { resetSupport } from '../../nodes/Datatruck/shared/lists';
import { PollHarness, type PollResult } from '../harness/poll.cts';
import { useSandbox } from '../harness/sandbox.cts';

const dt = useSandbox();

beforeEach(() => resetSupport());
afterEach(() => dt.sandbox.configure({ workOrderTimeField: 'created_datetime' }));

const newWorkOrderTrigger = () =>
	new PollHarness({ parameters: { event: 'newWorkOrder' }, credentials: dt.credentials({ rateLimitRequests: 100_000 }) });

const idsOf = (result: PollResult) => result.json.map((record) => Number(record.id));

async function pollOk(harness: PollHarness): Promise<number[]> {
	dt.sandbox.clearLog();
	const result = await harness.poll();
	expect(result.error).toBeUndefined();
	return idsOf(result);
}

describe('New Work Order when work orders carry no readable created_datetime', () => {
	test('activation goes by id: it emits nothing and stores the newest id', async () => {
		dt.sandbox.configure({ workOrderTimeField: null });
		const harness = newWorkOrderTrigger();
		expect(await pollOk(harness)).toEqual([]);
		const newest = Math.max(...dt.sandbox.data.workOrders.map((workOrder) => workOrder.id));
		expect(harness.state).toMatchObject({ byId: true, high: newest });
		const created = dt.sandbox.createWorkOrder();
		expect(await pollOk(harness)).toEqual([created.id]);
	});

	test('Fetch Test Event returns the newest work order where the field is named otherwise', async () => {
		dt.sandbox.configure({ workOrderTimeField: 'created_at' });
		const created = dt.sandbox.createWorkOrder();
		const result = await newWorkOrderTrigger().poll('manual');
		expect(result.error).toBeUndefined();
		expect(idsOf(result)).toEqual([created.id]);
		expect(result.json[0]).toHaveProperty('created_at');
	});

	test('a running trigger whose reads lose the field goes on by id, and by time once it is back: none skipped, none twice', async () => {
		const harness = newWorkOrderTrigger();
		expect(await pollOk(harness)).toEqual([]);
		const byTime = dt.sandbox.createWorkOrder();
		expect(await pollOk(harness)).toEqual([byTime.id]);
		expect(harness.state?.byId).toBeUndefined();

		// Created while the reads still had times, then the field goes: emitted by the first read by id.
		const beforeSwitch = dt.sandbox.createWorkOrder();
		dt.sandbox.configure({ workOrderTimeField: 'created_at' });
		const whileById = dt.sandbox.createWorkOrder();
		expect(await pollOk(harness)).toEqual([beforeSwitch.id, whileById.id]);
		expect(harness.state).toMatchObject({ byId: true, high: whileById.id });
		expect(await pollOk(harness)).toEqual([]);
		expect(dt.sandbox.log.map((entry) => entry.query.ordering)).toEqual(['-id']);

		const beforeBack = dt.sandbox.createWorkOrder();
		dt.sandbox.configure({ workOrderTimeField: 'created_datetime' });
		expect(await pollOk(harness)).toEqual([beforeBack.id]);
		expect(harness.state?.byId).toBeUndefined();
		expect(await pollOk(harness)).toEqual([]);
		expect(dt.sandbox.log.map((entry) => entry.query.ordering)).toEqual(['created_datetime,id']);
		const afterBack = dt.sandbox.createWorkOrder();
		expect(await pollOk(harness)).toEqual([afterBack.id]);
		expect(await pollOk(harness.restart())).toEqual([]);
	});
});

test('an empty read is not an error: a new company with no loads yet activates normally', async () => {
	dt.sandbox.reset({ loads: 0 });
	const harness = new PollHarness({ parameters: { event: 'newLoad' }, credentials: dt.credentials({ rateLimitRequests: 100_000 }) });
	const result = await harness.poll();
	expect(result.error).toBeUndefined();
	expect(harness.state).toBeDefined();
	dt.sandbox.reset();
});
