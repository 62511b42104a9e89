/** Work Order › Create (form and JSON) and Get Many, in one workflow run by a real n8n. */
import { authCheck } from './lib/sandbox.cts';
import { direct, startSuite, type Suite } from './lib/suite.cts';
import { errorOf, itemsOf } from './lib/output.cts';
import { workOrderCreateParameters } from '../integration/fixtures.cts';

const API = '/api/v1/openapi';

describe('Work Order resource in n8n', () => {
	let s: Suite;
	beforeAll(async () => {
		s = await startSuite('work-order');
	});
	afterAll(() => s?.close());

	it('runs every operation: Create (form, JSON) and Get Many (filtered and sorted, newest three)', async () => {
		const pendingFilter = [{ column: 'status', value: 'Pending', contains: 'is' }];
		const { run, log } = await s.run('e2eWorkOrder0001', [
			{
				name: 'Create from the form',
				parameters: workOrderCreateParameters('WO-E2E-1001'),
			},
			{
				name: 'Create from JSON',
				parameters: {
					resource: 'workOrder',
					operation: 'create',
					specifyBody: 'json',
					jsonBody: JSON.stringify({ procedure_name: 'TRL Wash', trailer: 'TR512', total_price: 99.9, odometer: '120500' }),
				},
			},
			{
				name: 'Pending, soonest first',
				parameters: {
					resource: 'workOrder',
					operation: 'getMany',
					returnAll: true,
					filters: { conditions: [{ field: 'status', operator: 'is', value: 'Pending' }] },
					sort: { field: 'scheduled_on_date', descending: false },
				},
			},
			{ name: 'Newest three', parameters: { resource: 'workOrder', operation: 'getMany', limit: 3 } },
		]);

		expect(log.map((e) => [e.method, e.path, e.query])).toEqual([
			['POST', `${API}/work-orders/create/`, {}],
			['POST', `${API}/work-orders/create/`, {}],
			// Status Is also goes out as the `status` parameter Datatruck's published GET /work-orders/ page documents.
			['GET', `${API}/work-orders/`, { page_size: '25', ordering: 'scheduled_on_date,id', filter: JSON.stringify(pendingFilter), status: 'Pending' }],
			// A Limit of 3 asks for a page of 10: one request either way, and ten records show whether the order held.
			['GET', `${API}/work-orders/`, { page_size: '10', ordering: '-id' }],
		]);
		expect(authCheck(log, s.sb.token).every((l) => l.endsWith('Token ok'))).toBe(true);
		expect(log[0].body).toEqual({
			procedure_name: 'TRK TIre Rim Repair / Replacement',
			reference_number: 'WO-E2E-1001',
			status: 'Pending',
			truck: 'T142',
			odometer: 412870,
			total_price: '1234.50',
			scheduled_on_date: '2026-11-21T09:00:00Z',
			vendor: 'TA Truck Service',
			vendor_email: 'service@ta-joliet.example',
			work_order_tasks: [{ custom_task: 'Replace rim', parts_price: '85.00', parts_quantity: 2, labor_hours: 1.5 }],
			notes: [{ body: 'Driver reported a bent rim at pre-trip.' }],
			compensation: [{ driver: 'Maria Lopez', customer: 'Coyote Logistics' }],
			tags: [{ name: 'Tires' }],
		});
		expect(log[1].body).toEqual({ procedure_name: 'TRL Wash', trailer: 'TR512', total_price: '99.9', odometer: 120500 });

		const [formItem] = itemsOf(run, 'Create from the form');
		const [jsonItem] = itemsOf(run, 'Create from JSON');
		const stored = s.sb.data.workOrders;
		// Each create returns the work order as sent, with the new id Datatruck answered.
		expect(formItem).toEqual({ id: expect.any(Number), ...(log[0].body as object) });
		expect(jsonItem).toEqual({ id: expect.any(Number), ...(log[1].body as object) });
		expect(stored.find((w) => w.id === formItem.id)).toEqual(expect.objectContaining({ reference_number: 'WO-E2E-1001', truck: 'T142' }));
		expect(stored.find((w) => w.id === jsonItem.id)).toEqual(expect.objectContaining({ procedure_name: 'TRL Wash', odometer: 120500 }));

		const pending = await direct(s.sb, `/work-orders/?page_size=25&ordering=scheduled_on_date&filter=${encodeURIComponent(JSON.stringify(pendingFilter))}`);
		expect(pending.next).toBeNull();
		expect(itemsOf(run, 'Pending, soonest first')).toEqual(pending.results);
		expect(itemsOf(run, 'Pending, soonest first').map((w) => w.id)).toContain(formItem.id);
		const newest = itemsOf(run, 'Newest three');
		expect(newest).toEqual((await direct(s.sb, '/work-orders/?page_size=3&ordering=-id')).results);
		expect(newest.map((w) => w.id)).toEqual([jsonItem.id, formItem.id, expect.any(Number)]);
	});

	it('Sort: a workflow of version 1 keeps its newest-first default; version 1.2 sorts by its shown Direction', async () => {
		const sortBy = (name: string, typeVersion: number, sort: Record<string, unknown>) => ({
			name,
			typeVersion,
			parameters: { resource: 'workOrder', operation: 'getMany', limit: 3, sort },
		});
		const { run, log } = await s.run('e2eWorkOrder0002', [
			sortBy('Saved with version 1', 1, { field: 'total_price' }),
			sortBy('Version 1.2, Direction left at Ascending', 1.2, { rule: { field: 'total_price' } }),
			sortBy('Version 1.2, Descending', 1.2, { rule: { field: 'total_price', direction: 'descending' } }),
		]);
		expect(log.map((e) => e.query.ordering)).toEqual(['-total_price,-id', 'total_price,id', '-total_price,-id']);
		const ids = (name: string) => itemsOf(run, name).map((w) => w.id);
		const reference = async (ordering: string) =>
			(await direct(s.sb, `/work-orders/?page_size=3&ordering=${ordering}`)).results.map((w: { id: number }) => w.id);
		const descending = await reference('-total_price,-id');
		expect(ids('Saved with version 1')).toEqual(descending);
		expect(ids('Version 1.2, Descending')).toEqual(descending);
		expect(ids('Version 1.2, Direction left at Ascending')).toEqual(await reference('total_price,id'));
		expect(ids('Version 1.2, Direction left at Ascending')).not.toEqual(descending);
	});

	it('a bad date is the node’s own error (NodeOperationError, no HTTP code), and nothing is sent', async () => {
		const { run, log } = await s.runAllowingFailure('e2eWorkOrder0003', [
			{
				name: 'Create with a bad date',
				parameters: { ...workOrderCreateParameters('WO-E2E-BAD'), additionalFields: { scheduledOnDate: '31/12/2026' } },
			},
		]);
		expect(run.status).toBe('error');
		expect(log).toEqual([]);
		const error = errorOf(run, 'Create with a bad date') as Record<string, unknown> | undefined;
		expect(error).toEqual(
			expect.objectContaining({
				name: 'NodeOperationError',
				message: 'Additional Fields › Scheduled On: "31/12/2026" is not a date and time',
				description: 'For example: 2026-11-21T09:00:00Z',
			}),
		);
		expect(error?.httpCode ?? null).toBeNull();
	});
});
