import { findingsFor, resetSupport } from '../../nodes/Datatruck/shared/lists';
import { useSandbox } from '../harness/sandbox.cts';

const dt = useSandbox();
const check = { resource: 'connection', operation: 'checkCompatibility' };

const PROBED_KEYS = [
	'loads.ordering',
	'loads.ordering.multi',
	'loads.filter',
	'loads.filter.id',
	'loads.filter.dispatcher__id',
	'requestLine.long',
	'workOrders.pageSize',
	'workOrders.ordering',
	'workOrders.filter',
	'drivers.pageSize.all',
	'drivers.filter.id',
];

beforeEach(() => resetSupport());

function resultsByKey(json: Array<Record<string, unknown>>) {
	return Object.fromEntries(json.map((item) => [item.key, item.result]));
}

describe('Connection › Check Compatibility', () => {
	test('default profile: every assumption held, at most 12 GET requests, one item per assumption', async () => {
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

		expect(dt.sandbox.log.length).toBeLessThanOrEqual(12);
		expect(dt.sandbox.log.every((entry) => entry.method === 'GET')).toBe(true);
		expect(dt.requestLines().map((line) => line.replace(/\/api\/v1\/openapi/, ''))).toEqual([
			'GET /orders/',
			'GET /orders/',
			'GET /orders/',
			'GET /orders/',
			'GET /orders/',
			'GET /drivers/list/',
			'GET /orders/',
			'GET /orders/',
			'GET /work-orders/',
			'GET /work-orders/',
			'GET /drivers/list/',
		]);
		expect(findingsFor(new URL(dt.sandbox.baseUrl).origin)).toEqual([]);
	});

	test('the token never appears in the output', async () => {
		const result = await dt.run({ parameters: check });
		expect(JSON.stringify(result.json)).not.toContain(dt.sandbox.token);
	});
});
