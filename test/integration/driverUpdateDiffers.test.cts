import * as path from 'node:path';
import { findingsFor, resetSupport } from '../../nodes/Datatruck/shared/lists';
import { useSandbox } from '../harness/sandbox.cts';
import type { DriverRecord } from '../sandbox/types.cts';

/**
 * Driver › Update (version 1.1) against a Datatruck whose driver list ignores the filter on `id`
 * (issue 28, A26): the node notices from the answer, finds the driver in `page_size=all`, remembers
 * that for the credential's origin and says it once in n8n's log.
 */
const dt = useSandbox();
const API = '/api/v1/openapi';

/** n8n-core's own logger instance (its nested @n8n/di container), the one a node's `this.logger` is. */
function coreLogger(): { warn: (...args: unknown[]) => void } {
	const fromCore = (name: string) => require(require.resolve(name, { paths: [path.dirname(require.resolve('n8n-core'))] }));
	const { Container } = fromCore('@n8n/di');
	const { Logger } = fromCore('@n8n/backend-common');
	return Container.get(Logger);
}

let warn: jest.SpyInstance;
beforeEach(() => {
	resetSupport();
	dt.sandbox.reset();
	dt.sandbox.configure({ driverListFields: 'withUpdateFields', driverUpdateReply: 'detail', lists: { drivers: { ignoreFilter: ['id'] } } });
	dt.sandbox.clearLog();
	warn = jest.spyOn(coreLogger(), 'warn').mockImplementation(() => undefined);
});
afterEach(() => warn.mockRestore());

function storedDriver(id: number): DriverRecord {
	return JSON.parse(JSON.stringify(dt.sandbox.data.drivers.find((driver) => driver.id === id))) as DriverRecord;
}

/** A driver that is not the first of the list, so an ignored filter shows another one. */
function laterDriver(offset = 0): DriverRecord {
	return storedDriver(dt.sandbox.data.drivers[dt.sandbox.data.drivers.length - 1 - offset].id);
}

const update = (id: number, updateFields: Record<string, string>) => ({
	typeVersion: 1.1,
	parameters: { resource: 'driver', operation: 'update', driverId: String(id), updateFields },
});

const requests = () => dt.sandbox.log.map(({ method, path: at, query }) => ({ method, path: at, query }));
const filtered = (id: number) => ({
	method: 'GET',
	path: `${API}/drivers/list/`,
	query: { page_size: '1', filter: JSON.stringify([{ column: 'id', value: String(id), contains: 'is' }]) },
});
const wholeList = { method: 'GET', path: `${API}/drivers/list/`, query: { page_size: 'all' } };
const put = (id: number) => ({ method: 'PUT', path: `${API}/drivers/update/${id}/`, query: {} });
const findingWarnings = () => warn.mock.calls.filter(([message]) => String(message).includes('A26'));

describe('Driver › Update when the driver list ignores the filter on id', () => {
	test('changes the right driver, and only the field set, after finding it in page_size=all', async () => {
		const before = laterDriver();
		const others = dt.sandbox.data.drivers.filter((driver) => driver.id !== before.id).map((driver) => storedDriver(driver.id));

		const result = await dt.run(update(before.id, { contactNumber: '+1 312 555 0177' }));

		expect(result.error).toBeUndefined();
		expect(requests()).toEqual([filtered(before.id), wholeList, put(before.id)]);
		expect(dt.sandbox.log[2].body).toMatchObject({ contact_number: '+1 312 555 0177', status: before.status, account: { first_name: before.account.first_name, last_name: before.account.last_name, email: before.account.email } });
		expect(storedDriver(before.id)).toEqual({ ...before, contact_number: '+1 312 555 0177' });
		for (const other of others) expect(storedDriver(other.id)).toEqual(other);
		expect(findingsFor(new URL(dt.sandbox.baseUrl).origin).map((finding) => finding.key)).toEqual(['drivers.filter.id']);
		expect(findingWarnings()).toHaveLength(1);
	});

	test('remembers it: the next update goes straight to page_size=all, and the log says it once', async () => {
		const first = laterDriver(0);
		const second = laterDriver(1);
		expect((await dt.run(update(first.id, { email: 'first@acmetrucking.com' }))).error).toBeUndefined();
		dt.sandbox.clearLog();

		const result = await dt.run(update(second.id, { email: 'second@acmetrucking.com' }));

		expect(result.error).toBeUndefined();
		expect(requests()).toEqual([wholeList, put(second.id)]);
		expect(storedDriver(second.id)).toEqual({ ...second, account: { ...second.account, email: 'second@acmetrucking.com' } });
		expect(storedDriver(first.id).account.email).toBe('first@acmetrucking.com');
		expect(findingWarnings()).toHaveLength(1);
	});

	test('a driver that is missing from the whole list is reported missing, and nothing is written', async () => {
		const result = await dt.run(update(99_999, { contactNumber: '+1 312 555 0100' }));

		expect(result.error?.message).toBe('No driver with ID 99999 exists in this Datatruck company; nothing was updated');
		expect(requests()).toEqual([filtered(99_999), wholeList]);
	});

	test('under the spec-only profile the update still reaches the right driver', async () => {
		dt.sandbox.configure({ profile: 'spec-only' });
		dt.sandbox.clearLog();
		const before = laterDriver(2);

		const result = await dt.run(update(before.id, { contactNumber: '+1 312 555 0155' }));

		expect(result.error).toBeUndefined();
		expect(requests().filter((entry) => entry.method === 'PUT')).toEqual([put(before.id)]);
		expect(storedDriver(before.id)).toEqual({ ...before, contact_number: '+1 312 555 0155' });
		expect(dt.sandbox.log.length).toBeLessThanOrEqual(3);
	});

	test('with the filter honoured (the default), the look-up stays one filtered request and nothing is logged', async () => {
		dt.sandbox.configure({ lists: {} });
		dt.sandbox.clearLog();
		const before = laterDriver();

		expect((await dt.run(update(before.id, { contactNumber: '+1 312 555 0111' }))).error).toBeUndefined();
		expect(requests()).toEqual([filtered(before.id), put(before.id)]);
		expect(findingWarnings()).toHaveLength(0);
	});
});
