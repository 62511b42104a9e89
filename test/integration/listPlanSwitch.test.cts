import { resetSupport } from '../../nodes/Datatruck/shared/lists';
import { useSandbox } from '../harness/sandbox.cts';
import { listBudget } from '../property/lib/budget.cts';

/**
 * Nothing read is thrown away (issues 33 and 34): when the exact plan's check read shows that Datatruck ignores a
 * filter, the pages of the user's query it read by number are the first pass of the plan that takes over, which
 * reads on from there and then once more to prove nothing moved: within 2 × pages + 3 requests, at 10 a page.
 */
const dt = useSandbox({ rateLimit: false, loads: 120 });
const PENDING = 45;

beforeAll(() => {
	for (let index = 0; index < PENDING + 10; index++) dt.sandbox.createWorkOrder({ status: index < PENDING ? 'Pending' : 'Completed' });
});
beforeEach(() => {
	resetSupport();
	dt.sandbox.configure({ profile: 'published' });
});
afterAll(() => dt.sandbox.configure({ profile: 'default' }));

test('published work orders, Status Is Pending over 5 pages: every pending work order once, newest first, within the budget', async () => {
	const expected = dt.sandbox.data.workOrders.filter((workOrder) => workOrder.status === 'Pending').map((workOrder) => workOrder.id).sort((a, b) => b - a);
	expect(expected.length).toBeGreaterThan(40);
	const result = await dt.run({
		parameters: { resource: 'workOrder', operation: 'getMany', returnAll: true, filters: { conditions: [{ field: 'status', operator: 'is', value: 'Pending' }] } },
	});
	expect(result.error).toBeUndefined();
	expect(result.json.map((workOrder) => workOrder.id)).toEqual(expected);
	const pages = Math.ceil(expected.length / 10);
	expect(dt.sandbox.log.length).toBeLessThanOrEqual(listBudget(expected.length, 10));
	// Each page by number is asked for twice at most: once in the first pass (the exact plan's pages kept), once to check.
	const asked = new Map<string, number>();
	for (const entry of dt.sandbox.log.filter((one) => one.query.filter === undefined || !String(one.query.filter).includes('exclude_in'))) {
		const page = String(entry.query.page ?? '1');
		asked.set(page, (asked.get(page) ?? 0) + 1);
	}
	expect([...asked.values()].every((times) => times <= 2)).toBe(true);
	expect(asked.size).toBe(pages);
});

test('loads with every filter ignored, Status Is Delivered: the page asked with the filter is page 1 of the read that filters in the node', async () => {
	dt.sandbox.configure({ profile: 'default' });
	dt.sandbox.configure({ lists: { loads: { ignoreFilter: true, ignorePageSize: true } } });
	const expected = dt.sandbox.data.orders.filter((load) => load.status === 'delivered').map((load) => load.id);
	const result = await dt.run({
		parameters: { resource: 'load', operation: 'getMany', returnAll: true, filters: { conditions: [{ field: 'status', operator: 'is', value: 'delivered' }] } },
		credentials: dt.credentials({ rateLimitRequests: 1000, rateLimitWindowSeconds: 1 }),
	});
	expect(result.error).toBeUndefined();
	expect(result.json.map((load) => load.id).sort((a, b) => Number(a) - Number(b))).toEqual([...expected].sort((a, b) => a - b));
	// Page 1 twice (the first pass, then the pass that checks it), as every other page: not a third time without the filter.
	const firstPages = dt.sandbox.log.filter((entry) => entry.query.page === undefined || String(entry.query.page) === '1');
	expect(firstPages).toHaveLength(2);
	expect(dt.sandbox.log.length).toBeLessThanOrEqual(2 * Math.ceil(dt.sandbox.data.orders.length / 10));
});

test('a page size remembered from an earlier release: pages by number keep the size page 1 was asked in, so none is lost', async () => {
	// An earlier release answered 10 a page whatever was asked, and ignored the filter: the node remembers both.
	dt.sandbox.configure({ profile: 'default' });
	dt.sandbox.configure({ lists: { loads: { ignorePageSize: true, ignoreFilter: true } } });
	const credentials = dt.credentials({ rateLimitRequests: 1000, rateLimitWindowSeconds: 1 });
	const parameters = { resource: 'load', operation: 'getMany', returnAll: true, filters: { conditions: [{ field: 'status', operator: 'is_not', value: 'cancelled' }] } };
	expect((await dt.run({ parameters, credentials })).error).toBeUndefined();
	// The next release takes page_size again: the plan by page number, chosen from the start, asks page 1 in 25.
	dt.sandbox.configure({ lists: { loads: { ignoreFilter: true } } });
	dt.sandbox.clearLog();
	const expected = dt.sandbox.data.orders.filter((load) => load.status !== 'cancelled').map((load) => load.id).sort((a, b) => b - a);
	const result = await dt.run({ parameters, credentials });
	expect(result.error).toBeUndefined();
	expect(result.json.map((load) => load.id).sort((a, b) => Number(b) - Number(a))).toEqual(expected);
	// Every page of the read is asked in one size.
	expect(new Set(dt.sandbox.log.map((entry) => String(entry.query.page_size)))).toEqual(new Set(['25']));
});

test('a Limit of 1 by customer name, where Datatruck takes one ordering field and ignores every filter: the list is read by its creation time in full pages, not one load a page', async () => {
	// Composed property, seed 222 (COMPOSED_PROPERTY_PATH=633): a text field cannot anchor a page, so the loads were read
	// whole by the spine and sorted in the node, in pages the size of the Limit: 90 loads, 174 requests and still reading.
	const parameters = {
		resource: 'load',
		operation: 'getMany',
		returnAll: false,
		limit: 1,
		sort: { field: 'customer__company_name', descending: true },
		filters: { conditions: [{ field: 'status', operator: 'is', value: 'delivered' }] },
	};
	// What a Datatruck that does all it is asked answers (text keeps Datatruck's own order, A33).
	dt.sandbox.configure({ profile: 'default' });
	const expected = (await dt.run({ parameters })).json.map((load) => load.id);
	expect(expected).toHaveLength(1);
	resetSupport();
	dt.sandbox.configure({ lists: { loads: { ignoreFilter: true, singleOrdering: 'reject' } } });
	dt.sandbox.log.length = 0;
	const result = await dt.run({ parameters });
	expect(result.error).toBeUndefined();
	expect(result.json.map((load) => load.id)).toEqual(expected);
	expect(dt.sandbox.log.every((entry) => Number(entry.query.page_size) > 1)).toBe(true);
	expect(dt.sandbox.log.length).toBeLessThanOrEqual(listBudget(dt.sandbox.data.orders.length, 25));
});
