/**
 * POST /orders/create/ as Datatruck's published page writes it (shared/datatruck-published-docs.md): the published
 * stop under both `loadCreate` settings, DRF's own 400s under 'published', and the rate confirmation (base64 of a
 * PDF, PNG or JPEG, or an https URL) kept as the load's document.
 */
import { AxiosInstance } from 'axios';
import { onePagePdf, smallPng } from './documents.cts';
import { Sandbox } from './index.cts';
import { PROFILE_SETTINGS } from './config.cts';
import { apiClient, startTestSandbox } from './testClient.cts';
import { addressParts } from './resources/orders.cts';

const PICKUP = {
	stop_type: 'pickup',
	company_name: 'Midwest Cold Storage',
	address: '1200 W 35th St, Chicago, IL 60609',
	zip_code: '60609',
	enter_time: '2026-11-21T08:00:00Z',
	exit_time: '2026-11-21T12:00:00Z',
	reference_id: 'PU-88412',
	seal_number: 'SL-448213',
};
const DELIVERY = {
	stop_type: 'delivery',
	company_name: 'Lone Star Foods',
	address: '2500 N Stemmons Fwy, Dallas, TX 75207',
	zip_code: '75207',
	enter_time: '2026-11-23T14:00:00Z',
	exit_time: '2026-11-23T18:00:00Z',
	reference_id: 'PO-55120',
};
const LOAD = { customer: 'Coyote Logistics', load_id: 'LD-PUB-1', load_pay: '2450.00', stops: [PICKUP, DELIVERY] };
const PDF = onePagePdf('Rate confirmation LD-PUB-1');
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0xff, 0xd9]);

describe('POST /orders/create/ with published stops and a rate confirmation', () => {
	let sandbox: Sandbox;
	let client: AxiosInstance;
	beforeAll(async () => {
		sandbox = await startTestSandbox({ loads: 20 });
		client = apiClient(sandbox);
	});
	afterAll(() => sandbox.close());
	afterEach(() => sandbox.configure({ profile: 'default' }));

	describe.each(['spec', 'published'] as const)("loadCreate: '%s'", (loadCreate) => {
		beforeEach(() => sandbox.configure({ loadCreate }));

		it('takes the published stop: the address line read into street, city, state and ZIP; enter and exit times as the window', async () => {
			const response = await client.post('/orders/create/', { ...LOAD, load_id: `LD-PUB-${loadCreate}` });
			expect(response.status).toBe(201);
			expect(response.data.stops.map((stop: { stop_type: string; location: unknown; reference_id: string; ready_time_start_date: string; ready_time_end_date: string }) => [stop.stop_type, stop.location, stop.reference_id, stop.ready_time_start_date, stop.ready_time_end_date])).toEqual([
				['pickup', expect.objectContaining({ company: 'Midwest Cold Storage', address1: '1200 W 35th St', city: 'Chicago', state: 'IL', zip_code: '60609' }), 'PU-88412', '2026-11-21T08:00:00Z', '2026-11-21T12:00:00Z'],
				['delivery', expect.objectContaining({ company: 'Lone Star Foods', address1: '2500 N Stemmons Fwy', city: 'Dallas', state: 'TX', zip_code: '75207' }), 'PO-55120', '2026-11-23T14:00:00Z', '2026-11-23T18:00:00Z'],
			]);
			expect(response.data).toMatchObject({ pickup_appointment_time: '2026-11-21T08:00:00Z', delivery_appointment_time: '2026-11-23T14:00:00Z', documents: [] });
			expect(Number(response.data.estimated_mile)).toBeGreaterThan(700);
			expect((await client.get(`/orders/${response.data.id}`)).data).toEqual(response.data);
		});

		it('keeps a base64 PDF as the load\'s rate confirmation, served back byte for byte from its signed link', async () => {
			const response = await client.post('/orders/create/', { ...LOAD, rate_confirmation: PDF.toString('base64') });
			expect(response.status).toBe(201);
			expect(response.data.documents).toEqual([
				{ file_type: 'rate_confirmation', file_link: expect.stringMatching(new RegExp(`^${sandbox.documents.origin}/prairie-line/orders/${response.data.id}/rate_confirmation_\\d{6}\\.pdf\\?expires=\\d+&signature=[0-9a-f]+$`)), uploaded_by: null, uploaded_at: expect.any(String) },
			]);
			const link = response.data.documents[0].file_link;
			expect(sandbox.documents.fileAt(link)).toEqual({ bytes: PDF, contentType: 'application/pdf' });
			const served = await fetch(link);
			expect(served.status).toBe(200);
			expect(Buffer.from(await served.arrayBuffer())).toEqual(PDF);
		});

		it.each([
			['PNG', smallPng(7), 'image/png', 'png'],
			['JPEG', JPEG, 'image/jpeg', 'jpg'],
		])('keeps a base64 %s too', async (_kind, bytes, contentType, extension) => {
			const response = await client.post('/orders/create/', { ...LOAD, rate_confirmation: bytes.toString('base64') });
			expect(response.status).toBe(201);
			const link = response.data.documents[0].file_link;
			expect(new URL(link).pathname).toMatch(new RegExp(`\\.${extension}$`));
			expect(sandbox.documents.fileAt(link)).toEqual({ bytes, contentType });
		});

		it('keeps an https URL as the link, fetching nothing', async () => {
			const url = 'https://docs.example-broker.com/ratecons/RC-4481233.pdf?token=abc';
			const before = sandbox.documents.log.length;
			const response = await client.post('/orders/create/', { ...LOAD, rate_confirmation: url });
			expect(response.status).toBe(201);
			expect(response.data.documents).toEqual([expect.objectContaining({ file_type: 'rate_confirmation', file_link: url })]);
			expect(sandbox.documents.log.length).toBe(before);
		});
	});

	describe("loadCreate: 'published' checks as DRF does, every error at once", () => {
		beforeEach(() => sandbox.configure({ profile: 'published' }));

		it('the published profile sets it; the default and spec-only keep the spec\'s form', () => {
			expect([PROFILE_SETTINGS.published.loadCreate, PROFILE_SETTINGS.default.loadCreate, PROFILE_SETTINGS['spec-only'].loadCreate]).toEqual(['published', 'spec', 'spec']);
		});

		it('a stop in the form the spec\'s read shape suggested lacks every published key: its other keys are ignored', async () => {
			const before = sandbox.data.orders.length;
			const response = await client.post('/orders/create/', {
				...LOAD,
				stops: [{ stop_type: 'pickup', company: 'Midwest Cold Storage', address1: '1200 W 35th St', city: 'Chicago', state: 'IL', zip_code: '60609' }, DELIVERY],
			});
			expect(response.status).toBe(400);
			expect(response.data).toEqual({
				stops: [
					{
						company_name: ['This field is required.'],
						address: ['This field is required.'],
						enter_time: ['This field is required.'],
						exit_time: ['This field is required.'],
						reference_id: ['This field is required.'],
					},
					{},
				],
			});
			expect(sandbox.data.orders.length).toBe(before);
		});

		it.each([
			['a missing company name', { stops: [{ ...PICKUP, company_name: undefined }, DELIVERY] }, { stops: [{ company_name: ['This field is required.'] }, {}] }],
			['a blank ZIP code', { stops: [PICKUP, { ...DELIVERY, zip_code: ' ' }] }, { stops: [{}, { zip_code: ['This field may not be blank.'] }] }],
			['an exit time that is no date-time', { stops: [PICKUP, { ...DELIVERY, exit_time: '6pm' }] }, { stops: [{}, { exit_time: [expect.stringMatching(/^Datetime has wrong format/)] }] }],
			['a stop type it does not know', { stops: [{ ...PICKUP, stop_type: 'fuel' }, DELIVERY] }, { stops: [{ stop_type: ['"fuel" is not a valid choice.'] }, {}] }],
			['a seal number that is not text', { stops: [{ ...PICKUP, seal_number: 448213 }, DELIVERY] }, { stops: [{ seal_number: ['Not a valid string.'] }, {}] }],
			['stops that are not a list', { stops: PICKUP }, { stops: ['Expected a list of items but got type "dict".'] }],
			['no stops and no customer', { customer: undefined, stops: undefined }, { customer: ['This field is required.'], stops: ['This field is required.'] }],
			['an http URL', { rate_confirmation: 'http://docs.example-broker.com/rc.pdf' }, { rate_confirmation: ['Enter a valid https URL.'] }],
			['base64 of a Word file', { rate_confirmation: Buffer.from('PK\x03\x04word/document.xml').toString('base64') }, { rate_confirmation: ['The file is not a PDF, PNG or JPEG.'] }],
			['text that is not base64', { rate_confirmation: 'see attached' }, { rate_confirmation: ['Upload a valid file: base64 of a PDF, PNG or JPEG, or an https URL.'] }],
		])('refuses %s', async (_case, change, errors) => {
			const before = sandbox.data.orders.length;
			const body = JSON.parse(JSON.stringify({ ...LOAD, ...change }));
			const response = await client.post('/orders/create/', body);
			expect(response.status).toBe(400);
			expect(response.data).toEqual(errors);
			expect(sandbox.data.orders.length).toBe(before);
		});

		it('refuses a file over 10 MB', async () => {
			const big = Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024)]);
			const response = await client.post('/orders/create/', { ...LOAD, rate_confirmation: big.toString('base64') });
			expect(response.status).toBe(400);
			expect(response.data).toEqual({ rate_confirmation: ['The file is larger than 10 MB.'] });
		});
	});

	describe("loadCreate: 'spec' also takes the stop the spec's read shape suggested", () => {
		it('a stop needs an address, or a city and a state', async () => {
			const bare = await client.post('/orders/create/', { ...LOAD, stops: [PICKUP, { stop_type: 'delivery', state: 'TX' }] });
			expect(bare.status).toBe(400);
			expect(bare.data).toEqual({ error: 400, message: 'stops[1].city: this field is required (or give the whole address in stops[1].address).' });
			const cityOnly = await client.post('/orders/create/', { ...LOAD, stops: [PICKUP, { stop_type: 'delivery', city: 'Dallas', state: 'TX' }] });
			expect(cityOnly.status).toBe(201);
			expect(cityOnly.data.stops[1].location).toMatchObject({ city: 'Dallas', state: 'TX', address1: null });
		});

		it('a rate confirmation it cannot read is a 400 naming it', async () => {
			const response = await client.post('/orders/create/', { ...LOAD, rate_confirmation: 'ftp://docs.example-broker.com/rc.pdf' });
			expect(response.data).toEqual({ error: 400, message: 'rate_confirmation: Enter a valid https URL.' });
		});
	});
});

describe('addressParts: a one-line US address as Datatruck would read it', () => {
	it.each([
		['1200 W 35th St, Chicago, IL 60609', { street: '1200 W 35th St', city: 'Chicago', state: 'IL', zip: '60609' }],
		['1200 W 35th St, Building B, Chicago, il 60609-1234', { street: '1200 W 35th St, Building B', city: 'Chicago', state: 'IL', zip: '60609-1234' }],
		['Chicago, IL', { street: null, city: 'Chicago', state: 'IL', zip: null }],
		['Dock 4 behind the Walmart DC', { street: 'Dock 4 behind the Walmart DC', city: null, state: null, zip: null }],
		['1200 W 35th St, Chicago', { street: '1200 W 35th St, Chicago', city: null, state: null, zip: null }],
	])('%s', (line, parts) => {
		expect(addressParts(line)).toEqual(parts);
	});
});
