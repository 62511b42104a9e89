import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { IBinaryData, INodeExecutionData } from 'n8n-workflow';
import { useSandbox } from '../harness/sandbox.cts';
import { onePagePdf, smallPng } from '../sandbox/documents.cts';

const dt = useSandbox();

const API = '/api/v1/openapi';

const PICKUP = { stopType: 'pickup', city: 'Chicago', state: 'IL' };
const DELIVERY = { stopType: 'delivery', city: 'Dallas', state: 'TX' };

function createLoad(parameters: Record<string, unknown>) {
	return { resource: 'load', operation: 'create', customer: 'Coyote Logistics', stops: { stop: [PICKUP, DELIVERY] }, ...parameters };
}

describe('Load › Create', () => {
	test('Using Fields Below: every field in its JSON type, stops in order; returns the created load', async () => {
		const result = await dt.run({
			parameters: createLoad({
				stops: {
					stop: [
						{
							stopType: 'pickup',
							company: 'Midwest Cold Storage',
							address1: '2200 S Halsted St',
							address2: 'Dock 4',
							city: 'Chicago',
							state: 'IL',
							zipCode: '60608',
							readyFrom: '2026-11-21T08:00:00',
							readyUntil: '2026-11-21T06:00:00-06:00',
							referenceId: 'PU-88412',
							sealNumber: 'SL-448213',
							note: 'Call 30 minutes before arrival',
						},
						{ stopType: 'delivery', city: 'Memphis', state: 'TN', readyFrom: '2026-11-22T09:30:00Z' },
						{ stopType: 'delivery', company: 'Lone Star Foods', city: 'Dallas', state: 'TX', zipCode: '75201' },
					],
				},
				additionalFields: {
					loadId: 'LD-20931',
					shipmentId: 'SHP-77120',
					mcNumber: 2,
					loadPay: '2450.00',
					weight: '42000.5',
					goods: 'Frozen poultry',
					equipmentType: 'Reefer',
					transportationMode: 'FTL',
					note: 'Driver must have TWIC card',
					tags: 'Hot, Team',
				},
			}),
		});

		expect(result.error).toBeUndefined();
		expect(dt.sandbox.log).toHaveLength(1);
		const [entry] = dt.sandbox.log;
		expect(entry.method).toBe('POST');
		expect(entry.path).toBe(`${API}/orders/create/`);
		expect(entry.query).toEqual({});
		expect(entry.body).toEqual({
			customer: 'Coyote Logistics',
			load_id: 'LD-20931',
			shipment_id: 'SHP-77120',
			mc_number: 2,
			load_pay: '2450.00',
			weight: '42000.5',
			goods: 'Frozen poultry',
			equipment_type: 'Reefer',
			transportation_mode: 'FTL',
			note: 'Driver must have TWIC card',
			tags: [{ name: 'Hot' }, { name: 'Team' }],
			stops: [
				{
					stop_type: 'pickup',
					company_name: 'Midwest Cold Storage',
					address: '2200 S Halsted St, Dock 4, Chicago, IL 60608',
					zip_code: '60608',
					enter_time: '2026-11-21T08:00:00Z',
					exit_time: '2026-11-21T12:00:00Z',
					reference_id: 'PU-88412',
					seal_number: 'SL-448213',
					note: 'Call 30 minutes before arrival',
				},
				{ stop_type: 'delivery', address: 'Memphis, TN', enter_time: '2026-11-22T09:30:00Z' },
				{ stop_type: 'delivery', company_name: 'Lone Star Foods', address: 'Dallas, TX 75201', zip_code: '75201' },
			],
		});

		const created = dt.sandbox.data.orders[dt.sandbox.data.orders.length - 1];
		expect(created.load_id).toBe('LD-20931');
		expect(result.json).toEqual([JSON.parse(JSON.stringify(created))]);
		expect(result.json[0].load_pay).toBe('2450.00');
		expect((result.json[0].stops as Array<{ stop_type: string }>).map((stop) => stop.stop_type)).toEqual(['pickup', 'delivery', 'delivery']);
		expect(result.items[0].pairedItem).toEqual({ item: 0 });
	});

	test('amounts given as numbers are sent as decimal strings; blank extras and empty tags are left out', async () => {
		const result = await dt.run({
			parameters: createLoad({
				stops: { stop: [{ ...PICKUP, stopType: '={{ "Pickup" }}', company: '' }, DELIVERY] },
				additionalFields: { loadPay: '={{ 1875.5 }}', weight: '={{ 38000 }}', goods: '', tags: ' , ' },
			}),
		});
		expect(result.error).toBeUndefined();
		expect(dt.sandbox.log[0].body).toEqual({
			customer: 'Coyote Logistics',
			load_pay: '1875.5',
			weight: '38000',
			stops: [
				{ stop_type: 'pickup', address: 'Chicago, IL' },
				{ stop_type: 'delivery', address: 'Dallas, TX' },
			],
		});
		expect(result.json[0].load_pay).toBe('1875.50');
	});

	test('Using JSON: checked like the form, amounts and tags normalised, stops in the published form, other keys kept', async () => {
		const result = await dt.run({
			parameters: createLoad({
				specifyBody: 'json',
				customer: 'IGNORED',
				jsonBody: JSON.stringify({
					customer: 'TQL',
					load_pay: 3100,
					mc_number: '1',
					tags: 'Expedited',
					equipment_type: 'Flatbed',
					stops: [
						{ stop_type: 'pickup', city: 'Denver', state: 'CO', ready_time_start_date: '2026-12-01T07:00:00-07:00' },
						{ stop_type: 'delivery', city: 'Phoenix', state: 'AZ' },
					],
					customer_reference: 'PO-5521',
				}),
			}),
		});
		expect(result.error).toBeUndefined();
		expect(dt.sandbox.log[0].body).toEqual({
			customer: 'TQL',
			load_pay: '3100',
			mc_number: 1,
			tags: [{ name: 'Expedited' }],
			equipment_type: 'Flatbed',
			// The stop keys the node sent before Datatruck published its own are read as the published ones.
			stops: [
				{ stop_type: 'pickup', address: 'Denver, CO', enter_time: '2026-12-01T14:00:00Z' },
				{ stop_type: 'delivery', address: 'Phoenix, AZ' },
			],
			customer_reference: 'PO-5521',
		});
		expect(result.json[0]).toMatchObject({ customer__company_name: 'TQL', load_pay: '3100.00', tags: [{ name: 'Expedited' }] });
	});

	test('a custom stop type is sent as written, and Datatruck’s refusal of it is reported', async () => {
		const result = await dt.run({
			parameters: createLoad({
				stops: { stop: [PICKUP, { stopType: '={{ "fuel" }}', city: 'Joplin', state: 'MO' }, DELIVERY] },
			}),
		});
		expect((dt.sandbox.log[0].body as { stops: Array<{ stop_type: string }> }).stops.map((stop) => stop.stop_type)).toEqual([
			'pickup',
			'fuel',
			'delivery',
		]);
		expect(result.error?.message).toBe('Datatruck rejected the request: stops[1].stop_type: "fuel" is not a valid choice.');
	});

	test('several loads from several items, in order and paired; Continue On Fail reports the stop without a city alone, unsent', async () => {
		const result = await dt.run({
			parameters: createLoad({
				customer: '={{ $json.customer }}',
				stops: { stop: [PICKUP, { stopType: 'delivery', city: '={{ $json.city }}', state: 'TX' }] },
			}),
			items: [
				{ customer: 'Echo Global Logistics', city: 'Houston' },
				{ customer: 'Arrive Logistics', city: '' },
				{ customer: 'RXO', city: 'Austin' },
			],
			continueOnFail: true,
		});
		expect(result.items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
		expect(result.json.map((load) => load.customer__company_name ?? load.error)).toEqual([
			'Echo Global Logistics',
			'Stops › Stop 2 › City: must not be empty',
			'RXO',
		]);
		expect(dt.sandbox.log.map((entry) => (entry.body as { customer: string }).customer)).toEqual(['Echo Global Logistics', 'RXO']);
	});

	test.each([
		['a load with no delivery stop', { stops: { stop: [PICKUP, { ...PICKUP, city: 'Gary', state: 'IN' }] } }, 'Stops: needs at least one delivery stop'],
		['a load with no pickup stop', { stops: { stop: [DELIVERY] } }, 'Stops: needs at least one pickup stop'],
		['a load with no stops', { stops: {} }, 'Stops: needs at least one pickup stop and one delivery stop'],
		['a stop without a city', { stops: { stop: [PICKUP, { ...DELIVERY, city: '' }] } }, 'Stops › Stop 2 › City: must not be empty'],
		['a stop without a state', { stops: { stop: [{ ...PICKUP, state: ' ' }, DELIVERY] } }, 'Stops › Stop 1 › State: must not be empty'],
		['a stop with a bad ready time', { stops: { stop: [{ ...PICKUP, readyFrom: 'tomorrow 8am' }, DELIVERY] } }, 'Stops › Stop 1 › Ready From: "tomorrow 8am" is not a date and time'],
		[
			'a stop ready until before it is ready from',
			{ stops: { stop: [PICKUP, { ...DELIVERY, readyFrom: '2026-11-22T10:00:00Z', readyUntil: '2026-11-22T09:00:00Z' }] } },
			'Stops › Stop 2 › Ready Until: 2026-11-22T09:00:00Z is before Ready From (2026-11-22T10:00:00Z)',
		],
		['a load pay that is not a decimal', { additionalFields: { loadPay: '$2,450' } }, 'Additional Fields › Load Pay: "$2,450" is not a decimal number (digits, optionally a dot and decimals)'],
		['a weight that is not a decimal', { additionalFields: { weight: '42k' } }, 'Additional Fields › Weight: "42k" is not a decimal number (digits, optionally a dot and decimals)'],
		['an MC Number ID that is not a whole number', { additionalFields: { mcNumber: 1.5 } }, 'Additional Fields › MC Number ID: "1.5" is not a whole number of at least 1'],
		['a blank customer', { customer: '={{ "" }}' }, 'Customer: must not be empty'],
		['a JSON body that is not an object', { specifyBody: 'json', jsonBody: '"Coyote Logistics"' }, 'JSON Body: must be a JSON object in curly braces, not a string'],
		['a JSON body without customer', { specifyBody: 'json', jsonBody: '{"stops": []}' }, 'JSON Body › customer: must not be empty'],
		['a JSON body whose stops are not a list', { specifyBody: 'json', jsonBody: '{"customer": "TQL", "stops": {"city": "Reno"}}' }, 'JSON Body › stops: needs at least one pickup stop and one delivery stop'],
		[
			'a JSON stop without state',
			{ specifyBody: 'json', jsonBody: '{"customer": "TQL", "stops": [{"stop_type": "pickup", "city": "Reno"}, {"stop_type": "delivery", "city": "Elko", "state": "NV"}]}' },
			'JSON Body › stops[0].state: must not be empty',
		],
		['a JSON load pay that is not a decimal', { specifyBody: 'json', jsonBody: '{"customer": "TQL", "load_pay": "about 2k", "stops": []}' }, 'JSON Body › load_pay: "about 2k" is not a decimal number (digits, optionally a dot and decimals)'],
		['a JSON tag without a name', { specifyBody: 'json', jsonBody: '{"customer": "TQL", "tags": [{"label": "Hot"}], "stops": [{"stop_type": "pickup", "city": "Reno", "state": "NV"}, {"stop_type": "delivery", "city": "Elko", "state": "NV"}]}' }, 'JSON Body › tags: a tag has no name'],
	])('refuses %s before any request', async (_case, parameters, message) => {
		const result = await dt.run({ parameters: createLoad(parameters) });
		expect(result.error?.message).toBe(message);
		expect(result.error?.description).toMatch(/^For example: /);
		expect(dt.sandbox.log).toEqual([]);
	});
});

/** A stop as a dispatcher fills it from a rate confirmation, every published key given. */
const FULL_PICKUP = {
	stopType: 'pickup',
	company: 'Midwest Cold Storage',
	address1: '1200 W 35th St',
	city: 'Chicago',
	state: 'IL',
	zipCode: '60609',
	readyFrom: '2026-12-01T08:00:00Z',
	readyUntil: '2026-12-01T12:00:00Z',
	referenceId: 'PU-88412',
	sealNumber: 'SL-448213',
};
const FULL_DELIVERY = {
	stopType: 'delivery',
	company: 'Lone Star Foods',
	address1: '2500 N Stemmons Fwy, Dallas, TX 75207',
	zipCode: '75207',
	readyFrom: '2026-12-02T14:00:00Z',
	readyUntil: '2026-12-02T18:00:00Z',
	referenceId: 'PO-55120',
};
const PUBLISHED_STOPS = [
	{
		stop_type: 'pickup',
		company_name: 'Midwest Cold Storage',
		address: '1200 W 35th St, Chicago, IL 60609',
		zip_code: '60609',
		enter_time: '2026-12-01T08:00:00Z',
		exit_time: '2026-12-01T12:00:00Z',
		reference_id: 'PU-88412',
		seal_number: 'SL-448213',
	},
	{
		stop_type: 'delivery',
		company_name: 'Lone Star Foods',
		address: '2500 N Stemmons Fwy, Dallas, TX 75207',
		zip_code: '75207',
		enter_time: '2026-12-02T14:00:00Z',
		exit_time: '2026-12-02T18:00:00Z',
		reference_id: 'PO-55120',
	},
];

const PDF = onePagePdf('Rate confirmation - load 4481233 - Coyote Logistics');
const file = (bytes: Buffer, mimeType: string, fileName: string): IBinaryData => ({ data: bytes.toString('base64'), mimeType, fileName });
const withFiles = (binary: Record<string, IBinaryData>): INodeExecutionData[] => [{ json: { subject: 'Rate Confirmation 4481233' }, binary }];
const lastOrder = () => dt.sandbox.data.orders[dt.sandbox.data.orders.length - 1];
type SentBody = { stops: Array<Record<string, unknown>>; rate_confirmation?: string };
const sentBody = () => dt.sandbox.log[0].body as SentBody;

describe.each(['default', 'published'] as const)('Load › Create as Datatruck publishes it, sandbox profile %s', (profile) => {
	beforeAll(() => dt.sandbox.configure({ profile }));
	afterAll(() => dt.sandbox.configure({ profile: 'default' }));

	test('sends the published stops, seal number included, and returns the created load', async () => {
		const result = await dt.run({
			parameters: createLoad({ stops: { stop: [FULL_PICKUP, FULL_DELIVERY] }, additionalFields: { loadId: `LD-PUB-${profile}`, loadPay: '2450.00' } }),
		});
		expect(result.error).toBeUndefined();
		expect(dt.requestLines()).toEqual([`POST ${API}/orders/create/`]);
		expect(dt.sandbox.log[0].body).toEqual({ customer: 'Coyote Logistics', load_id: `LD-PUB-${profile}`, load_pay: '2450.00', stops: PUBLISHED_STOPS });
		expect(result.json).toEqual([JSON.parse(JSON.stringify(lastOrder()))]);
		expect(result.json[0]).toMatchObject({ load_id: `LD-PUB-${profile}`, pickup_appointment_time: '2026-12-01T08:00:00Z', documents: [] });
		expect((result.json[0].stops as Array<{ location: { city: string; zip_code: string } }>).map((stop) => stop.location)).toEqual([
			expect.objectContaining({ company: 'Midwest Cold Storage', address1: '1200 W 35th St', city: 'Chicago', state: 'IL', zip_code: '60609' }),
			expect.objectContaining({ company: 'Lone Star Foods', address1: '2500 N Stemmons Fwy', city: 'Dallas', state: 'TX', zip_code: '75207' }),
		]);
	});

	test('attaches the rate confirmation from a binary property: Datatruck gets the file\'s bytes as base64', async () => {
		const result = await dt.run({
			parameters: createLoad({ stops: { stop: [FULL_PICKUP, FULL_DELIVERY] }, rateConfirmation: 'binary', binaryPropertyName: 'attachment_0' }),
			inputItems: withFiles({ attachment_0: file(PDF, 'application/pdf', 'RC-4481233.pdf') }),
		});
		expect(result.error).toBeUndefined();
		expect(dt.sandbox.log).toHaveLength(1);
		expect(Buffer.from(sentBody().rate_confirmation!, 'base64')).toEqual(PDF);
		expect(sentBody().stops).toEqual(PUBLISHED_STOPS);
		const [document] = result.json[0].documents as Array<{ file_type: string; file_link: string }>;
		expect(document.file_type).toBe('rate_confirmation');
		expect(dt.sandbox.documents.fileAt(document.file_link).bytes).toEqual(PDF);
		// The answer is the load; the file's base64 is not echoed into the item.
		expect(JSON.stringify(result.json)).not.toContain(sentBody().rate_confirmation!.slice(0, 40));
	});

	test('sends a rate confirmation given as an https URL as it is; the node downloads nothing', async () => {
		const url = 'https://docs.example-broker.com/ratecons/RC-4481233.pdf';
		const result = await dt.run({
			parameters: createLoad({ stops: { stop: [FULL_PICKUP, FULL_DELIVERY] }, rateConfirmation: 'url', rateConfirmationUrl: url }),
		});
		expect(result.error).toBeUndefined();
		expect(dt.sandbox.log).toHaveLength(1);
		expect(sentBody().rate_confirmation).toBe(url);
		expect(result.json[0].documents).toEqual([expect.objectContaining({ file_type: 'rate_confirmation', file_link: url })]);
		expect(dt.sandbox.documents.log).toEqual([]);
	});
});

describe('Load › Create: the address line', () => {
	test.each([
		['street, city, state and ZIP apart', { address1: '1200 W 35th St', city: 'Chicago', state: 'IL', zipCode: '60609' }, '1200 W 35th St, Chicago, IL 60609', '60609'],
		['with a suite', { address1: '1200 W 35th St', address2: 'Building B', city: 'Chicago', state: 'IL', zipCode: '60609' }, '1200 W 35th St, Building B, Chicago, IL 60609', '60609'],
		['without a ZIP code', { address1: '1200 W 35th St', city: 'Chicago', state: 'IL' }, '1200 W 35th St, Chicago, IL', undefined],
		['city and state alone', { city: 'Chicago', state: 'IL' }, 'Chicago, IL', undefined],
		['a street, state and ZIP without a city', { address1: '1200 W 35th St', state: 'IL', zipCode: '60609' }, '1200 W 35th St, IL 60609', '60609'],
		['the whole line in Address', { address1: '1200 W 35th St, Chicago, IL 60609' }, '1200 W 35th St, Chicago, IL 60609', undefined],
		['the whole line and its parts again', { address1: '1200 W 35th St, Chicago, IL 60609', city: 'chicago', state: 'IL', zipCode: '60609' }, '1200 W 35th St, Chicago, IL 60609', '60609'],
		['the whole line without the city again', { address1: '1200 W 35th St, Chicago, IL 60609', state: 'IL', zipCode: '60609' }, '1200 W 35th St, Chicago, IL 60609', '60609'],
		['a street named after the city', { address1: '400 W Chicago Ave', city: 'Chicago', state: 'IL', zipCode: '60654' }, '400 W Chicago Ave, Chicago, IL 60654', '60654'],
	])('%s', async (_case, parts, address, zip) => {
		const result = await dt.run({ parameters: createLoad({ stops: { stop: [{ stopType: 'pickup', ...parts }, DELIVERY] } }) });
		expect(result.error).toBeUndefined();
		const [stop] = sentBody().stops;
		expect(stop).toEqual({ stop_type: 'pickup', address, ...(zip ? { zip_code: zip } : {}) });
		expect(stop).not.toHaveProperty('city');
		expect(stop).not.toHaveProperty('state');
	});
});

describe('Load › Create: a rate confirmation is checked before anything is sent', () => {
	const big = Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024)]);
	test.each([
		[
			'a missing binary property',
			{ rateConfirmation: 'binary' },
			{ attachment_0: file(PDF, 'application/pdf', 'RC-4481233.pdf') },
			"No binary property 'data' on item 0: set Input Binary Field to the property that holds the rate confirmation",
			/This item's binary properties: attachment_0\. For example: attachment_0/,
		],
		[
			'an item without files',
			{ rateConfirmation: 'binary', binaryPropertyName: 'attachment_0' },
			undefined,
			"No binary property 'attachment_0' on item 0: set Input Binary Field to the property that holds the rate confirmation",
			/This item has no binary data\. For example: attachment_0/,
		],
		[
			'a file over 10 MB',
			{ rateConfirmation: 'binary' },
			{ data: file(big, 'application/pdf', 'scan.pdf') },
			"Rate Confirmation: the file in 'data' (scan.pdf) is 10.0 MB; Datatruck is sent at most 10 MB",
			/^For example: a PDF, PNG or JPEG of the rate confirmation, at most 10 MB \(scan it/,
		],
		[
			'a Word document',
			{ rateConfirmation: 'binary' },
			{ data: file(Buffer.from('PK\x03\x04word/document.xml'), 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'RC.docx') },
			"Rate Confirmation: the file in 'data' (RC.docx) is application/vnd.openxmlformats-officedocument.wordprocessingml.document, not a PDF, PNG or JPEG",
			/^For example: a PDF, PNG or JPEG/,
		],
		[
			'a web page saved as .pdf',
			{ rateConfirmation: 'binary' },
			{ data: file(Buffer.from('<!DOCTYPE html><html><body>Sign in</body></html>'), 'application/pdf', 'RC.pdf') },
			"Rate Confirmation: the file in 'data' (RC.pdf) is not really a PDF, PNG or JPEG: its first bytes say otherwise",
			/^For example: /,
		],
		['an empty file', { rateConfirmation: 'binary' }, { data: file(Buffer.alloc(0), 'application/pdf', 'RC.pdf') }, "Rate Confirmation: the file in 'data' (RC.pdf) is empty (0 bytes)", /^For example: /],
		['an http link', { rateConfirmation: 'url', rateConfirmationUrl: 'http://docs.example-broker.com/rc.pdf' }, undefined, 'File URL: "http://docs.example-broker.com/rc.pdf" must start with https://', /^For example: https:\/\//],
		['a link to the local network', { rateConfirmation: 'url', rateConfirmationUrl: 'https://192.168.1.20/rc.pdf' }, undefined, 'File URL: "192.168.1.20" is a private address: Datatruck must be able to download the file from the internet', /^For example: /],
		['a link to this computer', { rateConfirmation: 'url', rateConfirmationUrl: 'https://localhost:8443/rc.pdf' }, undefined, 'File URL: "localhost" is a loopback address: Datatruck must be able to download the file from the internet', /^For example: /],
		['a link with a password', { rateConfirmation: 'url', rateConfirmationUrl: 'https://ops:hunter2@docs.example-broker.com/rc.pdf' }, undefined, 'File URL: must not carry a user name or password', /^For example: /],
		['no link', { rateConfirmation: 'url', rateConfirmationUrl: '={{ "" }}' }, undefined, 'File URL: must not be empty', /^For example: /],
		['a file name for a link', { rateConfirmation: 'url', rateConfirmationUrl: 'RC-4481233.pdf' }, undefined, 'File URL: "RC-4481233.pdf" is not a web address', /^For example: /],
	])('refuses %s, and sends nothing', async (_case, parameters, binary, message, description) => {
		const result = await dt.run({
			parameters: createLoad({ stops: { stop: [FULL_PICKUP, FULL_DELIVERY] }, ...parameters }),
			inputItems: [{ json: {}, ...(binary ? { binary } : {}) }],
		});
		expect(result.error?.message).toBe(message);
		expect(result.error?.description).toMatch(description);
		expect(dt.sandbox.log).toEqual([]);
	});

	test('a PNG or JPEG photo of it is taken too', async () => {
		const jpeg = Buffer.from('/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=', 'base64');
		for (const [bytes, mimeType] of [[smallPng(4), 'image/png'], [jpeg, 'application/octet-stream']] as const) {
			dt.sandbox.clearLog();
			const result = await dt.run({
				parameters: createLoad({ rateConfirmation: 'binary' }),
				inputItems: withFiles({ data: file(bytes, mimeType, 'IMG_4412') }),
			});
			expect(result.error).toBeUndefined();
			expect(Buffer.from(sentBody().rate_confirmation!, 'base64')).toEqual(bytes);
		}
	});

	test('Using JSON: its own rate_confirmation is checked the same way, and it cannot also come from Rate Confirmation', async () => {
		const json = (rateConfirmation: unknown) =>
			createLoad({ specifyBody: 'json', jsonBody: JSON.stringify({ customer: 'TQL', stops: [{ stop_type: 'pickup', address: 'Denver, CO' }, { stop_type: 'delivery', address: 'Phoenix, AZ' }], rate_confirmation: rateConfirmation }) });
		const sent = await dt.run({ parameters: json(`data:application/pdf;base64,${PDF.toString('base64')}`) });
		expect(sent.error).toBeUndefined();
		expect(Buffer.from(sentBody().rate_confirmation!, 'base64')).toEqual(PDF);

		dt.sandbox.clearLog();
		for (const [value, message] of [
			['see attached', 'JSON Body › rate_confirmation: is neither an https link nor base64 of a file'],
			[Buffer.from('GIF89a').toString('base64'), 'JSON Body › rate_confirmation: the file is not really a PDF, PNG or JPEG: its first bytes say otherwise'],
			['http://docs.example-broker.com/rc.pdf', 'JSON Body › rate_confirmation: "http://docs.example-broker.com/rc.pdf" must start with https://'],
			[42, 'JSON Body › rate_confirmation: must be text: base64 of the file, or an https link to it'],
		] as const) {
			expect((await dt.run({ parameters: json(value) })).error?.message).toBe(message);
		}
		const both = await dt.run({
			parameters: { ...json('https://docs.example-broker.com/rc.pdf'), rateConfirmation: 'url', rateConfirmationUrl: 'https://docs.example-broker.com/rc.pdf' },
		});
		expect(both.error?.message).toBe('Rate Confirmation: is also given in JSON Body › rate_confirmation: keep one of the two');
		expect(dt.sandbox.log).toEqual([]);
	});

	test('Continue On Fail: the item without its file fails alone, paired, and the others are created with theirs', async () => {
		const result = await dt.run({
			parameters: createLoad({ customer: '={{ $json.customer }}', rateConfirmation: 'binary', binaryPropertyName: 'attachment_0' }),
			inputItems: [
				{ json: { customer: 'Echo Global Logistics' }, binary: { attachment_0: file(PDF, 'application/pdf', 'RC-1.pdf') } },
				{ json: { customer: 'Arrive Logistics' } },
				{ json: { customer: 'RXO' }, binary: { attachment_0: file(smallPng(9), 'image/png', 'RC-3.png') } },
			],
			continueOnFail: true,
		});
		expect(result.items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
		expect(result.json.map((load) => load.customer__company_name ?? load.error)).toEqual([
			'Echo Global Logistics',
			"No binary property 'attachment_0' on item 1: set Input Binary Field to the property that holds the rate confirmation",
			'RXO',
		]);
		expect(dt.sandbox.log.map((entry) => Buffer.from((entry.body as SentBody).rate_confirmation!, 'base64'))).toEqual([PDF, smallPng(9)]);
	});
});

describe('Load › Create against a Datatruck that requires every published stop key', () => {
	beforeAll(() => dt.sandbox.configure({ profile: 'published' }));
	afterAll(() => dt.sandbox.configure({ profile: 'default' }));

	test('a stop without its ZIP code and reference is refused by Datatruck; the error says which stop and which keys', async () => {
		const before = dt.sandbox.data.orders.length;
		const result = await dt.run({ parameters: createLoad({ stops: { stop: [FULL_PICKUP, { stopType: 'delivery', company: 'Lone Star Foods', address1: '2500 N Stemmons Fwy', city: 'Dallas', state: 'TX', readyFrom: '2026-12-02T14:00:00Z', readyUntil: '2026-12-02T18:00:00Z' }] } }) });
		expect(dt.sandbox.log.map((entry) => entry.status)).toEqual([400]);
		expect(result.error?.message).toBe(
			'Datatruck rejected the request: stops[1].zip_code: This field is required.; stops[1].reference_id: This field is required.',
		);
		expect(dt.sandbox.data.orders.length).toBe(before);
	});
});

describe('the rate-confirmation example, in process', () => {
	const example = JSON.parse(readFileSync(join(__dirname, '../../examples/create-load-from-rate-confirmation.json'), 'utf8')) as {
		nodes: Array<{ name: string; parameters: Record<string, any> }>;
	};
	const node = (name: string) => example.nodes.find((n) => n.name === name)!;
	beforeAll(() => dt.sandbox.configure({ profile: 'published' }));
	afterAll(() => dt.sandbox.configure({ profile: 'default' }));

	test('Create load, given what the mail reader makes of a broker\'s mail, books the load with the PDF under the published profile', async () => {
		const mail = {
			json: {
				subject: 'Rate Confirmation - Load 4481233',
				from: { value: [{ name: 'Coyote Logistics', address: 'loads@coyote-logistics.example' }] },
				textPlain: [
					'Load #: 4481233',
					'Rate: $2,450.00',
					'Pickup: Midwest Cold Storage | 1200 W 35th St, Chicago, IL 60609 | 12/01/2026 08:00-12:00 | PU-88412 | SL-448213',
					'Delivery: Lone Star Foods | 2500 N Stemmons Fwy, Dallas, TX 75207 | 12/02/2026 14:00-18:00 | PO-55120',
				].join('\n'),
			},
			binary: { attachment_0: file(smallPng(3), 'image/png', 'logo.png'), attachment_1: file(PDF, 'application/pdf', 'RC-4481233.pdf') },
		};
		const read = new Function('$input', node('Read the load from the mail').parameters.jsCode)({ item: mail }) as INodeExecutionData;
		expect(read.json.ready).toBe(true);
		const result = await dt.run({ parameters: node('Create load').parameters, inputItems: [read], timezone: 'America/Chicago' });
		expect(result.error).toBeUndefined();
		expect(dt.sandbox.log.map((entry) => `${entry.method} ${entry.path} ${entry.status}`)).toEqual([`POST ${API}/orders/create/ 201`]);
		const body = sentBody() as SentBody & Record<string, unknown>;
		expect(Buffer.from(body.rate_confirmation!, 'base64')).toEqual(PDF);
		expect(body).toMatchObject({ customer: 'Coyote Logistics', load_id: '4481233', load_pay: '2450.00' });
		// The window is read in the workflow's time zone: 08:00 in Chicago on 1 December is 14:00Z.
		expect(body.stops[0]).toMatchObject({ enter_time: '2026-12-01T14:00:00Z', exit_time: '2026-12-01T18:00:00Z', seal_number: 'SL-448213' });
		const created = lastOrder();
		expect(result.json).toEqual([JSON.parse(JSON.stringify(created))]);
		expect(dt.sandbox.documents.fileAt(created.documents[0].file_link).bytes).toEqual(PDF);
	});
});
