import type { IDataObject, INodeParameters } from 'n8n-workflow';
import { runAsAgentTool } from '../harness/agentTool.cts';
import { listedDriver } from '../harness/listedDriver.cts';
import { useSandbox } from '../harness/sandbox.cts';
import { driverUpdateParameters } from './fixtures.cts';
import type { DriverRecord } from '../sandbox/types.cts';

/** Driver › Update in node version 1.1: only what the user sets changes (read, merge, write). */
const dt = useSandbox();
const API = '/api/v1/openapi';

beforeEach(() => {
	dt.sandbox.reset();
	dt.sandbox.configure({ driverListFields: 'published', driverUpdateReply: 'detail' });
});

function storedDriver(id: number): DriverRecord {
	return JSON.parse(JSON.stringify(dt.sandbox.data.drivers.find((driver) => driver.id === id))) as DriverRecord;
}

function driverWithStatus(status: string): DriverRecord {
	const driver = dt.sandbox.data.drivers.find((candidate) => candidate.status === status);
	if (!driver) throw new Error(`the seed has no driver with status ${status}`);
	return storedDriver(driver.id);
}

function update(driverId: unknown, updateFields: IDataObject, extra: INodeParameters = {}): INodeParameters {
	return { resource: 'driver', operation: 'update', driverId: driverId as INodeParameters[string], updateFields: updateFields as INodeParameters, ...extra };
}

const picked = (id: number) => ({ __rl: true, mode: 'list', value: String(id) });


function readRequest(id: number) {
	return {
		method: 'GET',
		path: `${API}/drivers/list/`,
		query: { page_size: '1', filter: JSON.stringify([{ column: 'id', value: String(id), contains: 'is' }]) },
	};
}

describe('Driver › Update (version 1.1): change only what is set', () => {
	test('a phone change of an On Trip driver reads the driver, writes it back, and changes nothing else', async () => {
		dt.sandbox.configure({ driverListFields: 'withUpdateFields' });
		const before = driverWithStatus('On Trip');

		const result = await dt.run({
			typeVersion: 1.1,
			parameters: update(picked(before.id), { contactNumber: '+1 312 555 0199' }),
		});

		expect(result.error).toBeUndefined();
		expect(dt.sandbox.log.map(({ method, path, query }) => ({ method, path, query }))).toEqual([
			readRequest(before.id),
			{ method: 'PUT', path: `${API}/drivers/update/${before.id}/`, query: {} },
		]);
		const after = storedDriver(before.id);
		expect(after).toEqual({ ...before, contact_number: '+1 312 555 0199' });
		expect(after.status).toBe('On Trip');
		// Datatruck answered {detail}: the item is the driver as read with the change laid over it, as the list now shows it.
		expect(result.json).toEqual([await listedDriver(dt.sandbox, before.id)]);
		expect(result.json[0]).toMatchObject({ id: before.id, contact_number: '+1 312 555 0199', status: 'On Trip' });
	});

	test('the PUT carries the driver as read, with only the change laid over it', async () => {
		dt.sandbox.configure({ driverListFields: 'withUpdateFields' });
		const before = driverWithStatus('Home Time');

		await dt.run({ typeVersion: 1.1, parameters: update(String(before.id), { email: 'new.address@acmetrucking.com' }) });

		expect(dt.sandbox.log[1].body).toEqual({
			account: { first_name: before.account.first_name, last_name: before.account.last_name, email: 'new.address@acmetrucking.com' },
			contact_number: before.contact_number,
			driver_type: before.driver_type,
			new_employee_status: before.employee_status,
			status: 'Home Time',
			is_main: before.is_main,
			mc_number: before.mc_number,
			brith_date: before.brith_date,
			dispatch_status: before.dispatch_status,
			driver_license: before.driver_license,
			driver_license_class: before.driver_license_class,
			driver_license_expiration: before.driver_license_expiration,
			driver_license_issue_date: before.driver_license_issue_date,
			driver_license_state: before.driver_license_state,
			...(before.telegram_number ? { telegram_number: before.telegram_number } : {}),
		});
		expect(storedDriver(before.id)).toEqual({ ...before, account: { ...before.account, email: 'new.address@acmetrucking.com' } });
	});

	// With the published list shape (which lacks Main Driver, MC Number ID and Birth Date) the write is a PATCH of the
	// fields set: driverUpdatePatch.test.cts.

	test('with the published list shape and the three fields given, only the phone changes', async () => {
		const before = driverWithStatus('On Trip');

		const result = await dt.run({
			typeVersion: 1.1,
			parameters: update(picked(before.id), {
				contactNumber: '+1 312 555 0199',
				isMain: before.is_main,
				mcNumber: before.mc_number,
				birthDate: `${before.brith_date}T00:00:00`,
			}),
		});

		expect(result.error).toBeUndefined();
		expect(dt.requestLines()).toEqual([`GET ${API}/drivers/list/`, `PUT ${API}/drivers/update/${before.id}/`]);
		expect(storedDriver(before.id)).toEqual({ ...before, contact_number: '+1 312 555 0199' });
	});

	test('a picked driver that no longer exists: "no driver with ID …" after the read, and no update is sent', async () => {
		const result = await dt.run({ typeVersion: 1.1, parameters: update(picked(99999), { contactNumber: '+1 312 555 0199' }) });

		expect(result.error?.message).toBe('No driver with ID 99999 exists in this Datatruck company; nothing was updated');
		expect(dt.requestLines()).toEqual([`GET ${API}/drivers/list/`]);
	});

	test.each([
		// n8n itself checks the By ID mode and a required picker before the workflow starts.
		['a typed ID with letters', { __rl: true, mode: 'id', value: '21a' }, "The 'Datatruck' node has issues:\n- Driver: not a Datatruck ID; use digits only, e.g. 214"],
		['an empty pick', { __rl: true, mode: 'list', value: '' }, 'The \'Datatruck\' node has issues:\n- Parameter "Driver" is required.'],
		['a plain string that is not a number', 'Maria', 'Driver: "Maria" is not a whole number of at least 1'],
		['an ID mapped by an expression that is not a number', { __rl: true, mode: 'id', value: '={{ "T-14" }}' }, 'Driver: "T-14" is not a whole number of at least 1'],
	])('%s names the Driver parameter and sends nothing', async (_case, driverId, message) => {
		const result = await dt.run({ typeVersion: 1.1, parameters: update(driverId, { contactNumber: '+1 312 555 0199' }) });
		expect(result.error?.message).toBe(message);
		expect(dt.sandbox.log).toHaveLength(0);
	});

	test('no Update Fields: asks for one and sends nothing', async () => {
		const result = await dt.run({ typeVersion: 1.1, parameters: update(picked(3), {}) });
		expect(result.error?.message).toBe('Update Fields: add at least one field to change (nothing else of the driver is touched)');
		expect(dt.sandbox.log).toHaveLength(0);
	});

	test('a wrong value in Update Fields is named before the read', async () => {
		const result = await dt.run({ typeVersion: 1.1, parameters: update(picked(3), { birthDate: 'last spring' }) });
		expect(result.error?.message).toMatch(/^Update Fields › Birth Date: /);
		expect(dt.sandbox.log).toHaveLength(0);
	});

	test('Continue On Fail: a missing driver fails its own item and the next item is updated', async () => {
		dt.sandbox.configure({ driverListFields: 'withUpdateFields' });
		const before = driverWithStatus('Available');

		const result = await dt.run({
			typeVersion: 1.1,
			continueOnFail: true,
			items: [{ id: 99999 }, { id: before.id }],
			parameters: update('={{ $json.id }}', { contactNumber: '+1 312 555 0111' }),
		});

		expect(result.items).toHaveLength(2);
		expect(result.items[0].json.error).toBe('No driver with ID 99999 exists in this Datatruck company; nothing was updated');
		expect(result.items[0].pairedItem).toEqual({ item: 0 });
		expect(result.items[1].json).toMatchObject({ id: before.id, contact_number: '+1 312 555 0111', status: before.status });
		expect(result.items[1].pairedItem).toEqual({ item: 1 });
		expect(storedDriver(before.id)).toEqual({ ...before, contact_number: '+1 312 555 0111' });
	});

	test('a version 1 workflow (plain Driver ID, every field at the top) still sends the whole driver in one request', async () => {
		const before = storedDriver(205);
		const result = await dt.run({ parameters: driverUpdateParameters({ status: before.status }) });
		expect(result.error).toBeUndefined();
		expect(dt.requestLines()).toEqual([`PUT ${API}/drivers/update/205/`]);
		expect(storedDriver(205).account.first_name).toBe('Maria');
	});
});

describe('Driver › Update as an AI agent tool ($fromAI)', () => {
	const toolParameters = update(
		{ __rl: true, mode: 'id', value: "={{ $fromAI('driver_id', 'Datatruck numeric ID of the driver, e.g. 214', 'number') }}" },
		{ contactNumber: "={{ $fromAI('phone', 'The driver\\'s new phone number, e.g. +1 312 555 0142', 'string') }}" },
	);

	test('the agent changes only the phone of an On Trip driver; every other field stays as stored', async () => {
		dt.sandbox.configure({ driverListFields: 'withUpdateFields' });
		const before = driverWithStatus('On Trip');

		const { results, startError } = await runAsAgentTool({
			parameters: toolParameters,
			credentials: dt.credentials(),
			calls: [{ driver_id: before.id, phone: '+1 773 555 0123' }],
		});

		expect(startError).toBeUndefined();
		expect(dt.requestLines()).toEqual([`GET ${API}/drivers/list/`, `PUT ${API}/drivers/update/${before.id}/`]);
		expect(results).toEqual([{ response: [await listedDriver(dt.sandbox, before.id)] }]);
		expect(storedDriver(before.id)).toEqual({ ...before, contact_number: '+1 773 555 0123' });
		expect(storedDriver(before.id).status).toBe('On Trip');
	});

	test('the agent gets the clear errors: a missing driver, and a driver ID that is not a number', async () => {
		dt.sandbox.configure({ driverListFields: 'withUpdateFields' });

		const { results } = await runAsAgentTool({
			parameters: update(
				{ __rl: true, mode: 'id', value: "={{ $fromAI('driver_id', 'Datatruck numeric ID of the driver, e.g. 214', 'string') }}" },
				{ contactNumber: "={{ $fromAI('phone', 'The new phone number, e.g. +1 312 555 0142', 'string') }}" },
			),
			credentials: dt.credentials(),
			calls: [
				{ driver_id: '99999', phone: '+1 773 555 0123' },
				{ driver_id: 'Maria Lopez', phone: '+1 773 555 0123' },
			],
		});

		expect(results[0].error).toContain('No driver with ID 99999 exists in this Datatruck company; nothing was updated');
		expect(results[1].error).toContain('Driver: "Maria Lopez" is not a whole number of at least 1');
		expect(dt.requestLines()).toEqual([`GET ${API}/drivers/list/`]);
	});
});
