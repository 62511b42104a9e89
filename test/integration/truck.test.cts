import { useSandbox } from '../harness/sandbox.cts';
import { describeCreate, describeSearchAndStatus, type EquipmentCase } from './equipment.cts';

const dt = useSandbox();

const TRUCK: EquipmentCase = {
	resource: 'truck',
	basePath: '/api/v1/openapi/trucks/',
	records: (sandbox) => sandbox.sandbox.data.trucks,
	extraFields: {},
	extraBody: {},
};

describe('Truck › Get Many', () => {
	test('Return All asks for pages of 25 to the end: in ID order, ids one after another at the boundary, one pass is every truck once', async () => {
		const result = await dt.run({ parameters: { resource: 'truck', operation: 'getMany', returnAll: true } });

		expect(result.error).toBeUndefined();
		const trucks = [...dt.sandbox.data.trucks].sort((a, b) => a.id - b.id);
		expect(trucks.length).toBeGreaterThan(25);
		expect(trucks.length).toBeLessThanOrEqual(50);
		expect(trucks[25].id).toBe(trucks[24].id + 1);
		// No truck can lie between page 1's last ID and page 2's first (docs: "Passes that cover each other").
		expect(dt.sandbox.log.map(({ method, path, query }) => ({ method, path, query }))).toEqual([
			{ method: 'GET', path: '/api/v1/openapi/trucks/list/', query: { page_size: '25' } },
			{ method: 'GET', path: '/api/v1/openapi/trucks/list/', query: { page_size: '25', page: '2' } },
		]);
		expect(result.json).toEqual(JSON.parse(JSON.stringify(trucks)));
	});

	test('Return All where an ID is missing at the page boundary: every page once more, by number, to prove nothing moved', async () => {
		const trucks = dt.sandbox.data.trucks;
		const [removed] = trucks.splice(25, 1);
		const result = await dt.run({ parameters: { resource: 'truck', operation: 'getMany', returnAll: true } });
		trucks.splice(25, 0, removed);

		expect(result.error).toBeUndefined();
		// A truck between the boundary's IDs may have moved back onto page 1 unseen: two passes that agree prove it did not.
		const pass = [
			{ method: 'GET', path: '/api/v1/openapi/trucks/list/', query: { page_size: '25' } },
			{ method: 'GET', path: '/api/v1/openapi/trucks/list/', query: { page_size: '25', page: '2' } },
		];
		// The second pass asks every page by its number, page 1 too, all at once: they may arrive in any order.
		const again = [{ ...pass[0], query: { page_size: '25', page: '1' } }, pass[1]];
		const requests = dt.sandbox.log.map(({ method, path, query }) => ({ method, path, query }));
		const byPage = (a: { query: Record<string, unknown> }, b: { query: Record<string, unknown> }) => String(a.query.page).localeCompare(String(b.query.page));
		expect([...requests.slice(0, 2), ...requests.slice(2).sort(byPage)]).toEqual([...pass, ...again]);
		expect(result.json).toEqual(JSON.parse(JSON.stringify(trucks.filter((truck) => truck !== removed))));
	});

	test('Limit under 25 is one page of that size; over 25 it stops at the limit', async () => {
		const small = await dt.run({ parameters: { resource: 'truck', operation: 'getMany', returnAll: false, limit: 5 } });
		expect(small.json.map((truck) => truck.id)).toEqual(dt.sandbox.data.trucks.slice(0, 5).map((truck) => truck.id));
		const large = await dt.run({ parameters: { resource: 'truck', operation: 'getMany', returnAll: false, limit: 30 } });
		expect(large.json.map((truck) => truck.id)).toEqual(dt.sandbox.data.trucks.slice(0, 30).map((truck) => truck.id));
		expect(dt.sandbox.log.map((entry) => entry.query)).toEqual([
			{ page_size: '5' },
			{ page_size: '25' },
			{ page_size: '25', page: '2' },
		]);
	});

	test('one list per input item with its own status, in input order and paired', async () => {
		const result = await dt.run({
			parameters: { resource: 'truck', operation: 'getMany', returnAll: true, filters: { status: '={{ $json.status }}' } },
			items: [{ status: 'Inactive' }, { status: 'In Shop' }],
		});
		const inactive = dt.sandbox.data.trucks.filter((truck) => truck.status === 'Inactive');
		const inShop = dt.sandbox.data.trucks.filter((truck) => truck.status === 'In Shop');
		expect(inactive.length + inShop.length).toBeGreaterThan(0);
		expect(dt.sandbox.log.map((entry) => entry.query)).toEqual([
			{ page_size: '25', status: 'Inactive' },
			{ page_size: '25', status: 'In Shop' },
		]);
		expect(result.json.map((truck) => truck.id)).toEqual([...inactive, ...inShop].map((truck) => truck.id));
		expect(result.items.map((item) => item.pairedItem)).toEqual([
			...inactive.map(() => ({ item: 0 })),
			...inShop.map(() => ({ item: 1 })),
		]);
	});
});

describeSearchAndStatus(dt, TRUCK);
describeCreate(dt, TRUCK);
