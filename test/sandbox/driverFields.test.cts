import axios, { AxiosInstance } from 'axios';
import { driverUpdateShape } from './resources/drivers.cts';
import { Sandbox } from './index.cts';
import { apiClient, startTestSandbox } from './testClient.cts';

/** Every stored driver field: the list's optional `withUpdateFields` shape and the control API's stored driver. */
describe('sandbox driver fields', () => {
	let sandbox: Sandbox;
	let client: AxiosInstance;
	let control: AxiosInstance;
	beforeAll(async () => {
		sandbox = await startTestSandbox({ loads: 10 });
		client = apiClient(sandbox);
		control = axios.create({ baseURL: `${sandbox.origin}/__sandbox`, validateStatus: () => true });
	});
	afterAll(() => sandbox.close());
	afterEach(() => sandbox.configure({ driverListFields: 'published' }));

	it('the published list shape has no update-only fields; withUpdateFields adds exactly them', async () => {
		const published = (await client.get('/drivers/list/?page_size=all')).data.results;
		expect(published[0]).not.toHaveProperty('is_main');
		expect(published[0]).not.toHaveProperty('brith_date');

		sandbox.configure({ driverListFields: 'withUpdateFields' });
		const full = (await client.get('/drivers/list/?page_size=all')).data.results;
		const driver = sandbox.data.drivers.find((d) => d.id === full[0].id)!;
		const { id, account, contact_number, driver_type, employee_status, status, ...updateOnly } = driverUpdateShape(driver);
		expect(full[0]).toEqual({ ...published[0], ...JSON.parse(JSON.stringify(updateOnly)) });
		expect(full[0].is_main).toBe(driver.is_main);
		expect(full[0].brith_date).toBe(driver.brith_date);
	});

	it('POST /config refuses another list shape', async () => {
		const response = await control.post('/config', { driverListFields: 'everything' });
		expect(response.status).toBe(400);
		expect(response.data.message).toBe('driverListFields: must be "published" or "withUpdateFields".');
	});

	it('GET /drivers/{id} returns every stored field, and 404 for an unknown driver', async () => {
		const driver = sandbox.data.drivers[3];
		const response = await control.get(`/drivers/${driver.id}`);
		expect(response.status).toBe(200);
		expect(response.data).toEqual(JSON.parse(JSON.stringify(driver)));
		expect((await control.get('/drivers/99999')).status).toBe(404);
	});
});
