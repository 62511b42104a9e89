import axios from 'axios';
import { Sandbox, SANDBOX_TOKEN } from './index.cts';
import { apiClient, startTestSandbox } from './testClient.cts';

describe('sandbox authentication and routing', () => {
	let sandbox: Sandbox;
	beforeAll(async () => {
		sandbox = await startTestSandbox({ loads: 50 });
	});
	afterAll(() => sandbox.close());
	beforeEach(() => sandbox.configure({ tokens: [SANDBOX_TOKEN] }));

	const raw = (authorization?: string) =>
		axios.get(`${sandbox.baseUrl}/orders/`, {
			headers: authorization === undefined ? {} : { Authorization: authorization },
			validateStatus: () => true,
		});

	it('accepts exactly "Token <key>"', async () => {
		const response = await raw(`Token ${SANDBOX_TOKEN}`);
		expect(response.status).toBe(200);
		expect(sandbox.baseUrl).toBe(`${sandbox.origin}/api/v1/openapi`);
		expect(sandbox.token).toBe(SANDBOX_TOKEN);
	});

	it('answers a missing header with 401 "not provided"', async () => {
		const response = await raw();
		expect(response.status).toBe(401);
		expect(response.data).toEqual({ error: 401, message: 'Authentication credentials were not provided.' });
	});

	it.each([
		['the key without the Token prefix', SANDBOX_TOKEN],
		['a wrong key', 'Token dtk_wrong'],
		['another scheme', `Bearer ${SANDBOX_TOKEN}`],
		['a lower-case keyword', `token ${SANDBOX_TOKEN}`],
		['two spaces', `Token  ${SANDBOX_TOKEN}`],
		['a trailing word', `Token ${SANDBOX_TOKEN} extra`],
		['the keyword alone', 'Token'],
	])('answers %s with 401 "Invalid token." and never echoes the key', async (_, header) => {
		const response = await raw(header);
		expect(response.status).toBe(401);
		expect(response.data).toEqual({ error: 401, message: 'Invalid token.' });
		expect(JSON.stringify(response.headers)).not.toContain(SANDBOX_TOKEN);
		expect(JSON.stringify(response.data)).not.toContain('dtk_');
	});

	it('no response of any endpoint or error contains the key', async () => {
		const client = apiClient(sandbox);
		const responses = await Promise.all([
			client.get('/orders/?page_size=3'),
			client.get('/orders/?filter=nope'),
			client.get(`/nope/${SANDBOX_TOKEN}/`),
			client.delete('/orders/'),
			client.post('/drivers/create/', {}),
			client.get(`/orders/?filter=${encodeURIComponent(JSON.stringify([{ column: SANDBOX_TOKEN, value: 1, contains: 'is' }]))}`),
		]);
		for (const response of responses) {
			expect(JSON.stringify(response.headers)).not.toContain(SANDBOX_TOKEN);
			expect(JSON.stringify(response.data)).not.toContain(SANDBOX_TOKEN);
		}
		// The last one quotes the column it rejects, with the key masked.
		expect(responses[5].status).toBe(400);
		expect(responses[5].data.message).toContain('[redacted]');
	});

	it('a regenerated token stops the old one working', async () => {
		sandbox.configure({ tokens: ['dtk_new_key'] });
		expect((await raw(`Token ${SANDBOX_TOKEN}`)).status).toBe(401);
		expect((await raw('Token dtk_new_key')).status).toBe(200);
	});

	it('answers an unknown path with 404 {error, message}, even unauthenticated', async () => {
		for (const path of ['/api/v1/openapi/nothing/', '/api/v1/openapi/orders', '/api/v2/openapi/orders/', '/']) {
			const response = await axios.get(`${sandbox.origin}${path}`, { validateStatus: () => true });
			expect(response.status).toBe(404);
			expect(response.data).toMatchObject({ error: 404, message: expect.any(String) });
		}
	});

	it('answers a wrong method with 405 and Allow', async () => {
		const client = apiClient(sandbox);
		const response = await client.post('/orders/', {});
		expect(response.status).toBe(405);
		expect(response.headers.allow).toBe('GET, OPTIONS');
		expect(response.data).toEqual({ error: 405, message: 'Method "POST" not allowed.' });
		expect((await client.get('/orders/create/')).status).toBe(405);
		expect((await client.get('/drivers/update/201/')).status).toBe(405);
	});

	it('checks the token before the method', async () => {
		const response = await axios.post(`${sandbox.baseUrl}/orders/`, {}, { validateStatus: () => true });
		expect(response.status).toBe(401);
	});

	it('answers GET /orders/{pk} with and without the trailing slash, 404 for an unknown id', async () => {
		const client = apiClient(sandbox);
		const id = sandbox.data.orders[3].id;
		const bare = await client.get(`/orders/${id}`);
		const slashed = await client.get(`/orders/${id}/`);
		expect(bare.status).toBe(200);
		expect(bare.data).toEqual(sandbox.data.orders[3]);
		expect(slashed.data).toEqual(bare.data);
		const missing = await client.get('/orders/999999');
		expect(missing.status).toBe(404);
		expect(missing.data).toEqual({ error: 404, message: 'Not found.' });
	});

	it('rejects a non-JSON body with 415 and malformed JSON with 400', async () => {
		const client = apiClient(sandbox);
		const textual = await client.post('/trucks/create/', 'unit_number=T1', { headers: { 'Content-Type': 'text/plain' } });
		expect(textual.status).toBe(415);
		const malformed = await client.post('/trucks/create/', '{"unit_number": ', { headers: { 'Content-Type': 'application/json' } });
		expect(malformed.status).toBe(400);
		expect(malformed.data.message).toMatch(/JSON parse error/);
	});
});
