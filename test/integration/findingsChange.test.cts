import { FINDING_LIFETIME_MS, findingClock, findingsFor, resetSupport } from '../../nodes/Datatruck/shared/lists/support';
import { useSandbox } from '../harness/sandbox.cts';
import { matchingIds } from './listChurn.cts';

/**
 * A Datatruck that changes while n8n runs (issue 34, requirement 4): a difference the node found is not kept
 * forever. After an hour a read tries the better plan again, checked as always; Check Compatibility replaces what
 * the node remembers for the origin at once. Either way nothing is lost or read twice, whichever Datatruck answers.
 */
const dt = useSandbox({ rateLimit: false, loads: 120 });
const getMany = { resource: 'load', operation: 'getMany', returnAll: true };
/** A budget that never makes these runs wait for the minute (pacing has its own tests). */
const credentials = () => dt.credentials({ rateLimitRequests: 1000, rateLimitWindowSeconds: 1 });
const origin = () => new URL(dt.sandbox.baseUrl).origin;
const twoFieldOrderings = () => dt.sandbox.log.filter((entry) => String(entry.query.ordering ?? '').includes(',')).length;
let now = 1_000_000;
const saved = findingClock.now;

beforeEach(() => {
	resetSupport();
	findingClock.now = () => now;
	dt.sandbox.configure({ profile: 'spec-only' });
});
afterAll(() => {
	findingClock.now = saved;
	dt.sandbox.configure({ profile: 'default' });
});

async function readAll() {
	dt.sandbox.clearLog();
	const result = await dt.run({ parameters: getMany, credentials: credentials() });
	expect(result.error).toBeUndefined();
	expect(result.json.map((load) => load.id)).toEqual(matchingIds(dt.sandbox, 'orders', null, null));
	return result;
}

test('a release that fixes a difference: the finding expires, the next read tries the exact plan again and keeps it', async () => {
	await readAll();
	expect(findingsFor(origin()).map((finding) => finding.key)).toContain('loads.ordering.multi');

	dt.sandbox.configure({ profile: 'default' });
	await readAll();
	expect(twoFieldOrderings()).toBe(0);

	now += FINDING_LIFETIME_MS;
	await readAll();
	expect(twoFieldOrderings()).toBeGreaterThan(0);
	expect(dt.sandbox.log.every((entry) => entry.status === 200)).toBe(true);
	expect(findingsFor(origin())).toEqual([]);
});

test('a release that brings a difference back after expiry: found again on the first request, the read still exact', async () => {
	await readAll();
	now += FINDING_LIFETIME_MS;
	await readAll();
	expect(dt.sandbox.log.filter((entry) => entry.status === 400)).toHaveLength(1);
	expect(findingsFor(origin()).map((finding) => finding.key)).toContain('loads.ordering.multi');
});

test('Check Compatibility replaces what the node remembered: after it, a fixed Datatruck is read with the exact plan', async () => {
	await readAll();
	dt.sandbox.configure({ profile: 'default' });
	const check = await dt.run({ parameters: { resource: 'connection', operation: 'checkCompatibility' }, credentials: credentials() });
	expect(check.error).toBeUndefined();
	expect(findingsFor(origin())).toEqual([]);
	await readAll();
	expect(twoFieldOrderings()).toBeGreaterThan(0);
});

describe('findings that compose (issue 34): the plan by page number gets the published-form retry too', () => {
	const dispatcherOf = () => dt.sandbox.data.drivers.find((driver) => driver.assigned_dispatcher)!.assigned_dispatcher!;

	test.each([
		['Return All', {}],
		['Limit 30 by load pay', { returnAll: false, limit: 30, sort: { field: 'load_pay', descending: true } }],
	])('%s: once the id filter is known ignored, a Datatruck that also refuses two ordering fields and dispatcher__id is read without a raw 400', async (_, extra) => {
		dt.sandbox.configure({ profile: 'default', lists: { loads: { ignoreFilter: ['id'] } } });
		await readAll();
		expect(findingsFor(origin()).map((finding) => finding.key)).toContain('loads.filter.id');

		// The next release also takes one ordering field only and drops dispatcher__id.
		dt.sandbox.configure({ lists: { loads: { ignoreFilter: ['id'], singleOrdering: 'reject' } }, loadsDispatcherId: false });
		dt.sandbox.clearLog();
		const dispatcher = dispatcherOf();
		const result = await dt.run({ parameters: { ...getMany, ...extra, dispatcherIds: [dispatcher.id] }, credentials: credentials() });
		expect(result.error).toBeUndefined();
		const byDispatcher = JSON.stringify([{ column: 'dispatcher__full_name', value: [dispatcher.full_name], contains: 'is_in' }]);
		const expected = matchingIds(dt.sandbox, 'orders', byDispatcher, 'sort' in extra ? '-load_pay,-id' : null);
		expect(expected.length).toBeGreaterThan(0);
		expect(result.json.map((load) => load.id)).toEqual('limit' in extra ? expected.slice(0, extra.limit) : expected);
		// At most one refusal per thing the node added, each followed by its published form.
		expect(dt.sandbox.log.filter((entry) => entry.status === 400).length).toBeLessThanOrEqual(2);
		dt.sandbox.configure({ lists: {}, loadsDispatcherId: true });
	});
});
