/**
 * A Datatruck that accepts the connection and never answers. The durations are shortened through
 * `timeoutPolicy` (as `retryPolicy` is by the harness); the tests assert on which timeout applied
 * and how many tries the budget allowed, never on wall-clock time.
 */
import { timeoutPolicy } from '../../nodes/Datatruck/shared/transport/timeouts';
import { triggerSettings } from '../../nodes/DatatruckTrigger/settings';
import { PollHarness } from '../harness/poll.cts';
import { useSandbox } from '../harness/sandbox.cts';

const dt = useSandbox();

const savedTimeouts = { ...timeoutPolicy };
afterEach(() => Object.assign(timeoutPolicy, savedTimeouts));

const getMany = (extra: Record<string, unknown> = {}) => ({ resource: 'load', operation: 'getMany', limit: 5, ...extra });
/** Longer than any timeout here: only the client's own timeout ends the wait. */
const hangForever = { kind: 'hang', hangMs: 60_000, count: 10 } as const;

describe('the default timeout', () => {
	test('applies when Request Options › Timeout is not set (not n8n’s 300 s); 4 tries, then a clear error', async () => {
		Object.assign(timeoutPolicy, { defaultMs: 1000, totalBudgetMs: 60_000 });
		dt.sandbox.injectFaults(hangForever);
		const result = await dt.run({ parameters: getMany() });
		expect(result.error?.message).toMatch(
			/^Datatruck did not answer within 1 s, 4 tries in a row \(\d+ s in all\); stopped waiting$/,
		);
		const host = new URL(dt.sandbox.baseUrl).host;
		expect(result.error?.description).toBe(
			`Check that ${host} opens in a browser and that the Company field of the credential is right. ` +
				"If Datatruck is only slow, raise the node's Request Options › Timeout; otherwise try again later (error code ECONNABORTED).",
		);
		expect(dt.sandbox.log).toHaveLength(4);
	});

	test('a total budget smaller than two tries allows no retry', async () => {
		Object.assign(timeoutPolicy, { defaultMs: 1000, totalBudgetMs: 1000 });
		dt.sandbox.injectFaults(hangForever);
		const result = await dt.run({ parameters: getMany() });
		expect(result.error?.message).toMatch(/^Datatruck did not answer within 1 s, on its only try \(/);
		expect(dt.sandbox.log).toHaveLength(1);
	});

	test('the built-in values: 30 s a try, 4 tries and their backoff fit in the 3-minute budget', () => {
		expect(savedTimeouts).toEqual({ defaultMs: 30_000, totalBudgetMs: 180_000 });
		// Worst case of the 3 backoffs (1 s, 2 s, 4 s ceilings) plus 4 full tries.
		expect(4 * savedTimeouts.defaultMs + 7_000).toBeLessThanOrEqual(savedTimeouts.totalBudgetMs);
	});
});

describe('Request Options › Timeout set by the user', () => {
	test('replaces the default: a server that closes the connection after 600 ms is not a timeout with 5 s', async () => {
		Object.assign(timeoutPolicy, { defaultMs: 100, totalBudgetMs: 60_000 });
		dt.sandbox.injectFaults({ kind: 'hang', hangMs: 600, count: 10 });
		const result = await dt.run({ parameters: getMany({ requestOptions: { timeout: 5000 } }) });
		expect(result.error?.message).toMatch(/after 4 attempts: the connection was closed before Datatruck answered$/);
		expect(dt.sandbox.log).toHaveLength(4);
	});

	test('a user timeout longer than the budget gets one try', async () => {
		Object.assign(timeoutPolicy, { defaultMs: 100, totalBudgetMs: 1500 });
		dt.sandbox.injectFaults(hangForever);
		const result = await dt.run({ parameters: getMany({ requestOptions: { timeout: 1000 } }) });
		expect(result.error?.message).toMatch(/^Datatruck did not answer within 1 s, on its only try/);
		expect(dt.sandbox.log).toHaveLength(1);
	});
});

describe('a trigger poll that times out', () => {
	const savedTrigger = { ...triggerSettings };
	afterAll(() => Object.assign(triggerSettings, savedTrigger));

	test('emits nothing, keeps its cursor, says so, and the next poll emits the new load', async () => {
		Object.assign(triggerSettings, { requestTimeoutMs: 1000 });
		const harness = new PollHarness({
			parameters: { event: 'newLoad' },
			credentials: dt.credentials({ rateLimitRequests: 100_000 }),
		});
		expect((await harness.poll()).error).toBeUndefined();
		const stored = JSON.stringify(harness.state);
		const load = dt.sandbox.createLoad({ pickup_time: null, delivery_time: null });

		dt.sandbox.injectFaults({ ...hangForever, match: { method: 'GET', path: '/orders/' } });
		const failed = await harness.poll();
		expect(failed.error?.message).toMatch(/^Datatruck did not answer within 1 s, 4 tries in a row/);
		expect(failed.error?.description).toMatch(
			/This poll emitted nothing and did not move the trigger forward: the next poll reads again from the same point, so no record is skipped\.$/,
		);
		expect(failed.json).toEqual([]);
		expect(JSON.stringify(harness.state)).toBe(stored);

		dt.sandbox.clearFaults();
		const next = await harness.poll();
		expect(next.error).toBeUndefined();
		expect(next.json.map((record) => record.id)).toEqual([load.id]);
	});
});
