import axios, { AxiosInstance } from 'axios';
import { Order, Sandbox, SANDBOX_TOKEN } from './index.cts';
import { apiClient, FIXED_NOW, startTestSandbox } from './testClient.cts';

describe('sandbox request log and control API', () => {
	let sandbox: Sandbox;
	let client: AxiosInstance;
	let control: AxiosInstance;
	beforeAll(async () => {
		sandbox = await startTestSandbox({ loads: 30 });
		client = apiClient(sandbox);
		control = axios.create({ baseURL: `${sandbox.origin}/__sandbox`, validateStatus: () => true });
	});
	afterAll(() => sandbox.close());
	beforeEach(() => sandbox.clearLog());

	describe('request log', () => {
		it('records method, path, query (repeated keys as arrays), raw URL, headers, parsed body, status, time, the address it came from and the ids a page answered', async () => {
			const before = Date.now();
			await client.get('/orders/?page_size=2&ordering=-id&tag=a&tag=b');
			await client.post('/work-orders/create/', { procedure_name: 'TRK Wash' });
			await client.post('/trucks/create/', 'not json', { headers: { 'Content-Type': 'text/plain' } });
			expect(sandbox.log).toHaveLength(3);
			const [list, create, text] = sandbox.log;
			expect(list).toEqual({
				method: 'GET',
				path: '/api/v1/openapi/orders/',
				query: { page_size: '2', ordering: '-id', tag: ['a', 'b'] },
				rawUrl: '/api/v1/openapi/orders/?page_size=2&ordering=-id&tag=a&tag=b',
				headers: { authorization: `Token ${SANDBOX_TOKEN}`, host: new URL(sandbox.origin).host },
				body: undefined,
				status: 200,
				at: expect.any(Number),
				clientAddress: '127.0.0.1',
				answered: { ids: sandbox.data.orders.map((load) => load.id).sort((a, b) => b - a).slice(0, 2), count: sandbox.data.orders.length },
			});
			expect(list.at).toBeGreaterThanOrEqual(before);
			expect(create).toMatchObject({ method: 'POST', body: { procedure_name: 'TRK Wash' }, status: 201 });
			expect(create.answered).toBeUndefined();
			expect(create.headers['content-type']).toMatch(/^application\/json/);
			expect(text).toMatchObject({ body: 'not json', status: 415 });
		});

		it('records requests rejected by auth, rate limit and routing', async () => {
			await axios.get(`${sandbox.baseUrl}/orders/`, { validateStatus: () => true });
			await client.get('/no-such-endpoint/');
			sandbox.configure({ rateLimit: { limit: 1, windowMs: 60_000 } });
			await client.get('/orders/');
			await client.get('/orders/');
			sandbox.configure({ rateLimit: false });
			expect(sandbox.log.map((e) => e.status)).toEqual([401, 404, 200, 429]);
			expect(sandbox.log[0].headers.authorization).toBeUndefined();
		});

		it('leaves control requests out', async () => {
			await control.get('/health');
			await control.get('/requests');
			expect(sandbox.log).toHaveLength(0);
		});
	});

	describe('control endpoints', () => {
		it('GET /health reports the store', async () => {
			const response = await control.get('/health');
			expect(response.status).toBe(200);
			expect(response.data).toMatchObject({ ok: true, seed: 42, loads: 30, orders: sandbox.data.orders.length });
		});

		it('GET and DELETE /requests read and clear the log', async () => {
			await client.get('/trucks/list/');
			const log = await control.get('/requests');
			expect(log.data).toEqual(JSON.parse(JSON.stringify(sandbox.log)));
			expect(log.data[0].path).toBe('/api/v1/openapi/trucks/list/');
			expect((await control.delete('/requests')).status).toBe(200);
			expect(sandbox.log).toHaveLength(0);
		});

		it('POST /config changes settings, rejects unknown or bad ones, never returns tokens', async () => {
			const response = await control.post('/config', { driverUpdateReply: 'array', payrollDateBy: 'delivery' });
			expect(response.status).toBe(200);
			expect(response.data).toMatchObject({ driverUpdateReply: 'array', payrollDateBy: 'delivery', rateLimit: false });
			expect(JSON.stringify(response.data)).not.toContain(SANDBOX_TOKEN);
			expect((await control.post('/config', { colour: 'red' })).status).toBe(400);
			expect((await control.post('/config', { rateLimit: { limit: 0, windowMs: 10 } })).status).toBe(400);
			expect((await control.post('/config', { nextOrigin: 'not a url' })).status).toBe(400);
			await control.post('/config', { driverUpdateReply: 'detail', payrollDateBy: 'pickup' });
		});

		it('POST /config tokens replaces the accepted keys', async () => {
			await control.post('/config', { tokens: ['dtk_rotated'] });
			expect((await client.get('/trucks/list/')).status).toBe(401);
			expect((await apiClient(sandbox, 'dtk_rotated').get('/trucks/list/')).status).toBe(200);
			await control.post('/config', { tokens: [SANDBOX_TOKEN] });
		});

		it('POST, GET and DELETE /faults queue, list and clear faults (one spec or a list)', async () => {
			const queued = await control.post('/faults', [
				{ count: 2, kind: '503', match: { path: '/trailers/' } },
				{ count: 1, kind: 'html' },
			]);
			expect(queued.status).toBe(200);
			expect(queued.data.pending).toHaveLength(2);
			expect((await client.get('/trailers/list/')).status).toBe(503);
			expect((await control.get('/faults')).data.pending[0]).toMatchObject({ count: 1, kind: 503 });
			expect((await control.delete('/faults')).data).toEqual({ pending: [] });
			expect((await client.get('/trailers/list/')).status).toBe(200);
			expect((await control.post('/faults', { count: 1, kind: 'teapot' })).status).toBe(400);
		});

		it('POST /loads creates a load at max id + 1, now; or with an explicit id and time', async () => {
			const maxId = Math.max(...sandbox.data.orders.map((o) => o.id));
			const created = await control.post('/loads', { customer__company_name: 'TQL', status: 'booked' });
			expect(created.status).toBe(201);
			expect(created.data).toMatchObject({ id: maxId + 1, customer__company_name: 'TQL', status: 'booked', created_datetime: '2025-06-01T12:00:00Z' });
			// A transaction that commits late: lower id than the newest, same second as another load.
			const sameSecond = sandbox.data.orders[5].created_datetime;
			const late = await control.post('/loads', { id: maxId + 100, created_datetime: sameSecond });
			expect(late.data).toMatchObject({ id: maxId + 100, created_datetime: sameSecond });
			expect(late.data.stops.every((s: { order: number }) => s.order === maxId + 100)).toBe(true);
			expect((await client.get(`/orders/${maxId + 100}`)).status).toBe(200);
			expect((await control.post('/loads', { id: maxId + 100 })).status).toBe(409);
			expect((await control.post('/loads', { created_datetime: 'yesterday' })).status).toBe(400);
		});

		it('PATCH /loads/{id} changes a load in place; 404 for an unknown id', async () => {
			const target: Order = sandbox.data.orders[2];
			const patched = await control.patch(`/loads/${target.id}`, { is_flagged: true, flagging_reason: 'Late pickup', delivery_time: '2025-06-01T10:00:00Z' });
			expect(patched.status).toBe(200);
			expect(patched.data).toMatchObject({ id: target.id, is_flagged: true, flagging_reason: 'Late pickup', delivery_time: '2025-06-01T10:00:00Z' });
			expect((await client.get(`/orders/${target.id}`)).data.flagging_reason).toBe('Late pickup');
			expect((await control.patch('/loads/999999', { status: 'delivered' })).status).toBe(404);
			expect((await control.patch(`/loads/${target.id}`, { id: 1 })).status).toBe(400);
		});

		it('POST /work-orders creates a work order', async () => {
			const created = await control.post('/work-orders', { procedure_name: 'TRL Wash', status: 'Pending' });
			expect(created.status).toBe(201);
			expect(created.data).toMatchObject({ procedure_name: 'TRL Wash', status: 'Pending', created_datetime: FIXED_NOW.toISOString().replace('.000', '') });
			expect((await client.get('/work-orders/')).data.results[0].id).toBe(created.data.id);
		});

		it('POST /reset rebuilds the data from a seed and size', async () => {
			const reset = await control.post('/reset', { seed: 7, loads: 12 });
			expect(reset.status).toBe(200);
			expect(reset.data).toMatchObject({ seed: 7, loads: 12, orders: 12 });
			expect((await client.get('/orders/')).data.count).toBe(12);
			expect((await control.post('/reset', { loads: -1 })).status).toBe(400);
			await control.post('/reset', { seed: 42, loads: 30 });
			expect(sandbox.data.orders).toHaveLength(30);
		});

		it('answers unknown control paths with 404 and wrong methods with 405', async () => {
			expect((await control.get('/nothing')).status).toBe(404);
			expect((await control.put('/health', {})).status).toBe(405);
		});
	});

	describe('in-process handle', () => {
		it('createLoad, updateLoad and createWorkOrder mirror the control API', () => {
			const load = sandbox.createLoad({ status: 'dispatched' });
			expect(sandbox.data.orders.at(-1)).toBe(load);
			expect(sandbox.updateLoad(load.id, { status: 'In Progress' }).status).toBe('In Progress');
			expect(() => sandbox.updateLoad(-5, {})).toThrow();
			const workOrder = sandbox.createWorkOrder({ procedure_name: 'TRK TOW' });
			expect(sandbox.data.workOrders.at(-1)).toEqual(workOrder);
		});

		it('reset keeps the log and the configuration but clears faults', async () => {
			sandbox.configure({ driverUpdateReply: 'array' });
			sandbox.injectFaults({ count: 1, kind: 500 });
			expect((await client.get('/trucks/list/')).status).toBe(500);
			sandbox.injectFaults({ count: 1, kind: 500 });
			sandbox.reset();
			expect((await client.get('/trucks/list/')).status).toBe(200);
			expect(sandbox.log.map((e) => e.status)).toEqual([500, 200]);
			expect((await control.get('/config')).data.driverUpdateReply).toBe('array');
			sandbox.configure({ driverUpdateReply: 'detail' });
		});
	});
});
