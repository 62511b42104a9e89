import { useSandbox } from '../harness/sandbox.cts';
import { resetSupport } from '../../nodes/Datatruck/shared/lists';

/**
 * A list read by page number whose page parameter Datatruck ignores answers page 1 again and again: the read must say
 * it could not read the list whole, never return page 1 as if it were all of it (issue 28: never silent).
 */
const dt = useSandbox();

beforeEach(() => {
	resetSupport();
	dt.sandbox.configure({ profile: 'default' });
});

test('Work Order › Get Many, Return All, on a list without query support that also ignores the page: a clear error', async () => {
	dt.sandbox.configure({ lists: { workOrders: { ignoreFilter: true, ignoreOrdering: true, ignorePageSize: true, ignorePage: true } } });
	const result = await dt.run({ parameters: { resource: 'workOrder', operation: 'getMany', returnAll: true }, continueOnFail: true });
	const count = dt.sandbox.data.workOrders.length;
	expect(result.json).toHaveLength(1);
	expect(String(result.json[0].error)).toMatch(new RegExp(`work orders list's next pages with records already read, so the node could read only 10 of ${count}`));
	// Page 1, then pages by number until one brings nothing new: no loop.
	expect(dt.sandbox.log.length).toBeLessThanOrEqual(2 * Math.ceil(count / 10) + 3);
});

test('the same list honouring the page reads every work order once', async () => {
	dt.sandbox.configure({ lists: { workOrders: { ignoreFilter: true, ignoreOrdering: true, ignorePageSize: true } } });
	const result = await dt.run({ parameters: { resource: 'workOrder', operation: 'getMany', returnAll: true } });
	expect(result.json.map((item) => item.id).sort()).toEqual(dt.sandbox.data.workOrders.map((workOrder) => workOrder.id).sort());
});
