import { useSandbox } from '../harness/sandbox.cts';
import { resetSupport } from '../../nodes/Datatruck/shared/lists';
import { matchingIds } from './listChurn.cts';

/**
 * A list answered as a bare JSON array, without `count`, `next` or `results` (the loads list's published sample,
 * issue 33 requirement 3): never taken as the whole list. It is read on by page number, from the credential's own
 * address, while pages come back full; a short, empty or missing page ends it; a page of records already read means
 * the page number is ignored, and the read fails loudly rather than return part of the list.
 */
const dt = useSandbox({ rateLimit: false, loads: 120 });

beforeEach(() => {
	resetSupport();
	dt.sandbox.configure({ profile: 'default' });
});
afterAll(() => dt.sandbox.configure({ profile: 'default' }));

const pageNumbers = () => dt.sandbox.log.map((entry) => entry.query.page ?? '1');

test.each([
	['pages of the size asked (25)', {}],
	['10 a page whatever page_size says', { ignorePageSize: true }],
])('Load › Get Many, Return All, of 120 loads answered as bare arrays, %s: every load once, in order', async (_, switches) => {
	dt.sandbox.configure({ lists: { loads: { bareArray: true, ...switches } } });
	const result = await dt.run({ parameters: { resource: 'load', operation: 'getMany', returnAll: true } });
	expect(result.error).toBeUndefined();
	expect(result.json.map((load) => load.id)).toEqual(matchingIds(dt.sandbox, 'orders', null, null));
	expect(dt.sandbox.log.every((entry) => entry.path === '/api/v1/openapi/orders/')).toBe(true);
	// About one request a page: the pages, and one that finds the end.
	const pages = Math.ceil(120 / ('ignorePageSize' in switches ? 10 : 25));
	expect(dt.sandbox.log.length).toBeGreaterThanOrEqual(pages);
	expect(dt.sandbox.log.length).toBeLessThanOrEqual(pages + 2);
});

test('Load › Get Many, Limit 30, answered as bare arrays of 10: the first 30, in order', async () => {
	dt.sandbox.configure({ lists: { loads: { bareArray: true, ignorePageSize: true } } });
	const result = await dt.run({ parameters: { resource: 'load', operation: 'getMany', returnAll: false, limit: 30 } });
	expect(result.json.map((load) => load.id)).toEqual(matchingIds(dt.sandbox, 'orders', null, null).slice(0, 30));
	expect(dt.sandbox.log.length).toBeLessThanOrEqual(4);
});

test('Truck › Get Many, Return All, answered as bare arrays of 10: page after page by number until a short one', async () => {
	dt.sandbox.configure({ lists: { trucks: { bareArray: true, ignorePageSize: true } } });
	const result = await dt.run({ parameters: { resource: 'truck', operation: 'getMany', returnAll: true } });
	expect(result.error).toBeUndefined();
	const ids = result.json.map((truck) => Number(truck.id));
	expect([...ids].sort((a, b) => a - b)).toEqual(dt.sandbox.data.trucks.map((truck) => truck.id).sort((a, b) => a - b));
	const pages = Math.floor(dt.sandbox.data.trucks.length / 10) + 1;
	expect(pageNumbers().slice(0, pages)).toEqual(Array.from({ length: pages }, (_, index) => (index === 0 ? '1' : String(index + 1))));
});

test('a bare array that ignores the page number: a clear error, never page 1 as the whole list', async () => {
	dt.sandbox.configure({ lists: { trucks: { bareArray: true, ignorePageSize: true, ignorePage: true } } });
	const result = await dt.run({ parameters: { resource: 'truck', operation: 'getMany', returnAll: true }, continueOnFail: true });
	expect(String(result.json[0].error)).toMatch(/trucks list's next pages with records already read, so the node could read only 10 of them/);
	expect(dt.sandbox.log).toHaveLength(2);
});

test('Work Order › Get Many on a list without query support answered as bare arrays: every work order once', async () => {
	dt.sandbox.configure({ lists: { workOrders: { ignoreFilter: true, ignoreOrdering: true, ignorePageSize: true, bareArray: true } } });
	const result = await dt.run({ parameters: { resource: 'workOrder', operation: 'getMany', returnAll: true } });
	expect(result.error).toBeUndefined();
	expect(result.json.map((item) => item.id)).toEqual(dt.sandbox.data.workOrders.map((workOrder) => workOrder.id).sort((a, b) => b - a));
});
