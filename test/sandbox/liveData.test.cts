import axios, { AxiosInstance } from 'axios';
import { Sandbox } from './index.cts';
import { apiClient, startTestSandbox } from './testClient.cts';

describe('live-data mode (control API /__sandbox/live-data)', () => {
	let sandbox: Sandbox;
	let client: AxiosInstance;
	let control: AxiosInstance;
	beforeAll(async () => {
		sandbox = await startTestSandbox({ loads: 60 });
		client = apiClient(sandbox);
		control = axios.create({ baseURL: `${sandbox.origin}/__sandbox`, validateStatus: () => true });
	});
	afterAll(() => sandbox.close());
	afterEach(() => control.delete('/live-data'));

	it('is off by default: pages change nothing', async () => {
		const before = JSON.stringify(sandbox.data.orders);
		await client.get('/orders/?page_size=25');
		expect(JSON.stringify(sandbox.data.orders)).toBe(before);
		expect((await control.get('/live-data')).data).toMatchObject({ pagesAnswered: 1, touched: { orders: [], workOrders: [], trucks: [] } });
	});

	it('after each list page: creates, moves to another status, deletes and shifts, and reports the ids it touched', async () => {
		const settings = await control.post('/live-data', { create: 2, move: 1, delete: 1, shift: 1, seed: 3 });
		expect(settings.status).toBe(200);
		const count = sandbox.data.orders.length;
		const statuses = new Map(sandbox.data.orders.map((order) => [order.id, order.status]));
		const first = await client.get('/orders/?page_size=5');
		expect(first.data.count).toBe(count);
		expect(sandbox.data.orders.length).toBe(count + 1);
		const second = await client.get('/orders/?page_size=5');
		expect(second.data.count).toBe(count + 1);

		const report = (await control.get('/live-data')).data;
		expect(report.pagesAnswered).toBe(2);
		const touched: number[] = report.touched.orders;
		expect(touched.length).toBeGreaterThanOrEqual(4);
		const created = touched.filter((id) => !statuses.has(id));
		expect(created).toHaveLength(4);
		// Untouched loads kept their status; a single-record read is not a list page.
		for (const order of sandbox.data.orders) if (!touched.includes(order.id)) expect(order.status).toBe(statuses.get(order.id));
		const pages = report.pagesAnswered;
		await client.get(`/orders/${sandbox.data.orders[0].id}/`);
		expect((await control.get('/live-data')).data.pagesAnswered).toBe(pages);
	});

	it('changes the data only after the page is answered: each page is in its own order, as one database read', async () => {
		// 60 loads, 40 shifts after each page: most records of a page of 25 get another sort value right after it.
		await control.post('/live-data', { shift: 40, seed: 5 });
		for (let page = 0; page < 5; page++) {
			const reply = await client.get('/orders/?ordering=-load_pay,-id&page_size=25');
			const pays: number[] = reply.data.results.map((load: { load_pay: number | null }) => load.load_pay ?? Infinity);
			expect(pays).toEqual([...pays].sort((a, b) => b - a));
		}
		expect((await control.get('/live-data')).data.touched.orders.length).toBeGreaterThan(25);
	});

	it('delays every API request by the latency', async () => {
		await control.post('/live-data', { latencyMs: 150 });
		const started = Date.now();
		await client.get('/drivers/list/?page_size=1');
		expect(Date.now() - started).toBeGreaterThanOrEqual(140);
	});

	it('refuses unknown or bad settings with a 400 naming them', async () => {
		expect((await control.post('/live-data', { creates: 1 })).data.message).toMatch(/^creates: unknown setting/);
		expect((await control.post('/live-data', { delete: -1 })).data.message).toMatch(/^delete: must be a whole number/);
	});
});
