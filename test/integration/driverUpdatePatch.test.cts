import type { IDataObject, INodeParameters } from 'n8n-workflow';
import { findingsFor, resetSupport } from '../../nodes/Datatruck/shared/lists';
import { timeoutPolicy } from '../../nodes/Datatruck/shared/transport/timeouts';
import { coreLogger } from '../harness/coreLogger.cts';
import { listedDriver } from '../harness/listedDriver.cts';
import { useSandbox } from '../harness/sandbox.cts';
import { driverUpdateShape } from '../sandbox/resources/drivers.cts';
import type { DriverRecord } from '../sandbox/types.cts';
import { FAULTS } from './lostAnswerCases.cts';

/**
 * Driver › Update (version 1.1) where the driver list lacks what Datatruck's full update (PUT) requires: Main Driver,
 * MC Number ID and Birth Date (the published list shape, as the demo's sandbox serves it). The node sends a partial
 * update (PATCH) of the fields set alone (A37); a Datatruck that takes PUT alone gets the fields asked for by name,
 * remembered per origin, so that the next update sends no PATCH.
 */
const dt = useSandbox();
const API = '/api/v1/openapi';


let warn: jest.SpyInstance;
const savedTimeouts = { ...timeoutPolicy };
beforeEach(() => {
	resetSupport();
	dt.sandbox.reset();
	dt.sandbox.configure({ driverListFields: 'published', driverUpdateReply: 'detail', driverUpdatePatch: 'accepted', profile: 'default' });
	warn = jest.spyOn(coreLogger(), 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
	warn.mockRestore();
	Object.assign(timeoutPolicy, savedTimeouts);
});

const origin = () => new URL(dt.sandbox.baseUrl).origin;
const findingWarnings = () => warn.mock.calls.filter(([message]) => String(message).includes('A37'));

function storedDriver(id: number): DriverRecord {
	return JSON.parse(JSON.stringify(dt.sandbox.data.drivers.find((driver) => driver.id === id))) as DriverRecord;
}

function driverWithStatus(status: string, offset = 0): DriverRecord {
	const driver = dt.sandbox.data.drivers.filter((candidate) => candidate.status === status)[offset];
	if (!driver) throw new Error(`the seed has no driver with status ${status}`);
	return storedDriver(driver.id);
}

const update = (id: number, updateFields: IDataObject) => ({
	typeVersion: 1.1,
	parameters: {
		resource: 'driver',
		operation: 'update',
		driverId: { __rl: true, mode: 'list', value: String(id) },
		updateFields: updateFields as INodeParameters,
	} as INodeParameters,
});

const read = (id: number) => ({
	method: 'GET',
	path: `${API}/drivers/list/`,
	query: { page_size: '1', filter: JSON.stringify([{ column: 'id', value: String(id), contains: 'is' }]) },
});
const write = (method: string, id: number) => ({ method, path: `${API}/drivers/update/${id}/`, query: {} });
const requests = () => dt.sandbox.log.map(({ method, path: at, query }) => ({ method, path: at, query }));


const MISSING = 'Update Fields › Main Driver, Update Fields › MC Number ID, Update Fields › Birth Date';

describe('Driver › Update with the published driver list: a partial update of the fields set', () => {
	test('a newcomer sets only Contact Number: the read, then a PATCH with that field alone; nothing else changes', async () => {
		const before = driverWithStatus('On Trip');
		const others = dt.sandbox.data.drivers.filter((driver) => driver.id !== before.id).map((driver) => storedDriver(driver.id));

		const result = await dt.run(update(before.id, { contactNumber: '+1 312 555 0199' }));

		expect(result.error).toBeUndefined();
		expect(requests()).toEqual([read(before.id), write('PATCH', before.id)]);
		expect(dt.sandbox.log[1].body).toEqual({ contact_number: '+1 312 555 0199' });
		expect(storedDriver(before.id)).toEqual({ ...before, contact_number: '+1 312 555 0199' });
		for (const other of others) expect(storedDriver(other.id)).toEqual(other);
		// Datatruck answered {detail}: the item is the driver as read with the change laid over it, as the list shows it now.
		expect(result.json).toEqual([await listedDriver(dt.sandbox, before.id)]);
		expect(result.json[0]).toMatchObject({ id: before.id, contact_number: '+1 312 555 0199', status: 'On Trip', account: before.account });
		expect(result.items[0].pairedItem).toEqual({ item: 0 });
		expect(findingsFor(origin())).toEqual([]);
		expect(findingWarnings()).toHaveLength(0);
	});

	test('an email goes as the account alone, and the driver keeps their names; the item shows the new email', async () => {
		const before = driverWithStatus('Home Time');

		const result = await dt.run(update(before.id, { email: 'new.address@acmetrucking.com' }));

		expect(result.error).toBeUndefined();
		expect(dt.sandbox.log[1].body).toEqual({ account: { email: 'new.address@acmetrucking.com' } });
		expect(storedDriver(before.id)).toEqual({ ...before, account: { ...before.account, email: 'new.address@acmetrucking.com' } });
		expect(result.json[0].account).toEqual({ ...before.account, email: 'new.address@acmetrucking.com' });
	});

	test('a new last name: the item carries the full name as Datatruck now shows it', async () => {
		const before = driverWithStatus('Available');

		const result = await dt.run(update(before.id, { lastName: 'Okafor' }));

		expect(dt.sandbox.log[1].body).toEqual({ account: { last_name: 'Okafor' } });
		expect(result.json[0].account).toEqual({ ...before.account, last_name: 'Okafor', full_name: `${before.account.first_name} Okafor` });
		expect(storedDriver(before.id).account.full_name).toBe(`${before.account.first_name} Okafor`);
	});

	test("where Datatruck answers with the saved driver, the item is Datatruck's own answer", async () => {
		dt.sandbox.configure({ driverUpdateReply: 'array' });
		const before = driverWithStatus('On Trip');

		const result = await dt.run(update(before.id, { status: 'Home Time' }));

		expect(result.error).toBeUndefined();
		expect(dt.sandbox.log[1].body).toEqual({ status: 'Home Time' });
		expect(result.json).toEqual([JSON.parse(JSON.stringify(driverUpdateShape(storedDriver(before.id))))]);
		expect(result.json[0]).toMatchObject({ id: before.id, status: 'Home Time', is_main: before.is_main, brith_date: before.brith_date });
	});

	test("a value Datatruck refuses stays Datatruck's error, and nothing is remembered", async () => {
		const before = driverWithStatus('On Trip');

		const result = await dt.run(update(before.id, { dispatchStatus: 999 }));

		expect(result.error?.message).toBe('Datatruck rejected the request: dispatch_status: no dispatch status has id 999.');
		expect(result.error?.httpCode).toBe('400');
		expect(requests()).toEqual([read(before.id), write('PATCH', before.id)]);
		expect(storedDriver(before.id)).toEqual(before);
		expect(findingsFor(origin())).toEqual([]);
	});

	test('with the three fields given the full update goes as PUT, in the same 2 requests as before', async () => {
		const before = driverWithStatus('On Trip');

		const result = await dt.run(
			update(before.id, { contactNumber: '+1 312 555 0199', isMain: before.is_main, mcNumber: before.mc_number, birthDate: `${before.brith_date}T00:00:00` }),
		);

		expect(result.error).toBeUndefined();
		expect(requests()).toEqual([read(before.id), write('PUT', before.id)]);
		expect(storedDriver(before.id)).toEqual({ ...before, contact_number: '+1 312 555 0199' });
		expect(result.json[0]).toMatchObject({ id: before.id, contact_number: '+1 312 555 0199', is_main: before.is_main, mc_number: before.mc_number });
	});

	test.each(FAULTS)('a PATCH whose answer is lost ($kind) is not sent again, and the error says what to check', async (fault) => {
		Object.assign(timeoutPolicy, { defaultMs: fault.kind === 'timeout' ? 1000 : 20_000 });
		const before = driverWithStatus('On Trip');
		dt.sandbox.injectFaults({ ...fault.fault, count: 5, afterHandling: true, match: { method: 'PATCH' } });

		const result = await dt.run(update(before.id, { contactNumber: '+1 312 555 0123' }));

		expect(result.error?.message).toBe(
			`Datatruck may have changed driver ${before.id}, but no usable answer came back (${fault.reason}). ` +
				`The node did not send it again, so that nothing is saved twice: in Datatruck, open driver ${before.id} and see whether the change is there before running this again.`,
		);
		expect(requests()).toEqual([read(before.id), write('PATCH', before.id)]);
		expect(storedDriver(before.id)).toEqual({ ...before, contact_number: '+1 312 555 0123' });
		expect(findingsFor(origin())).toEqual([]);
	});
});

describe('Driver › Update on a Datatruck that takes the full update (PUT) alone', () => {
	beforeEach(() => dt.sandbox.configure({ driverUpdatePatch: 'refused' }));

	test('the refused PATCH becomes the request for the missing fields, by name and where to find them; nothing changes', async () => {
		const before = driverWithStatus('On Trip');

		const result = await dt.run(update(before.id, { contactNumber: '+1 312 555 0199' }));

		expect(requests()).toEqual([read(before.id), write('PATCH', before.id)]);
		expect(dt.sandbox.log[1].status).toBe(405);
		expect(result.error?.message).toBe(
			`${MISSING}: Datatruck's update must send these fields and its driver list did not return them for driver ${before.id}; nothing was updated`,
		);
		expect(result.error?.description).toBe(
			'This Datatruck refused to change only the fields you set (a partial update, PATCH), so the node must send the whole driver (PUT), and it remembers that for this Datatruck. ' +
				`Open driver ${before.id} in Datatruck (Drivers, then the driver's profile) and add their current values of Main Driver, MC Number ID, Birth Date under Update Fields, exactly as shown there. ` +
				"The node never fills them in with a guess, which would overwrite the driver's real data.",
		);
		// No example value to copy.
		expect(result.error?.description).not.toMatch(/1986|true|: 1\b|for example/);
		expect(storedDriver(before.id)).toEqual(before);
		expect(findingsFor(origin())).toEqual([expect.objectContaining({ key: 'drivers.update.patch', assumption: 'A37' })]);
		expect(findingWarnings()).toHaveLength(1);
		expect(String(findingWarnings()[0][0])).toContain('answered a partial update of a driver (PATCH) with 405 Method Not Allowed');
	});

	test('remembered: the next update sends no PATCH, asks at once, and the log says it once', async () => {
		const first = driverWithStatus('On Trip');
		const second = driverWithStatus('Available');
		await dt.run(update(first.id, { contactNumber: '+1 312 555 0199' }));
		dt.sandbox.clearLog();

		const result = await dt.run(update(second.id, { contactNumber: '+1 312 555 0100' }));

		expect(requests()).toEqual([read(second.id)]);
		expect(result.error?.message).toBe(
			`${MISSING}: Datatruck's update must send these fields and its driver list did not return them for driver ${second.id}; nothing was updated`,
		);
		expect(result.error?.description).toMatch(/^This Datatruck takes only the full update \(PUT\), which sends the whole driver\. Open driver \d+ in Datatruck/);
		expect(storedDriver(second.id)).toEqual(second);
		expect(findingWarnings()).toHaveLength(1);
	});

	test('remembered, the user who gives the three fields gets the full update, in 2 requests', async () => {
		const first = driverWithStatus('On Trip');
		await dt.run(update(first.id, { contactNumber: '+1 312 555 0199' }));
		dt.sandbox.clearLog();

		const result = await dt.run(
			update(first.id, { contactNumber: '+1 312 555 0199', isMain: first.is_main, mcNumber: first.mc_number, birthDate: `${first.brith_date}T00:00:00` }),
		);

		expect(result.error).toBeUndefined();
		expect(requests()).toEqual([read(first.id), write('PUT', first.id)]);
		expect(storedDriver(first.id)).toEqual({ ...first, contact_number: '+1 312 555 0199' });
	});

	test.each([
		['names the method', { detail: 'Method "PATCH" not allowed.' }],
		["asks for the full update's fields", { is_main: ['This field is required.'], mc_number: ['This field is required.'] }],
	])('a 400 that %s means the same: asked for by name, and remembered', async (_case, body) => {
		dt.sandbox.configure({ driverUpdatePatch: 'accepted' });
		const before = driverWithStatus('On Trip');
		dt.sandbox.injectFaults({ kind: 'badRequest', body, count: 1, match: { method: 'PATCH' } });

		const result = await dt.run(update(before.id, { contactNumber: '+1 312 555 0199' }));

		expect(result.error?.message).toMatch(new RegExp(`^${MISSING}: `));
		expect(findingsFor(origin()).map((finding) => finding.key)).toEqual(['drivers.update.patch']);
		expect(storedDriver(before.id)).toEqual(before);
	});

	test("a 400 on another field of the user's is not taken for PUT only", async () => {
		dt.sandbox.configure({ driverUpdatePatch: 'accepted' });
		const before = driverWithStatus('On Trip');
		dt.sandbox.injectFaults({ kind: 'badRequest', body: { contact_number: ['This field is required.'] }, count: 1, match: { method: 'PATCH' } });

		const result = await dt.run(update(before.id, { contactNumber: '+1 312 555 0199' }));

		expect(result.error?.message).toBe('Datatruck rejected the request: contact_number: This field is required.');
		expect(findingsFor(origin())).toEqual([]);
	});

	test('Continue On Fail: each driver gets its own error item, paired, and nothing is written', async () => {
		const [first, second] = [driverWithStatus('On Trip'), driverWithStatus('Available')];

		const result = await dt.run({
			...update(0, { contactNumber: '+1 312 555 0111' }),
			continueOnFail: true,
			items: [{ id: first.id }, { id: second.id }],
			parameters: { ...update(0, {}).parameters, driverId: '={{ $json.id }}', updateFields: { contactNumber: '+1 312 555 0111' } },
		});

		expect(result.items.map((item) => item.json.error)).toEqual([expect.stringMatching(new RegExp(`driver ${first.id}; nothing was updated$`)), expect.stringMatching(new RegExp(`driver ${second.id}; nothing was updated$`))]);
		expect(result.items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
		// n8n's RoutingNode prepares every item (the read) before it sends the first write, so within this one execution
		// each item's PATCH goes before the first refusal is known; the next execution sends none (above).
		expect(requests().map((entry) => entry.method)).toEqual(['GET', 'GET', 'PATCH', 'PATCH']);
		expect(storedDriver(first.id)).toEqual(first);
		expect(storedDriver(second.id)).toEqual(second);
	});
});

