/**
 * Property: Return All and Limit stay exact while Datatruck changes under them. Whatever is created,
 * moved to another status, deleted or re-valued after each page the sandbox answers, Get Many
 * returns no record twice, loses no record that matched from start to end untouched (Return All),
 * and with a Limit returns the first records of the order with none of those skipped. With nothing
 * changing, it returns exactly the list in Datatruck's order with the fewest requests.
 *
 * Each scenario (list × sort field and direction × filter × Return All or Limit × churn) comes
 * from the printed seed. A quarter are long (more than 20 pages of loads, Return All or a Limit
 * over 500), read page after page anchored on the sort field, where loads without a pay, miles or
 * pickup time fill pages of their own; rerun one with LIST_PROPERTY_SEED=<seed> (and LIST_PROPERTY_PATH=<path>
 * from a failure report). LIST_PROPERTY_RUNS sets the number of scenarios (default 300).
 */
import fc from 'fast-check';
import type { INodeParameters } from 'n8n-workflow';
import { resetLimiters } from '../../nodes/Datatruck/shared/transport/rateLimiter';
import { runDatatruck, sandboxCredentials } from '../harness/run.cts';
import { judge, matchingIds, segmentedRequests, type ChurnList } from '../integration/listChurn.cts';
import { startSandbox, type Sandbox } from '../sandbox/index.cts';
import { propertySettings } from './lib/settings.cts';

const settings = propertySettings('LIST_PROPERTY', 300);
const PAGE = 25;
/** Loads in the sandbox: enough for a long list (over 20 pages of 25) after a filter. */
const LOADS = 1100;
/** One window's budget of pages: a longer list is read page after page, anchored. */
const STRETCH = 20 * PAGE;

interface Filter {
	name: string;
	/** The node's Filters › Condition. */
	condition?: { field: string; operator: string; value: string };
	/** The same condition as the API's filter JSON. */
	api?: { column: string; value: unknown; contains: string };
}

const LOAD_SORTS = ['created_datetime', 'id', 'load_pay', 'total_miles', 'customer__company_name', 'pickup_time', 'delivery_time', 'status', 'load_id', 'trip__status'];
const WORK_ORDER_SORTS = ['id', 'scheduled_on_date', 'total_price', 'status'];

const condition = (field: string, operator: string, value: string, apiValue: unknown = value): Filter => ({
	name: `${field} ${operator} ${value}`,
	condition: { field, operator, value },
	api: { column: field, value: apiValue, contains: operator },
});

const LOAD_FILTERS: Filter[] = [
	{ name: 'none' },
	condition('status', 'is', 'delivered'),
	condition('status', 'is_in', 'booked,dispatched,in_transit', ['booked', 'dispatched', 'in_transit']),
	condition('load_pay', 'between', '800,3000'),
	condition('is_flagged', 'is', 'false', false),
];
const WORK_ORDER_FILTERS: Filter[] = [{ name: 'none' }, condition('status', 'is_not', 'Completed')];

interface Scenario {
	list: ChurnList;
	records: number;
	sort: { field: string; descending: boolean } | null;
	filter: number;
	limit: number | null;
	churn: { create: number; move: number; delete: number; shift: number; seed: number };
}

const churnArb = fc.oneof(
	{ weight: 1, arbitrary: fc.constant({ create: 0, move: 0, delete: 0, shift: 0, seed: 1 }) },
	{
		weight: 4,
		arbitrary: fc.record({
			create: fc.integer({ min: 0, max: 3 }),
			move: fc.integer({ min: 0, max: 3 }),
			delete: fc.integer({ min: 0, max: 2 }),
			shift: fc.integer({ min: 0, max: 3 }),
			seed: fc.integer({ min: 1, max: 2 ** 30 }),
		}),
	},
);

const shortArb: fc.Arbitrary<Scenario> = fc.constantFrom<ChurnList>('orders', 'orders', 'orders', 'workOrders').chain((list) =>
	fc.record({
		list: fc.constant(list),
		records: fc.integer({ min: 20, max: 260 }),
		sort: fc.option(
			fc.record({ field: fc.constantFrom(...(list === 'orders' ? LOAD_SORTS : WORK_ORDER_SORTS)), descending: fc.boolean() }),
			{ freq: 4 },
		),
		filter: fc.nat({ max: (list === 'orders' ? LOAD_FILTERS : WORK_ORDER_FILTERS).length - 1 }),
		limit: fc.option(fc.integer({ min: 1, max: 120 }), { freq: 2 }),
		churn: churnArb,
	}),
);

/** Sort fields of loads that can be empty, and the ones that cannot: long lists are read differently for each. */
const NULLABLE_LOAD_SORTS = ['load_pay', 'total_miles', 'pickup_time', 'delivery_time'];
const longArb: fc.Arbitrary<Scenario> = fc.record({
	list: fc.constant<ChurnList>('orders'),
	records: fc.integer({ min: STRETCH + 20, max: LOADS }),
	sort: fc.option(
		fc.record({ field: fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...NULLABLE_LOAD_SORTS) }, { weight: 1, arbitrary: fc.constantFrom(...LOAD_SORTS) }), descending: fc.boolean() }),
		{ freq: 6 },
	),
	filter: fc.nat({ max: LOAD_FILTERS.length - 1 }),
	limit: fc.option(fc.integer({ min: STRETCH + 1, max: 900 }), { freq: 2 }),
	churn: churnArb,
});

const scenarioArb = fc.oneof({ weight: 3, arbitrary: shortArb }, { weight: 1, arbitrary: longArb });

let sandbox: Sandbox;
let baseline: { orders: string; workOrders: string };

beforeAll(async () => {
	sandbox = await startSandbox({ rateLimit: false, loads: LOADS });
	for (let index = 0; index < 230; index++) sandbox.createWorkOrder();
	// More empty values than the seed's few, so that loads without a value fill pages of their own
	// (the seed leaves about 2 % of pays empty, fewer than one page in a long list).
	for (const [index, load] of sandbox.data.orders.entries()) {
		if (index % 13 === 0) load.load_pay = null;
		if (index % 17 === 0) load.total_miles = null;
	}
	// Restored before each scenario: rebuilding the seed data each time would cost more than the run.
	baseline = { orders: JSON.stringify(sandbox.data.orders), workOrders: JSON.stringify(sandbox.data.workOrders) };
});
afterAll(() => sandbox?.close());

function restore(list: ChurnList, records: number): void {
	// Only the scenario's list changes during a run, so only it is restored.
	const target = sandbox.data[list] as unknown[];
	target.length = 0;
	target.push(...(JSON.parse(baseline[list]) as unknown[]).slice(0, records));
}

function orderingOf(scenario: Scenario): string | null {
	if (!scenario.sort) return null;
	const sign = scenario.sort.descending ? '-' : '';
	return scenario.sort.field === 'id' ? `${sign}id` : `${sign}${scenario.sort.field},${sign}id`;
}

const stats = { runs: 0, long: 0, requests: 0, churned: 0, records: 0, stopped: 0 };
/** Held ids past which a check read's exclusion list may not fit a 4,000-byte request line. */
const SPLIT_ABOVE = 400;

/**
 * Requests with nothing changing: one per page wanted, except for a long list (over 20 pages, and
 * a Limit over 20 pages) sorted by a text or Yes/No field, which reads every page by id, and one
 * sorted by a field that can be empty, whose two parts each end with a page of their own.
 */
function requestsWithoutChange(scenario: Scenario, start: number[]): number {
	const wanted = Math.min(scenario.limit ?? Infinity, start.length);
	const byPage = Math.max(1, Math.ceil(wanted / PAGE));
	const field = scenario.sort?.field;
	if (start.length <= STRETCH || wanted <= STRETCH || !field || ['id', 'created_datetime'].includes(field)) return byPage;
	if (!NULLABLE_LOAD_SORTS.includes(field)) return Math.ceil(start.length / PAGE);
	const byId = new Map(sandbox.data.orders.map((load) => [load.id, load]));
	const empty = start.map((id) => byId.get(id)?.[field as 'load_pay'] === null);
	return segmentedRequests(empty, PAGE, scenario.limit ?? Infinity);
}

async function check(scenario: Scenario): Promise<void> {
	restore(scenario.list, scenario.records);
	sandbox.clearLog();
	sandbox.live.off();
	resetLimiters();
	const filter = (scenario.list === 'orders' ? LOAD_FILTERS : WORK_ORDER_FILTERS)[scenario.filter];
	const apiFilter = filter.api ? JSON.stringify([filter.api]) : null;
	const start = matchingIds(sandbox, scenario.list, apiFilter, orderingOf(scenario));
	const parameters: INodeParameters = {
		resource: scenario.list === 'orders' ? 'load' : 'workOrder',
		operation: 'getMany',
		returnAll: scenario.limit === null,
		...(scenario.limit === null ? {} : { limit: scenario.limit }),
		...(filter.condition ? { filters: { conditions: [filter.condition] } } : {}),
		...(scenario.sort ? { sort: scenario.sort } : {}),
	};
	sandbox.live.configure(scenario.churn);
	const result = await runDatatruck({
		parameters,
		credentials: sandboxCredentials(sandbox.baseUrl, sandbox.token, { rateLimitRequests: 1000, rateLimitWindowSeconds: 1 }),
	});
	const touched = new Set(sandbox.live.touched[scenario.list]);
	sandbox.live.off();
	stats.runs++;
	if (start.length > STRETCH && (scenario.limit ?? Infinity) > STRETCH) stats.long++;
	stats.requests += sandbox.log.length;
	stats.records += result.json.length;

	const what = `${JSON.stringify(scenario)}: `;
	if (result.error) {
		// Issue 28: a read that would pass its request budget stops with an error naming the list and why; while the
		// list changes under it that is an allowed end, never with nothing changing.
		const stopped = /^Stopped reading the (loads|work orders) list after \d+ requests, its budget/.test(result.error.message);
		if (!stopped || touched.size === 0) throw new Error(`${what}failed: ${result.error.message}`);
		stats.stopped++;
		return;
	}
	const verdict = judge(result.json, start, touched, scenario.limit ?? undefined);
	if (verdict.duplicates.length) throw new Error(`${what}records twice: ${verdict.duplicates.join(', ')}`);
	if (verdict.lost.length) throw new Error(`${what}stable records lost: ${verdict.lost.join(', ')}`);
	const wanted = Math.min(scenario.limit ?? Infinity, start.length);
	if (touched.size === 0) {
		// Nothing changed: exactly Datatruck's list, in its order, with the fewest requests.
		expect(result.json.map((record) => Number(record.id))).toEqual(start.slice(0, wanted));
		// Every request line stays under 4,000 bytes (issue 28): a check read leaving out more ids than fit (about 476
		// five-digit ids) is split in two, one request more per stretch of up to 20 pages.
		const fewest = requestsWithoutChange(scenario, start);
		const splits = wanted > SPLIT_ABOVE ? Math.ceil(wanted / STRETCH) : 0;
		// A Limit whose page 1 Datatruck's default or id order could also have given is asked once the other way round
		// (orderProbe.ts; test/integration/listOrderProbe.test.cts holds when), never more; a whole list only where the
		// node returns it in Datatruck's order (a field it does not sort by itself, read in stretches).
		// So is a read that goes on from page 1's last record by its sort field (orderProbe.ts: it relies on the order as
		// a kept answer does), once per ordering while the confirmation is remembered.
		const probes = sandbox.log.filter((entry) => entry.query.ordering === oppositeOf(sandbox.log[0]?.query.ordering)).length;
		const readOn = readOnBySortField(sandbox.log, scenario.sort?.field);
		expect(probes).toBeLessThanOrEqual(wanted < start.length || keptAsAnswered(scenario, start.length) || readOn ? 1 : 0);
		expect(sandbox.log.length).toBeGreaterThanOrEqual(fewest + probes);
		expect(sandbox.log.length).toBeLessThanOrEqual(fewest + probes + splits);
	} else {
		stats.churned++;
		if (scenario.limit !== null && verdict.stable >= scenario.limit) expect(result.json).toHaveLength(scenario.limit);
	}
}

/** Whether the read returns the records in Datatruck's order: sorted by a field the node does not sort by, within one stretch. */
function keptAsAnswered(scenario: Scenario, matching: number): boolean {
	const field = scenario.sort?.field;
	const sortedHere = scenario.list === 'orders' ? ['id', 'created_datetime'] : ['id'];
	return field !== undefined && !sortedHere.includes(field) && (matching <= STRETCH || (scenario.limit ?? Infinity) <= STRETCH);
}

/** Whether a request of the read went on from a record by the sort field (an "after" or "before" bound on it). */
function readOnBySortField(log: Array<{ query: Record<string, unknown> }>, field: string | undefined): boolean {
	if (!field) return false;
	return log.some((entry) => {
		try {
			const filter: unknown = JSON.parse(String(entry.query.filter ?? '[]'));
			return Array.isArray(filter) && filter.some((c) => c?.column === field && (c.contains === 'after' || c.contains === 'before'));
		} catch {
			return false;
		}
	});
}

/** `status,id` for `-status,-id`: the same ordering the other way round. */
function oppositeOf(ordering: unknown): string | undefined {
	if (typeof ordering !== 'string' || !ordering) return undefined;
	return ordering.split(',').map((term) => (term.startsWith('-') ? term.slice(1) : `-${term}`)).join(',');
}

/**
 * Found failing: a long list sorted by a text field is sorted by the node in English order, so the
 * sandbox must collate text the same way (A33), with upper and lower case side by side.
 */
const FOUND: Scenario[] = [
	{ list: 'orders', records: 1098, sort: { field: 'status', descending: true }, filter: 0, limit: null, churn: { create: 0, move: 0, delete: 0, shift: 0, seed: 1 } },
];

test(`Get Many under live changes: no record twice, no stable record lost, Limit takes the first (${settings.runs} scenarios)`, async () => {
	settings.announce('list property');
	const started = Date.now();
	await fc.assert(
		fc.asyncProperty(scenarioArb, (scenario) => check(scenario)),
		{ numRuns: settings.runs, seed: settings.seed, path: settings.path, endOnFailure: true, examples: FOUND.map((scenario) => [scenario]) },
	);
	console.log(
		`list property: ${stats.runs} runs in ${((Date.now() - started) / 1000).toFixed(1)} s, ${stats.long} long (over ${STRETCH / PAGE} pages), ${stats.churned} with changes, ` +
			`${stats.stopped} stopped at their budget while changing, ${stats.requests} requests, ${stats.records} records returned`,
	);
}, 300_000);
