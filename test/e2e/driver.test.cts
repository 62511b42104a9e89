/** Driver › Get Many, Create and Update, in one workflow run by a real n8n. */
import { authCheck } from './lib/sandbox.cts';
import { direct, startSuite, type Suite } from './lib/suite.cts';
import { itemsOf } from './lib/output.cts';
import { driverCreateParameters, hiredDriverRecord } from '../integration/fixtures.cts';

const API = '/api/v1/openapi';

describe('Driver resource in n8n', () => {
	// The workflow below is a version 1 workflow (plain Driver ID, every field at the top): it must keep working.
	let s: Suite;
	beforeAll(async () => {
		s = await startSuite('driver');
	});
	afterAll(() => s?.close());

	it('runs every operation: Get Many (all; filtered, sorted, limited), Create and Update', async () => {
		const filter = [
			{ column: 'driver_type', value: 'company_driver', contains: 'is' },
			{ column: 'employee_status', value: 'Terminated', contains: 'is_not' },
		];
		const { run, log } = await s.run('e2eDriver0000001', [
			{ name: 'All drivers', parameters: { resource: 'driver', operation: 'getMany', returnAll: true } },
			{
				name: 'Company drivers A-Z',
				parameters: {
					resource: 'driver',
					operation: 'getMany',
					limit: 4,
					filters: {
						conditions: [
							{ field: 'driver_type', operator: 'is', value: 'company_driver' },
							{ field: 'employee_status', operator: 'is_not', value: 'Terminated' },
						],
					},
					sort: { field: 'account__last_name', descending: false },
				},
			},
			{
				name: 'Hire Maria',
				parameters: driverCreateParameters(),
			},
			{
				name: 'Update driver 205',
				parameters: {
					resource: 'driver',
					operation: 'update',
					driverId: '205',
					firstName: 'Dana',
					lastName: 'Whitfield',
					email: 'dana.whitfield@acmetrucking.com',
					contactNumber: '+1 312 555 0177',
					driverType: 'owner_operator',
					employeeStatus: 'employed',
					status: 'active',
					isMain: true,
					mcNumber: 2,
					birthDate: '1979-09-03T00:00:00',
					additionalFields: { dispatchStatus: 3 },
				},
			},
		]);

		expect(log.map((e) => [e.method, e.path, e.query])).toEqual([
			['GET', `${API}/drivers/list/`, { page_size: 'all' }],
			['GET', `${API}/drivers/list/`, { page_size: '4', ordering: 'account__last_name', filter: JSON.stringify(filter) }],
			['POST', `${API}/drivers/create/`, {}],
			['PUT', `${API}/drivers/update/205/`, {}],
		]);
		expect(authCheck(log, s.sb.token).every((l) => l.endsWith('Token ok'))).toBe(true);
		expect(log[2].body).toEqual({
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
			driver_license: 'L52374918',
			driver_license_expiration: '2028-06-30',
		});
		expect(log[3].body).toEqual({
			account: { first_name: 'Dana', last_name: 'Whitfield', email: 'dana.whitfield@acmetrucking.com' },
			contact_number: '+1 312 555 0177',
			driver_type: 'owner_operator',
			new_employee_status: 'employed',
			status: 'active',
			is_main: true,
			mc_number: 2,
			brith_date: '1979-09-03',
			dispatch_status: 3,
		});

		// The list was read before the create, so it is the seeded drivers.
		const all = itemsOf(run, 'All drivers');
		expect(all.map((d) => d.id)).toEqual(s.sb.data.drivers.filter((d) => d.account.first_name !== 'Maria' || d.account.last_name !== 'Lopez').map((d) => d.id).sort((a, b) => a - b));
		const filtered = (await direct(s.sb, `/drivers/list/?page_size=4&ordering=account__last_name&filter=${encodeURIComponent(JSON.stringify(filter))}`)).results;
		expect(itemsOf(run, 'Company drivers A-Z')).toEqual(filtered);
		// The driver as sent, under the driver record's names, with Datatruck's confirmation.
		expect(itemsOf(run, 'Hire Maria')).toEqual([hiredDriverRecord()]);
		expect(itemsOf(run, 'Update driver 205')).toEqual([{ id: 205, detail: 'Driver updated successfully.' }]);
		const updated = s.sb.data.drivers.find((d) => d.id === 205)!;
		expect(updated.account.full_name).toBe('Dana Whitfield');
		expect(s.sb.data.drivers.some((d) => d.account.email === 'maria.lopez@acmetrucking.com')).toBe(true);
	});

	it('Update (version 1.1) changes only the phone of an On Trip driver picked from the list; a missing driver is refused before any update', async () => {
		s.sb.configure({ driverListFields: 'withUpdateFields' });
		const onTrip = s.sb.data.drivers.find((d) => d.status === 'On Trip' && d.id !== 205)!;
		const before = JSON.parse(JSON.stringify(onTrip));
		try {
			const { run, log } = await s.run('e2eDriver0000002', [
				{
					name: 'New phone',
					typeVersion: 1.1,
					parameters: {
						resource: 'driver',
						operation: 'update',
						driverId: { __rl: true, mode: 'list', value: String(onTrip.id), cachedResultName: onTrip.account.full_name },
						updateFields: { contactNumber: '+1 773 555 0123' },
					},
				},
				{
					name: 'Gone driver',
					typeVersion: 1.1,
					after: 'New phone',
					continueOnFail: true,
					parameters: {
						resource: 'driver',
						operation: 'update',
						driverId: { __rl: true, mode: 'id', value: '99999' },
						updateFields: { contactNumber: '+1 773 555 0123' },
					},
				},
			]);
			expect(log.map((e) => [e.method, e.path])).toEqual([
				['GET', `${API}/drivers/list/`],
				['PUT', `${API}/drivers/update/${onTrip.id}/`],
				['GET', `${API}/drivers/list/`],
			]);
			expect(JSON.parse(String(log[0].query.filter))).toEqual([{ column: 'id', value: String(onTrip.id), contains: 'is' }]);
			// The driver as saved (Datatruck answered {detail}): as the driver list shows it now.
			const listed = (await direct(s.sb, `/drivers/list/?page_size=1&filter=${encodeURIComponent(JSON.stringify([{ column: 'id', value: String(onTrip.id), contains: 'is' }]))}`)).results;
			expect(itemsOf(run, 'New phone')).toEqual(listed);
			expect(s.sb.data.drivers.find((d) => d.id === onTrip.id)).toEqual({ ...before, contact_number: '+1 773 555 0123' });
			expect(itemsOf(run, 'Gone driver')[0].error).toBe('No driver with ID 99999 exists in this Datatruck company; nothing was updated');
		} finally {
			s.sb.configure({ driverListFields: 'published' });
		}
	});

	it('Update (version 1.1) on the published driver list: a PATCH of the phone alone; on a Datatruck that takes PUT alone, the fields asked for and remembered (issue 42)', async () => {
		const phone = (id: number, node: string) => ({
			name: node,
			typeVersion: 1.1,
			continueOnFail: true,
			parameters: { resource: 'driver', operation: 'update', driverId: { __rl: true, mode: 'id', value: String(id) }, updateFields: { contactNumber: '+1 773 555 0144' } },
		});
		const [first, second, third] = s.sb.data.drivers.filter((d) => d.status === 'Available' && d.id !== 205).map((d) => JSON.parse(JSON.stringify(d)));

		const patched = await s.run('e2eDriver0000003', [phone(first.id, 'Phone by PATCH')]);
		expect(patched.log.map((e) => `${e.method} ${e.path} ${e.status}`)).toEqual([`GET ${API}/drivers/list/ 200`, `PATCH ${API}/drivers/update/${first.id}/ 200`]);
		expect(patched.log[1].body).toEqual({ contact_number: '+1 773 555 0144' });
		expect(s.sb.data.drivers.find((d) => d.id === first.id)).toEqual({ ...first, contact_number: '+1 773 555 0144' });
		expect(itemsOf(patched.run, 'Phone by PATCH')).toEqual([expect.objectContaining({ id: first.id, contact_number: '+1 773 555 0144', status: 'Available', account: first.account })]);

		s.sb.configure({ driverUpdatePatch: 'refused' });
		try {
			const refused = await s.run('e2eDriver0000004', [phone(second.id, 'PUT only')]);
			expect(refused.log.map((e) => `${e.method} ${e.status}`)).toEqual(['GET 200', 'PATCH 405']);
			expect(itemsOf(refused.run, 'PUT only')[0].error).toBe(
				`Update Fields › Main Driver, Update Fields › MC Number ID, Update Fields › Birth Date: Datatruck's update must send these fields and its driver list did not return them for driver ${second.id}; nothing was updated`,
			);
			// Remembered by this n8n for the credential's Datatruck: the next execution sends no PATCH.
			const remembered = await s.run('e2eDriver0000005', [phone(third.id, 'Asked at once')]);
			expect(remembered.log.map((e) => e.method)).toEqual(['GET']);
			expect(itemsOf(remembered.run, 'Asked at once')[0].error).toMatch(/^Update Fields › Main Driver, .*; nothing was updated$/);
			expect(s.sb.data.drivers.find((d) => d.id === second.id)).toEqual(second);
			expect(s.sb.data.drivers.find((d) => d.id === third.id)).toEqual(third);
		} finally {
			s.sb.configure({ driverUpdatePatch: 'accepted' });
		}
	});
});
