import type { INodeParameters } from 'n8n-workflow';
import { findingsFor, resetSupport } from '../../nodes/Datatruck/shared/lists';
import { useSandbox } from '../harness/sandbox.cts';
import { judge, matchingIds } from './listChurn.cts';

/**
 * Issue 28, requirement 5: every request line stays under 4,000 bytes, also where a long list is read page after
 * page anchored on a sort value that hundreds of loads share (each page would leave out every id held at that
 * value). The list stays exact: each load once, in Datatruck's order, nothing stable lost while it changes.
 */
const LOADS = 700;
const dt = useSandbox({ rateLimit: false, loads: LOADS });

const lineOf = (entry: { rawUrl: string }) => `GET ${entry.rawUrl} HTTP/1.1`.length;
const origin = () => /^(https?:\/\/[^/]+)/.exec(dt.sandbox.baseUrl)?.[1] ?? '';

beforeEach(() => {
	resetSupport();
	dt.sandbox.reset({ loads: LOADS });
	dt.sandbox.configure({ profile: 'default' });
	// Nine loads in ten pay the same: a sort on pay has one value for most of the list.
	for (const [index, load] of dt.sandbox.data.orders.entries()) {
		if (index % 10 !== 0) load.load_pay = '1000.00';
	}
});
afterEach(() => dt.sandbox.live.off());

const byPay = (descending: boolean): INodeParameters => ({ resource: 'load', operation: 'getMany', returnAll: true, sort: { field: 'load_pay', descending } });
const orderingOf = (descending: boolean) => (descending ? '-load_pay,-id' : 'load_pay,id');

describe('Load › Get Many sorted on a field most loads share', () => {
	test.each([false, true])('descending %s: every line under 4,000 bytes, every load once in order, about one request a page', async (descending) => {
		const expected = matchingIds(dt.sandbox, 'orders', null, orderingOf(descending));
		const result = await dt.run({ parameters: byPay(descending), credentials: dt.credentials({ rateLimitRequests: 1000, rateLimitWindowSeconds: 1 }) });
		expect(result.error).toBeUndefined();
		expect(result.json.map((load) => Number(load.id))).toEqual(expected);
		const lines = dt.sandbox.log.map(lineOf);
		expect(Math.max(...lines)).toBeLessThan(4000);
		// The shared value was read by id, past the last load read: a filter on the value itself went out.
		expect(dt.sandbox.log.some((entry) => /"contains":"is"/.test(String(entry.query.filter)))).toBe(true);
		expect(dt.sandbox.log.length).toBeLessThanOrEqual(2 * Math.ceil(LOADS / 25) + 3);
		expect(findingsFor(origin())).toEqual([]);
	});

	test('while loads are created, moved and re-valued: no load twice, none stable lost, lines short', async () => {
		const expected = matchingIds(dt.sandbox, 'orders', null, orderingOf(false));
		dt.sandbox.live.configure({ create: 2, move: 2, delete: 1, shift: 2, seed: 7 });
		const result = await dt.run({ parameters: byPay(false), credentials: dt.credentials({ rateLimitRequests: 1000, rateLimitWindowSeconds: 1 }) });
		expect(result.error).toBeUndefined();
		const verdict = judge(result.json, expected, dt.sandbox.live.touched.orders, undefined);
		expect(verdict.duplicates).toEqual([]);
		expect(verdict.lost).toEqual([]);
		expect(Math.max(...dt.sandbox.log.map(lineOf))).toBeLessThan(4000);
	});
});
