import { AxiosInstance } from 'axios';
import { PROCEDURE_NAMES, PROCEDURE_SUFFIXES, Sandbox } from './index.cts';
import { apiClient, FIXED_NOW, startTestSandbox } from './testClient.cts';

describe('sandbox creates and updates', () => {
	let sandbox: Sandbox;
	let client: AxiosInstance;
	beforeAll(async () => {
		sandbox = await startTestSandbox({ loads: 40 });
		client = apiClient(sandbox);
	});
	afterAll(() => sandbox.close());

	/** Expects a 400 `{error, message}` whose message starts with the named field. */
	const expectFieldError = (response: { status: number; data: unknown }, field: string) => {
		expect(response.status).toBe(400);
		expect(response.data).toEqual({ error: 400, message: expect.stringMatching(new RegExp(`^${field.replace(/[[\].]/g, '\\$&')}: `)) });
	};

	describe('POST /work-orders/create/', () => {
		const FULL_WORK_ORDER = {
			reference_number: 'WO-1001',
			status: 'Pending',
			type_work_order: 'Repair',
			payment_type: 'Company',
			truck: 'T101',
			trailer: 'TR501',
			fee_total_price: '25.00',
			tax_total_price: '12.40',
			total_price: '402.40',
			invoice_id: 'VINV-1',
			scheduled_on_date: '2025-06-03T14:30:00Z',
			assigned_to: 'Tony Mechanic',
			odometer: 412345,
			location: 'Joliet, IL',
			vendor: 'TA Truck Service',
			vendor_phone: '(815) 555-0142',
			vendor_email: 'service@ta.example',
			procedure_name: 'TRK Brake Issue',
			notes: [{ body: 'Driver reports grinding.' }],
			work_order_tasks: [
				{
					custom_task: 'Replace pads',
					parts_price: '60.00',
					parts_quantity: 4,
					total_parts_price: '240.00',
					labor_price: '125.00',
					labor_hours: 1.5,
					total_labor_price: '187.50',
					total_price: '427.50',
				},
			],
			compensation: [{ driver: 'Carlos Miller', customer: 'TQL' }],
			tags: [{ name: 'Urgent' }],
		};

		it('stores every field and answers 201 {id}; the list shows it with id and created_datetime', async () => {
			const response = await client.post('/work-orders/create/', { ...FULL_WORK_ORDER, ignored_extra: 'x' });
			expect(response.status).toBe(201);
			expect(response.data).toEqual({ id: expect.any(Number) });
			const list = await client.get('/work-orders/');
			const id = response.data.id as number;
			expect(list.data.results[0]).toEqual({
				id,
				created_datetime: '2025-06-01T12:00:00Z',
				...FULL_WORK_ORDER,
				// The read fields of Datatruck's published page: a new work order is numbered, unpaid and unapproved.
				number: `WO-2025-${String(id).padStart(3, '0')}`,
				approved_by: null,
				custom_payment_method: null,
				paid_amount: '0.00',
				balance: '402.40',
				work_order_payments: [],
			});
		});

		it('needs only procedure_name; absent fields read back as null or []', async () => {
			const response = await client.post('/work-orders/create/', { procedure_name: 'TRL Wash' });
			expect(response.status).toBe(201);
			const stored = sandbox.data.workOrders.find((w) => w.id === response.data.id);
			expect(stored).toMatchObject({ procedure_name: 'TRL Wash', reference_number: null, odometer: null, notes: [], work_order_tasks: [], compensation: [], tags: [] });
			expectFieldError(await client.post('/work-orders/create/', {}), 'procedure_name');
		});

		it('accepts all 62 procedure names, exactly spelled', async () => {
			expect(PROCEDURE_SUFFIXES).toHaveLength(31);
			expect(PROCEDURE_NAMES).toHaveLength(62);
			expect(PROCEDURE_NAMES).toContain('TRK TIre Rim Repair / Replacement');
			expect(PROCEDURE_NAMES).toContain('TRL Tire Hub Repair / Replacement/Oil refill');
			const statuses = await Promise.all(PROCEDURE_NAMES.map((name) => client.post('/work-orders/create/', { procedure_name: name })));
			expect(statuses.map((r) => r.status)).toEqual(PROCEDURE_NAMES.map(() => 201));
		});

		it.each([
			['TRK Tire Rim Repair / Replacement'], // the published spelling is "TIre Rim"
			['TIre Rim Repair / Replacement'], // no prefix
			['TRK  Wash'],
			['trk Wash'],
			['TRUCK Wash'],
			['TRK Wash '],
		])('rejects procedure_name %p', async (name) => {
			expectFieldError(await client.post('/work-orders/create/', { procedure_name: name }), 'procedure_name');
		});

		it.each([
			['fee_total_price', 25],
			['fee_total_price', '25,00'],
			['tax_total_price', '1e3'],
			['total_price', '$10'],
			['total_price', ''],
			['odometer', '12000'],
			['odometer', 1.5],
			['scheduled_on_date', '2025-06-03'],
			['scheduled_on_date', '2025-06-31T10:00:00Z'],
			['scheduled_on_date', 'tomorrow'],
			['reference_number', 12],
			['status', null],
			['vendor_email', ['a']],
			['notes', 'note'],
			['notes[0].body', [{ text: 'x' }]],
			['notes[0]', ['x']],
			['work_order_tasks[0].parts_quantity', [{ parts_quantity: '2' }]],
			['work_order_tasks[0].labor_hours', [{ labor_hours: '1.5' }]],
			['work_order_tasks[0].parts_price', [{ parts_price: 60 }]],
			['work_order_tasks[0].custom_task', [{ custom_task: false }]],
			['compensation[0].customer', [{ driver: 'A' }]],
			['compensation[0].driver', [{ driver: 1, customer: 'B' }]],
			['tags[0].name', [{}]],
			['tags', { name: 'x' }],
		])('names %s when it is %p', async (field, value) => {
			const top = field.split(/[[.]/)[0];
			expectFieldError(await client.post('/work-orders/create/', { procedure_name: 'TRK Wash', [top]: value }), field);
		});
	});

	describe('POST /drivers/create/', () => {
		const DRIVER = {
			first_name: 'Ana',
			last_name: 'Lopez',
			contact_number: '(312) 555-0101',
			driver_type: 'company_driver',
			new_employee_status: 'Active',
			mc_number: 1,
			status: 'Available',
			telegram_number: '+13125550101',
			is_main: true,
			birth_date: '1990-04-12',
			driver_license: 'IL123456789',
			driver_license_issue_date: '2020-01-15',
			driver_license_state: 'IL',
			driver_license_expiration: '2028-01-15',
			driver_license_class: 'A',
			dispatch_status: 1,
			email: 'ana.lopez@example.com',
		};

		it('creates from a flat body: 201 {detail}, listed in the list shape', async () => {
			const response = await client.post('/drivers/create/', DRIVER);
			expect(response.status).toBe(201);
			expect(response.data).toEqual({ detail: 'Driver created successfully.' });
			const list = await client.get('/drivers/list/', { params: { page_size: 'all', ordering: '-id' } });
			const listed = list.data.results[0];
			expect(listed).toMatchObject({
				contact_number: DRIVER.contact_number,
				driver_type: 'company_driver',
				employee_status: 'Active',
				status: 'Available',
				account: { first_name: 'Ana', last_name: 'Lopez', full_name: 'Ana Lopez', email: 'ana.lopez@example.com', username: expect.any(String) },
			});
			// The list shape does not carry the update-only fields.
			expect(listed).not.toHaveProperty('brith_date');
			expect(listed).not.toHaveProperty('is_main');
			expect(sandbox.data.drivers.find((d) => d.id === listed.id)).toMatchObject({ brith_date: '1990-04-12', mc_number: 1, dispatch_status: 1 });
		});

		it('needs first_name, last_name, contact_number and driver_type (A14) only', async () => {
			const minimal = { first_name: 'Bo', last_name: 'Diaz', contact_number: '1', driver_type: 'owner_operator' };
			expect((await client.post('/drivers/create/', minimal)).status).toBe(201);
			for (const field of Object.keys(minimal)) {
				const { [field]: _, ...without } = minimal as Record<string, string>;
				expectFieldError(await client.post('/drivers/create/', without), field);
			}
		});

		it('rejects brith_date and a nested account, naming them', async () => {
			const { birth_date: _, ...rest } = DRIVER;
			const misspelt = await client.post('/drivers/create/', { ...rest, brith_date: '1990-04-12' });
			expectFieldError(misspelt, 'brith_date');
			expect(misspelt.data.message).toContain('birth_date');
			const nested = await client.post('/drivers/create/', { ...DRIVER, account: { first_name: 'Ana', last_name: 'Lopez', email: 'a@b.c' } });
			expectFieldError(nested, 'account');
		});

		it.each([
			['mc_number', '1'],
			['mc_number', 99],
			['is_main', 'true'],
			['dispatch_status', 1.5],
			['dispatch_status', 77],
			['birth_date', '12/04/1990'],
			['birth_date', '1990-02-30'],
			['driver_license_issue_date', '2020-01-15T00:00:00Z'],
			['driver_license_expiration', 20280115],
			['email', 5],
			['first_name', ''],
			['contact_number', null],
		])('names %s when it is %p', async (field, value) => {
			expectFieldError(await client.post('/drivers/create/', { ...DRIVER, [field]: value }), field);
		});
	});

	describe('PUT /drivers/update/{pk}/', () => {
		const UPDATE = {
			account: { first_name: 'Carl', last_name: 'Mills', email: 'carl.mills@example.com' },
			contact_number: '(312) 555-0199',
			driver_type: 'owner_operator',
			new_employee_status: 'employed',
			status: 'active',
			is_main: false,
			mc_number: 2,
			brith_date: '1985-09-30',
			telegram_number: '+13125550199',
			driver_license: 'IL987654321',
			driver_license_issue_date: '2019-05-01',
			driver_license_state: 'IL',
			driver_license_expiration: '2027-05-01',
			driver_license_class: 'A',
			dispatch_status: 2,
		};
		const target = () => sandbox.data.drivers[0].id;
		afterEach(() => sandbox.configure({ driverUpdateReply: 'detail' }));

		it('updates and answers {detail} by default', async () => {
			const response = await client.put(`/drivers/update/${target()}/`, UPDATE);
			expect(response.status).toBe(200);
			expect(response.data).toEqual({ detail: 'Driver updated successfully.' });
			const listed = (await client.get('/drivers/list/', { params: { page_size: 1 } })).data.results[0];
			expect(listed).toMatchObject({ id: target(), driver_type: 'owner_operator', employee_status: 'employed', status: 'active' });
			expect(listed.account).toMatchObject({ first_name: 'Carl', last_name: 'Mills', full_name: 'Carl Mills', email: 'carl.mills@example.com' });
		});

		it('answers [driver] in the update shape when configured', async () => {
			sandbox.configure({ driverUpdateReply: 'array' });
			const response = await client.put(`/drivers/update/${target()}/`, { ...UPDATE, status: 'Available' });
			expect(response.status).toBe(200);
			expect(response.data).toEqual([
				{
					id: target(),
					account: { first_name: 'Carl', last_name: 'Mills', full_name: 'Carl Mills', email: 'carl.mills@example.com' },
					contact_number: UPDATE.contact_number,
					driver_type: 'owner_operator',
					employee_status: 'employed',
					status: 'Available',
					is_main: false,
					mc_number: 2,
					brith_date: '1985-09-30',
					telegram_number: UPDATE.telegram_number,
					driver_license: UPDATE.driver_license,
					driver_license_issue_date: '2019-05-01',
					driver_license_state: 'IL',
					driver_license_expiration: '2027-05-01',
					driver_license_class: 'A',
					dispatch_status: 2,
				},
			]);
		});

		it('answers an unknown driver with 404 "Driver not found."', async () => {
			const response = await client.put('/drivers/update/999999/', UPDATE);
			expect(response.status).toBe(404);
			expect(response.data).toEqual({ error: 404, message: 'Driver not found.' });
		});

		it('birth_date instead of brith_date is a 400 naming brith_date', async () => {
			const { brith_date: date, ...rest } = UPDATE;
			const response = await client.put(`/drivers/update/${target()}/`, { ...rest, birth_date: date });
			expect(response.status).toBe(400);
			expect(response.data.message).toMatch(/brith_date/);
			expectFieldError(await client.put(`/drivers/update/${target()}/`, rest), 'brith_date');
		});

		it.each(['contact_number', 'driver_type', 'new_employee_status', 'status', 'is_main', 'mc_number', 'brith_date', 'account'])(
			'requires %s',
			async (field) => {
				const { [field]: _, ...without } = UPDATE as Record<string, unknown>;
				expectFieldError(await client.put(`/drivers/update/${target()}/`, without), field);
			},
		);

		it.each(['first_name', 'last_name', 'email'])('account.%s must be at least 1 character and present', async (field) => {
			expectFieldError(await client.put(`/drivers/update/${target()}/`, { ...UPDATE, account: { ...UPDATE.account, [field]: '' } }), `account.${field}`);
			const { [field]: _, ...without } = UPDATE.account as Record<string, string>;
			expectFieldError(await client.put(`/drivers/update/${target()}/`, { ...UPDATE, account: without }), `account.${field}`);
		});

		it.each([
			['is_main', 'false'],
			['mc_number', '2'],
			['brith_date', '30/09/1985'],
			['dispatch_status', 'On Trip'],
			['driver_license_expiration', '2027-13-01'],
			['account', 'Carl Mills'],
		])('names %s when it is %p', async (field, value) => {
			expectFieldError(await client.put(`/drivers/update/${target()}/`, { ...UPDATE, [field]: value }), field);
		});

		it('does not change the driver when the body is rejected', async () => {
			const before = JSON.stringify(sandbox.data.drivers[0]);
			await client.put(`/drivers/update/${target()}/`, { ...UPDATE, account: { first_name: 'X', last_name: '', email: 'x@y.z' } });
			expect(JSON.stringify(sandbox.data.drivers[0])).toBe(before);
		});
	});

	describe('POST /orders/create/', () => {
		const LOAD = {
			load_id: 'LD-NEW-1',
			shipment_id: 'SH-9',
			customer: 'Coyote Logistics',
			mc_number: 1,
			load_pay: '2450.00',
			weight: '42000',
			goods: 'Paper products',
			equipment_type: 'Dry Van',
			transportation_mode: 'FTL',
			note: 'Call ahead',
			tags: [{ name: 'Hot' }],
			stops: [
				{ stop_type: 'pickup', company: 'Tyson Foods', address1: '1 Plant Rd', city: 'Chicago', state: 'IL', zip_code: '60632', ready_time_start_date: '2025-06-03T08:00:00Z', reference_id: 'PU1' },
				{ stop_type: 'delivery', company: 'Kroger', city: 'Dallas', state: 'TX', ready_time_start_date: '2025-06-05T14:00:00Z' },
			],
		};

		it('answers 201 with the full Order, readable by GET /orders/{pk} and first in the list', async () => {
			const response = await client.post('/orders/create/', LOAD);
			expect(response.status).toBe(201);
			const order = response.data;
			expect(order).toMatchObject({
				id: expect.any(Number),
				load_id: 'LD-NEW-1',
				status: 'booked',
				load_pay: '2450.00',
				customer__company_name: 'Coyote Logistics',
				mc_number__company_name: sandbox.data.mcNumbers[0].company_name,
				created_datetime: FIXED_NOW.toISOString().replace('.000', ''),
				pickup_appointment_time: '2025-06-03T08:00:00Z',
				delivery_appointment_time: '2025-06-05T14:00:00Z',
				tags: [{ name: 'Hot' }],
				trip: null,
			});
			expect(order.stops).toHaveLength(2);
			expect(order.stops[0]).toMatchObject({ order: order.id, stop_type: 'pickup', location: { city: 'Chicago', state: 'IL', company: 'Tyson Foods' } });
			expect(Number(order.estimated_mile)).toBeGreaterThan(700);
			expect(Object.keys(order).sort()).toEqual(Object.keys(sandbox.data.orders[0]).sort());
			expect((await client.get(`/orders/${order.id}`)).data).toEqual(order);
			expect((await client.get('/orders/', { params: { page_size: 1 } })).data.results[0].id).toBe(order.id);
		});

		it.each([
			['customer', { customer: undefined }],
			['customer', { customer: '' }],
			['stops', { stops: undefined }],
			['stops', { stops: [LOAD.stops[0]] }],
			['stops', { stops: [LOAD.stops[1], LOAD.stops[1]] }],
			['stops[1].city', { stops: [LOAD.stops[0], { stop_type: 'delivery', state: 'TX' }] }],
			['stops[0].state', { stops: [{ ...LOAD.stops[0], state: '' }, LOAD.stops[1]] }],
			['stops[0].stop_type', { stops: [{ ...LOAD.stops[0], stop_type: 'drop' }, LOAD.stops[1]] }],
			['stops[0].ready_time_start_date', { stops: [{ ...LOAD.stops[0], ready_time_start_date: 'Tuesday' }, LOAD.stops[1]] }],
			['load_pay', { load_pay: 2450 }],
			['weight', { weight: '42,000' }],
			['mc_number', { mc_number: 'MC-1048213' }],
			['mc_number', { mc_number: 999 }],
			['tags[0].name', { tags: [{ label: 'Hot' }] }],
		])('names %s', async (field, change) => {
			expectFieldError(await client.post('/orders/create/', { ...LOAD, ...change }), field);
		});

		it('rejects a body that is not an object', async () => {
			const response = await client.post('/orders/create/', [LOAD]);
			expect(response.status).toBe(400);
			expect(response.data).toEqual({ error: 400, message: expect.any(String) });
		});
	});

	describe.each([
		['trailers', '/trailers/create/', '/trailers/list/'],
		['trucks', '/trucks/create/', '/trucks/list/'],
	])('%s create', (_, createPath, listPath) => {
		const body = (unit: string) => ({ unit_number: unit, vin: '1XKYD49X0KJ123456', make: 'Utility', model: '3000R', year: 2021, plate_number: 'IL12345', state: 'IL', status: 'Active' });

		it('answers 201 with the record in the list shape, found by search', async () => {
			const response = await client.post(createPath, body(`NEW-${createPath.length}`));
			expect(response.status).toBe(201);
			expect(response.data).toMatchObject({ id: expect.any(Number), ...body(`NEW-${createPath.length}`) });
			const found = await client.get(listPath, { params: { search: `new-${createPath.length}` } });
			expect(found.data.results).toEqual([response.data]);
		});

		it.each([
			['unit_number', {}],
			['unit_number', { unit_number: '' }],
			['year', { unit_number: 'Z1', year: '2021' }],
			['year', { unit_number: 'Z1', year: 1776 }],
			['vin', { unit_number: 'Z1', vin: 123 }],
		])('names %s', async (field, payload) => {
			expectFieldError(await client.post(createPath, payload), field);
		});

		it('rejects a unit number already in the fleet', async () => {
			const existing = (await client.get(listPath)).data.results[0].unit_number;
			expectFieldError(await client.post(createPath, { unit_number: existing.toLowerCase() }), 'unit_number');
		});
	});

	it('trailer type is a trailer-type id', async () => {
		const created = await client.post('/trailers/create/', { unit_number: 'TR-REEFER-9', type: 2 });
		expect(created.data.type).toEqual(sandbox.data.trailerTypes.find((t) => t.id === 2));
		expectFieldError(await client.post('/trailers/create/', { unit_number: 'TR-X', type: 42 }), 'type');
		expectFieldError(await client.post('/trailers/create/', { unit_number: 'TR-X', type: 'Reefer' }), 'type');
	});
});
