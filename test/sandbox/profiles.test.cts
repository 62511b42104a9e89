import axios, { AxiosInstance } from 'axios';
import { PROFILE_SETTINGS, Sandbox, SandboxConfig } from './index.cts';
import { apiClient, filterParam, startTestSandbox } from './testClient.cts';

type Listed = { count: number; next: string | null; results: { id: number; status?: string | null }[] };

describe('sandbox profiles: the ways Datatruck may differ (issue 28)', () => {
	let sandbox: Sandbox;
	let client: AxiosInstance;
	beforeAll(async () => {
		sandbox = await startTestSandbox({ loads: 80 });
		client = apiClient(sandbox);
	});
	afterAll(() => sandbox.close());
	beforeEach(() => {
		sandbox.configure({ profile: 'default' });
		sandbox.clearLog();
	});

	const list = async (path: string, params: Record<string, string | number> = {}): Promise<Listed> => {
		const response = await client.get(path, { params });
		expect(response.status).toBe(200);
		return response.data as Listed;
	};
	const ids = (page: Listed): number[] => page.results.map((record) => record.id);
	const postConfig = (body: unknown) => axios.post(`${sandbox.origin}/__sandbox/config`, body, { validateStatus: () => true });

	describe('configuration', () => {
		it.each([
			[{ lists: { lorries: {} } }, /lists: lorries: unknown list; use one of loads, workOrders/],
			[{ lists: { loads: { ignoreFilter: [] } } }, /lists: loads\.ignoreFilter: must be true or a non-empty list of column names/],
			[{ lists: { loads: { singleOrdering: 'first' } } }, /lists: loads\.singleOrdering: must be "reject" or "ignoreRest"/],
			[{ lists: { loads: { pageSize: 25 } } }, /lists: loads\.pageSize: unknown switch/],
			[{ lists: { trucks: { ignoreOrdering: true } } }, /lists: trucks\.ignoreOrdering: does nothing on this list; use one of ignoreFilter, ignorePageSize/],
			[{ lists: { trailers: { ignoreFilter: ['id'] } } }, /lists: trailers\.ignoreFilter: must be true or a non-empty list of search, status/],
			[{ lists: { dispatcherBoard: { ignoreFilter: true } } }, /dispatcherBoard\.ignoreFilter: does nothing on this list; use one of ignorePageSize/],
			[{ maxRequestLine: { bytes: 4094, status: 413 } }, /maxRequestLine: must be null or \{bytes, status\}/],
			[{ loadsDispatcherId: 'no' }, /loadsDispatcherId: must be true or false/],
			[{ profile: 'strict' }, /profile: must be one of "default", "spec-only"/],
		])('refuses %j with a 400 naming the setting', async (body, message) => {
			const response = await postConfig(body);
			expect(response.status).toBe(400);
			expect(response.data.message).toMatch(message);
		});

		it('a profile sets its switches, keys beside it win, and default restores today', async () => {
			const specOnly = await postConfig({ profile: 'spec-only', loadsDispatcherId: true });
			expect(specOnly.status).toBe(200);
			expect(specOnly.data).toMatchObject({ ...PROFILE_SETTINGS['spec-only'], profile: 'spec-only', loadsDispatcherId: true });
			const restored = (await postConfig({ profile: 'default' })).data as SandboxConfig;
			expect(restored).toMatchObject({ lists: {}, maxRequestLine: null, loadsDispatcherId: true, profile: 'default' });
		});

		it('starts in a profile when asked', async () => {
			const strict = await startTestSandbox({ loads: 5, profile: 'spec-only' });
			try {
				const config = (await axios.get(`${strict.origin}/__sandbox/config`)).data as SandboxConfig;
				expect(config).toMatchObject({ profile: 'spec-only', maxRequestLine: { bytes: 4094, status: 400 }, loadsDispatcherId: false });
			} finally {
				await strict.close();
			}
		});
	});

	describe('ignoreFilter', () => {
		const cancelled = { column: 'status', value: 'cancelled', contains: 'is' };
		const paid = { column: 'load_pay', value: '1', contains: 'greater_than' };

		it('true: the whole filter is ignored', async () => {
			const total = (await list('/orders/')).count;
			expect((await list('/orders/', { filter: filterParam(cancelled) })).count).toBeLessThan(total);
			sandbox.configure({ lists: { loads: { ignoreFilter: true } } });
			expect((await list('/orders/', { filter: filterParam(cancelled) })).count).toBe(total);
		});

		it('a column list: only the conditions on those columns are ignored', async () => {
			const paidOnly = (await list('/orders/', { filter: filterParam(paid) })).count;
			expect((await list('/orders/', { filter: filterParam(cancelled, paid) })).count).toBeLessThan(paidOnly);
			sandbox.configure({ lists: { loads: { ignoreFilter: ['status'] } } });
			expect((await list('/orders/', { filter: filterParam(cancelled, paid) })).count).toBe(paidOnly);
		});

		it('the driver list without the id filter answers every driver', async () => {
			const driverId = sandbox.data.drivers[3].id;
			const byId = { column: 'id', value: driverId, contains: 'is' };
			expect(ids(await list('/drivers/list/', { filter: filterParam(byId) }))).toEqual([driverId]);
			sandbox.configure({ lists: { drivers: { ignoreFilter: ['id'] } } });
			const answered = await list('/drivers/list/', { filter: filterParam(byId), page_size: 'all' });
			expect(answered.count).toBe(sandbox.data.drivers.length);
		});

		it('trucks and trailers: the search and status parameters are ignored', async () => {
			const unit = sandbox.data.trucks[0].unit_number;
			expect((await list('/trucks/list/', { search: unit })).count).toBeLessThan(sandbox.data.trucks.length);
			sandbox.configure({ lists: { trucks: { ignoreFilter: true }, trailers: { ignoreFilter: ['status'] } } });
			expect((await list('/trucks/list/', { search: unit })).count).toBe(sandbox.data.trucks.length);
			expect((await list('/trailers/list/', { status: 'no such status' })).count).toBe(sandbox.data.trailers.length);
			expect((await list('/trailers/list/', { search: 'no such trailer' })).count).toBe(0);
		});
	});

	describe('ordering', () => {
		it('ignoreOrdering: the default order whatever ordering says', async () => {
			const newestFirst = ids(await list('/orders/', { page_size: 25 }));
			expect(ids(await list('/orders/', { page_size: 25, ordering: 'id' }))).not.toEqual(newestFirst);
			sandbox.configure({ lists: { loads: { ignoreOrdering: true } } });
			expect(ids(await list('/orders/', { page_size: 25, ordering: 'id' }))).toEqual(newestFirst);
		});

		it('ignoreOrdering with a field: answers in that order whatever ordering says (work orders oldest first, or by procedure)', async () => {
			const byId = [...sandbox.data.workOrders].map((w) => w.id).sort((a, b) => a - b);
			expect(ids(await list('/work-orders/', { page_size: 25, ordering: '-id' }))).toEqual([...byId].reverse().slice(0, 25));
			sandbox.configure({ lists: { workOrders: { ignoreOrdering: 'id' } } });
			expect(ids(await list('/work-orders/', { page_size: 25, ordering: '-id' }))).toEqual(byId.slice(0, 25));
			sandbox.configure({ lists: { workOrders: { ignoreOrdering: 'procedure_name' } } });
			const byProcedure = [...sandbox.data.workOrders].sort((a, b) => a.procedure_name.localeCompare(b.procedure_name, 'en') || a.id - b.id);
			const answered = ids(await list('/work-orders/', { page_size: 25, ordering: '-id' }));
			expect(answered).toEqual(byProcedure.map((w) => w.id).slice(0, 25));
			// Neither newest nor oldest first: what the node cannot page through to the newest.
			expect(answered).not.toEqual([...answered].sort((a, b) => a - b));
			expect(answered).not.toEqual([...answered].sort((a, b) => b - a));
		});

		it.each([['id,-status'], ['-'], [3]])('ignoreOrdering %p: refused with a 400 naming the switch', async (value) => {
			const response = await postConfig({ lists: { workOrders: { ignoreOrdering: value } } });
			expect(response.status).toBe(400);
			expect(response.data.message).toMatch(/workOrders\.ignoreOrdering: must be true, false or one ordering field such as "id"/);
		});

		it('singleOrdering reject: a 400 on two fields, one field still sorts', async () => {
			sandbox.configure({ lists: { loads: { singleOrdering: 'reject' } } });
			const refused = await client.get('/orders/', { params: { ordering: '-created_datetime,-id' } });
			expect(refused.status).toBe(400);
			expect(refused.data).toEqual({ error: 400, message: 'Invalid ordering: this list sorts by one field, got "-created_datetime,-id".' });
			expect(ids(await list('/orders/', { ordering: 'id' }))).toEqual([...sandbox.data.orders].map((o) => o.id).sort((a, b) => a - b).slice(0, 10));
		});

		it('singleOrdering ignoreRest: sorts by the first field alone', async () => {
			const byStatus = ids(await list('/orders/', { page_size: 25, ordering: 'status' }));
			expect(ids(await list('/orders/', { page_size: 25, ordering: 'status,-id' }))).not.toEqual(byStatus);
			sandbox.configure({ lists: { loads: { singleOrdering: 'ignoreRest' } } });
			expect(ids(await list('/orders/', { page_size: 25, ordering: 'status,-id' }))).toEqual(byStatus);
		});
	});

	describe('rejectUnknownColumns', () => {
		it('loads: a filter on dispatcher__id, which the spec does not publish, is a 400', async () => {
			const byDispatcher = filterParam({ column: 'dispatcher__id', value: sandbox.data.dispatchers[0].id, contains: 'is' });
			expect((await client.get('/orders/', { params: { filter: byDispatcher } })).status).toBe(200);
			sandbox.configure({ lists: { loads: { rejectUnknownColumns: true } } });
			const refused = await client.get('/orders/', { params: { filter: byDispatcher } });
			expect(refused.status).toBe(400);
			expect(refused.data.message).toBe('Invalid filter: filter[0].column "dispatcher__id" is not a filterable field of this list.');
			expect((await client.get('/orders/', { params: { filter: filterParam({ column: 'status', value: 'booked', contains: 'is' }) } })).status).toBe(200);
		});

		it('work orders: no column is published, so any filter is a 400', async () => {
			sandbox.configure({ lists: { workOrders: { rejectUnknownColumns: true } } });
			const refused = await client.get('/work-orders/', { params: { filter: filterParam({ column: 'status', value: 'open', contains: 'is' }) } });
			expect(refused.status).toBe(400);
			expect(refused.data.message).toMatch(/"status" is not a filterable field/);
		});
	});

	describe('ignorePageSize', () => {
		it('answers pages of its own size (10), all included, and links to the next one', async () => {
			sandbox.configure({ lists: { workOrders: { ignorePageSize: true }, drivers: { ignorePageSize: true }, dispatcherBoard: { ignorePageSize: true } } });
			const workOrders = await list('/work-orders/', { page_size: 25 });
			expect(workOrders.results).toHaveLength(10);
			expect(workOrders.count).toBe(sandbox.data.workOrders.length);
			expect(new URL(workOrders.next as string).searchParams.get('page')).toBe('2');
			expect((await list('/drivers/list/', { page_size: 'all' })).results).toHaveLength(10);
			expect((await list('/drivers/list/', { page_size: 'nonsense' })).results).toHaveLength(10);
		});
	});

	describe('maxRequestLine', () => {
		const API_PATH = '/api/v1/openapi/orders/?pad=';
		/** A GET of the loads list whose request line is exactly `bytes` long. */
		const lineOf = (bytes: number): string => `${API_PATH}${'a'.repeat(bytes - `GET ${API_PATH} HTTP/1.1`.length)}`;
		const get = (path: string) => axios.get(`${sandbox.origin}${path}`, { headers: { Authorization: `Token ${sandbox.token}` }, validateStatus: () => true });

		it("400: gunicorn's page past the limit, the request line measured as the server reads it", async () => {
			sandbox.configure({ maxRequestLine: { bytes: 4094, status: 400 } });
			expect((await get(lineOf(4094))).status).toBe(200);
			const refused = await get(lineOf(4101));
			expect(refused.status).toBe(400);
			expect(refused.headers['content-type']).toBe('text/html');
			expect(refused.data).toContain('Request Line is too large (4101 &gt; 4094)');
			expect(sandbox.log.map((entry) => entry.status)).toEqual([200, 400]);
		});

		it('414: a front server that answers Request-URI Too Large', async () => {
			sandbox.configure({ maxRequestLine: { bytes: 4000, status: 414 } });
			const refused = await get(lineOf(4001));
			expect(refused.status).toBe(414);
			expect(refused.data).toContain('414 Request-URI Too Large');
			sandbox.configure({ maxRequestLine: null });
			expect((await get(lineOf(4001))).status).toBe(200);
		});
	});

	describe('loadsDispatcherId', () => {
		it('false: loads filter and sort only on the published dispatcher__full_name', async () => {
			sandbox.configure({ loadsDispatcherId: false });
			const dispatcher = sandbox.data.dispatchers[0];
			const byId = await client.get('/orders/', { params: { filter: filterParam({ column: 'dispatcher__id', value: dispatcher.id, contains: 'is' }) } });
			expect(byId.status).toBe(400);
			expect(byId.data.message).toMatch(/"dispatcher__id" is not a field of this list/);
			expect((await client.get('/orders/', { params: { ordering: 'dispatcher__id' } })).status).toBe(400);
			const byName = await list('/orders/', { filter: filterParam({ column: 'dispatcher__full_name', value: [dispatcher.full_name], contains: 'is_in' }) });
			expect(byName.count).toBe(sandbox.data.orders.filter((order) => order.dispatcher__full_name === dispatcher.full_name).length);
			expect(byName.count).toBeGreaterThan(0);
		});
	});

	describe('the spec-only profile', () => {
		beforeEach(() => sandbox.configure({ profile: 'spec-only' }));

		it('loads: one ordering field, published columns only, no dispatcher__id', async () => {
			expect((await client.get('/orders/', { params: { ordering: '-created_datetime,-id' } })).status).toBe(400);
			expect((await client.get('/orders/', { params: { ordering: '-created_datetime' } })).status).toBe(200);
			expect((await client.get('/orders/', { params: { filter: filterParam({ column: 'dispatcher__id', value: 1, contains: 'is' }) } })).status).toBe(400);
			const booked = await list('/orders/', { filter: filterParam({ column: 'status', value: 'booked', contains: 'is' }), page_size: 25 });
			expect(booked.results.every((order) => order.status === 'booked')).toBe(true);
		});

		it('work orders and trucks: no query support, pages of 10', async () => {
			const workOrders = await list('/work-orders/', { filter: filterParam({ column: 'id', value: 1, contains: 'is' }), ordering: 'id', page_size: 25 });
			expect(workOrders.count).toBe(sandbox.data.workOrders.length);
			expect(workOrders.results).toHaveLength(10);
			const newestFirst = [...sandbox.data.workOrders].map((w) => w.id).sort((a, b) => b - a);
			expect(ids(workOrders)).toEqual(newestFirst.slice(0, 10));
			const trucks = await list('/trucks/list/', { search: sandbox.data.trucks[0].unit_number, page_size: 25 });
			expect(trucks.count).toBe(sandbox.data.trucks.length);
			expect(trucks.results).toHaveLength(Math.min(10, sandbox.data.trucks.length));
		});

		it('drivers: the id filter is ignored, the published driver_type filter holds', async () => {
			const all = await list('/drivers/list/', { filter: filterParam({ column: 'id', value: sandbox.data.drivers[0].id, contains: 'is' }) });
			expect(all.count).toBe(sandbox.data.drivers.length);
			const driverType = sandbox.data.drivers[0].driver_type;
			const typed = await list('/drivers/list/', { filter: filterParam({ column: 'driver_type', value: driverType, contains: 'is' }), page_size: 'all' });
			expect(typed.count).toBe(sandbox.data.drivers.filter((driver) => driver.driver_type === driverType).length);
			expect((await client.get('/drivers/list/', { params: { ordering: 'account__last_name,id' } })).status).toBe(400);
		});

		it("trailers and the dispatcher board serve what the spec publishes; long request lines get gunicorn's 400", async () => {
			expect((await list('/trailers/list/', { page_size: 'all' })).count).toBe(sandbox.data.trailers.length);
			const board = await client.get('/orders/dispatcher-board/list/', { params: { start_date: '2025-05-01', end_date: '2025-05-31', page_size: 'all' } });
			expect(board.status).toBe(200);
			const long = await client.get('/orders/', { params: { filter: filterParam({ column: 'id', value: Array.from({ length: 1500 }, (_, i) => i + 1), contains: 'is_not_in' }) } });
			expect(long.status).toBe(400);
			expect(long.data).toMatch(/Request Line is too large \(\d+ &gt; 4094\)/);
		});
	});
});

test('a sandbox started in the published profile serves it whole: work orders without a creation time, relative links', async () => {
	const published = await startTestSandbox({ loads: 30, profile: 'published' });
	try {
		const client = apiClient(published);
		const page = (await client.get('/work-orders/')).data as Listed;
		expect(page.results[0]).not.toHaveProperty('created_datetime');
		expect((await client.get('/orders/')).data.next).toBe('/orders/?page=2');
	} finally {
		await published.close();
	}
});
