import { resetSupport } from '../../nodes/Datatruck/shared/lists';
import { useSandbox } from '../harness/sandbox.cts';
import { listBudget } from '../property/lib/budget.cts';
import { judge, matchingIds } from './listChurn.cts';

/**
 * Issue 34, requirement 3: where Datatruck ignores the filter on `id`, loads are read anchored on the sort field
 * (or on their creation time) with nothing left out by id, and a value more loads share than a page holds is read
 * on its own with `is`, by creation time. Only ties on the creation time itself leave nothing to anchor on.
 */
const dt = useSandbox({ rateLimit: false, loads: 300 });
const fast = () => dt.credentials({ rateLimitRequests: 1000, rateLimitWindowSeconds: 1 });
const filters = () => dt.sandbox.log.map((entry) => JSON.parse(String(entry.query.filter ?? '[]')) as Array<{ column: string; contains: string }>);

beforeAll(() => dt.sandbox.configure({ lists: { loads: { ignoreFilter: ['id'] } } }));
afterAll(() => dt.sandbox.configure({ lists: {} }));
beforeEach(() => {
	resetSupport();
	dt.sandbox.reset({ loads: 300 });
});
afterEach(() => dt.sandbox.live.off());

describe('Load › Get Many, the filter on id ignored', () => {
	const sharedPay = () => dt.sandbox.data.orders.filter((_, index) => index % 5 === 0).forEach((load) => (load.load_pay = '1450.00'));

	test.each([
		['with nothing changing', null],
		['under every kind of change', { create: 1, move: 1, delete: 1, shift: 1, seed: 21 }],
	])('60 loads of one pay, by load pay %s: the value read on its own by creation time, each load once, in order', async (_, churn) => {
		sharedPay();
		const start = matchingIds(dt.sandbox, 'orders', null, '-load_pay,-id');
		if (churn) dt.sandbox.live.configure(churn);
		const result = await dt.run({ parameters: { resource: 'load', operation: 'getMany', returnAll: true, sort: { field: 'load_pay', descending: true } }, credentials: fast() });
		expect(result.error).toBeUndefined();
		if (!churn) expect(result.json.map((load) => load.id)).toEqual(start);
		expect(judge(result.json, start, dt.sandbox.live.touched.orders)).toMatchObject({ duplicates: [], lost: [] });
		const pays = result.json.map((load) => (load.load_pay === null ? Infinity : Number(load.load_pay)));
		expect(pays).toEqual([...pays].sort((a, b) => b - a));
		const tied = filters().filter((terms) => terms.some((term) => term.column === 'load_pay' && term.contains === 'is'));
		expect(tied.length).toBeGreaterThan(0);
		expect(dt.sandbox.log.filter((entry) => tied.includes(filters()[dt.sandbox.log.indexOf(entry)])).every((entry) => entry.query.ordering === 'created_datetime')).toBe(true);
		// After the value read whole, the read goes on past it.
		expect(filters().some((terms) => terms.some((term) => term.column === 'load_pay' && term.contains === 'exclude'))).toBe(true);
		expect(filters().flat().some((term) => term.column === 'id')).toBe(true);
		expect(dt.sandbox.log.length).toBeLessThanOrEqual(listBudget(300, 25));
	});

	test('Limit 40 by load pay, lowest first, with 60 loads of the lowest pay: the 40 of them with the lowest ids', async () => {
		sharedPay();
		dt.sandbox.data.orders.filter((load) => load.load_pay === '1450.00').forEach((load) => (load.load_pay = '100.00'));
		const expected = matchingIds(dt.sandbox, 'orders', null, 'load_pay,id').slice(0, 40);
		const result = await dt.run({ parameters: { resource: 'load', operation: 'getMany', returnAll: false, limit: 40, sort: { field: 'load_pay', descending: false } }, credentials: fast() });
		expect(result.json.map((load) => load.id)).toEqual(expected);
	});

	test('more loads created in one second than a page holds: that second alone read by page number twice, exact', async () => {
		const second = '2026-11-02T10:00:00Z';
		dt.sandbox.data.orders.slice(0, 40).forEach((load) => (load.created_datetime = second));
		const expected = matchingIds(dt.sandbox, 'orders', null, '-created_datetime,-id');
		// A read by load pay finds the filter on id ignored (spending its first pages on the exact plan): the next read starts anchored.
		await dt.run({ parameters: { resource: 'load', operation: 'getMany', returnAll: true, sort: { field: 'load_pay', descending: false } }, credentials: fast() });
		dt.sandbox.clearLog();
		const result = await dt.run({ parameters: { resource: 'load', operation: 'getMany', returnAll: true }, credentials: fast() });
		expect(result.error).toBeUndefined();
		expect(result.json.map((load) => load.id)).toEqual(expected);
		const byNumber = dt.sandbox.log.filter((entry) => entry.query.page !== undefined);
		expect(byNumber.length).toBeGreaterThan(0);
		expect(byNumber.every((entry) => String(entry.query.filter).includes(`"value":"${second}","contains":"is"`))).toBe(true);
		expect(dt.sandbox.log.length).toBeLessThanOrEqual(listBudget(300, 25));
	});
});
