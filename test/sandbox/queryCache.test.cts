import axios, { AxiosInstance } from 'axios';
import { Sandbox } from './index.cts';
import { apiClient, filterParam, startTestSandbox } from './testClient.cts';

/**
 * The sandbox in a process of its own keeps each list query's answer until the data changes
 * (queryCache.cts): every change made through HTTP must show on the next page all the same.
 */
describe('the query cache of a sandbox changed through HTTP only (cacheQueries)', () => {
	let sandbox: Sandbox;
	let client: AxiosInstance;
	let control: AxiosInstance;
	const ids = async (query = '?page_size=25&ordering=-id') => ((await client.get(`/orders/${query}`)).data.results as Array<{ id: number }>).map((load) => load.id);
	const count = async () => (await client.get('/orders/?page_size=1')).data.count as number;

	beforeAll(async () => {
		sandbox = await startTestSandbox({ loads: 80, cacheQueries: true });
		client = apiClient(sandbox);
		control = axios.create({ baseURL: `${sandbox.origin}/__sandbox`, validateStatus: () => true });
	});
	afterAll(() => sandbox.close());
	afterEach(() => control.delete('/live-data'));

	test('the same query on unchanged data gives the same pages, each page its own slice', async () => {
		const page1 = await ids();
		expect(await ids()).toEqual(page1);
		const page2 = await ids('?page_size=25&ordering=-id&page=2');
		expect(page2).toHaveLength(25);
		expect(page2.some((id) => page1.includes(id))).toBe(false);
	});

	test('a load created through the control API or the API, or changed through the control API, shows at once', async () => {
		const before = await count();
		expect((await control.post('/loads', { status: 'booked' })).status).toBe(201);
		expect(await count()).toBe(before + 1);
		const created = await client.post('/orders/create/', {
			customer: 'Acme Foods',
			stops: [
				{ stop_type: 'pickup', city: 'Dallas', state: 'TX' },
				{ stop_type: 'delivery', city: 'Austin', state: 'TX' },
			],
		});
		expect(created.status).toBe(201);
		expect(await count()).toBe(before + 2);

		const [newest] = await ids();
		const flagged = filterParam({ column: 'is_flagged', value: true, contains: 'is' });
		const flaggedIds = async () => ((await client.get(`/orders/?page_size=25&filter=${encodeURIComponent(flagged)}`)).data.results as Array<{ id: number }>).map((load) => load.id);
		expect(await flaggedIds()).not.toContain(newest);
		expect((await control.patch(`/loads/${newest}`, { is_flagged: true })).status).toBe(200);
		expect(await flaggedIds()).toContain(newest);
	});

	test('live-data changes after a page show on the next page request', async () => {
		await control.post('/live-data', { create: 1, delete: 1, seed: 5 });
		const first = await client.get('/orders/?page_size=25&ordering=-id');
		const second = await client.get('/orders/?page_size=25&ordering=-id');
		const touched: number[] = (await control.get('/live-data')).data.touched.orders;
		// The load created after the first page is on the second (the one created after the second is not yet).
		const created = touched.filter((id) => id > first.data.results[0].id);
		expect(created).toHaveLength(2);
		expect(second.data.results[0].id).toBe(Math.min(...created));
		expect(second.data.count).toBe(first.data.count);
	});

	test('ids left out with exclude_in are looked up as a set: the same answer as one by one', async () => {
		const all = await ids('?page_size=25&ordering=id');
		const left = filterParam({ column: 'id', value: all.slice(0, 20), contains: 'exclude_in' });
		expect(await ids(`?page_size=5&ordering=id&filter=${encodeURIComponent(left)}`)).toEqual(all.slice(20, 25));
		const kept = filterParam({ column: 'id', value: [all[3], String(all[7]), 999_999], contains: 'is_in' });
		expect(await ids(`?page_size=5&ordering=id&filter=${encodeURIComponent(kept)}`)).toEqual([all[3], all[7]]);
	});
});
