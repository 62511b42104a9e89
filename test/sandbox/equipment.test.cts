import { AxiosInstance } from 'axios';
import { Sandbox, Trailer, Truck } from './index.cts';
import { apiClient, startTestSandbox } from './testClient.cts';

describe.each([
	['trailers', '/trailers/list/', (s: Sandbox) => s.data.trailers],
	['trucks', '/trucks/list/', (s: Sandbox) => s.data.trucks],
] as const)('sandbox %s list', (_, path, records) => {
	let sandbox: Sandbox;
	let client: AxiosInstance;
	beforeAll(async () => {
		sandbox = await startTestSandbox({ loads: 5 });
		client = apiClient(sandbox);
	});
	afterAll(() => sandbox.close());

	const ids = async (params: Record<string, string>) => {
		const response = await client.get(path, { params: { ...params, page_size: 25 } });
		expect(response.status).toBe(200);
		return response.data.results.map((r: { id: number }) => r.id);
	};
	const expectedIds = (predicate: (r: Trailer | Truck) => boolean) => records(sandbox).filter(predicate).map((r) => r.id).slice(0, 25);

	it.each(['unit_number', 'plate_number', 'vin', 'make', 'model'] as const)('search matches %s case-insensitively', async (field) => {
		// Part of a real value with every letter's case flipped.
		const needle = [...records(sandbox)[3][field].slice(1, 5)].map((c) => (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase())).join('');
		const fields = ['unit_number', 'plate_number', 'vin', 'make', 'model'] as const;
		const expected = expectedIds((r) => fields.some((f) => r[f].toLowerCase().includes(needle.toLowerCase())));
		expect(expected).toContain(records(sandbox)[3].id);
		expect(expected.length).toBeLessThan(records(sandbox).length);
		expect(await ids({ search: needle })).toEqual(expected);
	});

	it('status is an exact match and combines with search', async () => {
		const active = expectedIds((r) => r.status === 'Active');
		expect(active.length).toBeGreaterThan(0);
		expect(active.length).toBeLessThan(records(sandbox).length);
		expect(await ids({ status: 'Active' })).toEqual(active);
		expect(await ids({ status: 'active' })).toEqual([]);
		const make = records(sandbox)[0].make;
		expect(await ids({ status: 'Active', search: make })).toEqual(expectedIds((r) => r.status === 'Active' && r.make.includes(make)));
	});

	it('a search that matches nothing gives an empty page', async () => {
		expect(await ids({ search: 'no-such-unit' })).toEqual([]);
	});

	it('records carry the published fields', async () => {
		const [first] = (await client.get(path)).data.results;
		const common = ['id', 'unit_number', 'vin', 'make', 'model', 'year', 'status', 'plate_number', 'state', 'type', 'dispatch_status'];
		const own = path === '/trailers/list/' ? ['driver_operator', 'co_driver_operator'] : ['driver'];
		expect(Object.keys(first).sort()).toEqual([...common, ...own].sort());
	});
});
