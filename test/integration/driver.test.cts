import { DRIVER_LIST_SCHEMA } from '../sandbox/resources/drivers.cts';
import { project } from '../sandbox/schema.cts';
import { useSandbox } from '../harness/sandbox.cts';
import { driverCreateParameters, driverUpdateParameters, hiredDriverRecord } from './fixtures.cts';

const dt = useSandbox();

const API = '/api/v1/openapi';

const updateParameters = driverUpdateParameters;

const UPDATE_BODY = {
	account: { first_name: 'Maria', last_name: 'Lopez', email: 'maria.lopez@acmetrucking.com' },
	contact_number: '+1 312 555 0142',
	driver_type: 'owner_operator',
	new_employee_status: 'employed',
	status: 'active',
	is_main: false,
	mc_number: 2,
	brith_date: '1986-04-12',
};

describe('Driver › Get Many', () => {
	test('Return All is one request with page_size=all and returns every driver in list shape', async () => {
		const result = await dt.run({ parameters: { resource: 'driver', operation: 'getMany', returnAll: true } });

		expect(result.error).toBeUndefined();
		expect(dt.sandbox.log.map(({ method, path, query }) => ({ method, path, query }))).toEqual([
			{ method: 'GET', path: `${API}/drivers/list/`, query: { page_size: 'all' } },
		]);
		const expected = [...dt.sandbox.data.drivers].sort((a, b) => a.id - b.id).map((driver) => project(driver, DRIVER_LIST_SCHEMA));
		expect(result.json).toEqual(JSON.parse(JSON.stringify(expected)));
		expect(result.json.length).toBeGreaterThan(10);
	});

	test('Limit, a filter and a sort become page_size, filter and ordering, and the API applies them', async () => {
		const result = await dt.run({
			parameters: {
				resource: 'driver',
				operation: 'getMany',
				returnAll: false,
				limit: 4,
				filters: {
					conditions: [
						{ field: 'driver_type', operator: 'is', value: 'company_driver' },
						{ field: 'employee_status', operator: 'is_not', value: 'Terminated' },
					],
				},
				sort: { field: 'account__last_name', descending: false },
			},
		});

		expect(result.error).toBeUndefined();
		expect(dt.sandbox.log).toHaveLength(1);
		expect(dt.sandbox.log[0].method).toBe('GET');
		expect(dt.sandbox.log[0].path).toBe(`${API}/drivers/list/`);
		expect(dt.sandbox.log[0].query).toEqual({
			page_size: '4',
			ordering: 'account__last_name',
			filter: JSON.stringify([
				{ column: 'driver_type', value: 'company_driver', contains: 'is' },
				{ column: 'employee_status', value: 'Terminated', contains: 'is_not' },
			]),
		});
		const expected = dt.sandbox.data.drivers
			.filter((driver) => driver.driver_type === 'company_driver' && driver.employee_status !== 'Terminated')
			.sort((a, b) =>
				a.account.last_name < b.account.last_name ? -1 : a.account.last_name > b.account.last_name ? 1 : a.id - b.id,
			)
			.slice(0, 4);
		expect(expected).toHaveLength(4);
		expect(result.json.map((driver) => driver.id)).toEqual(expected.map((driver) => driver.id));
	});

	test('a date filter on the hire date is sent as an ISO date-time', async () => {
		const result = await dt.run({
			parameters: {
				resource: 'driver',
				operation: 'getMany',
				returnAll: true,
				filters: { conditions: [{ field: 'hire_date', operator: 'after', value: '2024-01-01' }] },
			},
		});
		expect(result.error).toBeUndefined();
		expect(JSON.parse(String(dt.sandbox.log[0].query.filter))).toEqual([
			{ column: 'hire_date', value: '2024-01-01T00:00:00Z', contains: 'after' },
		]);
		const expected = dt.sandbox.data.drivers.filter((driver) => driver.hire_date! >= '2024-01-01').map((driver) => driver.id);
		expect(result.json.map((driver) => driver.id)).toEqual(expected.sort((a, b) => a - b));
	});
});

describe('Driver › Create', () => {
	test('sends a flat body with birth_date and typed extras, and returns the confirmation as one item', async () => {
		const result = await dt.run({
			parameters: driverCreateParameters({
				dispatchStatus: 1,
				driverLicenseClass: 'A',
				driverLicenseState: 'IL',
				driverLicenseIssueDate: '2022-06-30T00:00:00',
				telegramNumber: '+1 312 555 0199',
			}),
		});

		expect(result.error).toBeUndefined();
		expect(dt.sandbox.log).toHaveLength(1);
		const [entry] = dt.sandbox.log;
		expect(entry.method).toBe('POST');
		expect(entry.path).toBe(`${API}/drivers/create/`);
		expect(entry.query).toEqual({});
		expect(entry.headers['content-type']).toMatch(/^application\/json/);
		expect(entry.body).toEqual({
			first_name: 'Maria',
			last_name: 'Lopez',
			contact_number: '+1 312 555 0142',
			driver_type: 'company_driver',
			email: 'maria.lopez@acmetrucking.com',
			new_employee_status: 'Active',
			status: 'Available',
			is_main: false,
			mc_number: 2,
			birth_date: '1986-04-12',
			dispatch_status: 1,
			driver_license: 'L52374918',
			driver_license_class: 'A',
			driver_license_state: 'IL',
			driver_license_issue_date: '2022-06-30',
			driver_license_expiration: '2028-06-30',
			telegram_number: '+1 312 555 0199',
		});
		// The driver as sent, under the names the driver list and Driver › Update give a driver, with Datatruck's
		// confirmation; one request, and nothing of the credential in it.
		expect(result.json).toEqual([
			hiredDriverRecord({
				dispatch_status: 1,
				driver_license_class: 'A',
				driver_license_state: 'IL',
				driver_license_issue_date: '2022-06-30',
				telegram_number: '+1 312 555 0199',
			}),
		]);
		const stored = dt.sandbox.data.drivers[dt.sandbox.data.drivers.length - 1];
		// Every field returned is the driver Datatruck stored, under the same name.
		const { detail, ...driver } = result.json[0];
		expect(detail).toBe('Driver created successfully.');
		expect(stored).toMatchObject(driver);
		expect(stored.account.email).toBe('maria.lopez@acmetrucking.com');
		expect(stored.brith_date).toBe('1986-04-12');
	});

	test('with only the required fields the body holds only them; a custom driver type is sent as written', async () => {
		const result = await dt.run({
			parameters: {
				resource: 'driver',
				operation: 'create',
				firstName: 'Dwayne',
				lastName: 'Okafor',
				contactNumber: '(312) 555-0188',
				driverType: 'Company Driver',
				additionalFields: { email: '', telegramNumber: '' },
			},
		});
		expect(result.error).toBeUndefined();
		expect(dt.sandbox.log[0].body).toEqual({
			first_name: 'Dwayne',
			last_name: 'Okafor',
			contact_number: '(312) 555-0188',
			driver_type: 'Company Driver',
		});
	});

	test('runs once per input item with pairing kept; Continue On Fail reports the bad email alone', async () => {
		const result = await dt.run({
			parameters: {
				resource: 'driver',
				operation: 'create',
				firstName: '={{ $json.first }}',
				lastName: '={{ $json.last }}',
				contactNumber: '={{ $json.phone }}',
				driverType: 'owner_operator',
				additionalFields: { email: '={{ $json.email }}' },
			},
			items: [
				{ first: 'Ana', last: 'Reyes', phone: '+1 214 555 0101', email: 'ana.reyes@acmetrucking.com' },
				{ first: 'Bo', last: 'Lind', phone: '+1 214 555 0102', email: 'bo.lind-at-acmetrucking.com' },
				{ first: 'Cy', last: 'Moss', phone: '+1 214 555 0103', email: 'cy.moss@acmetrucking.com' },
			],
			continueOnFail: true,
		});

		expect(result.items).toHaveLength(3);
		expect(result.items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
		expect(result.json[0]).toMatchObject({ account: { first_name: 'Ana', last_name: 'Reyes' }, detail: 'Driver created successfully.' });
		expect(result.json[1].error).toBe('Additional Fields › Email: "bo.lind-at-acmetrucking.com" is not an email address');
		expect(result.json[2]).toMatchObject({ account: { first_name: 'Cy', last_name: 'Moss' }, detail: 'Driver created successfully.' });
		expect(dt.sandbox.log.map((entry) => (entry.body as { first_name: string }).first_name)).toEqual(['Ana', 'Cy']);
	});
});

describe('Driver › Update', () => {
	test('sends the nested account and brith_date; the {detail} reply becomes {id, detail}', async () => {
		dt.sandbox.configure({ driverUpdateReply: 'detail' });
		const result = await dt.run({
			parameters: updateParameters({
				additionalFields: {
					driverLicense: 'L52374918',
					driverLicenseExpiration: '2028-06-30T00:00:00',
					dispatchStatus: 3,
				},
			}),
		});

		expect(result.error).toBeUndefined();
		expect(dt.sandbox.log).toHaveLength(1);
		const [entry] = dt.sandbox.log;
		expect(entry.method).toBe('PUT');
		expect(entry.path).toBe(`${API}/drivers/update/205/`);
		expect(entry.query).toEqual({});
		expect(entry.body).toEqual({
			...UPDATE_BODY,
			driver_license: 'L52374918',
			driver_license_expiration: '2028-06-30',
			dispatch_status: 3,
		});
		expect(result.json).toEqual([{ id: 205, detail: 'Driver updated successfully.' }]);
		const stored = dt.sandbox.data.drivers.find((driver) => driver.id === 205)!;
		expect(stored.account.full_name).toBe('Maria Lopez');
		expect(stored.brith_date).toBe('1986-04-12');
	});

	test('the array reply becomes the updated driver object, one item', async () => {
		dt.sandbox.configure({ driverUpdateReply: 'array' });
		try {
			const result = await dt.run({ parameters: updateParameters({ driverId: '206' }) });
			expect(result.error).toBeUndefined();
			expect(dt.sandbox.log[0].path).toBe(`${API}/drivers/update/206/`);
			expect(dt.sandbox.log[0].body).toEqual(UPDATE_BODY);
			const stored = dt.sandbox.data.drivers.find((driver) => driver.id === 206)!;
			expect(result.json).toEqual([
				{
					id: 206,
					account: { first_name: 'Maria', last_name: 'Lopez', full_name: 'Maria Lopez', email: 'maria.lopez@acmetrucking.com' },
					contact_number: '+1 312 555 0142',
					driver_type: 'owner_operator',
					employee_status: 'employed',
					status: 'active',
					is_main: false,
					mc_number: 2,
					brith_date: '1986-04-12',
					telegram_number: stored.telegram_number,
					driver_license: stored.driver_license,
					driver_license_issue_date: stored.driver_license_issue_date,
					driver_license_state: stored.driver_license_state,
					driver_license_expiration: stored.driver_license_expiration,
					driver_license_class: stored.driver_license_class,
					dispatch_status: stored.dispatch_status,
				},
			]);
		} finally {
			dt.sandbox.configure({ driverUpdateReply: 'detail' });
		}
	});

	test('an unknown ID says which driver does not exist', async () => {
		const result = await dt.run({ parameters: updateParameters({ driverId: '99999' }) });
		expect(result.error?.message).toBe('No driver with ID 99999 exists in this Datatruck company');
		expect(result.error?.httpCode).toBe('404');
		expect(dt.requestLines()).toEqual([`PUT ${API}/drivers/update/99999/`]);
	});

	test('several items, each its own driver, in order; a bad ID is reported alone and never sent', async () => {
		const result = await dt.run({
			parameters: updateParameters({ driverId: '={{ $json.id }}', contactNumber: '={{ $json.phone }}' }),
			items: [
				{ id: 207, phone: '+1 312 555 0107' },
				{ id: '20x', phone: '+1 312 555 0108' },
				{ id: 209, phone: '+1 312 555 0109' },
			],
			continueOnFail: true,
		});
		expect(result.json).toEqual([
			{ id: 207, detail: 'Driver updated successfully.' },
			{ error: 'Driver ID: "20x" is not a whole number of at least 1' },
			{ id: 209, detail: 'Driver updated successfully.' },
		]);
		expect(result.items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
		expect(dt.sandbox.log.map((entry) => [entry.path, (entry.body as { contact_number: string }).contact_number])).toEqual([
			[`${API}/drivers/update/207/`, '+1 312 555 0107'],
			[`${API}/drivers/update/209/`, '+1 312 555 0109'],
		]);
	});
});

describe('Driver: bad input is refused before any request', () => {
	const createBase = driverCreateParameters();

	test.each([
		['a Driver ID that is not a whole number', updateParameters({ driverId: '12a' }), 'Driver ID: "12a" is not a whole number of at least 1'],
		['a negative Driver ID', updateParameters({ driverId: '-3' }), 'Driver ID: "-3" is not a whole number of at least 1'],
		['an empty account first name on update', updateParameters({ firstName: '  ' }), 'First Name: must not be empty'],
		['an empty account email on update', updateParameters({ email: '={{ $json.email }}' }), 'Email: must not be empty'],
		['a bad email on update', updateParameters({ email: 'maria.lopez' }), 'Email: "maria.lopez" is not an email address'],
		['a bad birth date on update', updateParameters({ birthDate: '1986-02-30' }), 'Birth Date: "1986-02-30" is not a date in the form YYYY-MM-DD'],
		['an empty birth date on update', updateParameters({ birthDate: '={{ "" }}' }), 'Birth Date: must not be empty'],
		['an MC Number ID that is not a whole number', updateParameters({ mcNumber: 2.5 }), 'MC Number ID: "2.5" is not a whole number of at least 1'],
		['an MC Number ID left at 0', updateParameters({ mcNumber: 0 }), 'MC Number ID: "0" is not a whole number of at least 1'],
		['Main Driver that is not true or false', updateParameters({ isMain: '={{ "maybe" }}' }), 'Main Driver: must be true or false, not "maybe"'],
		['an empty contact number on create', { ...createBase, contactNumber: ' ' }, 'Contact Number: must not be empty'],
		['an empty driver type on create', { ...createBase, driverType: '={{ "" }}' }, 'Driver Type: must not be empty'],
		['a bad email on create', { ...createBase, additionalFields: { email: 'maria@acme' } }, 'Additional Fields › Email: "maria@acme" is not an email address'],
		['a bad birth date on create', { ...createBase, additionalFields: { birthDate: '12/04/1986' } }, 'Additional Fields › Birth Date: "12/04/1986" is not a date in the form YYYY-MM-DD'],
		['a text MC Number ID on create', { ...createBase, additionalFields: { mcNumber: '={{ "MC-1048213" }}' } }, 'Additional Fields › MC Number ID: "MC-1048213" is not a whole number of at least 1'],
		['a bad license expiration on create', { ...createBase, additionalFields: { driverLicenseExpiration: 'next June' } }, 'Additional Fields › Driver License Expiration: "next June" is not a date in the form YYYY-MM-DD'],
	])('%s', async (_case, parameters, message) => {
		const result = await dt.run({ parameters });
		expect(result.error?.message).toBe(message);
		expect(result.error?.description).toMatch(/^For example: /);
		expect(dt.sandbox.log).toEqual([]);
	});
});
