import axios, { AxiosInstance } from 'axios';
import { Sandbox } from './index.cts';
import { apiClient, startTestSandbox } from './testClient.cts';

/**
 * PATCH /drivers/update/{pk}/: DRF's partial update beside the published PUT (A37), taken by default and refused
 * (405) with `driverUpdatePatch: refused`; OPTIONS answers the path's methods in `Allow`, as DRF does.
 */
describe('sandbox driver update: PATCH and OPTIONS', () => {
	let sandbox: Sandbox;
	let client: AxiosInstance;
	let control: AxiosInstance;
	beforeAll(async () => {
		sandbox = await startTestSandbox({ loads: 10, rateLimit: false });
		client = apiClient(sandbox);
		control = axios.create({ baseURL: `${sandbox.origin}/__sandbox`, validateStatus: () => true });
	});
	afterAll(() => sandbox.close());
	beforeEach(() => sandbox.reset());
	afterEach(() => sandbox.configure({ profile: 'default', driverUpdateReply: 'detail' }));

	const stored = (id: number) => JSON.parse(JSON.stringify(sandbox.data.drivers.find((driver) => driver.id === id)));

	it('PATCH changes only the fields it is given, nested account fields included', async () => {
		const id = sandbox.data.drivers[2].id;
		const before = stored(id);

		const phone = await client.patch(`/drivers/update/${id}/`, { contact_number: '+1 312 555 0199' });
		expect(phone.status).toBe(200);
		expect(phone.data).toEqual({ detail: 'Driver updated successfully.' });
		expect(stored(id)).toEqual({ ...before, contact_number: '+1 312 555 0199' });

		const email = await client.patch(`/drivers/update/${id}/`, { account: { email: 'new@acmetrucking.com' } });
		expect(email.status).toBe(200);
		expect(stored(id)).toEqual({ ...before, contact_number: '+1 312 555 0199', account: { ...before.account, email: 'new@acmetrucking.com' } });
	});

	it('PATCH still checks what it is given, and answers the array when configured', async () => {
		const id = sandbox.data.drivers[0].id;
		const bad = await client.patch(`/drivers/update/${id}/`, { is_main: 'yes' });
		expect(bad.status).toBe(400);
		expect(bad.data.message).toBe('is_main: must be true or false, got "yes".');

		sandbox.configure({ driverUpdateReply: 'array' });
		const answer = await client.patch(`/drivers/update/${id}/`, { status: 'Home Time' });
		expect(answer.data).toEqual([expect.objectContaining({ id, status: 'Home Time' })]);
		expect((await client.patch('/drivers/update/99999/', { status: 'Home Time' })).status).toBe(404);
	});

	it('PUT still requires every field', async () => {
		const response = await client.put(`/drivers/update/${sandbox.data.drivers[0].id}/`, { contact_number: '+1 312 555 0199' });
		expect(response.status).toBe(400);
		expect(response.data.message).toBe('account: this field is required.');
	});

	it('OPTIONS lists PATCH by default, writes nothing, and is authenticated like any request', async () => {
		const id = sandbox.data.drivers[0].id;
		const before = stored(id);
		const response = await client.options(`/drivers/update/${id}/`);
		expect(response.status).toBe(200);
		expect(response.headers.allow).toBe('PUT, PATCH, OPTIONS');
		expect(response.data).toEqual({ name: 'Drivers Update', description: '', renders: ['application/json'], parses: ['application/json'] });
		expect(stored(id)).toEqual(before);
		expect((await client.options('/drivers/list/')).headers.allow).toBe('GET, OPTIONS');
		expect((await apiClient(sandbox, null).options(`/drivers/update/${id}/`)).status).toBe(401);
	});

	it('driverUpdatePatch: refused answers PATCH with 405 and writes nothing; OPTIONS then leaves PATCH out', async () => {
		const id = sandbox.data.drivers[0].id;
		const before = stored(id);
		expect((await control.post('/config', { driverUpdatePatch: 'refused' })).data.driverUpdatePatch).toBe('refused');

		const response = await client.patch(`/drivers/update/${id}/`, { contact_number: '+1 312 555 0199' });
		expect(response.status).toBe(405);
		expect(response.headers.allow).toBe('PUT, OPTIONS');
		expect(response.data).toEqual({ error: 405, message: 'Method "PATCH" not allowed.' });
		expect(stored(id)).toEqual(before);
		expect((await client.options(`/drivers/update/${id}/`)).headers.allow).toBe('PUT, OPTIONS');
	});

	it('the spec-only profile refuses PATCH (the contract publishes PUT alone); default and published take it', async () => {
		const id = sandbox.data.drivers[0].id;
		for (const [profile, status] of [['spec-only', 405], ['published', 200], ['default', 200]] as const) {
			sandbox.configure({ profile });
			expect((await client.patch(`/drivers/update/${id}/`, { status: 'Available' })).status).toBe(status);
		}
	});

	it('POST /config refuses another value', async () => {
		const response = await control.post('/config', { driverUpdatePatch: 'sometimes' });
		expect(response.status).toBe(400);
		expect(response.data.message).toBe('driverUpdatePatch: must be "accepted" or "refused".');
	});
});
