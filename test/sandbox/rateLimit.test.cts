import { AxiosInstance } from 'axios';
import { Sandbox } from './index.cts';
import { apiClient, startTestSandbox } from './testClient.cts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/**
 * Datatruck's own window, a minute: no machine is slow enough to let a count slide out of it. A window of one second
 * did (CI, two in-process workers beside the real-n8n runs: the sixth request of "counts per token" came after it).
 */
const WINDOW = { limit: 5, windowMs: 60_000 };
/** For the one test that waits for the window to slide: long enough for fifteen requests on a busy machine. */
const SHORT_WINDOW = { limit: 5, windowMs: 5_000 };

describe('sandbox rate limiter', () => {
	let sandbox: Sandbox;
	let client: AxiosInstance;
	beforeAll(async () => {
		sandbox = await startTestSandbox({ loads: 20, rateLimit: WINDOW, tokens: ['dtk_a', 'dtk_b'] });
		client = apiClient(sandbox);
	});
	afterAll(() => sandbox.close());
	beforeEach(() => sandbox.configure({ rateLimit: WINDOW }));

	it('admits `limit` requests per window, then 429 with Retry-After and the DRF message', async () => {
		const statuses: number[] = [];
		for (let i = 0; i < 5; i++) statuses.push((await client.get('/trucks/list/')).status);
		expect(statuses).toEqual([200, 200, 200, 200, 200]);
		const throttled = await client.get('/trucks/list/');
		expect(throttled.status).toBe(429);
		// The whole seconds until the oldest request leaves the window: 60, less what the requests took.
		const seconds = Number(throttled.headers['retry-after']);
		expect(seconds).toBeGreaterThanOrEqual(50);
		expect(seconds).toBeLessThanOrEqual(60);
		expect(throttled.data).toEqual({ error: 429, message: `Request was throttled. Expected available in ${seconds} seconds.` });
		expect(sandbox.log.at(-1)?.status).toBe(429);
	});

	it('admits again once the window has slid past, and throttled requests do not extend it', async () => {
		sandbox.configure({ rateLimit: SHORT_WINDOW });
		for (let i = 0; i < 5; i++) await client.get('/trucks/list/');
		// Hammering while throttled must not count: otherwise the window would never free up.
		for (let i = 0; i < 10; i++) expect((await client.get('/trucks/list/')).status).toBe(429);
		await sleep(SHORT_WINDOW.windowMs + 100);
		expect((await client.get('/trucks/list/')).status).toBe(200);
	});

	it('counts per token', async () => {
		const other = apiClient(sandbox, 'dtk_b');
		for (let i = 0; i < 5; i++) await client.get('/trucks/list/');
		expect((await client.get('/trucks/list/')).status).toBe(429);
		expect((await other.get('/trucks/list/')).status).toBe(200);
	});

	it('rejected tokens and control requests do not count', async () => {
		const intruder = apiClient(sandbox, 'dtk_wrong');
		for (let i = 0; i < 8; i++) expect((await intruder.get('/trucks/list/')).status).toBe(401);
		for (let i = 0; i < 8; i++) await client.get(`${sandbox.origin}/__sandbox/health`);
		for (let i = 0; i < 5; i++) expect((await client.get('/trucks/list/')).status).toBe(200);
	});

	it('rounds Retry-After up to whole seconds', async () => {
		sandbox.configure({ rateLimit: { limit: 1, windowMs: 2500 } });
		sandbox.clearLog();
		await client.get('/trucks/list/');
		const throttled = await client.get('/trucks/list/');
		expect(throttled.status).toBe(429);
		// 2.5 s less the time between the two arrivals (under 0.5 s, 3; a busy machine may take longer), rounded up.
		const [first, second] = sandbox.log;
		const seconds = Math.ceil((2500 - (second.at - first.at)) / 1000);
		expect(throttled.headers['retry-after']).toBe(String(seconds));
		expect(throttled.data.message).toBe(`Request was throttled. Expected available in ${seconds} seconds.`);
	});

	it('can be switched off at runtime', async () => {
		sandbox.configure({ rateLimit: false });
		const statuses = await Promise.all(Array.from({ length: 12 }, () => client.get('/trucks/list/')));
		expect(statuses.every((r) => r.status === 200)).toBe(true);
	});

	it('defaults to 20 per minute', async () => {
		const fresh = await startTestSandbox({ loads: 5, rateLimit: undefined });
		try {
			const freshClient = apiClient(fresh);
			const statuses: number[] = [];
			for (let i = 0; i < 21; i++) statuses.push((await freshClient.get('/trucks/list/')).status);
			expect(statuses.filter((s) => s === 200)).toHaveLength(20);
			expect(statuses[20]).toBe(429);
			expect(Number((await freshClient.get('/trucks/list/')).headers['retry-after'])).toBeGreaterThanOrEqual(59);
		} finally {
			await fresh.close();
		}
	});
});
