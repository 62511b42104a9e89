/**
 * Issue 28 in a real n8n, once: one workflow of Load › Get Many (Return All), Work Order › Get Many (Return All),
 * Driver › Update and Connection › Check Compatibility against a sandbox under the spec-only profile (a Datatruck
 * that supports only what its specification publishes, as `cli.cts --profile spec-only` starts it). Each read
 * returns the whole list in its order within 2 × pages + 3 requests, the update reaches the right driver, every
 * request line stays under 4,000 bytes (Check Compatibility's own probe of a long line aside), and Check
 * Compatibility reports what spec-only does not hold.
 */
import { matchingIds } from '../integration/listChurn.cts';
import { listBudget } from '../property/lib/budget.cts';
import type { RequestLogEntry } from '../sandbox/index.cts';
import { itemsOf } from './lib/output.cts';
import { authCheck } from './lib/sandbox.cts';
import { forPath, startSuite, type Suite } from './lib/suite.cts';

const LONGEST_REQUEST_LINE = 4000;
const NODES = { loads: 'All loads', workOrders: 'All work orders', update: 'Update a driver', check: 'Check compatibility' };

describe('spec-only Datatruck in n8n', () => {
	let s: Suite;
	beforeAll(async () => {
		s = await startSuite('spec-only');
		s.sb.configure({ profile: 'spec-only', driverListFields: 'withUpdateFields' });
	});
	afterAll(() => s?.close());

	it('Load and Work Order Return All, Driver Update and Check Compatibility in one workflow', async () => {
		const loads = matchingIds(s.sb, 'orders', null, null);
		const workOrders = matchingIds(s.sb, 'workOrders', null, null);
		const driver = s.sb.data.drivers[s.sb.data.drivers.length - 2];
		const others = JSON.stringify(s.sb.data.drivers.filter((candidate) => candidate.id !== driver.id));

		const { run, log } = await s.run('e2eSpecOnly00001', [
			{ name: NODES.loads, parameters: { resource: 'load', operation: 'getMany', returnAll: true } },
			{ name: NODES.workOrders, parameters: { resource: 'workOrder', operation: 'getMany', returnAll: true } },
			{
				name: NODES.update,
				typeVersion: 1.1,
				parameters: { resource: 'driver', operation: 'update', driverId: String(driver.id), updateFields: { contactNumber: '+1 312 555 0166' } },
			},
			{ name: NODES.check, parameters: { resource: 'connection', operation: 'checkCompatibility' } },
		]);

		expect(authCheck(log, s.sb.token).filter((line) => !line.endsWith('Token ok'))).toEqual([]);

		// Loads: every one once, newest first; the two-field ordering refused, then one field.
		const loadReads = forPath(log, 'GET', '/orders/');
		expect(itemsOf(run, NODES.loads).map((load) => load.id)).toEqual(loads);
		const answered = loadReads.filter((entry) => entry.status === 200);
		expect(answered.every((entry) => !String(entry.query.ordering ?? '').includes(','))).toBe(true);
		const checkProbes = probesOf(log);
		expect(loadReads.length - checkProbes.loads).toBeLessThanOrEqual(listBudget(loads.length, 25));

		// Work orders: a list that ignores its query, read in the pages of 10 it serves and sorted by the node.
		expect(itemsOf(run, NODES.workOrders).map((workOrder) => workOrder.id)).toEqual(workOrders);
		expect(forPath(log, 'GET', '/work-orders/').length - checkProbes.workOrders).toBeLessThanOrEqual(listBudget(workOrders.length, 10));

		// Driver › Update: found in the whole list (the id filter is ignored), one PUT to that driver, no other changed.
		const puts = log.filter((entry) => entry.method === 'PUT');
		expect(puts.map((entry) => entry.path)).toEqual([`/api/v1/openapi/drivers/update/${driver.id}/`]);
		expect(puts[0].body).toMatchObject({ contact_number: '+1 312 555 0166' });
		expect(s.sb.data.drivers.find((candidate) => candidate.id === driver.id)?.contact_number).toBe('+1 312 555 0166');
		expect(JSON.stringify(s.sb.data.drivers.filter((candidate) => candidate.id !== driver.id))).toBe(others);
		expect(itemsOf(run, NODES.update)).toHaveLength(1);

		// Check Compatibility: read-only, and it tells what spec-only does not hold.
		const verdicts = itemsOf(run, NODES.check);
		expect(verdicts.length).toBeGreaterThan(5);
		expect(JSON.stringify(verdicts)).toMatch(/not held/i);
		// The PUT, and Check Compatibility's OPTIONS (which writes nothing).
		expect(log.filter((entry) => entry.method !== 'GET').map((entry) => entry.method)).toEqual(['PUT', 'OPTIONS']);

		const long = log.filter((entry) => `${entry.method} ${entry.rawUrl} HTTP/1.1`.length >= LONGEST_REQUEST_LINE);
		expect(long.length).toBeLessThanOrEqual(1);
	});
});

/**
 * The requests Check Compatibility sent to each list. It runs last, so they are the ones after the PUT of
 * Driver › Update.
 */
function probesOf(log: RequestLogEntry[]): { loads: number; workOrders: number } {
	const afterUpdate = log.slice(log.findIndex((entry) => entry.method === 'PUT') + 1);
	return {
		loads: afterUpdate.filter((entry) => entry.path === '/api/v1/openapi/orders/').length,
		workOrders: afterUpdate.filter((entry) => entry.path === '/api/v1/openapi/work-orders/').length,
	};
}
