import { findingsFor, resetSupport } from '../../nodes/Datatruck/shared/lists';
import { useSandbox } from '../harness/sandbox.cts';

const dt = useSandbox();
const check = { resource: 'connection', operation: 'checkCompatibility' };

const PROBED_KEYS = [
	'loads.ordering',
	'loads.pageSize',
	'links.next',
	'loads.ordering.multi',
	'loads.filter',
	'loads.filter.id',
	'loads.filter.dispatcher__id',
	'requestLine.long',
	'workOrders.pageSize',
	'workOrders.ordering',
	'workOrders.filter',
	'workOrders.created_datetime',
	'drivers.pageSize.all',
	'drivers.filter.id',
	'drivers.ordering.multi',
	'drivers.update.patch',
	'trucks.filter.search',
	'trucks.pageSize',
	'trailers.filter.search',
	'trailers.pageSize',
	'dispatcherBoard.pageSize',
];

beforeEach(() => resetSupport());

function resultsByKey(json: Array<Record<string, unknown>>) {
	return Object.fromEntries(json.map((item) => [item.key, item.result]));
}

/** The rows after the first item, which sums up. */
const rows = (json: Array<Record<string, unknown>>) => json.slice(1);

describe('Connection › Check Compatibility', () => {
	test('default profile: every check held, 13 GETs and one OPTIONS, a summary item and one row per check', async () => {
		const result = await dt.run({ parameters: check });

		expect(result.error).toBeUndefined();
		expect(result.json[0]).toEqual({
			check: 'Summary',
			result: '21 of 21 held',
			inPlainWords:
				'Your Datatruck works with this node as its contract says: 21 of 21 checks held. ' +
				"Driver › Update: the driver list does not show Main Driver, MC Number ID and Birth Date, which Datatruck's full update needs; " +
				'Datatruck takes a partial update (PATCH), so an update sends only the fields you set (2 requests).',
			assumption: '',
			key: 'summary',
			question: 'Does this Datatruck work with the node as its contract says, and what will Driver › Update need?',
			seen: '21 held, 0 not held, 0 could not tell',
			whatTheNodeDoes: 'works as the contract says',
			checks: 21,
			held: 21,
			differences: 0,
			couldNotTell: 0,
			driverUpdate: expect.stringMatching(/^Driver › Update: /),
			driverListShowsUpdateFields: false,
			driverUpdateTakesPatch: true,
		});
		expect(rows(result.json).map((item) => item.key)).toEqual(PROBED_KEYS);
		expect(resultsByKey(rows(result.json))).toEqual(Object.fromEntries(PROBED_KEYS.map((key) => [key, 'held'])));
		for (const item of rows(result.json)) {
			expect(item).toEqual({
				check: expect.stringMatching(/^[A-Z]/),
				result: 'held',
				inPlainWords: `${String(item.check)}: works as the node expects.`,
				assumption: expect.stringMatching(/^A\d+$/),
				key: expect.any(String),
				question: expect.stringMatching(/\?$|\)$/),
				seen: expect.any(String),
				whatTheNodeDoes: expect.any(String),
			});
		}
		expect(result.items.every((item) => JSON.stringify(item.pairedItem) === '{"item":0}')).toBe(true);

		expect(dt.sandbox.log).toHaveLength(14);
		expect(dt.sandbox.log.filter((entry) => entry.method !== 'GET').map((entry) => entry.method)).toEqual(['OPTIONS']);
		expect(dt.requestLines().map((line) => line.replace(/\/api\/v1\/openapi/, ''))).toEqual([
			'GET /orders/',
			'GET /orders/',
			'GET /orders/',
			'GET /orders/',
			'GET /orders/',
			'GET /drivers/list/',
			'GET /orders/',
			'GET /work-orders/',
			'GET /work-orders/',
			'GET /drivers/list/',
			`OPTIONS /drivers/update/${dt.sandbox.data.drivers[0].id}/`,
			'GET /trucks/list/',
			'GET /trailers/list/',
			'GET /orders/dispatcher-board/list/',
		]);
		expect(findingsFor(new URL(dt.sandbox.baseUrl).origin)).toEqual([]);
	});

	test('the token never appears in the output', async () => {
		const result = await dt.run({ parameters: check });
		expect(JSON.stringify(result.json)).not.toContain(dt.sandbox.token);
	});
	// Each probe against a sandbox that ignores its clause, and the profiles: checkCompatibilityProbes.test.cts.
});

describe('Connection › Check Compatibility on a company with a single load', () => {
	const tiny = useSandbox({ rateLimit: false, loads: 1 });

	test('what one load cannot decide is "could not tell", and is not remembered as not held', async () => {
		const result = await tiny.run({ parameters: check });
		expect(result.error).toBeUndefined();
		const loadKeys = PROBED_KEYS.filter((key) => /^(loads|links)\./.test(key));
		expect(loadKeys).toHaveLength(7);
		expect(result.json[0].inPlainWords).toMatch(/^Your Datatruck works with this node as its contract says: \d+ of 21 checks held; \d+ could not be told from what this Datatruck holds \(sorting loads, /);
		expect(resultsByKey(rows(result.json))).toMatchObject(Object.fromEntries(loadKeys.map((key) => [key, 'could not tell'])));
		expect(result.json.find((item) => item.key === 'loads.ordering')?.seen).toBe('only 1 record(s) to compare');
		expect(findingsFor(new URL(tiny.sandbox.baseUrl).origin)).toEqual([]);
		expect(tiny.sandbox.log.length).toBeLessThanOrEqual(14);
	});
});

describe('Check Compatibility against the Datatruck its own pages describe (issue 33)', () => {
	afterEach(() => dt.sandbox.configure({ profile: 'default' }));

	test('published profile: the page size answered, the form of next, and work orders without a creation time', async () => {
		dt.sandbox.configure({ profile: 'published' });
		const result = await dt.run({ parameters: check });
		expect(result.error).toBeUndefined();
		const byKey = Object.fromEntries(rows(result.json).map((item) => [item.key, item]));
		expect(byKey['loads.pageSize']).toMatchObject({ result: 'not held', seen: expect.stringMatching(/answers 10 loads a page to `page_size=25`/) });
		expect(byKey['links.next']).toMatchObject({ result: 'not held', seen: expect.stringMatching(/relative to the API .*: \/orders\/\?…/) });
		expect(byKey['workOrders.created_datetime']).toMatchObject({ result: 'not held', whatTheNodeDoes: expect.stringMatching(/goes by id/) });
		expect(dt.sandbox.log.length).toBeLessThanOrEqual(14);

		// Remembered for this Datatruck: the next loads read asks for 10 a page from its first request.
		dt.sandbox.clearLog();
		const loads = await dt.run({ parameters: { resource: 'load', operation: 'getMany', returnAll: false, limit: 30 } });
		expect(loads.json).toHaveLength(30);
		expect(dt.sandbox.log[0].query.page_size).toBe('10');
		expect(dt.sandbox.log).toHaveLength(3);
	});

	// (`http` behind a proxy cannot be told apart on the sandbox's own plain-http address; test/unit covers it.)
	test.each([
		['relative', /relative to the host/],
		['absent', /without a `next` key/],
	] as const)('next written %s is reported as such', async (form, seen) => {
		dt.sandbox.configure({ nextLinks: form });
		const result = await dt.run({ parameters: check });
		const item = result.json.find((entry) => entry.key === 'links.next');
		expect(item).toMatchObject({ result: 'not held', seen: expect.stringMatching(seen) });
	});

	test('a bare array is reported as such, with the page size it answered', async () => {
		dt.sandbox.configure({ lists: { loads: { bareArray: true, ignorePageSize: true } } });
		const result = await dt.run({ parameters: check });
		const byKey = Object.fromEntries(result.json.map((item) => [item.key, item.result]));
		expect(byKey).toMatchObject({ 'links.next': 'not held', 'loads.pageSize': 'not held' });
	});
});

describe('Check Compatibility: what Driver › Update will need, learnt without a write (issue 42)', () => {
	afterEach(() => dt.sandbox.configure({ profile: 'default', driverUpdatePatch: 'accepted', driverListFields: 'published' }));
	const origin = () => new URL(dt.sandbox.baseUrl).origin;
	const patchRow = (json: Array<Record<string, unknown>>) => json.find((item) => item.key === 'drivers.update.patch');

	test('a Datatruck that takes PUT alone: one difference, handled, said in plain words and remembered; nothing is written', async () => {
		dt.sandbox.configure({ driverUpdatePatch: 'refused' });
		const drivers = JSON.stringify(dt.sandbox.data.drivers);

		const result = await dt.run({ parameters: check });

		expect(result.error).toBeUndefined();
		expect(result.json[0]).toMatchObject({
			result: '1 difference, each handled',
			inPlainWords:
				"1 difference, each handled: Datatruck takes only the full driver update, which sends every field of the driver, so Driver › Update asks you for Main Driver, MC Number ID and Birth Date where the driver list does not show them (copy them from the driver's profile in Datatruck); it never guesses them. 20 of 21 checks held. " +
				"Driver › Update: the driver list does not show Main Driver, MC Number ID and Birth Date, which Datatruck's full update needs, and Datatruck takes only the full update: add their current values, from the driver's profile in Datatruck, under Update Fields when you update such a driver.",
			differences: 1,
			driverListShowsUpdateFields: false,
			driverUpdateTakesPatch: false,
		});
		expect(patchRow(result.json)).toMatchObject({
			check: 'Changing some fields of a driver',
			result: 'not held',
			inPlainWords: expect.stringMatching(/^Datatruck takes only the full driver update, .*; Driver › Update asks you for Main Driver/),
			assumption: 'A37',
			seen: `OPTIONS on \`/drivers/update/${dt.sandbox.data.drivers[0].id}/\` listed PUT, OPTIONS: PUT alone`,
		});
		expect(dt.sandbox.log.every((entry) => entry.method === 'GET' || entry.method === 'OPTIONS')).toBe(true);
		expect(JSON.stringify(dt.sandbox.data.drivers)).toBe(drivers);
		expect(findingsFor(origin()).map((finding) => finding.key)).toEqual(['drivers.update.patch']);

		// Remembered: the next Driver › Update sends no PATCH and asks for the fields at once.
		dt.sandbox.clearLog();
		const id = dt.sandbox.data.drivers[3].id;
		const update = await dt.run({
			typeVersion: 1.1,
			parameters: { resource: 'driver', operation: 'update', driverId: String(id), updateFields: { contactNumber: '+1 312 555 0199' } },
		});
		expect(update.error?.message).toMatch(/^Update Fields › Main Driver, Update Fields › MC Number ID, Update Fields › Birth Date: /);
		expect(dt.sandbox.log.map((entry) => entry.method)).toEqual(['GET']);
	});

	test('a driver list that shows the update fields: the full update, whatever PATCH', async () => {
		dt.sandbox.configure({ driverListFields: 'withUpdateFields' });
		const result = await dt.run({ parameters: check });
		expect(result.json[0]).toMatchObject({
			driverUpdate: "Driver › Update: the driver list shows every field Datatruck's full update needs, so an update reads the driver and saves it whole with only your changes (2 requests).",
			driverListShowsUpdateFields: true,
			driverUpdateTakesPatch: true,
		});
	});

	test('an OPTIONS Datatruck refuses cannot tell: unknown until the first update, said so, and not remembered', async () => {
		dt.sandbox.injectFaults({ kind: 'badRequest', count: 1, match: { method: 'OPTIONS' } });
		const result = await dt.run({ parameters: check });
		expect(result.error).toBeUndefined();
		expect(patchRow(result.json)).toMatchObject({ result: 'could not tell', seen: expect.stringMatching(/answered with HTTP 400: unknown until the first update/) });
		expect(result.json[0]).toMatchObject({
			couldNotTell: 1,
			driverUpdateTakesPatch: null,
			inPlainWords: expect.stringMatching(/could not be told from what this Datatruck holds \(changing some fields of a driver\)\. Driver › Update: .*whether Datatruck takes a partial update \(PATCH\) is unknown until the first update/),
		});
		expect(findingsFor(origin())).toEqual([]);
	});

	test('the spec-only profile (the contract alone) takes PUT alone: reported and remembered', async () => {
		dt.sandbox.configure({ profile: 'spec-only' });
		const result = await dt.run({ parameters: check });
		expect(patchRow(result.json)).toMatchObject({ result: 'not held' });
		expect(result.json[0]).toMatchObject({ driverUpdateTakesPatch: false });
		expect(findingsFor(origin()).map((finding) => finding.key)).toContain('drivers.update.patch');
		expect(dt.sandbox.log.length).toBeLessThanOrEqual(14);
	});
});
