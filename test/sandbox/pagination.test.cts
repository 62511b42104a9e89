import { AxiosInstance } from 'axios';
import { Sandbox } from './index.cts';
import { apiClient, startTestSandbox } from './testClient.cts';

describe('sandbox pagination', () => {
	let sandbox: Sandbox;
	let client: AxiosInstance;
	beforeAll(async () => {
		sandbox = await startTestSandbox({ loads: 60 });
		client = apiClient(sandbox);
	});
	afterAll(() => sandbox.close());
	beforeEach(() => sandbox.configure({ nextOrigin: null, repeatNext: false, nextLinks: 'absolute', lists: {} }));

	it('wraps lists in {count, next, previous, results} with absolute links keeping the query', async () => {
		const filter = JSON.stringify([{ column: 'status', value: 'cancelled', contains: 'is_not' }]);
		const response = await client.get('/orders/', { params: { page: 2, page_size: 7, ordering: 'id', filter } });
		expect(response.status).toBe(200);
		expect(Object.keys(response.data).sort()).toEqual(['count', 'next', 'previous', 'results']);
		const expectedCount = sandbox.data.orders.filter((o) => o.status !== 'cancelled').length;
		expect(response.data.count).toBe(expectedCount);
		expect(response.data.results).toHaveLength(7);

		const next = new URL(response.data.next);
		expect(next.origin).toBe(sandbox.origin);
		expect(next.pathname).toBe('/api/v1/openapi/orders/');
		expect(Object.fromEntries(next.searchParams)).toEqual({ page: '3', page_size: '7', ordering: 'id', filter });
		// Page 1 drops the page parameter, as DRF does.
		const previous = new URL(response.data.previous);
		expect(Object.fromEntries(previous.searchParams)).toEqual({ page_size: '7', ordering: 'id', filter });
	});

	it('following next walks every record exactly once and ends with next null', async () => {
		const seen: number[] = [];
		let url: string | null = `${sandbox.baseUrl}/orders/?page_size=25&ordering=id`;
		let pages = 0;
		while (url !== null && pages < 10) {
			const response: { data: { next: string | null; results: { id: number }[] } } = await client.get(url);
			seen.push(...response.data.results.map((o) => o.id));
			url = response.data.next;
			pages += 1;
		}
		expect(pages).toBe(3);
		expect(seen).toEqual(sandbox.data.orders.map((o) => o.id).sort((a, b) => a - b));
	});

	it('keeps each other parameter once, the last value given', async () => {
		const response = await client.get('/orders/?page_size=5&page_size=4&page=1&page=2&status=x&status=y');
		expect(response.data.results).toHaveLength(4);
		const next = new URL(response.data.next);
		expect(next.searchParams.getAll('page_size')).toEqual(['4']);
		expect(next.searchParams.getAll('page')).toEqual(['3']);
		expect(next.searchParams.getAll('status')).toEqual(['y']);
	});

	it.each(['0', '-1', '1.5', 'abc', '', 'last'])('rejects page=%p with 400', async (page) => {
		const response = await client.get(`/orders/?page=${page}`);
		expect(response.status).toBe(400);
		expect(response.data).toMatchObject({ error: 400, message: expect.stringContaining('page') });
	});

	it('answers a page past the end with 404 "Invalid page."', async () => {
		const response = await client.get('/orders/?page=7&page_size=10');
		expect(response.status).toBe(404);
		expect(response.data).toEqual({ error: 404, message: 'Invalid page.' });
		expect((await client.get('/orders/?page=6&page_size=10')).status).toBe(200);
	});

	it('answers page 1 of an empty list with empty results', async () => {
		const filter = JSON.stringify([{ column: 'status', value: 'no-such-status', contains: 'is' }]);
		const response = await client.get('/orders/', { params: { filter } });
		expect(response.status).toBe(200);
		expect(response.data).toEqual({ count: 0, next: null, previous: null, results: [] });
		expect((await client.get('/orders/', { params: { filter, page: 2 } })).status).toBe(404);
	});

	it.each([
		['/orders/', '26'],
		['/orders/', '0'],
		['/orders/', 'all'],
		['/orders/', 'ten'],
		['/trucks/list/', '26'],
		['/trucks/list/', 'all'],
		['/work-orders/', '26'],
		['/work-orders/', 'all'],
		['/drivers/list/', '0'],
		['/trailers/list/', '-3'],
		['/trailers/list/', 'ALL'],
	])('%s rejects page_size=%s with 400', async (path, size) => {
		const response = await client.get(`${path}?page_size=${size}`);
		expect(response.status).toBe(400);
		expect(response.data.message).toContain('page_size');
	});

	it('loads, trucks and work orders accept page_size 25 and default to 10', async () => {
		for (const path of ['/orders/', '/trucks/list/', '/work-orders/']) {
			expect((await client.get(path)).data.results).toHaveLength(10);
			expect((await client.get(`${path}?page_size=25`)).data.results).toHaveLength(25);
		}
	});

	it('drivers and trailers accept all and sizes above 25', async () => {
		for (const [path, total] of [
			['/drivers/list/', sandbox.data.drivers.length],
			['/trailers/list/', sandbox.data.trailers.length],
		] as const) {
			const all = await client.get(`${path}?page_size=all`);
			expect(all.data.count).toBe(total);
			expect(all.data.results).toHaveLength(total);
			expect(all.data.next).toBeNull();
			expect((await client.get(`${path}?page_size=all&page=2`)).status).toBe(404);
			expect((await client.get(`${path}?page_size=26`)).data.results).toHaveLength(Math.min(26, total));
			expect((await client.get(path)).data.results).toHaveLength(10);
		}
	});

	it('the dispatcher board accepts page_size=all and pages by 1', async () => {
		const window = 'start_date=2025-01-01&end_date=2025-12-31';
		const all = await client.get(`/orders/dispatcher-board/list/?${window}&page_size=all`);
		expect(all.status).toBe(200);
		expect(all.data.next).toBeNull();
		expect(all.data.results.length).toBe(all.data.count);
		expect(all.data.count).toBeGreaterThan(1);
		const first = await client.get(`/orders/dispatcher-board/list/?${window}&page_size=1`);
		expect(first.data.results).toHaveLength(1);
		expect(new URL(first.data.next).searchParams.get('start_date')).toBe('2025-01-01');
	});

	it('nextOrigin makes links point at a foreign origin', async () => {
		sandbox.configure({ nextOrigin: 'http://evil.example:8080' });
		const response = await client.get('/orders/?page=2');
		expect(response.data.next).toBe('http://evil.example:8080/api/v1/openapi/orders/?page=3');
		expect(response.data.previous).toBe('http://evil.example:8080/api/v1/openapi/orders/');
	});

	it('repeatNext makes next point at the page just served', async () => {
		sandbox.configure({ repeatNext: true });
		const first = await client.get('/orders/?page_size=25');
		expect(first.data.next).toBe(`${sandbox.baseUrl}/orders/?page_size=25&page=1`);
		const again = await client.get(first.data.next);
		expect(again.data.next).toBe(first.data.next);
		expect(again.data.results).toEqual(first.data.results);
		// Even the last page has a next link in this mode.
		expect((await client.get('/orders/?page_size=25&page=3')).data.next).toContain('page=3');
	});

	it.each([
		['http', (origin: string) => `${origin.replace(/^https:/, 'http:')}/api/v1/openapi/work-orders/?page=3`],
		['relative', () => '/api/v1/openapi/work-orders/?page=3'],
		['resourceRelative', () => '/work-orders/?page=3'],
	] as const)('nextLinks %s writes next in that form (Datatruck\'s page prints "/work-orders/?page=2")', async (form, expected) => {
		sandbox.configure({ nextLinks: form });
		const response = await client.get('/work-orders/?page=2&page_size=5');
		expect(response.data.next).toBe(expected(sandbox.origin).replace('page=3', 'page_size=5&page=3'));
		expect(response.data.previous).toBe(expected(sandbox.origin).replace('?page=3', '?page_size=5'));
	});

	it('nextLinks absent leaves out next and previous; the count still tells', async () => {
		sandbox.configure({ nextLinks: 'absent' });
		const response = await client.get('/orders/?page=2');
		expect(Object.keys(response.data).sort()).toEqual(['count', 'results']);
	});

	it('bareArray answers the page\'s records alone, in the page size served', async () => {
		sandbox.configure({ lists: { loads: { bareArray: true, ignorePageSize: true } } });
		const enveloped = sandbox.data.orders.length;
		const first = await client.get('/orders/?page_size=25&ordering=id');
		expect(Array.isArray(first.data)).toBe(true);
		expect(first.data).toHaveLength(10);
		const second = await client.get('/orders/?page_size=25&ordering=id&page=2');
		expect(second.data[0].id).toBeGreaterThan(first.data[9].id);
		expect(enveloped).toBeGreaterThan(20);
	});

	it('the published profile: 10 a page on every list, resource-relative links, work orders without a creation time', async () => {
		sandbox.configure({ profile: 'published' });
		try {
			for (const path of ['/orders/?page_size=25', '/work-orders/?page_size=25', '/drivers/list/?page_size=all', '/trucks/list/?page_size=25', '/trailers/list/?page_size=all']) {
				const page = (await client.get(path)).data;
				expect(page.results.length).toBeLessThanOrEqual(10);
				if (page.next) expect(page.next).toMatch(/^\/(orders|work-orders|drivers|trucks|trailers)\//);
			}
			const workOrder = (await client.get('/work-orders/')).data.results[0];
			expect(workOrder).not.toHaveProperty('created_datetime');
		} finally {
			sandbox.configure({ profile: 'default' });
		}
	});
});
