import { useSandbox } from '../harness/sandbox.cts';

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
					company: 'Midwest Cold Storage',
					address1: '2200 S Halsted St',
					address2: 'Dock 4',
					city: 'Chicago',
					state: 'IL',
					zip_code: '60608',
					ready_time_start_date: '2026-11-21T08:00:00Z',
					ready_time_end_date: '2026-11-21T12:00:00Z',
					reference_id: 'PU-88412',
					note: 'Call 30 minutes before arrival',
				},
				{ stop_type: 'delivery', city: 'Memphis', state: 'TN', ready_time_start_date: '2026-11-22T09:30:00Z' },
				{ stop_type: 'delivery', company: 'Lone Star Foods', city: 'Dallas', state: 'TX', zip_code: '75201' },
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
				{ stop_type: 'pickup', city: 'Chicago', state: 'IL' },
				{ stop_type: 'delivery', city: 'Dallas', state: 'TX' },
			],
		});
		expect(result.json[0].load_pay).toBe('1875.50');
	});

	test('Using JSON: checked like the form, amounts and tags normalised, other keys kept', async () => {
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
			stops: [
				{ stop_type: 'pickup', city: 'Denver', state: 'CO', ready_time_start_date: '2026-12-01T14:00:00Z' },
				{ stop_type: 'delivery', city: 'Phoenix', state: 'AZ' },
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
