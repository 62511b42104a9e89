import { findingsFor, resetSupport } from '../../nodes/Datatruck/shared/lists';
import { useSandbox } from '../harness/sandbox.cts';

const dt = useSandbox();
const check = { resource: 'connection', operation: 'checkCompatibility' };

const PROBED_KEYS = [
	'loads.ordering',
	'loads.pageSize',
	'links.next',
	'loads.ordering.multi',
	'loads.filter',
	'loads.filter.id',
	'loads.filter.dispatcher__id',
	'requestLine.long',
	'workOrders.pageSize',
	'workOrders.ordering',
	'workOrders.filter',
	'workOrders.created_datetime',
	'drivers.pageSize.all',
	'drivers.filter.id',
	'drivers.ordering.multi',
	'trucks.filter.search',
	'trucks.pageSize',
	'trailers.filter.search',
	'trailers.pageSize',
	'dispatcherBoard.pageSize',
];

beforeEach(() => resetSupport());

function resultsByKey(json: Array<Record<string, unknown>>) {
	return Object.fromEntries(json.map((item) => [item.key, item.result]));
}

describe('Connection › Check Compatibility', () => {
	test('default profile: every assumption held, 13 GET requests, one item per assumption', async () => {
		const result = await dt.run({ parameters: check });

		expect(result.error).toBeUndefined();
		expect(result.json.map((item) => item.key)).toEqual(PROBED_KEYS);
		expect(resultsByKey(result.json)).toEqual(Object.fromEntries(PROBED_KEYS.map((key) => [key, 'held'])));
		for (const item of result.json) {
			expect(item).toEqual({
				assumption: expect.stringMatching(/^A\d+$/),
				key: expect.any(String),
				question: expect.stringMatching(/\?$/),
				result: 'held',
				seen: expect.any(String),
				whatTheNodeDoes: expect.any(String),
			});
		}
		expect(result.items.every((item) => JSON.stringify(item.pairedItem) === '{"item":0}')).toBe(true);

		expect(dt.sandbox.log).toHaveLength(13);
		expect(dt.sandbox.log.every((entry) => entry.method === 'GET')).toBe(true);
		expect(dt.requestLines().map((line) => line.replace(/\/api\/v1\/openapi/, ''))).toEqual([
			'GET /orders/',
			'GET /orders/',
			'GET /orders/',
			'GET /orders/',
			'GET /orders/',
			'GET /drivers/list/',
			'GET /orders/',
			'GET /work-orders/',
			'GET /work-orders/',
			'GET /drivers/list/',
			'GET /trucks/list/',
			'GET /trailers/list/',
			'GET /orders/dispatcher-board/list/',
		]);
		expect(findingsFor(new URL(dt.sandbox.baseUrl).origin)).toEqual([]);
	});

	test('the token never appears in the output', async () => {
		const result = await dt.run({ parameters: check });
		expect(JSON.stringify(result.json)).not.toContain(dt.sandbox.token);
	});
	// Each probe against a sandbox that ignores its clause, and the profiles: checkCompatibilityProbes.test.cts.
});

describe('Connection › Check Compatibility on a company with a single load', () => {
	const tiny = useSandbox({ rateLimit: false, loads: 1 });

	test('what one load cannot decide is "could not tell", and is not remembered as not held', async () => {
		const result = await tiny.run({ parameters: check });
		expect(result.error).toBeUndefined();
		const loadKeys = PROBED_KEYS.filter((key) => /^(loads|links)\./.test(key));
		expect(loadKeys).toHaveLength(7);
		expect(resultsByKey(result.json)).toMatchObject(Object.fromEntries(loadKeys.map((key) => [key, 'could not tell'])));
		expect(result.json.find((item) => item.key === 'loads.ordering')?.seen).toBe('only 1 record(s) to compare');
		expect(findingsFor(new URL(tiny.sandbox.baseUrl).origin)).toEqual([]);
		expect(tiny.sandbox.log.length).toBeLessThanOrEqual(13);
	});
});

describe('Check Compatibility against the Datatruck its own pages describe (issue 33)', () => {
	afterEach(() => dt.sandbox.configure({ profile: 'default' }));

	test('published profile: the page size answered, the form of next, and work orders without a creation time', async () => {
		dt.sandbox.configure({ profile: 'published' });
		const result = await dt.run({ parameters: check });
		expect(result.error).toBeUndefined();
		const byKey = Object.fromEntries(result.json.map((item) => [item.key, item]));
		expect(byKey['loads.pageSize']).toMatchObject({ result: 'not held', seen: expect.stringMatching(/answers 10 loads a page to `page_size=25`/) });
		expect(byKey['links.next']).toMatchObject({ result: 'not held', seen: expect.stringMatching(/relative to the API .*: \/orders\/\?…/) });
		expect(byKey['workOrders.created_datetime']).toMatchObject({ result: 'not held', whatTheNodeDoes: expect.stringMatching(/goes by id/) });
		expect(dt.sandbox.log.length).toBeLessThanOrEqual(13);

		// Remembered for this Datatruck: the next loads read asks for 10 a page from its first request.
		dt.sandbox.clearLog();
		const loads = await dt.run({ parameters: { resource: 'load', operation: 'getMany', returnAll: false, limit: 30 } });
		expect(loads.json).toHaveLength(30);
		expect(dt.sandbox.log[0].query.page_size).toBe('10');
		expect(dt.sandbox.log).toHaveLength(3);
	});

	// (`http` behind a proxy cannot be told apart on the sandbox's own plain-http address; test/unit covers it.)
	test.each([
		['relative', /relative to the host/],
		['absent', /without a `next` key/],
	] as const)('next written %s is reported as such', async (form, seen) => {
		dt.sandbox.configure({ nextLinks: form });
		const result = await dt.run({ parameters: check });
		const item = result.json.find((entry) => entry.key === 'links.next');
		expect(item).toMatchObject({ result: 'not held', seen: expect.stringMatching(seen) });
	});

	test('a bare array is reported as such, with the page size it answered', async () => {
		dt.sandbox.configure({ lists: { loads: { bareArray: true, ignorePageSize: true } } });
		const result = await dt.run({ parameters: check });
		const byKey = Object.fromEntries(result.json.map((item) => [item.key, item.result]));
		expect(byKey).toMatchObject({ 'links.next': 'not held', 'loads.pageSize': 'not held' });
	});
});
