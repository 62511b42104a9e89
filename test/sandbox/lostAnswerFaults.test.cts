/** Sandbox faults for lost answers and for work orders whose creation time is named otherwise. */
import type { AxiosInstance } from 'axios';
import { Sandbox } from './index.cts';
import { apiClient, startTestSandbox } from './testClient.cts';

describe('sandbox: a fault after the request took effect, and the work-order time field', () => {
	let sandbox: Sandbox;
	let client: AxiosInstance;
	beforeAll(async () => {
		sandbox = await startTestSandbox({ loads: 10 });
		client = apiClient(sandbox);
	});
	afterAll(() => sandbox.close());
	beforeEach(() => {
		sandbox.clearFaults();
		sandbox.clearLog();
		sandbox.configure({ workOrderTimeField: 'created_datetime' });
	});

	it.each([
		['drop', { kind: 'drop' }],
		['500', { kind: 500 }],
		['malformed', { kind: 'malformed' }],
	] as const)('afterHandling %s: the truck is stored, the answer is lost', async (_label, fault) => {
		sandbox.injectFaults({ ...fault, count: 1, afterHandling: true, match: { method: 'POST' } });
		const before = sandbox.data.trucks.length;
		const answer = await client.post('/trucks/create/', { unit_number: `AH-${_label}` }).catch((error: Error) => error);
		expect(answer).not.toEqual(expect.objectContaining({ status: 201 }));
		expect(sandbox.data.trucks.length).toBe(before + 1);
		expect(sandbox.data.trucks.at(-1)?.unit_number).toBe(`AH-${_label}`);
	});

	it('afterHandling matched on the body: another create, and a create refused (400), go through; the next one that takes effect loses its answer', async () => {
		sandbox.injectFaults({ kind: 500, count: 1, afterHandling: true, match: { method: 'POST', path: '/trucks/create/', body: 'AH-KILL' } });
		expect((await client.post('/trucks/create/', { unit_number: 'AH-OTHER' })).status).toBe(201);
		// A truck without its unit number is refused: it took no effect, so it keeps no fault.
		expect((await client.post('/trucks/create/', { notes: 'AH-KILL' })).status).toBe(400);
		const before = sandbox.data.trucks.length;
		expect((await client.post('/trucks/create/', { unit_number: 'AH-KILL' })).status).toBe(500);
		expect(sandbox.data.trucks.length).toBe(before + 1);
		expect((await client.post('/trucks/create/', { unit_number: 'AH-KILL-2' })).status).toBe(201);
	});

	it('afterHandling: a create throttled (429) or sent with the wrong method keeps no fault; the next one handled loses its answer', async () => {
		sandbox.injectFaults({ kind: 500, count: 1, afterHandling: true, match: { path: '/trucks/create/', body: 'AH-THROTTLED' } });
		sandbox.configure({ rateLimit: { limit: 1, windowMs: 60_000 } });
		try {
			await client.get('/trucks/list/');
			expect((await client.post('/trucks/create/', { unit_number: 'AH-THROTTLED' })).status).toBe(429);
		} finally {
			sandbox.configure({ rateLimit: false });
		}
		expect((await client.put('/trucks/create/', { unit_number: 'AH-THROTTLED' })).status).toBe(405);
		const before = sandbox.data.trucks.length;
		expect((await client.post('/trucks/create/', { unit_number: 'AH-THROTTLED' })).status).toBe(500);
		expect(sandbox.data.trucks.length).toBe(before + 1);
	});

	it('without afterHandling the request is not handled', async () => {
		sandbox.injectFaults({ kind: 500, count: 1, match: { method: 'POST' } });
		const before = sandbox.data.trucks.length;
		expect((await client.post('/trucks/create/', { unit_number: 'NOT-STORED' })).status).toBe(500);
		expect(sandbox.data.trucks.length).toBe(before);
	});

	it('afterHandling must be a boolean', () => {
		expect(() => sandbox.injectFaults({ kind: 500, count: 1, afterHandling: 'yes' as unknown as boolean })).toThrow(/afterHandling: must be true or false/);
	});

	it('workOrderTimeField renames or drops created_datetime in reads; filters still use the stored field', async () => {
		const stored = sandbox.createWorkOrder();
		const filter = JSON.stringify([{ column: 'created_datetime', value: stored.created_datetime, contains: 'after' }]);
		sandbox.configure({ workOrderTimeField: 'created_at' });
		const renamed = (await client.get('/work-orders/', { params: { filter } })).data.results;
		expect(renamed.map((w: { id: number }) => w.id)).toContain(stored.id);
		expect(renamed[0]).toEqual(expect.objectContaining({ created_at: expect.any(String) }));
		expect(renamed[0]).not.toHaveProperty('created_datetime');
		sandbox.configure({ workOrderTimeField: null });
		const dropped = (await client.get('/work-orders/')).data.results;
		expect(dropped.some((w: object) => 'created_datetime' in w || 'created_at' in w)).toBe(false);
		expect(sandbox.data.workOrders.find((w) => w.id === stored.id)?.created_datetime).toBe(stored.created_datetime);
		expect(() => sandbox.configure({ workOrderTimeField: 'bad name' })).toThrow(/workOrderTimeField: must be null or a field name/);
	});
});
