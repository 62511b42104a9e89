import type { IDataObject, INodeParameters } from 'n8n-workflow';
import { clearSearchCache } from '../../nodes/Datatruck/shared/pickers/searchCache';
import { runAsAgentTool } from '../harness/agentTool.cts';
import { editorOptions } from '../harness/editor.cts';
import { useSandbox } from '../harness/sandbox.cts';
import { dispatcherBoard, tripDate } from '../sandbox/resources/dispatcherBoard.cts';
import { dispatcherOf } from '../sandbox/resources/orders.cts';
import type { PersonRef } from '../sandbox/types.cts';

/** The Dispatcher dropdown (loadOptions) and where it filters: Load and Driver › Get Many, the board. */
const dt = useSandbox();
const API = '/api/v1/openapi';

beforeEach(() => {
	clearSearchCache();
	dt.sandbox.reset();
});

const filterOf = (index: number) => JSON.parse(String(dt.sandbox.log[index].query.filter)) as IDataObject[];
const sortedIds = (records: IDataObject[] | Array<{ id: number }>) => records.map((record) => Number(record.id)).sort((a, b) => a - b);

/** The dispatchers the company's drivers are assigned to, most drivers first. */
function assignedDispatchers(): PersonRef[] {
	const counts = new Map<number, { dispatcher: PersonRef; drivers: number }>();
	for (const { assigned_dispatcher: dispatcher } of dt.sandbox.data.drivers) {
		if (!dispatcher) continue;
		const entry = counts.get(dispatcher.id) ?? { dispatcher, drivers: 0 };
		counts.set(dispatcher.id, { ...entry, drivers: entry.drivers + 1 });
	}
	return [...counts.values()].sort((a, b) => b.drivers - a.drivers).map((entry) => entry.dispatcher);
}

function loadsOf(dispatcherIds: number[]) {
	return dt.sandbox.data.orders.filter((order) => dispatcherIds.includes(dispatcherOf(dt.sandbox.data, order)?.id ?? -1));
}

describe('Dispatcher dropdown', () => {
	test('lists the distinct dispatchers of the drivers, by name, from one request, then from the cache', async () => {
		const options = await editorOptions('getDispatchers', dt.credentials());
		await editorOptions('getDispatchers', dt.credentials());

		expect(dt.sandbox.log.map(({ method, path, query }) => ({ method, path, query }))).toEqual([
			{ method: 'GET', path: `${API}/drivers/list/`, query: { page_size: 'all' } },
		]);
		const expected = assignedDispatchers()
			.map((dispatcher) => ({ name: `${dispatcher.full_name} (ID ${dispatcher.id})`, value: dispatcher.id }))
			.sort((a, b) => a.name.localeCompare(b.name));
		expect(expected.length).toBeGreaterThan(2);
		expect(options).toEqual(expected);
	});

	test('skips drivers without a dispatcher and dispatchers of an odd shape; a dispatcher without a name shows its ID', async () => {
		const [first, second, third, fourth] = dt.sandbox.data.drivers;
		const odd = (driver: typeof first, value: unknown) => Object.assign(driver, { assigned_dispatcher: value });
		for (const driver of dt.sandbox.data.drivers) odd(driver, null);
		odd(first, { id: 901, full_name: '  ' });
		odd(second, { id: '902', full_name: 'Text ID' });
		odd(third, { full_name: 'No ID' });
		odd(fourth, 'Maria Lopez');

		expect(await editorOptions('getDispatchers', dt.credentials())).toEqual([{ name: '#901 (ID 901)', value: 901 }]);
	});
});

describe('Load › Get Many with dispatchers', () => {
	test('adds "dispatcher is any of" to the user\'s own filter, and returns exactly those dispatchers\' loads', async () => {
		const [a, b] = assignedDispatchers();
		const result = await dt.run({
			parameters: {
				resource: 'load',
				operation: 'getMany',
				returnAll: true,
				dispatcherIds: [a.id, b.id],
				filters: { conditions: [{ field: 'status', operator: 'is', value: 'booked' }] },
			},
		});

		expect(result.error).toBeUndefined();
		expect(filterOf(0)).toEqual([
			{ column: 'status', value: 'booked', contains: 'is' },
			{ column: 'dispatcher__id', value: [a.id, b.id], contains: 'is_in' },
		]);
		for (const index of dt.sandbox.log.keys()) expect(filterOf(index)).toContainEqual(filterOf(0)[1]);
		const expected = loadsOf([a.id, b.id]).filter((order) => order.status === 'booked');
		expect(expected.length).toBeGreaterThan(0);
		expect(sortedIds(result.json)).toEqual(sortedIds(expected));
		// The sandbox joins the dispatcher only to filter; loads are served in the published shape.
		expect(result.json[0]).toEqual(JSON.parse(JSON.stringify(expected.find((order) => order.id === result.json[0].id))));
		expect(new Set(result.json.map((load) => load.dispatcher__full_name))).toEqual(
			new Set(expected.map((order) => order.dispatcher__full_name)),
		);
	});

	test('none chosen sends no dispatcher condition', async () => {
		const result = await dt.run({ parameters: { resource: 'load', operation: 'getMany', limit: 3, dispatcherIds: [] } });
		expect(result.json).toHaveLength(3);
		expect(dt.sandbox.log[0].query.filter).toBeUndefined();
	});

	test('an AI agent gives the IDs as text through $fromAI', async () => {
		const [a] = assignedDispatchers();
		const { results, startError } = await runAsAgentTool({
			parameters: {
				resource: 'load',
				operation: 'getMany',
				limit: 5,
				dispatcherIds: "={{ $fromAI('dispatcher_ids', 'Datatruck IDs of the dispatchers, comma-separated, e.g. 12,14', 'string') }}",
			},
			credentials: dt.credentials(),
			calls: [{ dispatcher_ids: ` ${a.id} ` }],
		});

		expect(startError).toBeUndefined();
		expect(filterOf(0)).toEqual([{ column: 'dispatcher__id', value: [a.id], contains: 'is_in' }]);
		const loads = results[0].response as IDataObject[];
		expect(loads).toHaveLength(5);
		for (const load of loads) expect(load.dispatcher__full_name).toBe(a.full_name);
	});
});

describe('Driver › Get Many with dispatchers', () => {
	test('one request filtered on assigned_dispatcher__id; exactly that dispatcher\'s drivers', async () => {
		const [a] = assignedDispatchers();
		const result = await dt.run({
			parameters: { resource: 'driver', operation: 'getMany', returnAll: true, dispatcherIds: `=${a.id}` },
		});

		expect(result.error).toBeUndefined();
		expect(dt.sandbox.log).toHaveLength(1);
		expect(dt.sandbox.log[0].query.page_size).toBe('all');
		expect(filterOf(0)).toEqual([{ column: 'assigned_dispatcher__id', value: [a.id], contains: 'is_in' }]);
		const expected = dt.sandbox.data.drivers.filter((driver) => driver.assigned_dispatcher?.id === a.id);
		expect(expected.length).toBeGreaterThan(0);
		expect(sortedIds(result.json)).toEqual(sortedIds(expected));
	});
});

describe('Dispatcher Board › Get with dispatchers', () => {
	/** A window where at least three dispatchers have rows. */
	function busyWindow(): { start: string; end: string } {
		const dates = dt.sandbox.data.orders
			.filter((order) => order.trip !== null && order.status !== 'cancelled')
			.map((order) => tripDate(order, 'pickup'))
			.filter((date): date is string => date !== null)
			.sort();
		return { start: dates[Math.floor(dates.length * 0.3)], end: dates[Math.floor(dates.length * 0.6)] };
	}

	function boardRun(window: { start: string; end: string }, extra: INodeParameters) {
		return dt.run({
			parameters: { resource: 'dispatcherBoard', operation: 'get', startDate: window.start, endDate: window.end, ...extra },
		});
	}

	test('reads the window whole in one request and keeps only those dispatchers\' rows; Limit counts kept rows', async () => {
		const window = busyWindow();
		const rows = JSON.parse(JSON.stringify(dispatcherBoard(dt.sandbox.data, { ...window, dateBy: 'pickup' }))) as IDataObject[];
		expect(rows.length).toBeGreaterThan(2);
		// The last two rows: a page of the board's first rows would not hold them.
		const chosen = rows.slice(-2).map((row) => (row.dispatcher as PersonRef).id);

		const all = await boardRun(window, { returnAll: true, dispatcherIds: chosen });
		expect(all.error).toBeUndefined();
		expect(dt.sandbox.log).toHaveLength(1);
		expect(dt.sandbox.log[0].query).toEqual({ start_date: window.start, end_date: window.end, page_size: 'all' });
		expect(all.json).toEqual(rows.slice(-2));

		dt.sandbox.clearLog();
		const limited = await boardRun(window, { returnAll: false, limit: 1, dispatcherIds: chosen });
		expect(dt.sandbox.log).toHaveLength(1);
		expect(dt.sandbox.log[0].query.page_size).toBe('all');
		expect(limited.json).toEqual(rows.slice(-2, -1));
	});

	test('without dispatchers, Limit still asks for just that many rows', async () => {
		const window = busyWindow();
		await boardRun(window, { returnAll: false, limit: 2, dispatcherIds: [] });
		expect(dt.sandbox.log[0].query.page_size).toBe('2');
	});
});

describe('Dispatcher IDs that are not IDs', () => {
	const operations: Array<[string, INodeParameters]> = [
		['Load › Get Many', { resource: 'load', operation: 'getMany' }],
		['Driver › Get Many', { resource: 'driver', operation: 'getMany' }],
		['Dispatcher Board › Get', { resource: 'dispatcherBoard', operation: 'get', startDate: '2026-11-01', endDate: '2026-11-30' }],
	];
	test.each(operations)('%s: the parameter is named and nothing is sent', async (_name, parameters) => {
		for (const value of ['=12, Maria Lopez', '=0', '=-3', '=12.5']) {
			const result = await dt.run({ parameters: { ...parameters, dispatcherIds: value } });
			expect(result.error?.message).toMatch(/^Dispatcher Names or IDs: ".+" is not a whole number of at least 1$/);
			expect(result.error?.description).toBe('For example: 12,14 (dispatcher IDs)');
		}
		expect(dt.sandbox.log).toHaveLength(0);
	});

	test('with Continue On Fail the bad item fails alone and keeps its pairing', async () => {
		const [a] = assignedDispatchers();
		const result = await dt.run({
			parameters: { resource: 'driver', operation: 'getMany', returnAll: true, dispatcherIds: '={{ $json.dispatchers }}' },
			items: [{ dispatchers: 'abc' }, { dispatchers: String(a.id) }],
			continueOnFail: true,
		});
		const failed = result.items.filter((item) => item.error);
		expect(failed).toHaveLength(1);
		expect(failed[0].pairedItem).toEqual({ item: 0 });
		expect(result.items.filter((item) => !item.error).every((item) => JSON.stringify(item.pairedItem) === '{"item":1}')).toBe(true);
		expect(dt.sandbox.log).toHaveLength(1);
	});
});
