/**
 * A create or update whose answer is lost after Datatruck received it (connection reset, timeout,
 * broken body, server error): the record may exist, so the node must not send it again, and the
 * error's message, as n8n shows it, must say so and what to look for in Datatruck.
 */
import type { INodeParameters } from 'n8n-workflow';
import { timeoutPolicy } from '../../nodes/Datatruck/shared/timeouts';
import { useSandbox } from '../harness/sandbox';
import type { FaultSpec } from '../sandbox';
import { driverUpdateParameters } from './fixtures';

const dt = useSandbox();

const savedTimeouts = { ...timeoutPolicy };
beforeAll(() => Object.assign(timeoutPolicy, { defaultMs: 300 }));
afterAll(() => Object.assign(timeoutPolicy, savedTimeouts));

interface Write {
	name: string;
	parameters: INodeParameters;
	method: 'POST' | 'PUT';
	path: string;
	/** The message's "Datatruck may have …" and "in Datatruck, …" parts. */
	done: string;
	check: string;
	/** How many records carry what was sent, in the sandbox's data (created or changed once). */
	stored: () => number;
}

const WRITES: Write[] = [
	{
		name: 'Load › Create',
		parameters: {
			resource: 'load',
			operation: 'create',
			customer: 'Coyote Logistics',
			stops: { stop: [{ stopType: 'pickup', city: 'Chicago', state: 'IL' }, { stopType: 'delivery', city: 'Dallas', state: 'TX' }] },
			additionalFields: { loadId: 'LD-LOST-1' },
		},
		method: 'POST',
		path: '/orders/create/',
		done: 'created the load',
		check: 'look for load number "LD-LOST-1"',
		stored: () => dt.sandbox.data.orders.filter((order) => order.load_id === 'LD-LOST-1').length,
	},
	{
		name: 'Work Order › Create',
		parameters: {
			resource: 'workOrder',
			operation: 'create',
			procedureName: 'TRK Brake Issue',
			additionalFields: { referenceNumber: 'WO-LOST-1', truck: 'T142' },
		},
		method: 'POST',
		path: '/work-orders/create/',
		done: 'created the work order',
		check: 'look for work order reference "WO-LOST-1"',
		stored: () => dt.sandbox.data.workOrders.filter((order) => order.reference_number === 'WO-LOST-1').length,
	},
	{
		name: 'Driver › Create',
		parameters: {
			resource: 'driver',
			operation: 'create',
			firstName: 'Lorna',
			lastName: 'Lostanswer',
			contactNumber: '+1 312 555 0199',
			driverType: 'company_driver',
		},
		method: 'POST',
		path: '/drivers/create/',
		done: 'created the driver',
		check: 'look for driver "Lorna Lostanswer" (phone +1 312 555 0199)',
		stored: () => dt.sandbox.data.drivers.filter((driver) => driver.account.last_name === 'Lostanswer').length,
	},
	{
		name: 'Driver › Update',
		parameters: driverUpdateParameters({ lastName: 'Lostanswer-Updated' }),
		method: 'PUT',
		path: '/drivers/update/205/',
		done: 'changed driver 205',
		check: 'open driver 205 and see whether the change is there',
		stored: () => dt.sandbox.data.drivers.filter((driver) => driver.account.last_name === 'Lostanswer-Updated').length,
	},
	...(['trailer', 'truck'] as const).map(
		(kind): Write => ({
			name: `${kind === 'truck' ? 'Truck' : 'Trailer'} › Create`,
			parameters: { resource: kind, operation: 'create', unitNumber: `${kind.toUpperCase()}-LOST-1` },
			method: 'POST',
			path: `/${kind}s/create/`,
			done: `created the ${kind}`,
			check: `look for ${kind} unit number "${kind.toUpperCase()}-LOST-1"`,
			stored: () =>
				(kind === 'truck' ? dt.sandbox.data.trucks : dt.sandbox.data.trailers).filter(
					(unit) => unit.unit_number === `${kind.toUpperCase()}-LOST-1`,
				).length,
		}),
	),
];

/** Each way an answer is lost, as the sandbox injects it after storing the request, and how the message names it. */
const FAULTS: Array<{ kind: string; fault: Omit<FaultSpec, 'count' | 'match'>; reason: string; httpCode: string }> = [
	{ kind: 'connection reset', fault: { kind: 'drop' }, reason: 'the connection was closed before Datatruck answered', httpCode: 'none' },
	{ kind: 'timeout', fault: { kind: 'hang', hangMs: 10_000 }, reason: 'Datatruck did not answer within 300 ms', httpCode: 'none' },
	{ kind: 'broken body', fault: { kind: 'malformed' }, reason: 'the answer was not valid JSON', httpCode: 'none' },
	{ kind: 'HTTP 500', fault: { kind: 500 }, reason: 'Datatruck answered with a server error, HTTP 500', httpCode: '500' },
	{ kind: 'HTML 502 page', fault: { kind: 'html' }, reason: 'Datatruck answered with a server error, HTTP 502', httpCode: '502' },
];

const CASES = WRITES.flatMap((write) => FAULTS.map((fault) => [write.name, fault.kind, write, fault] as const));

describe('a create or update whose answer was lost', () => {
	afterEach(() => dt.sandbox.reset());

	test.each(CASES)('%s, %s: says it may be saved, was not sent again, and what to check', async (_name, _kind, write, fault) => {
		dt.sandbox.injectFaults({ ...fault.fault, count: 5, afterHandling: true, match: { method: write.method, path: write.path } });
		const result = await dt.run({ parameters: write.parameters });

		expect(result.error?.message).toBe(
			`Datatruck may have ${write.done}, but no usable answer came back (${fault.reason}). ` +
				`The node did not send it again, so that nothing is saved twice: in Datatruck, ${write.check} before running this again.`,
		);
		expect(result.error?.httpCode).toBe(fault.httpCode);
		expect(dt.requestLines()).toEqual([`${write.method} /api/v1/openapi${write.path}`]);
		expect(write.stored()).toBe(1);
	});

	test('a create that never reached Datatruck (connection refused) says nothing was saved', async () => {
		const result = await dt.run({
			parameters: WRITES[0].parameters,
			credentials: dt.credentials({ company: 'http://127.0.0.1:9' }),
		});
		expect(result.error?.message).toBe('Could not get an answer from Datatruck (127.0.0.1:9): Datatruck refused the connection');
		expect(result.error?.description).toBe(
			'The request did not reach Datatruck, so nothing was saved; it is safe to run again (error code ECONNREFUSED).',
		);
	});

	test('with Continue On Fail the item carries the same message, paired with its input', async () => {
		dt.sandbox.injectFaults({ kind: 'drop', count: 1, afterHandling: true, match: { method: 'POST' } });
		const result = await dt.run({ parameters: WRITES[0].parameters, continueOnFail: true });
		expect(result.error).toBeUndefined();
		expect(result.json).toEqual([{ error: expect.stringMatching(/^Datatruck may have created the load, but no usable answer came back/) }]);
		expect(result.items[0].pairedItem).toEqual({ item: 0 });
		expect(dt.sandbox.log).toHaveLength(1);
	});
});

describe('a GET whose answer was lost is still retried', () => {
	test.each(['drop', 'malformed', 500] as const)('%s on a read: sent again and succeeds', async (kind) => {
		dt.sandbox.injectFaults({ kind, count: 1, afterHandling: true });
		const result = await dt.run({ parameters: { resource: 'load', operation: 'getMany', limit: 3 } });
		expect(result.error).toBeUndefined();
		expect(result.json).toHaveLength(3);
		expect(dt.sandbox.log).toHaveLength(2);
	});
});
