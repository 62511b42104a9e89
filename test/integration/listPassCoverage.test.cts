import type { INodeParameters } from 'n8n-workflow';
import { resetSupport } from '../../nodes/Datatruck/shared/lists';
import { useSandbox } from '../harness/sandbox.cts';
import type { ListSwitch, LiveDataSpec } from '../sandbox/index.cts';
import { listBudget } from '../property/lib/budget.cts';
import { judge, matchingIds, type ChurnList } from './listChurn.cts';

/**
 * The plan that needs least, for a list read whole by page number while Datatruck changes after every page it answers
 * (issue 34, requirement 6): passes that cover each other in the order their pages show are exact where two passes
 * by page number differ (docs/lists-while-datatruck-changes.md, "Passes that cover each other"). Where nothing
 * moves, a list in no order the node can name is still read twice and the passes agree.
 */
const dt = useSandbox({ rateLimit: false, loads: 90 });
const WORK_ORDERS = 60;

/** Each test starts from the same number of work orders: the churn of the one before removed some. */
beforeEach(() => {
	resetSupport();
	dt.sandbox.data.workOrders.splice(0);
	for (let index = 0; index < WORK_ORDERS; index++) dt.sandbox.createWorkOrder({ status: index % 3 ? 'Pending' : 'Completed' });
});
afterEach(() => {
	dt.sandbox.live.off();
	dt.sandbox.configure({ profile: 'default' });
});

const credentials = () => dt.credentials({ rateLimitRequests: 1000, rateLimitWindowSeconds: 1 });

/** Get Many with Datatruck changing after each page: the output judged against the records there throughout. */
async function readUnderChurn(list: ChurnList, switches: ListSwitch, parameters: INodeParameters, churn: Partial<LiveDataSpec>, start: number[]) {
	dt.sandbox.configure({ lists: { [list === 'orders' ? 'loads' : 'workOrders']: switches } });
	dt.sandbox.clearLog();
	dt.sandbox.live.configure(churn);
	const result = await dt.run({ parameters: { operation: 'getMany', returnAll: true, ...parameters }, credentials: credentials() });
	const verdict = judge(result.json, start, dt.sandbox.live.touched[list], parameters.returnAll === false ? Number(parameters.limit) : undefined);
	dt.sandbox.live.off();
	return { result, verdict, requests: dt.sandbox.log.length };
}

describe.each([
	['created, deleted and changed after every page', { create: 1, delete: 1, move: 1, shift: 1, seed: 7 }],
	['two deleted after every page', { delete: 2, seed: 11 }],
	['two created after every page', { create: 2, seed: 13 }],
])('%s', (_name, churn) => {
	test('work orders that ignore filter and order, 10 a page, Status Is Not Completed: exact, within the budget', async () => {
		const start = matchingIds(dt.sandbox, 'workOrders', JSON.stringify([{ column: 'status', value: 'Completed', contains: 'is_not' }]), '-id');
		const { result, verdict, requests } = await readUnderChurn(
			'workOrders',
			{ ignoreFilter: true, ignoreOrdering: true, ignorePageSize: true },
			{ resource: 'workOrder', filters: { conditions: [{ field: 'status', operator: 'is_not', value: 'Completed' }] } },
			churn,
			start,
		);
		expect(result.error).toBeUndefined();
		expect(verdict).toEqual({ duplicates: [], lost: [], stable: expect.any(Number) });
		// Every page asks for the list's own order, which the pages show, so the passes can cover each other.
		expect(dt.sandbox.log.every((entry) => entry.query.ordering === '-id')).toBe(true);
		expect(requests).toBeLessThan(listBudget(WORK_ORDERS, 10));
	});

	test('work orders that ignore the filter but keep the order, Return All by total price: exact, sorted in the node', async () => {
		const start = matchingIds(dt.sandbox, 'workOrders', JSON.stringify([{ column: 'status', value: 'Completed', contains: 'is_not' }]), '-total_price,-id');
		const { result, verdict } = await readUnderChurn(
			'workOrders',
			{ ignoreFilter: true },
			{ resource: 'workOrder', filters: { conditions: [{ field: 'status', operator: 'is_not', value: 'Completed' }] }, sort: { field: 'total_price', descending: true } },
			churn,
			start,
		);
		expect(result.error).toBeUndefined();
		expect(verdict).toEqual({ duplicates: [], lost: [], stable: expect.any(Number) });
		const prices = result.json.map((workOrder) => Number(workOrder.total_price));
		expect(prices).toEqual([...prices].sort((a, b) => b - a));
	});

	test('work orders that ignore filter and order, a Limit of 25 newest: exact, within the budget', async () => {
		const start = matchingIds(dt.sandbox, 'workOrders', null, '-id');
		const { result, verdict, requests } = await readUnderChurn('workOrders', { ignoreFilter: true, ignoreOrdering: true, ignorePageSize: true }, { resource: 'workOrder', returnAll: false, limit: 25 }, churn, start);
		expect(result.error).toBeUndefined();
		expect(result.json).toHaveLength(25);
		expect(verdict).toEqual({ duplicates: [], lost: [], stable: expect.any(Number) });
		expect(requests).toBeLessThanOrEqual(listBudget(WORK_ORDERS, 10));
	});
});

test('loads that ignore filter and order, nothing moving: the pages show no gap they can prove empty, so the list is read twice and the passes agree', async () => {
	const start = matchingIds(dt.sandbox, 'orders', null, '-load_pay,-id');
	// A load entered late sits amid older ones by creation time: the list is not newest first by id.
	dt.sandbox.createLoad({ created_datetime: '2020-01-01T00:00:00Z' });
	const { result, requests } = await readUnderChurn('orders', { ignoreFilter: true, ignoreOrdering: true }, { resource: 'load', sort: { field: 'load_pay', descending: true } }, {}, start);
	expect(result.error).toBeUndefined();
	expect(result.json).toHaveLength(start.length + 1);
	expect(requests).toBeLessThanOrEqual(listBudget(start.length + 1, 25));
	expect(requests).toBeGreaterThan(2 * Math.ceil(start.length / 25) - 1);
});
