import { duration, isTimeout, userTimeoutOf } from '../../nodes/Datatruck/shared/transport/timeouts';

describe('isTimeout: every way n8n-core, axios, undici or fetch reports "no answer in time"', () => {
	test.each([
		['axios timeout (default)', { code: 'ECONNABORTED', message: 'timeout of 30000ms exceeded' }],
		['axios timeout with clarifyTimeoutError', { code: 'ETIMEDOUT', message: 'timeout of 30000ms exceeded' }],
		['request library socket timeout', { code: 'ESOCKETTIMEDOUT' }],
		['undici headers timeout', { code: 'UND_ERR_HEADERS_TIMEOUT' }],
		['undici body timeout', { code: 'UND_ERR_BODY_TIMEOUT' }],
		['undici connect timeout', { code: 'UND_ERR_CONNECT_TIMEOUT' }],
		['AbortSignal.timeout', { name: 'TimeoutError', message: 'The operation was aborted due to timeout' }],
		['fetch aborted', { name: 'AbortError', message: 'This operation was aborted' }],
		['only the message says so', { message: 'Request timed out' }],
	])('%s', (_label, layer) => {
		expect(isTimeout([layer])).toBe(true);
	});

	test('found under n8n’s wrapper, whose message n8n already replaced', () => {
		const wrapper = { message: 'The connection was aborted, perhaps the server is offline' };
		expect(isTimeout([wrapper, { code: 'ECONNABORTED', message: 'timeout of 250ms exceeded' }])).toBe(true);
	});

	test.each([
		['reset', { code: 'ECONNRESET', message: 'socket hang up' }],
		['refused', { code: 'ECONNREFUSED', message: 'connect ECONNREFUSED 127.0.0.1:9' }],
		['unknown host', { code: 'ENOTFOUND', message: 'getaddrinfo ENOTFOUND acme.datatruck.io' }],
	])('not a timeout: %s', (_label, layer) => {
		expect(isTimeout([layer])).toBe(false);
	});
});

describe('userTimeoutOf: only what the user set in Request Options', () => {
	test.each([
		[undefined, undefined],
		[{}, undefined],
		[{ batching: { batch: { batchSize: 5 } } }, undefined],
		[{ timeout: 0 }, undefined],
		[{ timeout: 10_000 }, 10_000],
		[{ timeout: '45000' }, 45_000],
	])('%j → %s', (options, expected) => {
		expect(userTimeoutOf(options)).toBe(expected);
	});
});

test('duration reads like a person wrote it', () => {
	expect([250, 30_000, 127_400, 180_000].map(duration)).toEqual(['250 ms', '30 s', '2 min 7 s', '3 min']);
});
