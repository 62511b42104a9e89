/**
 * Check Compatibility that can tell (issue 34, requirement 5): every probe run against a sandbox that holds its clause
 * and one that ignores or refuses it, each switch alone; lists too short to decide; and the profiles spec-only and
 * published, whose every probed difference must come out "not held" or "could not tell", never "held".
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { findingsFor, resetSupport } from '../../nodes/Datatruck/shared/lists';
import { resetLimiters } from '../../nodes/Datatruck/shared/transport/rateLimiter';
import { PROBED } from '../../nodes/Datatruck/resources/connection/assumptions';
import { sandboxCredentials } from '../harness/run.cts';
import { useSandbox } from '../harness/sandbox.cts';
import { PROFILE_SETTINGS, type ListName, type ListSwitch, type SandboxConfig, type SandboxData, type SandboxProfile } from '../sandbox/index.cts';

const dt = useSandbox();
const check = { resource: 'connection', operation: 'checkCompatibility' };
const KEYS = Object.values(PROBED).map((about) => about.key);
/** Keys no reader consults: reported, never remembered. */
const UNREMEMBERED = Object.values(PROBED)
	.filter((about) => about.remembered === false)
	.map((about) => about.key);

type Result = 'held' | 'not held' | 'could not tell';
type Config = Partial<SandboxConfig>;

interface Case {
	/** The clause the case is about: a key of PROBED. */
	clause: string;
	name: string;
	config: Config;
	/** Every key that is not "held"; the others must be. */
	expected: Record<string, Result>;
	/** Makes the sandbox's data too short or too uniform to decide (undone by a reset after the case). */
	data?: (data: SandboxData) => void;
}

const HOLDS: Config = { profile: 'default' };
const loads = (switches: ListSwitch): Config => ({ lists: { loads: switches } });
const workOrders = (switches: ListSwitch): Config => ({ lists: { workOrders: switches } });
const drivers = (switches: ListSwitch): Config => ({ lists: { drivers: switches } });
const trucks = (switches: ListSwitch): Config => ({ lists: { trucks: switches } });
const trailers = (switches: ListSwitch): Config => ({ lists: { trailers: switches } });
const board = (switches: ListSwitch): Config => ({ lists: { dispatcherBoard: switches } });
const NOT_HELD = 'not held' as const;
const CANNOT_TELL = 'could not tell' as const;

/** Keeps the first `count` records of a list. */
const keep = (list: 'workOrders' | 'drivers' | 'trucks', count: number) => (data: SandboxData) => void data[list].splice(count);
/** Gives every load the dispatcher of the first driver that has one: a list that ignores `dispatcher__id` answers the same. */
function oneDispatcher(data: SandboxData): void {
	const name = data.drivers.find((driver) => driver.assigned_dispatcher)!.assigned_dispatcher!.full_name;
	data.orders.forEach((order) => (order.dispatcher__full_name = name));
}

/** Each probed clause, broken one switch at a time. */
const BROKEN: Case[] = [
	{ clause: 'loads.ordering', name: 'ordering ignored', config: loads({ ignoreOrdering: true }), expected: { 'loads.ordering': NOT_HELD, 'loads.ordering.multi': NOT_HELD } },
	{ clause: 'loads.ordering.multi', name: 'one field, 400 on more', config: loads({ singleOrdering: 'reject' }), expected: { 'loads.ordering.multi': NOT_HELD } },
	{ clause: 'loads.ordering.multi', name: 'one field, the rest ignored', config: loads({ singleOrdering: 'ignoreRest' }), expected: { 'loads.ordering.multi': NOT_HELD } },
	{ clause: 'loads.pageSize', name: 'page size ignored (10 a page)', config: loads({ ignorePageSize: true }), expected: { 'loads.pageSize': NOT_HELD } },
	{ clause: 'links.next', name: 'next relative to the host', config: { nextLinks: 'relative' }, expected: { 'links.next': NOT_HELD } },
	{ clause: 'links.next', name: 'next as Datatruck’s pages print it', config: { nextLinks: 'resourceRelative' }, expected: { 'links.next': NOT_HELD } },
	{ clause: 'links.next', name: 'no next key', config: { nextLinks: 'absent' }, expected: { 'links.next': NOT_HELD } },
	{
		clause: 'links.next',
		name: 'a bare array (its page size honoured, but no count to show it)',
		config: loads({ bareArray: true }),
		expected: { 'links.next': NOT_HELD, 'loads.pageSize': CANNOT_TELL },
	},
	{ clause: 'loads.filter', name: 'filter on status ignored', config: loads({ ignoreFilter: ['status'] }), expected: { 'loads.filter': NOT_HELD } },
	{
		clause: 'loads.filter',
		name: 'filter ignored wholly',
		config: loads({ ignoreFilter: true }),
		expected: { 'loads.filter': NOT_HELD, 'loads.filter.id': NOT_HELD, 'loads.filter.dispatcher__id': NOT_HELD },
	},
	{ clause: 'loads.filter.id', name: 'filter on id ignored', config: loads({ ignoreFilter: ['id'] }), expected: { 'loads.filter.id': NOT_HELD } },
	{ clause: 'loads.filter.dispatcher__id', name: 'no dispatcher__id (a 400)', config: { loadsDispatcherId: false }, expected: { 'loads.filter.dispatcher__id': NOT_HELD } },
	{ clause: 'loads.filter.dispatcher__id', name: 'filter on dispatcher__id ignored', config: loads({ ignoreFilter: ['dispatcher__id'] }), expected: { 'loads.filter.dispatcher__id': NOT_HELD } },
	{ clause: 'loads.filter.dispatcher__id', name: 'unpublished columns refused', config: loads({ rejectUnknownColumns: true }), expected: { 'loads.filter.dispatcher__id': NOT_HELD } },
	// The line rides on the `status,-id` request: refused, it leaves the second ordering field untold.
	{
		clause: 'requestLine.long',
		name: 'gunicorn’s 400 on a long line',
		config: { maxRequestLine: { bytes: 4094, status: 400 } },
		expected: { 'requestLine.long': NOT_HELD, 'loads.ordering.multi': CANNOT_TELL },
	},
	{
		clause: 'requestLine.long',
		name: 'nginx’s 414 on a long line',
		config: { maxRequestLine: { bytes: 4094, status: 414 } },
		expected: { 'requestLine.long': NOT_HELD, 'loads.ordering.multi': CANNOT_TELL },
	},
	{
		clause: 'requestLine.long',
		name: 'a long line refused where several ordering fields are too (asked alone)',
		config: { maxRequestLine: { bytes: 4094, status: 400 }, ...loads({ singleOrdering: 'reject' }) },
		expected: { 'requestLine.long': NOT_HELD, 'loads.ordering.multi': NOT_HELD },
	},
	{ clause: 'workOrders.pageSize', name: 'page size ignored (10 a page)', config: workOrders({ ignorePageSize: true }), expected: { 'workOrders.pageSize': NOT_HELD } },
	{ clause: 'workOrders.ordering', name: 'ordering ignored (newest first)', config: workOrders({ ignoreOrdering: true }), expected: { 'workOrders.ordering': NOT_HELD } },
	{ clause: 'workOrders.filter', name: 'filter ignored', config: workOrders({ ignoreFilter: true }), expected: { 'workOrders.filter': NOT_HELD } },
	{ clause: 'workOrders.filter', name: 'filter on id ignored', config: workOrders({ ignoreFilter: ['id'] }), expected: { 'workOrders.filter': NOT_HELD } },
	{
		clause: 'workOrders.filter',
		name: 'every filter column refused (the ordering and page-size witnesses go with it)',
		config: workOrders({ rejectUnknownColumns: true }),
		expected: { 'workOrders.filter': NOT_HELD, 'workOrders.ordering': CANNOT_TELL, 'workOrders.pageSize': CANNOT_TELL },
	},
	{
		clause: 'workOrders.filter',
		name: 'no query support at all',
		config: workOrders({ ignoreFilter: true, ignoreOrdering: true, ignorePageSize: true }),
		expected: { 'workOrders.pageSize': NOT_HELD, 'workOrders.ordering': NOT_HELD, 'workOrders.filter': NOT_HELD },
	},
	{
		clause: 'workOrders.ordering',
		name: 'ordering and filter ignored, the page size not (its answer is its own newest first)',
		config: workOrders({ ignoreFilter: true, ignoreOrdering: true }),
		expected: { 'workOrders.ordering': NOT_HELD, 'workOrders.filter': NOT_HELD },
	},
	{ clause: 'workOrders.created_datetime', name: 'no creation time', config: { workOrderTimeField: null }, expected: { 'workOrders.created_datetime': NOT_HELD } },
	{ clause: 'workOrders.created_datetime', name: 'creation time by another name', config: { workOrderTimeField: 'created_at' }, expected: { 'workOrders.created_datetime': NOT_HELD } },
	{
		clause: 'drivers.pageSize.all',
		name: 'page size ignored (10 a page: too few drivers of one status read for the second ordering field)',
		config: drivers({ ignorePageSize: true }),
		expected: { 'drivers.pageSize.all': NOT_HELD, 'drivers.ordering.multi': CANNOT_TELL },
	},
	{ clause: 'drivers.filter.id', name: 'filter on id ignored', config: drivers({ ignoreFilter: ['id'] }), expected: { 'drivers.filter.id': NOT_HELD } },
	{ clause: 'drivers.filter.id', name: 'filter ignored wholly', config: drivers({ ignoreFilter: true }), expected: { 'drivers.filter.id': NOT_HELD } },
	{
		clause: 'drivers.ordering.multi',
		name: 'one field, 400 on more (the filter on id asked with it cannot be told)',
		config: drivers({ singleOrdering: 'reject' }),
		expected: { 'drivers.ordering.multi': NOT_HELD, 'drivers.filter.id': CANNOT_TELL },
	},
	{ clause: 'drivers.ordering.multi', name: 'one field, the rest ignored', config: drivers({ singleOrdering: 'ignoreRest' }), expected: { 'drivers.ordering.multi': NOT_HELD } },
	{ clause: 'drivers.ordering.multi', name: 'ordering ignored', config: drivers({ ignoreOrdering: true }), expected: { 'drivers.ordering.multi': NOT_HELD } },
	{ clause: 'drivers.update.patch', name: 'PATCH refused (405, OPTIONS lists PUT alone)', config: { driverUpdatePatch: 'refused' }, expected: { 'drivers.update.patch': NOT_HELD } },
	{ clause: 'trucks.filter.search', name: 'search and status ignored', config: trucks({ ignoreFilter: true }), expected: { 'trucks.filter.search': NOT_HELD } },
	{ clause: 'trucks.filter.search', name: 'search ignored', config: trucks({ ignoreFilter: ['search'] }), expected: { 'trucks.filter.search': NOT_HELD } },
	{ clause: 'trucks.pageSize', name: 'page size ignored (10 a page)', config: trucks({ ignorePageSize: true }), expected: { 'trucks.pageSize': NOT_HELD } },
	{
		clause: 'trucks.pageSize',
		name: 'search and page size ignored (spec-only’s trucks)',
		config: trucks({ ignoreFilter: true, ignorePageSize: true }),
		expected: { 'trucks.filter.search': NOT_HELD, 'trucks.pageSize': NOT_HELD },
	},
	{ clause: 'trailers.filter.search', name: 'search and status ignored', config: trailers({ ignoreFilter: true }), expected: { 'trailers.filter.search': NOT_HELD } },
	{ clause: 'trailers.filter.search', name: 'search ignored', config: trailers({ ignoreFilter: ['search'] }), expected: { 'trailers.filter.search': NOT_HELD } },
	{ clause: 'trailers.pageSize', name: 'page size ignored (10 a page)', config: trailers({ ignorePageSize: true }), expected: { 'trailers.pageSize': NOT_HELD } },
	{ clause: 'dispatcherBoard.pageSize', name: 'page size ignored (10 a page)', config: board({ ignorePageSize: true }), expected: { 'dispatcherBoard.pageSize': NOT_HELD } },
];

/** Lists too short or too uniform to decide: the same "could not tell" whether the clause holds or not. */
const UNDECIDABLE: Case[] = [
	...(
		[
			['workOrders.filter', 'seven work orders', keep('workOrders', 7), workOrders({ ignoreFilter: true }), { 'workOrders.filter': CANNOT_TELL, 'workOrders.pageSize': CANNOT_TELL }],
			['drivers.pageSize.all', 'ten drivers', keep('drivers', 10), drivers({ ignorePageSize: true }), { 'drivers.pageSize.all': CANNOT_TELL, 'drivers.ordering.multi': CANNOT_TELL }],
			['trucks.filter.search', 'two trucks', keep('trucks', 2), trucks({ ignorePageSize: true }), { 'trucks.filter.search': CANNOT_TELL, 'trucks.pageSize': CANNOT_TELL }],
			[
				'loads.filter.dispatcher__id',
				'every load of one dispatcher (one row on the board)',
				oneDispatcher,
				loads({ ignoreFilter: ['dispatcher__id'] }),
				{ 'loads.filter.dispatcher__id': CANNOT_TELL, 'dispatcherBoard.pageSize': CANNOT_TELL },
			],
		] as const
	).flatMap(([clause, short, data, ignored, expected]) =>
		[HOLDS, ignored].map((config) => ({ clause, name: `${short}, ${config === HOLDS ? 'held' : 'ignored'}`, config, expected, data })),
	),
];

/** A truck or trailer list's switches: `search` ignored, and the page size; `status` is not probed (the node's probe sends none). */
function equipmentKeys(list: 'trucks' | 'trailers', name: keyof ListSwitch, value: unknown): string[] {
	if (name === 'ignoreFilter') return value === true || (value as string[]).includes('search') ? [`${list}.filter.search`] : [];
	return name === 'ignorePageSize' ? [`${list}.pageSize`] : [];
}

/**
 * Which probed keys each sandbox switch breaks, for the profiles below. Every switch of a profile is listed, those
 * that no probe can see with none (the driver list's rejectUnknownColumns: see the test below).
 */
function keysBrokenBy(config: Config): string[] {
	const listKeys: Record<ListName, (name: keyof ListSwitch, value: unknown) => string[]> = {
		loads: (name, value) => {
			const columns: Record<string, string> = { status: 'loads.filter', id: 'loads.filter.id', dispatcher__id: 'loads.filter.dispatcher__id' };
			if (name === 'ignoreFilter') return value === true ? Object.values(columns) : (value as string[]).map((column) => columns[column]).filter(Boolean);
			const keys: Partial<Record<keyof ListSwitch, string[]>> = {
				ignoreOrdering: ['loads.ordering', 'loads.ordering.multi'],
				singleOrdering: ['loads.ordering.multi'],
				rejectUnknownColumns: ['loads.filter.dispatcher__id'],
				ignorePageSize: ['loads.pageSize'],
				bareArray: ['links.next'],
			};
			return keys[name] ?? [];
		},
		workOrders: (name) =>
			({ ignoreFilter: ['workOrders.filter'], rejectUnknownColumns: ['workOrders.filter'], ignoreOrdering: ['workOrders.ordering'], ignorePageSize: ['workOrders.pageSize'] })[
				name as string
			] ?? [],
		drivers: (name, value) => {
			if (name === 'ignoreFilter') return value === true || (value as string[]).includes('id') ? ['drivers.filter.id'] : [];
			// rejectUnknownColumns: every column the node filters drivers on is published (the sandbox refuses the others anyway).
			return ({ ignorePageSize: ['drivers.pageSize.all'], singleOrdering: ['drivers.ordering.multi'], ignoreOrdering: ['drivers.ordering.multi'] } as Record<string, string[]>)[name] ?? [];
		},
		trucks: (name, value) => equipmentKeys('trucks', name, value),
		trailers: (name, value) => equipmentKeys('trailers', name, value),
		dispatcherBoard: (name) => (name === 'ignorePageSize' ? ['dispatcherBoard.pageSize'] : []),
	};
	const fromLists = Object.entries(config.lists ?? {}).flatMap(([list, switches]) =>
		Object.entries(switches as ListSwitch).flatMap(([name, value]) => listKeys[list as ListName](name as keyof ListSwitch, value)),
	);
	return [
		...fromLists,
		...(config.maxRequestLine ? ['requestLine.long'] : []),
		...(config.loadsDispatcherId === false ? ['loads.filter.dispatcher__id'] : []),
		...(config.nextLinks !== undefined && config.nextLinks !== 'absolute' ? ['links.next'] : []),
		...(config.workOrderTimeField !== undefined && config.workOrderTimeField !== 'created_datetime' ? ['workOrders.created_datetime'] : []),
		...(config.driverUpdatePatch === 'refused' ? ['drivers.update.patch'] : []),
	];
}

/** Whether a case changed the sandbox's data, so that it is rebuilt after. */
let dataChanged = false;

async function resultsUnder(config: Config, data?: (data: SandboxData) => void) {
	dt.sandbox.configure({ profile: 'default', ...config });
	if (data) {
		dataChanged = true;
		data(dt.sandbox.data);
	}
	const result = await dt.run({ parameters: check });
	expect(result.error).toBeUndefined();
	// 13 GETs and one OPTIONS at most: nothing that can write.
	expect(dt.sandbox.log.length).toBeLessThanOrEqual(14);
	expect(dt.sandbox.log.every((entry) => entry.method === 'GET' || entry.method === 'OPTIONS')).toBe(true);
	// The first item sums up; one row per check follows.
	const rows = result.json.slice(1);
	expect(result.json[0]).toMatchObject({ check: 'Summary', key: 'summary', inPlainWords: expect.any(String) });
	return { json: rows, byKey: Object.fromEntries(rows.map((item) => [item.key as string, item.result as Result])) };
}

beforeEach(() => resetSupport());
afterEach(() => {
	dt.sandbox.configure({ profile: 'default' });
	if (dataChanged) dt.sandbox.reset();
	dataChanged = false;
});

describe('Check Compatibility: every probe against a sandbox that holds its clause and one that does not', () => {
	test('every probed clause is broken by at least one case, and each case says what its switch breaks', () => {
		expect([...new Set(BROKEN.map((one) => one.clause))].sort()).toEqual([...KEYS].sort());
		for (const one of BROKEN) {
			expect(one.expected[one.clause]).toBeDefined();
			expect(Object.keys(one.expected)).toEqual(expect.arrayContaining(keysBrokenBy(one.config)));
		}
	});

	// The default profile, which holds every clause: checkCompatibility.test.cts.
	test.each([...BROKEN, ...UNDECIDABLE].map((one) => [`${one.clause}: ${one.name}`, one] as const))('%s', async (_name, one) => {
		const { json, byKey } = await resultsUnder(one.config, one.data);
		expect(byKey).toEqual(Object.fromEntries(KEYS.map((key) => [key, one.expected[key] ?? 'held'])));
		for (const item of json.filter((found) => found.result !== 'held')) expect(item.seen).not.toBe('');
		for (const item of json.filter((found) => found.result === NOT_HELD)) expect(item.whatTheNodeDoes).not.toMatch(/^lets Datatruck/);
		// Only what does not hold is remembered, and only where a reader consults it; what could not be told is not.
		const remembered = KEYS.filter((key) => one.expected[key] === NOT_HELD && !UNREMEMBERED.includes(key));
		expect(findingsFor(new URL(dt.sandbox.baseUrl).origin).map((finding) => finding.key).sort()).toEqual(remembered.sort());
	});
});

describe('Check Compatibility under each profile: never "held" for a clause the profile ignores', () => {
	const notHeld = (keys: string[]) => Object.fromEntries(keys.map((key) => [key, NOT_HELD]));
	test.each<[SandboxProfile, Record<string, Result>, string[]]>([
		[
			'spec-only',
			{
				...notHeld([
					'loads.ordering.multi',
					'loads.filter.dispatcher__id',
					'requestLine.long',
					'workOrders.pageSize',
					'workOrders.ordering',
					'workOrders.filter',
					'drivers.ordering.multi',
					'drivers.update.patch',
					'trucks.filter.search',
					'trucks.pageSize',
				]),
				// Asked with two ordering fields, which the driver list refuses: the filter on id goes untold.
				'drivers.filter.id': CANNOT_TELL,
			},
			['drivers.rejectUnknownColumns'],
		],
		[
			'published',
			{
				...notHeld([
					'loads.pageSize',
					'links.next',
					'workOrders.pageSize',
					'workOrders.ordering',
					'workOrders.filter',
					'workOrders.created_datetime',
					'drivers.pageSize.all',
					'trucks.pageSize',
					'trailers.pageSize',
					'dispatcherBoard.pageSize',
				]),
				// Only the drivers' first page read (10): too few of one status for the second ordering field.
				'drivers.ordering.multi': CANNOT_TELL,
			},
			[],
		],
	])('%s', async (profile, expected, unprobed) => {
		const settings = PROFILE_SETTINGS[profile];
		const ignored = [...new Set(keysBrokenBy(settings))];
		expect(ignored.length).toBeGreaterThan(2);
		const { byKey } = await resultsUnder({ profile });
		expect(byKey).toEqual(Object.fromEntries(KEYS.map((key) => [key, expected[key] ?? 'held'])));
		expect(Object.fromEntries(ignored.map((key) => [key, byKey[key]]))).toEqual(
			Object.fromEntries(ignored.map((key) => [key, expect.stringMatching(/^(not held|could not tell)$/)])),
		);
		// The switches of the profile no probe can see, named so that a new one must be placed above.
		const switches = Object.entries(settings.lists).flatMap(([list, one]) => Object.keys(one as ListSwitch).map((name) => `${list}.${name}`));
		const unprobedSeen = switches.filter((name) => {
			const [list, switchName] = name.split('.');
			return keysBrokenBy({ lists: { [list]: { [switchName]: settings.lists[list as ListName]![switchName as keyof ListSwitch] } } }).length === 0;
		});
		expect(unprobedSeen).toEqual(unprobed);
	});
});

/**
 * The one profile switch no probe can see: the driver list's `rejectUnknownColumns` refuses a filter on a column the
 * specification does not publish for drivers, but the driver list publishes every column it has, and the sandbox
 * refuses a column it does not have whatever the switch. Nothing the node sends the driver list differs under it.
 */
describe('Check Compatibility where a switch changes nothing the node asks', () => {
	test('drivers.rejectUnknownColumns: every clause held, the same requests as without it', async () => {
		const asked = () => dt.sandbox.log.map((entry) => `${entry.path} ${JSON.stringify(entry.query)}`);
		const { byKey } = await resultsUnder(drivers({ rejectUnknownColumns: true }));
		const withSwitch = asked();
		expect(byKey).toEqual(Object.fromEntries(KEYS.map((key) => [key, 'held'])));
		resetSupport();
		resetLimiters();
		dt.sandbox.clearLog();
		await resultsUnder(HOLDS);
		expect(asked()).toEqual(withSwitch);
	});
});

/**
 * What the sandbox has no switch for, a few lines of a Datatruck of its own on loopback: a list whose own page is 25
 * or 5 whatever `page_size` says, and a filter that answers nothing. Each passed a probe by chance before.
 */
describe('Check Compatibility against a Datatruck the sandbox cannot be', () => {
	interface Odd {
		ownPageSize?: number;
		filterAnswersNothing?: boolean;
	}
	type Row = Record<string, unknown>;
	const DISPATCHERS = [
		{ id: 1, full_name: 'Ann Lee' },
		{ id: 2, full_name: 'Bo Park' },
	];
	const STATUSES = ['booked', 'dispatched', 'delivered'];
	const unit = (prefix: string, i: number) => ({ id: i + 1, unit_number: `${prefix}${101 + i}` });
	const LISTS: Record<string, Row[]> = {
		'/orders/': Array.from({ length: 60 }, (_, i) => ({ id: i + 1, status: STATUSES[i % 3], dispatcher__full_name: DISPATCHERS[i % 2].full_name })),
		'/work-orders/': Array.from({ length: 30 }, (_, i) => ({ id: i + 1, created_datetime: new Date(Date.UTC(2026, 0, 1 + i)).toISOString() })),
		'/drivers/list/': Array.from({ length: 40 }, (_, i) => ({
			id: i + 1,
			status: i % 4 === 0 ? 'Home Time' : 'Available',
			assigned_dispatcher: DISPATCHERS[i % 2],
			assigned_truck: unit('U', i % 30),
			assigned_trailer: unit('R', i % 30),
		})),
		'/trucks/list/': Array.from({ length: 34 }, (_, i) => unit('U', i)),
		'/trailers/list/': Array.from({ length: 34 }, (_, i) => unit('R', i)),
		'/orders/dispatcher-board/list/': Array.from({ length: 6 }, (_, i) => ({ id: i + 1, dispatcher: { id: i + 1, full_name: `Dispatcher ${i + 1}` } })),
	};
	let odd: Odd = {};
	let server: Server;
	let baseUrl = '';

	const valueOf = (row: Row, column: string) =>
		column === 'dispatcher__id' ? DISPATCHERS.find((one) => one.full_name === row.dispatcher__full_name)?.id : row[column];
	function matches(row: Row, term: { column: string; value: unknown; contains: string }): boolean {
		const hit = (Array.isArray(term.value) ? term.value : [term.value]).map(String).includes(String(valueOf(row, term.column)));
		return term.contains === 'exclude_in' ? !hit : hit;
	}
	const byOrdering = (ordering: string) => (a: Row, b: Row) => {
		for (const term of ordering.split(',')) {
			const [x, y] = [a[term.replace(/^-/, '')] as number, b[term.replace(/^-/, '')] as number];
			if (x !== y) return (x < y ? -1 : 1) * (term.startsWith('-') ? -1 : 1);
		}
		return 0;
	};

	function answer(url: URL): unknown {
		const path = url.pathname.replace(/^\/api\/v1\/openapi/, '');
		const filter = JSON.parse(url.searchParams.get('filter') ?? '[]') as Array<{ column: string; value: unknown; contains: string }>;
		const search = url.searchParams.get('search')?.toLowerCase();
		const searched = (row: Row) => !search || String(row.unit_number).toLowerCase().includes(search);
		const asked = filter.length > 0 || search !== undefined;
		const rows = odd.filterAnswersNothing && asked ? [] : LISTS[path].filter((row) => searched(row) && filter.every((term) => matches(row, term)));
		rows.sort(byOrdering(url.searchParams.get('ordering') ?? '-id'));
		const pageSize = url.searchParams.get('page_size');
		const size = odd.ownPageSize ?? (pageSize === 'all' ? rows.length : Number(pageSize ?? 10));
		const next = rows.length > size ? `${baseUrl}${path}?page=2` : null;
		return { count: rows.length, next, previous: null, results: rows.slice(0, size) };
	}

	beforeAll(async () => {
		server = createServer((request, response) => {
			response.setHeader('content-type', 'application/json');
			// As Django REST Framework answers OPTIONS on an update view.
			if (request.method === 'OPTIONS') return void response.setHeader('allow', 'PUT, PATCH, OPTIONS').end('{}');
			response.end(JSON.stringify(answer(new URL(request.url ?? '/', 'http://127.0.0.1'))));
		});
		await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
		baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1/openapi`;
	});
	afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

	test.each<[string, Odd, Record<string, Result>]>([
		['a Datatruck that holds every clause', {}, Object.fromEntries(KEYS.map((key) => [key, 'held' as const]))],
		...[25, 5].map((own): [string, Odd, Record<string, Result>] => [
			`its own page of ${own} whatever page_size says`,
			{ ownPageSize: own },
			{
				'loads.pageSize': NOT_HELD,
				'workOrders.pageSize': NOT_HELD,
				'drivers.pageSize.all': NOT_HELD,
				'trucks.pageSize': NOT_HELD,
				'trailers.pageSize': NOT_HELD,
				'dispatcherBoard.pageSize': NOT_HELD,
			},
		]),
		[
			'a filter that answers nothing',
			{ filterAnswersNothing: true },
			{
				'loads.filter': NOT_HELD,
				'loads.filter.id': CANNOT_TELL,
				'loads.filter.dispatcher__id': NOT_HELD,
				'workOrders.filter': NOT_HELD,
				'workOrders.ordering': CANNOT_TELL,
				'drivers.filter.id': NOT_HELD,
				'drivers.ordering.multi': CANNOT_TELL,
				'trucks.filter.search': CANNOT_TELL,
				'trucks.pageSize': CANNOT_TELL,
				'trailers.filter.search': CANNOT_TELL,
				'trailers.pageSize': CANNOT_TELL,
				'dispatcherBoard.pageSize': 'held',
			},
		],
	])('%s', async (_name, behaviour, expected) => {
		odd = behaviour;
		const result = await dt.run({ parameters: check, credentials: sandboxCredentials(baseUrl, 'odd-token') });
		expect(result.error).toBeUndefined();
		expect(Object.fromEntries(result.json.slice(1).map((item) => [item.key, item.result]))).toMatchObject(expected);
	});
});
