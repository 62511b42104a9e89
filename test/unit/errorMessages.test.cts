/**
 * n8n's NodeApiError replaces a message with generic advice when the error carries a network error code, or
 * when the message contains one anywhere (any case). The package's messages must survive that.
 */
import { NodeApiError } from 'n8n-workflow';
import type { INode } from 'n8n-workflow';
import { errorFromFault, withMessage } from '../../nodes/Datatruck/shared/transport/errors';

const node: INode = {
	id: '1',
	name: 'Datatruck',
	type: 'n8n-nodes-datatruck.datatruck',
	typeVersion: 1,
	position: [0, 0],
	parameters: {},
};

describe("what n8n's NodeApiError does to a message", () => {
	test.each([
		['a code inside the message', { message: 'x' }, 'the connection failed (ECONNRESET)'],
		['a code-like load number', { message: 'x' }, 'look for load number "ECONNREFUSED-7"'],
		['the code of the error it wraps', { message: 'x', code: 'ETIMEDOUT' }, 'Datatruck did not answer'],
	])('replaces it for %s; withMessage keeps ours', (_label, response, message) => {
		const replaced = new NodeApiError(node, response, { message });
		expect(replaced.message).not.toBe(message);
		expect(withMessage(new NodeApiError(node, response, { message }), message).message).toBe(message);
	});
});

test('a lost create answer keeps its message even when the load number looks like an error code', () => {
	const error = errorFromFault(
		node,
		'acme.datatruck.io',
		{ method: 'POST' },
		{ method: 'POST', url: '/orders/create/', body: { load_id: 'ECONNRESET-7', customer: 'Coyote Logistics' } },
		{ reason: 'the connection was closed before Datatruck answered', code: 'ECONNRESET', timedOut: false, reachedServer: true, attempts: 1, elapsedMs: 40 },
	);
	expect(error.message).toBe(
		'Datatruck may have created the load, but no usable answer came back (the connection was closed before Datatruck answered). ' +
			'The node did not send it again, so that nothing is saved twice: in Datatruck, look for load number "ECONNRESET-7" before running this again.',
	);
	expect(error.description).toBe('The request was a POST to acme.datatruck.io (error code ECONNRESET).');
	expect(error.httpCode).toBe('none');
});
