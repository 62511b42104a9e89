import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { useSandbox } from '../harness/sandbox.cts';
import { bareToken, companyToBaseUrl } from '../../nodes/Datatruck/shared/transport/connection';
import { limiterFor } from '../../nodes/Datatruck/shared/transport/rateLimiter';
import { retryPolicy } from '../../nodes/Datatruck/shared/transport/transport';

const dt = useSandbox();

const getMany = (extra: Record<string, unknown> = {}) => ({
	resource: 'load',
	operation: 'getMany',
	returnAll: true,
	...extra,
});

/** Work Order › Create, one work order per input item, its reference number from the item. */
const createWorkOrders = (items: Array<{ reference: string }>, credentials: ReturnType<typeof dt.credentials>) =>
	dt.run({
		parameters: {
			resource: 'workOrder',
			operation: 'create',
			procedureName: 'TRK Wash',
			additionalFields: { referenceNumber: '={{ $json.reference }}' },
		},
		items,
		credentials,
	});

/** The reference numbers of the work-order creates the sandbox received, in arrival order. */
const receivedReferences = (entries: typeof dt.sandbox.log) =>
	entries.filter((entry) => entry.path.includes('work-orders')).map((entry) => (entry.body as { reference_number?: string }).reference_number);

describe('pacing under the rate limit', () => {
	afterEach(() => dt.sandbox.configure({ rateLimit: false }));

	test('a Return All spanning more than 3 rate windows gets every load once and never a 429', async () => {
		dt.sandbox.configure({ rateLimit: { limit: 15, windowMs: 1000 } });
		const result = await dt.run({
			parameters: getMany(),
			credentials: dt.credentials({ rateLimitRequests: 15, rateLimitWindowSeconds: 1 }),
		});
		expect(result.error).toBeUndefined();
		const total = dt.sandbox.data.orders.length;
		const ids = result.json.map((load) => load.id);
		expect(ids).toHaveLength(total);
		expect(new Set(ids).size).toBe(total);
		const pages = Math.ceil(total / 25);
		expect(pages).toBeGreaterThan(3 * 15);
		expect(dt.sandbox.log).toHaveLength(pages);
		expect(dt.sandbox.log.filter((entry) => entry.status !== 200)).toEqual([]);
	});

	test('several input items share one budget: no 429 even though they run concurrently', async () => {
		dt.sandbox.configure({ rateLimit: { limit: 5, windowMs: 1000 } });
		const [order] = dt.sandbox.data.orders;
		const result = await dt.run({
			parameters: { resource: 'load', operation: 'get', loadId: String(order.id) },
			items: Array.from({ length: 12 }, () => ({})),
			credentials: dt.credentials({ rateLimitRequests: 5, rateLimitWindowSeconds: 1 }),
		});
		expect(result.json).toHaveLength(12);
		expect(dt.sandbox.log.map((entry) => entry.status)).toEqual(Array(12).fill(200));
	});

	test('a 429 storm from another client of the same token is ridden out with Retry-After', async () => {
		// Datatruck allows less than the credential says, as when another app spends the same token.
		dt.sandbox.configure({ rateLimit: { limit: 4, windowMs: 1000 } });
		const result = await dt.run({
			parameters: getMany({ returnAll: false, limit: 250 }),
			credentials: dt.credentials({ rateLimitRequests: 20, rateLimitWindowSeconds: 1 }),
		});
		expect(result.error).toBeUndefined();
		expect(result.json).toHaveLength(250);
		const statuses = dt.sandbox.log.map((entry) => entry.status);
		expect(statuses.filter((status) => status === 429).length).toBeGreaterThan(0);
		expect(statuses.filter((status) => status === 200)).toHaveLength(10);
	});

	test('executions take turns: a list started during a bulk create is not put behind all its items', async () => {
		dt.sandbox.configure({ rateLimit: { limit: 10, windowMs: 1000 } });
		const credentials = dt.credentials({ rateLimitRequests: 10, rateLimitWindowSeconds: 1 });
		const references = Array.from({ length: 40 }, (_, i) => ({ reference: `TURN-${i + 1}` }));
		// n8n asks for all 40 items at once; the list asks a moment later, from another execution.
		const create = createWorkOrders(references, credentials);
		await new Promise((resolve) => setTimeout(resolve, 50));
		const list = dt.run({ parameters: getMany({ returnAll: false, limit: 100 }), credentials });
		const [created, listed] = await Promise.all([create, list]);
		expect(created.error).toBeUndefined();
		expect(created.json).toHaveLength(40);
		expect(listed.error).toBeUndefined();
		expect(listed.json).toHaveLength(100);
		const sent = dt.sandbox.log.filter((entry) => entry.status < 300);
		expect(receivedReferences(sent)).toEqual(references.map((r) => r.reference));
		// The list's 4 pages went between the first items, not after the 40th (4 s later at 10 a second).
		const lastPage = sent.map((entry) => entry.path).lastIndexOf('/api/v1/openapi/orders/');
		expect(sent.slice(0, lastPage).filter((entry) => entry.path.includes('work-orders')).length).toBeLessThan(20);
	});

	test('items whose answers are slower than the limit\'s pace go at that pace, not one answer after the other', async () => {
		// 10 a second: one request per 100 ms; every answer takes 400 ms.
		dt.sandbox.configure({ rateLimit: { limit: 10, windowMs: 1000 } });
		dt.sandbox.live.configure({ latencyMs: 400 });
		const references = Array.from({ length: 8 }, (_, i) => ({ reference: `SLOW-${i + 1}` }));
		const result = await createWorkOrders(references, dt.credentials({ rateLimitRequests: 10, rateLimitWindowSeconds: 1 })).finally(() =>
			dt.sandbox.live.configure({ latencyMs: 0 }),
		);
		expect(result.error).toBeUndefined();
		// Output items keep the input's order, each the work order made from its item.
		const referenceOf = (id: unknown) => dt.sandbox.data.workOrders.find((workOrder) => workOrder.id === id)?.reference_number;
		expect(result.json.map((item) => referenceOf(item.id))).toEqual(references.map((r) => r.reference));
		expect(receivedReferences(dt.sandbox.log)).toEqual(references.map((r) => r.reference));
		const creates = dt.sandbox.log.filter((entry) => entry.path.includes('work-orders'));
		expect(creates.every((entry) => entry.status === 201)).toBe(true);
		// One after the other, each create would arrive at least one 400 ms answer after the previous.
		const gaps = creates.slice(1).map((entry, i) => entry.at - creates[i].at);
		expect(gaps.filter((gap) => gap < 400).length).toBeGreaterThan(0);
	});

	test('after too many 429s in a row the error says how long it waited', async () => {
		dt.sandbox.injectFaults({ count: 50, kind: '429', retryAfter: 0 });
		const result = await dt.run({ parameters: getMany() });
		expect(result.error?.message).toMatch(/kept answering "too many requests": gave up after 7 tries and \d+ s of waiting/);
		expect(dt.sandbox.log).toHaveLength(7);
	});
});

describe('faults', () => {
	test.each([500, 502, 503, 'malformed', 'drop', 'html'] as const)(
		'a GET is retried after %s and succeeds',
		async (kind) => {
			dt.sandbox.injectFaults({ count: 2, kind });
			const result = await dt.run({ parameters: getMany({ returnAll: false, limit: 5 }) });
			expect(result.error).toBeUndefined();
			expect(result.json).toHaveLength(5);
			expect(dt.sandbox.log).toHaveLength(3);
		},
	);

	test('a GET that hangs past the timeout is retried', async () => {
		dt.sandbox.injectFaults({ count: 1, kind: 'hang', hangMs: 2000 });
		const result = await dt.run({
			parameters: getMany({ returnAll: false, limit: 5, requestOptions: { timeout: 300 } }),
		});
		expect(result.error).toBeUndefined();
		expect(result.json).toHaveLength(5);
		expect(dt.sandbox.log).toHaveLength(2);
	});

	test('a GET that keeps failing ends with a clear error after 4 attempts', async () => {
		dt.sandbox.injectFaults({ count: 10, kind: 500 });
		const result = await dt.run({ parameters: getMany() });
		expect(result.error?.message).toBe('Datatruck had a problem answering (HTTP 500); try again later');
		expect(dt.sandbox.log).toHaveLength(4);
	});

	// The carrier day's outage (docs/carrier-day.md, defect 2): every execution that ran during it failed after 4 tries.
	test('a 503 outage longer than 4 tries is waited out: a GET and a create (503: not handled) each succeed once', async () => {
		dt.sandbox.injectFaults({ count: 8, kind: 503 });
		const read = await dt.run({ parameters: getMany({ returnAll: false, limit: 5 }) });
		expect(read.error).toBeUndefined();
		expect(read.json).toHaveLength(5);
		expect(dt.sandbox.log.map((e) => e.status)).toEqual([...Array(8).fill(503), 200]);
		dt.sandbox.clearLog();
		dt.sandbox.injectFaults({ count: 6, kind: 503 });
		const created = await createWorkOrders([{ reference: 'OUTAGE-1' }], dt.credentials());
		expect(created.error).toBeUndefined();
		expect(dt.sandbox.data.workOrders.filter((w) => w.reference_number === 'OUTAGE-1')).toHaveLength(1);
		expect(dt.sandbox.log.map((e) => e.status)).toEqual([...Array(6).fill(503), 201]);
	});

	// The carrier day's scaled outage (docs/carrier-day.md, defect 16): with waits in real seconds, polls came back up to
	// 3 windows after it. At Datatruck's minute the 60 s cap is one window either way.
	test.each([
		['a 503', { count: 4, kind: 503 as const }],
		['a 429 without Retry-After', { count: 4, kind: '429' as const, retryAfter: null }],
	])('a retry after %s waits at most one rate window of the credential', async (_, fault) => {
		const saved = { ...retryPolicy };
		// The transport's own waits (the harness shortens them), at a window of 1 s.
		Object.assign(retryPolicy, { backoffBaseMs: 1000, backoffCapMs: 60_000 });
		try {
			dt.sandbox.injectFaults(fault);
			const credentials = dt.credentials({ rateLimitWindowSeconds: 1 });
			expect(await dt.run({ parameters: getMany({ returnAll: false, limit: 5 }), credentials })).toMatchObject({ error: undefined });
			expect(dt.sandbox.log.map((e) => e.status)).toEqual([...Array(4).fill(Number(fault.kind)), 200]);
			// Without the window's cap the fourth wait alone is 4-8 s (ceilings of 1, 2, 4, 8 s, each waited half to whole).
			const at = dt.sandbox.log.map((e) => e.at);
			expect(Math.max(...at.slice(1).map((t, i) => t - at[i]))).toBeLessThan(2500);
		} finally {
			Object.assign(retryPolicy, saved);
		}
	});

	test("its own 503s do not fill the process's window (Datatruck's throttle counts only what it handled)", async () => {
		const credentials = dt.credentials({ rateLimitRequests: 5, rateLimitWindowSeconds: 60 });
		dt.sandbox.injectFaults({ count: 4, kind: 503 });
		expect(await dt.run({ parameters: getMany({ returnAll: false, limit: 5 }), credentials })).toMatchObject({ error: undefined });
		expect(dt.sandbox.log.map((e) => e.status)).toEqual([503, 503, 503, 503, 200]);
		// One request of five counted: the next may go now, not a minute later.
		const limiter = limiterFor(companyToBaseUrl(credentials.company), bareToken(credentials.apiToken), 5, 60_000);
		expect(limiter.nextStart()).toBeLessThanOrEqual(Date.now());
	});

	test('an outage that outlasts the retries ends with the 503 message', async () => {
		dt.sandbox.injectFaults({ count: 20, kind: 503 });
		const result = await dt.run({ parameters: getMany() });
		expect(result.error?.message).toBe('Datatruck had a problem answering (HTTP 503); try again later');
		expect(dt.sandbox.log).toHaveLength(11);
	});

	test('broken JSON that never heals is reported as such', async () => {
		dt.sandbox.injectFaults({ count: 10, kind: 'malformed' });
		const result = await dt.run({ parameters: getMany() });
		expect(result.error?.message).toMatch(/after 4 attempts: the answer was not valid JSON/);
	});

	test('an HTML error page is described, not dumped', async () => {
		dt.sandbox.injectFaults({ count: 10, kind: 'html' });
		const result = await dt.run({ parameters: getMany() });
		expect(result.error?.message).toBe('Datatruck had a problem answering (HTTP 502); try again later');
		expect(result.error?.description).toContain('an error page titled "502 Bad Gateway"');
	});
});

describe('errors in words a dispatcher reads', () => {
	test('a wrong token names the company host, never the token', async () => {
		const result = await dt.run({
			parameters: getMany(),
			credentials: dt.credentials({ apiToken: 'dtk_wrong_0000' }),
		});
		const host = new URL(dt.sandbox.baseUrl).host;
		expect(result.error?.message).toBe(
			`Datatruck refused the API token: it is invalid, expired, or belongs to another company than ${host}`,
		);
		expect(result.error?.httpCode).toBe('401');
		expect(JSON.stringify(result.error)).not.toContain('dtk_wrong_0000');
	});

	test('a token pasted with its "Token " prefix is not doubled', async () => {
		const result = await dt.run({
			parameters: getMany({ returnAll: false, limit: 1 }),
			credentials: dt.credentials({ apiToken: `Token ${dt.sandbox.token}` }),
		});
		expect(result.error).toBeUndefined();
		expect(dt.sandbox.log[0].headers.authorization).toBe(`Token ${dt.sandbox.token}`);
	});

	test('DRF field errors are listed field by field', async () => {
		dt.sandbox.injectFaults({ count: 1, kind: 'fieldErrors' });
		const result = await dt.run({ parameters: getMany() });
		expect(result.error?.httpCode).toBe('400');
		expect(result.error?.message).toMatch(/^Datatruck rejected the request: \w+: /);
	});

	test('a 400 from Datatruck carries its own message', async () => {
		const result = await dt.run({
			parameters: getMany({ sort: { field: '__custom', customField: 'no_such_field' } }),
		});
		expect(result.error?.httpCode).toBe('400');
		expect(result.error?.message).toMatch(/^Datatruck rejected the request: .*no_such_field/);
	});
});

describe('pagination safety', () => {
	afterEach(() => dt.sandbox.configure({ nextOrigin: null, repeatNext: false, nextLinks: 'absolute' }));

	/** The first 60 loads (page 1, page 2 by number, the check read), as the node reads them under the current links. */
	const firstSixty = async () => {
		dt.sandbox.clearLog();
		const result = await dt.run({ parameters: getMany({ returnAll: false, limit: 60 }) });
		expect(result.error).toBeUndefined();
		return result.json.map((load) => load.id);
	};

	test.each(['http', 'relative', 'resourceRelative', 'absent'] as const)(
		'next written %s: pages are asked for by number from the credential\'s address, and the read is whole',
		async (form) => {
			const expected = await firstSixty();
			dt.sandbox.configure({ nextLinks: form });
			try {
				expect(await firstSixty()).toEqual(expected);
				expect(new Set(expected).size).toBe(60);
				expect(dt.sandbox.log.length).toBe(3);
				expect(dt.sandbox.log.every((entry) => entry.path === '/api/v1/openapi/orders/')).toBe(true);
				// Page 2 is the node's own query with page=2, not a link Datatruck wrote.
				expect(dt.sandbox.log.filter((entry) => new URLSearchParams(entry.rawUrl.split('?')[1]).get('page') === '2')).toHaveLength(1);
			} finally {
				dt.sandbox.configure({ nextLinks: 'absolute' });
			}
		},
	);

	test('a next link to another host is never followed: nothing is sent there, and the read is whole', async () => {
		const received: string[] = [];
		const foreign = http.createServer((req, res) => {
			received.push(String(req.headers.authorization));
			res.end('{}');
		});
		await new Promise<void>((resolve) => foreign.listen(0, '127.0.0.1', resolve));
		try {
			const expected = await firstSixty();
			dt.sandbox.configure({ nextOrigin: `http://127.0.0.1:${(foreign.address() as AddressInfo).port}` });
			expect(await firstSixty()).toEqual(expected);
			expect(received).toEqual([]);
			expect(dt.sandbox.log).toHaveLength(3);
		} finally {
			foreign.close();
		}
	});

	test('a next link that repeats is only "there is more": the pages by number read the list once', async () => {
		const expected = await firstSixty();
		dt.sandbox.configure({ repeatNext: true });
		expect(await firstSixty()).toEqual(expected);
		expect(dt.sandbox.log).toHaveLength(3);
	});

	test('an empty result ends cleanly with no items', async () => {
		const result = await dt.run({
			parameters: getMany({ filters: { conditions: [{ field: 'load_id', operator: 'is', value: 'NO-SUCH-LOAD' }] } }),
		});
		expect(result.error).toBeUndefined();
		expect(result.json).toEqual([]);
		expect(dt.sandbox.log).toHaveLength(1);
	});
});
