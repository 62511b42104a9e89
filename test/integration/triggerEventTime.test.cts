/**
 * The trigger must not go silent when Datatruck's records come back without the event's time field
 * (the work-order shape is not published, A7): it fails loudly, naming the field it expected and
 * the fields it found, and stores nothing.
 */
import { PollHarness } from '../harness/poll.cts';
import { useSandbox } from '../harness/sandbox.cts';

const dt = useSandbox();

afterEach(() => dt.sandbox.configure({ workOrderTimeField: 'created_datetime' }));

const newWorkOrderTrigger = () =>
	new PollHarness({ parameters: { event: 'newWorkOrder' }, credentials: dt.credentials({ rateLimitRequests: 100_000 }) });

const MESSAGE = 'Datatruck\'s work orders carry no readable "created_datetime", so New Work Order cannot tell which ones are new';

describe('New Work Order when work orders carry no readable created_datetime', () => {
	test('activation fails loudly, names the field and the fields found, and stores no cursor', async () => {
		dt.sandbox.configure({ workOrderTimeField: null });
		const harness = newWorkOrderTrigger();
		const result = await harness.poll();
		expect(result.error?.message).toBe(MESSAGE);
		expect(result.error?.description).toMatch(/^The trigger orders and resumes by "created_datetime"; the 25 record\(s\) Datatruck returned have the fields id, reference_number, /);
		expect(result.error?.description).not.toMatch(/fields [^.]*\bcreated_datetime\b/);
		expect(result.error?.description).toContain('Nothing was emitted or stored.');
		expect(harness.state).toBeUndefined();
		expect(dt.sandbox.log).toHaveLength(1);
	});

	test('Fetch Test Event fails the same way, and points at a renamed field', async () => {
		dt.sandbox.configure({ workOrderTimeField: 'created_at' });
		const result = await newWorkOrderTrigger().poll('manual');
		expect(result.error?.message).toBe(MESSAGE);
		expect(result.error?.description).toMatch(/the \d+ record\(s\) Datatruck returned have the fields [^.]*created_at[^.]* \(date-times: [^)]*created_at[^)]*\)\./);
	});

	test('a running trigger whose reads lose the field fails each poll, keeps its cursor, and resumes once it is back', async () => {
		const harness = newWorkOrderTrigger();
		expect((await harness.poll()).error).toBeUndefined();
		const stored = JSON.stringify(harness.state);
		const workOrder = dt.sandbox.createWorkOrder();

		dt.sandbox.configure({ workOrderTimeField: 'created_at' });
		for (let poll = 0; poll < 2; poll++) {
			const failed = await harness.poll();
			expect(failed.error?.message).toBe(MESSAGE);
			expect(failed.error?.description).toMatch(/This poll emitted nothing and did not move the trigger forward/);
			expect(JSON.stringify(harness.state)).toBe(stored);
		}

		dt.sandbox.configure({ workOrderTimeField: 'created_datetime' });
		const next = await harness.poll();
		expect(next.error).toBeUndefined();
		expect(next.json.map((record) => record.id)).toEqual([workOrder.id]);
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
