import type { INodeParameters, INodeProperties } from 'n8n-workflow';
import { Datatruck } from '../../nodes/Datatruck/Datatruck.node';
import { useSandbox } from '../harness/sandbox.cts';
import { PROCEDURE_NAMES } from '../sandbox/index.cts';

const dt = useSandbox();

const CREATE_PATH = '/api/v1/openapi/work-orders/create/';
const LIST_PATH = '/api/v1/openapi/work-orders/';

function create(parameters: INodeParameters): INodeParameters {
	return { resource: 'workOrder', operation: 'create', ...parameters };
}

/** The work order the sandbox stored for an ID the node returned. */
function stored(id: unknown) {
	const workOrder = dt.sandbox.data.workOrders.find((candidate) => candidate.id === id);
	expect(workOrder).toBeDefined();
	return workOrder!;
}

function onlyRequest() {
	expect(dt.sandbox.log).toHaveLength(1);
	return dt.sandbox.log[0];
}

describe('Work Order › Create', () => {
	test('the form sends every field in its JSON type and the new ID comes back as the item', async () => {
		const result = await dt.run({
			parameters: create({
				procedureName: 'TRK TIre Rim Repair / Replacement',
				additionalFields: {
					assignedTo: 'Tony Mechanic',
					feeTotalPrice: '45.00',
					invoiceId: 'VINV-20431',
					location: 'Joliet, IL',
					odometer: 412870,
					paymentType: 'Company',
					referenceNumber: 'WO-104233',
					scheduledOnDate: '2026-11-21T09:00:00',
					status: '__custom',
					customStatus: 'In Progress',
					taxTotalPrice: '={{ 38.4 }}',
					totalPrice: '1234.50',
					trailer: 'TR512',
					truck: 'T142',
					typeWorkOrder: 'Repair',
					vendor: 'TA Truck Service',
					vendorEmail: 'service@ta-joliet.example',
					vendorPhone: '(815) 555-0142',
				},
				tasks: {
					task: [
						{
							customTask: 'Replace rim',
							partsPrice: '85.00',
							partsQuantity: '2',
							totalPartsPrice: '170.00',
							laborPrice: '125.00',
							laborHours: '1.5',
							totalLaborPrice: '187.50',
							totalPrice: '357.50',
						},
						{ customTask: 'Road test', partsPrice: '', laborHours: '0.5' },
					],
				},
				notes: { note: [{ body: 'Driver reported the issue at pre-trip.' }, { body: 'Parts on backorder.' }] },
				compensation: { entry: [{ driver: 'Maria Lopez', customer: 'Coyote Logistics' }] },
				tags: { tag: [{ name: 'Urgent' }, { name: 'Warranty' }] },
			}),
		});

		expect(result.error).toBeUndefined();
		const request = onlyRequest();
		expect(request.method).toBe('POST');
		expect(request.path).toBe(CREATE_PATH);
		expect(request.query).toEqual({});
		expect(request.headers['content-type']).toMatch(/^application\/json/);
		expect(request.body).toEqual({
			procedure_name: 'TRK TIre Rim Repair / Replacement',
			assigned_to: 'Tony Mechanic',
			fee_total_price: '45.00',
			invoice_id: 'VINV-20431',
			location: 'Joliet, IL',
			odometer: 412870,
			payment_type: 'Company',
			reference_number: 'WO-104233',
			scheduled_on_date: '2026-11-21T09:00:00Z',
			status: 'In Progress',
			tax_total_price: '38.4',
			total_price: '1234.50',
			trailer: 'TR512',
			truck: 'T142',
			type_work_order: 'Repair',
			vendor: 'TA Truck Service',
			vendor_email: 'service@ta-joliet.example',
			vendor_phone: '(815) 555-0142',
			work_order_tasks: [
				{
					custom_task: 'Replace rim',
					parts_price: '85.00',
					parts_quantity: 2,
					total_parts_price: '170.00',
					labor_price: '125.00',
					labor_hours: 1.5,
					total_labor_price: '187.50',
					total_price: '357.50',
				},
				{ custom_task: 'Road test', labor_hours: 0.5 },
			],
			notes: [{ body: 'Driver reported the issue at pre-trip.' }, { body: 'Parts on backorder.' }],
			compensation: [{ driver: 'Maria Lopez', customer: 'Coyote Logistics' }],
			tags: [{ name: 'Urgent' }, { name: 'Warranty' }],
		});

		// The work order as sent, with the new id Datatruck answered ({"id": …}), and nothing requested for it.
		expect(result.json).toHaveLength(1);
		expect(result.json[0]).toEqual({ id: expect.any(Number), ...(request.body as object) });
		expect(Object.keys(result.json[0])[0]).toBe('id');
		const workOrder = stored(result.json[0].id as number);
		expect(result.json[0].id).toBe(Math.max(...dt.sandbox.data.workOrders.map((candidate) => candidate.id)));
		// Each field comes back under the name and in the form Get Many gives it, so the next node can use either.
		// (Only the tasks differ: Datatruck fills a task's fields not sent with null.)
		const asRead = workOrder as unknown as Record<string, unknown>;
		for (const key of Object.keys(request.body as object).filter((name) => name !== 'work_order_tasks')) {
			expect({ key, value: result.json[0][key] }).toEqual({ key, value: asRead[key] });
		}
		expect(JSON.stringify(result.json)).not.toContain(dt.sandbox.token);
		// The decimal string arrives and is stored exactly as typed: no float on the way.
		expect(workOrder.total_price).toBe('1234.50');
		expect(workOrder.status).toBe('In Progress');
		expect(workOrder.work_order_tasks[1]).toMatchObject({ custom_task: 'Road test', parts_price: null, labor_hours: 0.5 });
		expect(result.items[0].pairedItem).toEqual({ item: 0 });
	});

	test('with only the procedure name the body is just procedure_name', async () => {
		const result = await dt.run({ parameters: create({ procedureName: 'TRL Wash' }) });
		expect(result.error).toBeUndefined();
		expect(onlyRequest().body).toEqual({ procedure_name: 'TRL Wash' });
		expect(stored(result.json[0].id)).toMatchObject({ procedure_name: 'TRL Wash', status: null, notes: [], tags: [] });
	});

	test("a date picked without a zone is wall-clock time in the workflow's time zone", async () => {
		const result = await dt.run({
			parameters: create({ procedureName: 'TRK Wash', additionalFields: { scheduledOnDate: '2026-11-21T09:00:00' } }),
			timezone: 'America/Chicago',
		});
		expect(result.error).toBeUndefined();
		expect(onlyRequest().body).toEqual({ procedure_name: 'TRK Wash', scheduled_on_date: '2026-11-21T15:00:00Z' });
	});

	test('the Status dropdown sends Pending as is', async () => {
		const result = await dt.run({ parameters: create({ procedureName: 'TRK Wash', additionalFields: { status: 'Pending' } }) });
		expect(result.error).toBeUndefined();
		expect(onlyRequest().body).toEqual({ procedure_name: 'TRK Wash', status: 'Pending' });
	});

	test('Using JSON: numbers become decimal strings, integers and dates are typed, unknown keys pass', async () => {
		const json = {
			procedure_name: 'TRL Brake Issue',
			trailer: 'TR512',
			total_price: 1234.5,
			fee_total_price: '45.00',
			odometer: '120500',
			scheduled_on_date: '2026-11-21T04:00:00-05:00',
			work_order_tasks: [{ custom_task: 'Adjust slack', parts_quantity: 3, labor_price: 110, labor_hours: '2' }],
			notes: [{ body: 'Checked at the yard.' }],
			tags: [{ name: 'Recurring' }],
			priority: 'high',
		};
		const result = await dt.run({
			parameters: create({ specifyBody: 'json', jsonBody: JSON.stringify(json) }),
		});
		expect(result.error).toBeUndefined();
		const request = onlyRequest();
		expect(`${request.method} ${request.path}`).toBe(`POST ${CREATE_PATH}`);
		expect(request.body).toEqual({
			procedure_name: 'TRL Brake Issue',
			trailer: 'TR512',
			total_price: '1234.5',
			fee_total_price: '45.00',
			odometer: 120500,
			scheduled_on_date: '2026-11-21T09:00:00Z',
			work_order_tasks: [{ custom_task: 'Adjust slack', parts_quantity: 3, labor_price: '110', labor_hours: 2 }],
			notes: [{ body: 'Checked at the yard.' }],
			tags: [{ name: 'Recurring' }],
			priority: 'high',
		});
		expect(stored(result.json[0].id)).toMatchObject({ total_price: '1234.5', odometer: 120500 });
	});

	test('JSON Body given by an expression as an object works like text', async () => {
		const result = await dt.run({
			parameters: create({ specifyBody: 'json', jsonBody: '={{ { procedure_name: $json.procedure, total_price: "99.90" } }}' }),
			items: [{ procedure: 'TRK Windshield' }],
		});
		expect(result.error).toBeUndefined();
		expect(onlyRequest().body).toEqual({ procedure_name: 'TRK Windshield', total_price: '99.90' });
	});

	test('the Procedure Name dropdown holds exactly the 62 names, spelled as Datatruck does, sorted by name', () => {
		const properties = new Datatruck().description.properties;
		const procedure = properties.find((property) => property.name === 'procedureName') as INodeProperties;
		const names = (procedure.options as Array<{ name: string; value: string }>).map((option) => option.name);
		expect(names).toHaveLength(62);
		expect(new Set(names)).toEqual(new Set(PROCEDURE_NAMES));
		expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
		expect(names).toContain('TRK TIre Rim Repair / Replacement');
		expect(names).toContain('TRL Tire Hub Repair / Replacement/Oil refill');
		expect(procedure.required).toBe(true);
	});

	test('runs once per input item: 3 items make 3 work orders, in order, each paired with its item', async () => {
		const items = [
			{ unit: 'T101', procedure: 'TRK Oil Leakage', price: '410.00' },
			{ unit: 'T102', procedure: 'TRK Wash', price: 95 },
			{ unit: 'T103', procedure: 'TRK TOW', price: '1250.75' },
		];
		const result = await dt.run({
			parameters: create({
				procedureName: '={{ $json.procedure }}',
				additionalFields: { truck: '={{ $json.unit }}', totalPrice: '={{ $json.price }}' },
			}),
			items,
		});
		expect(result.error).toBeUndefined();
		expect(dt.sandbox.log.map((entry) => entry.body)).toEqual([
			{ procedure_name: 'TRK Oil Leakage', truck: 'T101', total_price: '410.00' },
			{ procedure_name: 'TRK Wash', truck: 'T102', total_price: '95' },
			{ procedure_name: 'TRK TOW', truck: 'T103', total_price: '1250.75' },
		]);
		expect(result.items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
		const ids = result.json.map((json) => json.id as number);
		expect(ids).toEqual([ids[0], ids[0] + 1, ids[0] + 2]);
		expect(ids.map((id) => stored(id).truck)).toEqual(['T101', 'T102', 'T103']);
	});

	test('Continue On Fail: the bad item gets its own error, never reaches Datatruck, the others are created', async () => {
		const result = await dt.run({
			parameters: create({
				procedureName: '={{ $json.procedure }}',
				additionalFields: { totalPrice: '={{ $json.price }}' },
			}),
			items: [
				{ procedure: 'TRK Brake Issue', price: '300.00' },
				{ procedure: 'TRK Brake Issue', price: '12,50' },
				{ procedure: 'TRL Lights repair', price: '80.00' },
			],
			continueOnFail: true,
		});
		expect(result.error).toBeUndefined();
		expect(result.items).toHaveLength(3);
		expect(result.items[1].json.error).toBe('Additional Fields › Total Price: "12,50" is not a decimal number (digits, optionally a dot and decimals)');
		expect(result.items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
		expect(dt.sandbox.log.map((entry) => (entry.body as { total_price: string }).total_price)).toEqual(['300.00', '80.00']);
		expect(stored(result.json[0].id).procedure_name).toBe('TRK Brake Issue');
		expect(stored(result.json[2].id).procedure_name).toBe('TRL Lights repair');
	});

	test('an error Datatruck answers on a create is not retried (no duplicate work order) and fails only its item', async () => {
		dt.sandbox.injectFaults({ count: 1, kind: 500, match: { method: 'POST', path: 'work-orders' } });
		const before = dt.sandbox.data.workOrders.length;
		const result = await dt.run({
			parameters: create({ procedureName: '={{ $json.procedure }}' }),
			items: [{ procedure: 'TRK Wash' }, { procedure: 'TRL Wash' }],
			continueOnFail: true,
		});
		expect(dt.sandbox.log.map((entry) => [entry.method, entry.status, entry.body])).toEqual([
			['POST', 500, { procedure_name: 'TRK Wash' }],
			['POST', 201, { procedure_name: 'TRL Wash' }],
		]);
		expect(dt.sandbox.data.workOrders).toHaveLength(before + 1);
		expect(result.json[0].error).toEqual(expect.any(String));
		expect(stored(result.json[1].id).procedure_name).toBe('TRL Wash');
		expect(result.items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
	});

	describe('a procedure name in another spelling is sent in Datatruck\'s', () => {
		test.each([
			['trk brake issue', {}, 'TRK Brake Issue'],
			['TRK-Brake Issue', {}, 'TRK Brake Issue'],
			['Truck Brake Issue', {}, 'TRK Brake Issue'],
			['TRL:tire repair / replacement', {}, 'TRL Tire Repair / Replacement'],
			['brake issue', { truck: 'T112' }, 'TRK Brake Issue'],
			['brake issue', { trailer: 'TR512' }, 'TRL Brake Issue'],
			['TRK Tire Rim Repair / Replacement', {}, 'TRK TIre Rim Repair / Replacement'],
		])('%s with %j → %s', async (typed, additionalFields, sent) => {
			const result = await dt.run({ parameters: create({ procedureName: '={{ $json.procedure }}', additionalFields }), items: [{ procedure: typed }] });
			expect(result.error).toBeUndefined();
			expect(onlyRequest().body).toMatchObject({ procedure_name: sent });
			expect(stored(result.json[0].id).procedure_name).toBe(sent);
		});

		test('in the JSON body too, the unit deciding the prefix', async () => {
			const result = await dt.run({
				parameters: create({ specifyBody: 'json', jsonBody: JSON.stringify({ procedure_name: 'tire repair / replacement', trailer: 'TR512' }) }),
			});
			expect(result.error).toBeUndefined();
			expect(onlyRequest().body).toEqual({ procedure_name: 'TRL Tire Repair / Replacement', trailer: 'TR512' });
		});
	});

	describe('bad input is refused before any request, naming the parameter', () => {
		const form = (extra: INodeParameters) => create({ procedureName: 'TRK Brake Issue', ...extra });
		const json = (body: unknown) => create({ specifyBody: 'json', jsonBody: typeof body === 'string' ? body : JSON.stringify(body) });
		const cases: Array<[string, INodeParameters, RegExp]> = [
			// n8n itself stops an empty required field; an expression that gives nothing reaches the node.
			['procedure name expression that gives nothing', create({ procedureName: '={{ $json.procedure }}' }), /^Procedure Name: is required/],
			['unknown procedure name', create({ procedureName: 'TRK Flux Capacitor' }), /^Procedure Name: "TRK Flux Capacitor" is not one of Datatruck's 62 procedure names; the closest are "[^"]+", "[^"]+", "[^"]+"$/],
			['misspelt procedure name', create({ procedureName: 'TRK Brake Isue' }), /^Procedure Name: "TRK Brake Isue" is not one of Datatruck's 62 procedure names; the closest are "TRK Brake Issue", "[^"]+", "[^"]+"$/],
			['price with a comma', form({ additionalFields: { totalPrice: '1,234.50' } }), /^Additional Fields › Total Price: "1,234.50" is not a decimal number/],
			['price in words', form({ additionalFields: { feeTotalPrice: 'forty' } }), /^Additional Fields › Fee Total Price: "forty" is not a decimal number/],
			['price with a currency sign', form({ additionalFields: { taxTotalPrice: '$38.42' } }), /^Additional Fields › Tax Total Price: "\$38.42"/],
			['fractional odometer', form({ additionalFields: { odometer: 412870.5 } }), /^Additional Fields › Odometer: "412870.5" is not a whole number/],
			['negative odometer', form({ additionalFields: { odometer: -5 } }), /^Additional Fields › Odometer: "-5" is not a whole number/],
			['scheduled date that does not exist', form({ additionalFields: { scheduledOnDate: '2026-02-30T09:00:00' } }), /^Additional Fields › Scheduled On: "2026-02-30T09:00:00" is not a real date and time/],
			['scheduled date in words', form({ additionalFields: { scheduledOnDate: 'next Tuesday' } }), /^Additional Fields › Scheduled On: "next Tuesday" is not a date and time/],
			['vendor email without @', form({ additionalFields: { vendorEmail: 'service.ta-joliet' } }), /^Additional Fields › Vendor Email: "service.ta-joliet" is not an email address/],
			['custom status left empty', form({ additionalFields: { status: '__custom' } }), /^Additional Fields › Custom Status: must not be empty/],
			['task quantity with decimals', form({ tasks: { task: [{ customTask: 'A' }, { partsQuantity: '2.5' }] } }), /^Tasks › Task 2 › Parts Quantity: "2.5" is not a whole number/],
			['task labor hours in words', form({ tasks: { task: [{ laborHours: 'two' }] } }), /^Tasks › Task 1 › Labor Hours: "two" is not a number/],
			['task price not decimal', form({ tasks: { task: [{ partsPrice: '85.00.1' }] } }), /^Tasks › Task 1 › Parts Price: "85.00.1" is not a decimal number/],
			['empty note', form({ notes: { note: [{ body: '  ' }] } }), /^Notes › Note 1 › Note: must not be empty/],
			['compensation without customer', form({ compensation: { entry: [{ driver: 'Maria Lopez' }] } }), /^Compensation › Entry 1 › Customer: must not be empty/],
			['tag without name', form({ tags: { tag: [{ name: 'Urgent' }, { name: '' }] } }), /^Tags › Tag 2 › Tag Name: must not be empty/],
			['JSON that does not parse', json('{"procedure_name": "TRK Wash",}'), /^JSON Body: is not valid JSON/],
			['JSON list instead of object', json([{ procedure_name: 'TRK Wash' }]), /^JSON Body: must be a JSON object in curly braces, not a list$/],
			['JSON string instead of object', json('"TRK Wash"'), /^JSON Body: must be a JSON object in curly braces, not a string$/],
			['JSON null', json('null'), /^JSON Body: must be a JSON object in curly braces, not null$/],
			['JSON without procedure_name', json({ total_price: '10.00' }), /^JSON Body › procedure_name: is required/],
			['JSON with an unknown procedure_name', json({ procedure_name: 'TRK Brakes' }), /^JSON Body › procedure_name: "TRK Brakes" is not one of/],
			['JSON price not decimal', json({ procedure_name: 'TRK Wash', total_price: '12 USD' }), /^JSON Body › total_price: "12 USD" is not a decimal number/],
			['JSON price null', json({ procedure_name: 'TRK Wash', total_price: null }), /^JSON Body › total_price: must not be null; leave the field out instead$/],
			['JSON odometer fractional', json({ procedure_name: 'TRK Wash', odometer: 10.5 }), /^JSON Body › odometer: "10.5" is not a whole number/],
			['JSON bad scheduled date', json({ procedure_name: 'TRK Wash', scheduled_on_date: '21/11/2026' }), /^JSON Body › scheduled_on_date: "21\/11\/2026" is not a date and time/],
			['JSON tasks not a list', json({ procedure_name: 'TRK Wash', work_order_tasks: { custom_task: 'x' } }), /^JSON Body › work_order_tasks: must be a list of objects/],
			['JSON task not an object', json({ procedure_name: 'TRK Wash', work_order_tasks: ['x'] }), /^JSON Body › work_order_tasks\[0\]: must be an object/],
			['JSON task price not decimal', json({ procedure_name: 'TRK Wash', work_order_tasks: [{}, { parts_price: 'abc' }] }), /^JSON Body › work_order_tasks\[1\]\.parts_price: "abc" is not a decimal number/],
			['JSON note without body', json({ procedure_name: 'TRK Wash', notes: [{}] }), /^JSON Body › notes\[0\]\.body: must not be empty/],
			['JSON tag name as object', json({ procedure_name: 'TRK Wash', tags: [{ name: { x: 1 } }] }), /^JSON Body › tags\[0\]\.name: must be text/],
		];

		test.each(cases)('%s', async (_name, parameters, message) => {
			const result = await dt.run({ parameters });
			expect(result.error?.message).toMatch(message);
			expect(result.error?.description).toMatch(/^For example: /);
			expect(dt.sandbox.log).toHaveLength(0);
		});
	});
});

describe('Work Order › Get Many', () => {
	beforeAll(() => {
		// Enough work orders for three pages of 25, with a known spread of statuses.
		for (let index = 0; index < 40; index++) {
			dt.sandbox.createWorkOrder({ status: index % 4 === 0 ? 'Pending' : 'Completed' });
		}
	});

	const newestFirst = () =>
		[...dt.sandbox.data.workOrders].sort((a, b) => b.id - a.id).map((workOrder) => JSON.parse(JSON.stringify(workOrder)));

	test('Return All pages through every work order, newest first, each once', async () => {
		const expected = newestFirst();
		expect(expected.length).toBeGreaterThan(50);
		const result = await dt.run({ parameters: { resource: 'workOrder', operation: 'getMany', returnAll: true } });
		expect(result.error).toBeUndefined();
		expect(result.json).toEqual(expected);

		const log = dt.sandbox.log;
		expect(log).toHaveLength(Math.ceil(expected.length / 25));
		expect(log.every((entry) => entry.method === 'GET' && entry.path === LIST_PATH)).toBe(true);
		expect(log[0].query).toEqual({ page_size: '25', ordering: '-id' });
		// Middle pages by number (sent at once, in any order); the last page is the check read: the same
		// query without the ids held.
		expect(log.slice(1, -1).map((entry) => entry.query).sort((a, b) => Number(a.page) - Number(b.page))).toEqual(
			log.slice(1, -1).map((_, index) => ({ page_size: '25', ordering: '-id', page: String(index + 2) })),
		);
		const held = expected.slice(0, (log.length - 1) * 25).map((workOrder) => workOrder.id);
		expect(log[log.length - 1].query).toEqual({
			page_size: '25',
			ordering: '-id',
			filter: JSON.stringify([{ column: 'id', value: [...held].sort((a, b) => a - b), contains: 'exclude_in' }]),
		});
		expect(result.items.every((item) => JSON.stringify(item.pairedItem) === '{"item":0}')).toBe(true);
	});

	test('Limit asks for one page, of at least ten so that its order can be checked', async () => {
		const result = await dt.run({ parameters: { resource: 'workOrder', operation: 'getMany', limit: 3 } });
		expect(result.json).toEqual(newestFirst().slice(0, 3));
		expect(onlyRequest().query).toEqual({ page_size: '10', ordering: '-id' });
	});

	test('a status filter and a sort go to Datatruck as filter and ordering (Status Is also as the published status parameter), and the API applies them', async () => {
		const result = await dt.run({
			parameters: {
				resource: 'workOrder',
				operation: 'getMany',
				returnAll: true,
				filters: {
					conditions: [
						{ field: 'status', operator: 'is', value: 'Pending' },
						{ field: 'total_price', operator: 'greater_than', value: '100' },
					],
				},
				sort: { field: 'scheduled_on_date', descending: false },
			},
		});
		expect(result.error).toBeUndefined();
		const request = onlyRequest();
		expect(request.query).toEqual({
			page_size: '25',
			// id breaks ties, so that pages by number have one order.
			ordering: 'scheduled_on_date,id',
			status: 'Pending',
			filter: JSON.stringify([
				{ column: 'status', value: 'Pending', contains: 'is' },
				{ column: 'total_price', value: '100', contains: 'greater_than' },
			]),
		});
		const expected = dt.sandbox.data.workOrders.filter(
			(workOrder) => workOrder.status === 'Pending' && workOrder.total_price !== null && Number(workOrder.total_price) >= 100,
		);
		expect(expected.length).toBeGreaterThan(5);
		expect(result.json.map((workOrder) => workOrder.id).sort()).toEqual(expected.map((workOrder) => workOrder.id).sort());
		const dates = result.json.map((workOrder) => Date.parse(String(workOrder.scheduled_on_date)));
		expect(dates).toEqual([...dates].sort((a, b) => a - b));
		expect(result.json.every((workOrder) => workOrder.status === 'Pending')).toBe(true);
	});

	test('the filter offers the status field and the sort offers the ID', () => {
		const properties = new Datatruck().description.properties;
		const forWorkOrders = (property: INodeProperties) =>
			property.displayOptions?.show?.resource?.includes('workOrder') && property.displayOptions?.show?.operation?.includes('getMany');
		const filters = properties.find((property) => property.name === 'filters' && forWorkOrders(property)) as INodeProperties;
		const fieldValues = ((filters.options as Array<{ values: INodeProperties[] }>)[0].values[0].options as Array<{ value: string }>).map((option) => option.value);
		expect(fieldValues).toEqual(expect.arrayContaining(['status', 'procedure_name', 'truck', 'trailer', 'id']));
		const sort = properties.find((property) => property.name === 'sort' && forWorkOrders(property)) as INodeProperties;
		const sortBy = (sort.options as INodeProperties[]).find((option) => option.name === 'field')!;
		expect(sortBy.default).toBe('id');
		expect((sortBy.options as Array<{ value: string }>).map((option) => option.value)).not.toContain('tags__name');
	});

	test('a malformed filter value is refused before any request', async () => {
		const result = await dt.run({
			parameters: {
				resource: 'workOrder',
				operation: 'getMany',
				filters: { conditions: [{ field: 'total_price', operator: 'between', value: '500,100' }] },
			},
		});
		expect(result.error?.message).toBe('Filters › Condition 1 › Value: 500 is greater than 100; put the smaller number first');
		expect(dt.sandbox.log).toHaveLength(0);
	});
});
