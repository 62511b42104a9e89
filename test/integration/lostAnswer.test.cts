/**
 * A create or update whose answer is lost after Datatruck received it (connection reset, timeout,
 * broken body, server error): the record may exist, so the node must not send it again, and the
 * error's message, as n8n shows it, must say so and what to look for in Datatruck.
 */
import { timeoutPolicy } from '../../nodes/Datatruck/shared/transport/timeouts';
import { useSandbox } from '../harness/sandbox.cts';
import { FAULTS, lostAnswerMessage, lostAnswerWrites } from './lostAnswerCases.cts';

const dt = useSandbox();

const savedTimeouts = { ...timeoutPolicy };
afterAll(() => Object.assign(timeoutPolicy, savedTimeouts));

const WRITES = lostAnswerWrites(() => dt.sandbox);

const CASES = WRITES.flatMap((write) => FAULTS.map((fault) => [write.name, fault.kind, write, fault] as const));

describe('a create or update whose answer was lost', () => {
	afterEach(() => dt.sandbox.reset());

	test.each(CASES)('%s, %s: says it may be saved, was not sent again, and what to check', async (_name, _kind, write, fault) => {
		// The default timeout (no Request Options › Timeout), shortened; long enough for a busy machine.
		Object.assign(timeoutPolicy, { defaultMs: fault.kind === 'timeout' ? 1000 : 20_000 });
		dt.sandbox.injectFaults({ ...fault.fault, count: 5, afterHandling: true, match: { method: write.method, path: write.path } });
		const result = await dt.run({ parameters: write.parameters });

		expect(result.error?.message).toBe(lostAnswerMessage(write, fault.reason));
		expect(result.error?.httpCode).toBe(fault.httpCode);
		expect(dt.requestLines()).toEqual([`${write.method} /api/v1/openapi${write.path}`]);
		expect(write.stored()).toBe(1);
	});

	// A refused connection is retried like an outage (A38: nothing was handled), so the message counts the tries.
	test('a create that never reached Datatruck (connection refused) is tried again, then says nothing was saved', async () => {
		const result = await dt.run({
			parameters: WRITES[0].parameters,
			credentials: dt.credentials({ company: 'http://127.0.0.1:9' }),
		});
		expect(result.error?.message).toBe('Could not get an answer from Datatruck (127.0.0.1:9) after 11 attempts: Datatruck refused the connection');
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
