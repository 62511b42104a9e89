/** Load › Get Many and Get, run by a real n8n against the sandbox. */
import { authCheck } from './lib/sandbox.cts';
import { direct, forPath, startSuite, type Suite } from './lib/suite.cts';
import { errorOf, itemsOf } from './lib/output.cts';

const STATUS_FILTER = [{ column: 'status', value: ['booked', 'dispatched'], contains: 'is_in' }];

describe('Load resource in n8n', () => {
	let s: Suite;
	beforeAll(async () => {
		s = await startSuite('load');
	});
	afterAll(() => s?.close());

	it('Get Many: filter, sort and a limit across two pages', async () => {
		const { run, log } = await s.run('e2eLoadMany00001', [
			{
				name: 'Booked or dispatched, best paid',
				parameters: {
					resource: 'load',
					operation: 'getMany',
					limit: 30,
					filters: { conditions: [{ field: 'status', operator: 'is_in', value: 'booked,dispatched' }] },
					sort: { field: 'load_pay', descending: true },
				},
			},
		]);
		const filter = encodeURIComponent(JSON.stringify(STATUS_FILTER));
		const p1 = await direct(s.sb, `/orders/?filter=${filter}&ordering=-load_pay,-id&page_size=25`);
		const p2 = await direct(s.sb, `/orders/?filter=${filter}&ordering=-load_pay,-id&page_size=25&page=2`);
		// Page 1, then the 5 loads still needed as a check read of 10 (enough to check its order): the same query
		// without the loads held.
		const held = p1.results.map((load: { id: number }) => load.id).sort((a: number, b: number) => a - b);
		expect(log.map((e) => [e.method, e.path, e.query])).toEqual([
			['GET', '/api/v1/openapi/orders/', { filter: JSON.stringify(STATUS_FILTER), ordering: '-load_pay,-id', page_size: '25' }],
			[
				'GET',
				'/api/v1/openapi/orders/',
				{ filter: JSON.stringify([...STATUS_FILTER, { column: 'id', value: held, contains: 'exclude_in' }]), ordering: '-load_pay,-id', page_size: '10' },
			],
		]);
		expect(authCheck(log, s.sb.token)).toEqual(log.map((e) => `GET ${e.path} Token ok`));

		const items = itemsOf(run, 'Booked or dispatched, best paid');
		expect(items).toEqual([...p1.results, ...p2.results].slice(0, 30));
		expect(new Set(items.map((i) => i.status))).toEqual(new Set(['booked', 'dispatched']));
	});

	it('Get Many: Return All of the flagged loads, simplified', async () => {
		const flagged = s.sb.data.orders.filter((o) => o.is_flagged);
		expect(flagged.length).toBeGreaterThan(25); // so that Return All has to page
		const { run, log } = await s.run('e2eLoadFlagged01', [
			{
				name: 'Flagged loads',
				parameters: {
					resource: 'load',
					operation: 'getMany',
					returnAll: true,
					filters: { conditions: [{ field: 'is_flagged', operator: 'is', value: 'true' }] },
					sort: { field: 'id', descending: false },
					simplify: true,
				},
			},
		]);
		const pages = Math.ceil(flagged.length / 25);
		expect(log).toHaveLength(pages);
		// Page 1, the middle pages by number (sent at once, so in any order), then the check read: no page
		// number, the loads already held left out by id.
		log.forEach((e, i) => {
			expect(e.path).toBe('/api/v1/openapi/orders/');
			const [flaggedTerm, ...check] = JSON.parse(e.query.filter as string);
			expect(flaggedTerm).toEqual({ column: 'is_flagged', value: true, contains: 'is' });
			const last = i === pages - 1 && i > 0;
			expect(check).toEqual(last ? [{ column: 'id', value: expect.any(Array), contains: 'exclude_in' }] : []);
		});
		expect(log.map((e) => e.query.page ?? '-').sort()).toEqual(
			['-', '-', ...Array.from({ length: pages - 2 }, (_, i) => String(i + 2))].sort(),
		);
		const items = itemsOf(run, 'Flagged loads');
		expect(items.map((i) => i.id)).toEqual(flagged.map((o) => o.id).sort((a, b) => a - b));
		expect(items.every((i) => i.is_flagged === true)).toBe(true);
		expect(Object.keys(items[0]).sort()).toEqual(
			[
				'id', 'load_id', 'status', 'load_pay', 'total_miles', 'customer', 'dispatcher', 'driver', 'truck',
				'pickup_city', 'pickup_state', 'pickup_time', 'delivery_city', 'delivery_state', 'delivery_time',
				'is_flagged', 'flagging_reason', 'created_datetime',
			].sort(),
		);
	});

	it('Get Many: only the loads of two dispatchers picked in the Dispatcher dropdown', async () => {
		const [a, b] = [...new Map(s.sb.data.drivers.flatMap((d) => (d.assigned_dispatcher ? [[d.assigned_dispatcher.id, d.assigned_dispatcher]] : []))).values()];
		const { run, log } = await s.run('e2eLoadDispatch1', [
			{ name: 'Two dispatchers', parameters: { resource: 'load', operation: 'getMany', limit: 10, dispatcherIds: [a.id, b.id] } },
		]);
		const dispatcherTerm = { column: 'dispatcher__id', value: [a.id, b.id], contains: 'is_in' };
		expect(log).toHaveLength(1);
		expect(log[0].query).toEqual({ filter: JSON.stringify([dispatcherTerm]), ordering: '-created_datetime,-id', page_size: '10' });
		const expected = await direct(s.sb, `/orders/?filter=${encodeURIComponent(JSON.stringify([dispatcherTerm]))}&ordering=-created_datetime,-id&page_size=10`);
		const items = itemsOf(run, 'Two dispatchers');
		expect(items).toEqual(expected.results);
		expect(items).toHaveLength(10);
		for (const item of items) expect([a.full_name, b.full_name]).toContain(item.dispatcher__full_name);
	});

	it('Get: one load by id, raw and simplified; an unknown id is a clear error', async () => {
		const order = s.sb.data.orders[7];
		const { run, log } = await s.runAllowingFailure('e2eLoadGet000001', [
			{ name: 'Raw', parameters: { resource: 'load', operation: 'get', loadId: String(order.id) } },
			{ name: 'Simple', parameters: { resource: 'load', operation: 'get', loadId: String(order.id), simplify: true } },
			{ name: 'Unknown', parameters: { resource: 'load', operation: 'get', loadId: '99999999' }, continueOnFail: true },
		]);
		expect(log.map((e) => `${e.method} ${e.rawUrl} ${e.status}`)).toEqual([
			`GET /api/v1/openapi/orders/${order.id} 200`,
			`GET /api/v1/openapi/orders/${order.id} 200`,
			'GET /api/v1/openapi/orders/99999999 404',
		]);
		expect(authCheck(log, s.sb.token).every((l) => l.endsWith('Token ok'))).toBe(true);
		expect(itemsOf(run, 'Raw')).toEqual([await direct(s.sb, `/orders/${order.id}`)]);
		expect(itemsOf(run, 'Simple')).toEqual([
			expect.objectContaining({ id: order.id, load_id: order.load_id, status: order.status, load_pay: order.load_pay }),
		]);
		const unknown = itemsOf(run, 'Unknown')[0] ?? {};
		expect(String(unknown.error ?? errorOf(run, 'Unknown')?.message)).toMatch(/No load with ID 99999999/);
		expect(forPath(log, 'GET', `/orders/${order.id}`)).toHaveLength(2);
	});

	it('Create: a load with stops and extras from the form, and one from JSON', async () => {
		const { run, log } = await s.run('e2eLoadCreate001', [
			{
				name: 'From the form',
				parameters: {
					resource: 'load',
					operation: 'create',
					customer: 'Coyote Logistics',
					stops: {
						stop: [
							{ stopType: 'pickup', company: 'Midwest Cold Storage', city: 'Chicago', state: 'IL', zipCode: '60608', readyFrom: '2026-11-21T08:00:00', referenceId: 'PU-88412' },
							{ stopType: 'delivery', company: 'Lone Star Foods', city: 'Dallas', state: 'TX', readyFrom: '2026-11-23T14:00:00Z' },
						],
					},
					additionalFields: { loadId: 'LD-E2E-1', loadPay: '2450.00', weight: '42000.5', equipmentType: 'Reefer', tags: 'Hot, Team' },
				},
			},
			{
				name: 'From JSON',
				parameters: {
					resource: 'load',
					operation: 'create',
					specifyBody: 'json',
					jsonBody: JSON.stringify({
						customer: 'TQL',
						load_pay: 3100,
						stops: [
							{ stop_type: 'pickup', city: 'Denver', state: 'CO' },
							{ stop_type: 'delivery', city: 'Phoenix', state: 'AZ' },
						],
					}),
				},
			},
		]);
		expect(log.map((e) => `${e.method} ${e.rawUrl} ${e.status}`)).toEqual([
			'POST /api/v1/openapi/orders/create/ 201',
			'POST /api/v1/openapi/orders/create/ 201',
		]);
		expect(authCheck(log, s.sb.token).every((l) => l.endsWith('Token ok'))).toBe(true);
		expect(log[0].body).toEqual({
			customer: 'Coyote Logistics',
			load_id: 'LD-E2E-1',
			load_pay: '2450.00',
			weight: '42000.5',
			equipment_type: 'Reefer',
			tags: [{ name: 'Hot' }, { name: 'Team' }],
			stops: [
				{ stop_type: 'pickup', company_name: 'Midwest Cold Storage', address: 'Chicago, IL 60608', zip_code: '60608', enter_time: '2026-11-21T08:00:00Z', reference_id: 'PU-88412' },
				{ stop_type: 'delivery', company_name: 'Lone Star Foods', address: 'Dallas, TX', enter_time: '2026-11-23T14:00:00Z' },
			],
		});
		expect(log[1].body).toEqual({
			customer: 'TQL',
			load_pay: '3100',
			stops: [
				{ stop_type: 'pickup', address: 'Denver, CO' },
				{ stop_type: 'delivery', address: 'Phoenix, AZ' },
			],
		});
		const stored = (loadId: unknown) => JSON.parse(JSON.stringify(s.sb.data.orders.find((o) => o.id === loadId)));
		const [fromForm] = itemsOf(run, 'From the form');
		const [fromJson] = itemsOf(run, 'From JSON');
		expect(fromForm).toEqual(stored(fromForm.id));
		expect(fromForm).toEqual(expect.objectContaining({ load_id: 'LD-E2E-1', customer__company_name: 'Coyote Logistics' }));
		expect(fromJson).toEqual(stored(fromJson.id));
	});
});
