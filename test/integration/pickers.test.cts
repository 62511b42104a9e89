import { findingsFor, resetSupport } from '../../nodes/Datatruck/shared/lists';
import { clearSearchCache } from '../../nodes/Datatruck/shared/pickers/searchCache';
import { editorOptions, editorSearch } from '../harness/editor.cts';
import { useSandbox } from '../harness/sandbox.cts';

/** The editor's record pickers (listSearch) and company dropdowns (loadOptions), against the sandbox. */
const dt = useSandbox({ rateLimit: false, tokens: ['sandbox-token-a', 'sandbox-token-b'] });
const API = '/api/v1/openapi';

beforeEach(() => {
	clearSearchCache();
	resetSupport();
});

const queries = () => dt.sandbox.log.map(({ method, path, query }) => ({ method, path, query }));

describe('Driver picker', () => {
	test('typing part of a name asks Datatruck for drivers whose full name contains it, in one request', async () => {
		const result = await editorSearch('searchDrivers', dt.credentials(), 'mill');

		expect(queries()).toEqual([
			{
				method: 'GET',
				path: `${API}/drivers/list/`,
				query: {
					page_size: '50',
					ordering: 'account__last_name',
					filter: JSON.stringify([{ column: 'account__full_name', value: 'mill', contains: 'contains' }]),
				},
			},
		]);
		const expected = dt.sandbox.data.drivers.filter((driver) => driver.account.full_name.toLowerCase().includes('mill'));
		expect(expected.length).toBeGreaterThan(0);
		expect(result.results.map((item) => item.value).sort()).toEqual(expected.map((driver) => String(driver.id)).sort());
		const first = dt.sandbox.data.drivers.find((driver) => String(driver.id) === result.results[0].value)!;
		expect(result.results[0].name).toBe(`${first.account.full_name} · ${first.status} · ID ${first.id}`);
		expect(result.paginationToken).toBeUndefined();
	});

	test('the same search within a minute is answered from the cache; another token of the company is not', async () => {
		await editorSearch('searchDrivers', dt.credentials({ apiToken: 'sandbox-token-a' }), 'mill');
		await editorSearch('searchDrivers', dt.credentials({ apiToken: 'sandbox-token-a' }), 'mill');
		expect(dt.sandbox.log).toHaveLength(1);
		await editorSearch('searchDrivers', dt.credentials({ apiToken: 'sandbox-token-b' }), 'mill');
		expect(dt.sandbox.log).toHaveLength(2);
		await editorSearch('searchDrivers', dt.credentials({ apiToken: 'sandbox-token-a' }), 'mille');
		expect(dt.sandbox.log).toHaveLength(3);
	});

	test('a pagination token the node did not write (a link, say) is refused without a request', async () => {
		await expect(editorSearch('searchDrivers', dt.credentials(), '', 'http://127.0.0.2:9/api/v1/openapi/drivers/list/?page=2')).rejects.toThrow(
			'reopen the list to start again',
		);
		expect(dt.sandbox.log).toHaveLength(0);
	});

	test('a search goes through the transport: a 429 is waited out and the search still answers', async () => {
		dt.sandbox.injectFaults({ kind: '429', retryAfter: 0, count: 1 });
		const result = await editorSearch('searchDrivers', dt.credentials(), 'mill');
		expect(result.results.length).toBeGreaterThan(0);
		expect(dt.sandbox.log).toHaveLength(2);
	});
});

describe('Load picker', () => {
	test('searches by load number, newest first', async () => {
		const result = await editorSearch('searchLoads', dt.credentials(), 'LD-1000');

		expect(queries()).toEqual([
			{
				method: 'GET',
				path: `${API}/orders/`,
				query: {
					page_size: '25',
					ordering: '-created_datetime',
					filter: JSON.stringify([{ column: 'load_id', value: 'LD-1000', contains: 'contains' }]),
				},
			},
		]);
		expect(result.results.length).toBeGreaterThan(0);
		for (const item of result.results) {
			const load = dt.sandbox.data.orders.find((order) => String(order.id) === item.value)!;
			expect(load.load_id).toContain('LD-1000');
			expect(item.name).toBe([`Load ${load.load_id}`, load.customer__company_name, load.status].filter(Boolean).join(' · '));
		}
	});

	test('when no load number matches, searches by customer (a second request)', async () => {
		const result = await editorSearch('searchLoads', dt.credentials(), 'coyote');

		expect(dt.sandbox.log.map((entry) => JSON.parse(String(entry.query.filter))[0].column)).toEqual(['load_id', 'customer__company_name']);
		expect(result.results.length).toBeGreaterThan(0);
		for (const item of result.results) {
			const load = dt.sandbox.data.orders.find((order) => String(order.id) === item.value)!;
			expect(load.customer__company_name).toBe('Coyote Logistics');
		}
		// The token is the search's next page number, asked for from the credential's address: never Datatruck's link.
		expect(result.paginationToken).toBe('search:2');
	});
});

test('the load list pages by number as the picker scrolls: newest first, none twice', async () => {
	const seen: string[] = [];
	let token: string | undefined;
	for (let page = 0; page < 3; page++) {
		const result = await editorSearch('searchLoads', dt.credentials(), '', token);
		seen.push(...result.results.map((item) => String(item.value)));
		token = result.paginationToken;
	}
	expect(dt.sandbox.log).toHaveLength(3);
	const newest = [...dt.sandbox.data.orders]
		.sort((a, b) => b.created_datetime.localeCompare(a.created_datetime) || a.id - b.id)
		.slice(0, 75)
		.map((order) => String(order.id));
	expect(new Set(seen).size).toBe(75);
	expect(new Set(seen)).toEqual(new Set(newest));
});

describe('Truck and trailer pickers', () => {
	test('trucks are searched with Datatruck\'s search parameter; the value is the unit number', async () => {
		const result = await editorSearch('searchTrucks', dt.credentials(), 'T10');
		expect(queries()).toEqual([{ method: 'GET', path: `${API}/trucks/list/`, query: { page_size: '25', search: 'T10' } }]);
		expect(result.results.length).toBeGreaterThan(0);
		for (const item of result.results) expect(String(item.value)).toContain('T10');
		expect(result.results.map((item) => item.value)).toContain('T101');
	});

	test('trailers likewise', async () => {
		const result = await editorSearch('searchTrailers', dt.credentials(), 'tr50');
		expect(queries()).toEqual([{ method: 'GET', path: `${API}/trailers/list/`, query: { page_size: '50', search: 'tr50' } }]);
		expect(result.results.map((item) => item.value)).toContain('TR501');
	});
});

describe('When Datatruck ignores a picker\'s search (issue 28)', () => {
	afterEach(() => dt.sandbox.configure({ lists: {}, repeatNext: false }));

	const origin = () => new URL(dt.sandbox.baseUrl).origin;
	const keys = () => findingsFor(origin()).map((finding) => finding.key);
	const values = (result: { results: Array<{ value: unknown }> }) => result.results.map((item) => String(item.value));
	const sorted = (list: string[]) => [...list].sort();
	/** What Datatruck's search would have answered: the text in a unit number, plate, VIN, make or model. */
	const unitsMatching = (units: ReadonlyArray<{ unit_number: string; plate_number: string; vin: string; make: string; model: string }>, text: string) =>
		units
			.filter((unit) => [unit.unit_number, unit.plate_number, unit.vin, unit.make, unit.model].some((value) => String(value ?? '').toLowerCase().includes(text.toLowerCase())))
			.map((unit) => String(unit.unit_number));

	test('honoured: one request, no finding', async () => {
		await editorSearch('searchTrucks', dt.credentials(), 'T10');
		expect(dt.sandbox.log).toHaveLength(1);
		expect(keys()).toEqual([]);
	});

	test('trucks: the answer shows the search ignored; the whole list is read by page number and only matches are offered, once each', async () => {
		dt.sandbox.configure({ lists: { trucks: { ignoreFilter: true, ignorePageSize: true } } });
		const result = await editorSearch('searchTrucks', dt.credentials(), 'T10');

		const [searched, ...whole] = queries();
		expect(searched).toEqual({ method: 'GET', path: `${API}/trucks/list/`, query: { page_size: '25', search: 'T10' } });
		// The list serves pages of 10 whatever page_size says: the pages its first answer announces, each read once
		// (trucks come in ID order with no ID missing at a page boundary: one pass proves "missing" means missing).
		const pages = Math.ceil(dt.sandbox.data.trucks.length / 10);
		expect(whole.map((entry) => entry.path)).toEqual(Array(whole.length).fill(`${API}/trucks/list/`));
		expect(whole.every((entry) => entry.query.search === undefined)).toBe(true);
		const pass = Array.from({ length: pages }, (_, i) => String(i + 1));
		expect(sorted(whole.map((entry) => String(entry.query.page ?? '1')))).toEqual(sorted(pass));
		expect(dt.sandbox.log.length).toBeLessThanOrEqual(1 + 2 * pages + 3);

		const expected = unitsMatching(dt.sandbox.data.trucks, 'T10');
		expect(expected.length).toBeGreaterThan(0);
		expect(expected.length).toBeLessThan(dt.sandbox.data.trucks.length);
		expect(sorted(values(result))).toEqual(sorted(expected));
		expect(result.paginationToken).toBeUndefined();
		expect(keys()).toContain('trucks.search');

		// The next key press: no request, the whole list from the cache, matched here.
		const next = await editorSearch('searchTrucks', dt.credentials(), 'T11');
		expect(dt.sandbox.log).toHaveLength(1 + whole.length);
		expect(sorted(values(next))).toEqual(sorted(unitsMatching(dt.sandbox.data.trucks, 'T11')));
	});

	test('trailers: the whole list in one page_size=all read after the ignored search', async () => {
		dt.sandbox.configure({ lists: { trailers: { ignoreFilter: true } } });
		const result = await editorSearch('searchTrailers', dt.credentials(), 'tr50');
		expect(queries()).toEqual([
			{ method: 'GET', path: `${API}/trailers/list/`, query: { page_size: '50', search: 'tr50' } },
			{ method: 'GET', path: `${API}/trailers/list/`, query: { page_size: 'all' } },
		]);
		expect(sorted(values(result))).toEqual(sorted(unitsMatching(dt.sandbox.data.trailers, 'tr50')));
		expect(values(result)).toContain('TR501');
		expect(keys()).toContain('trailers.search');
	});

	test('drivers: a filter ignored on the name; only drivers whose name holds the text', async () => {
		dt.sandbox.configure({ lists: { drivers: { ignoreFilter: true } } });
		const result = await editorSearch('searchDrivers', dt.credentials(), 'mill');
		expect(queries()).toEqual([
			expect.objectContaining({ query: expect.objectContaining({ page_size: '50', filter: expect.any(String) }) }),
			{ method: 'GET', path: `${API}/drivers/list/`, query: { page_size: 'all', ordering: 'account__last_name' } },
		]);
		const expected = dt.sandbox.data.drivers.filter((driver) => driver.account.full_name.toLowerCase().includes('mill'));
		expect(expected.length).toBeGreaterThan(0);
		expect(sorted(values(result))).toEqual(sorted(expected.map((driver) => String(driver.id))));
		expect(keys()).toContain('drivers.search');
	});

	test('a 400 to the search the node chose (a strict driver list refusing the name column) is a finding too: the drivers are matched here', async () => {
		dt.sandbox.injectFaults({ kind: 'fieldErrors', count: 1, match: { path: '/drivers/list/' } });
		const result = await editorSearch('searchDrivers', dt.credentials(), 'mill');
		expect(queries().map((entry) => entry.query)).toEqual([
			expect.objectContaining({ filter: expect.any(String) }),
			{ page_size: 'all', ordering: 'account__last_name' },
		]);
		const expected = dt.sandbox.data.drivers.filter((driver) => driver.account.full_name.toLowerCase().includes('mill'));
		expect(sorted(values(result))).toEqual(sorted(expected.map((driver) => String(driver.id))));
		expect(findingsFor(origin())[0]).toMatchObject({ key: 'drivers.search', seen: expect.stringContaining('400') });
	});

	test('a 400 without a search typed is not the search\'s: it fails as before', async () => {
		dt.sandbox.injectFaults({ kind: 'fieldErrors', count: 1, match: { path: '/drivers/list/' } });
		await expect(editorSearch('searchDrivers', dt.credentials(), '')).rejects.toThrow();
		expect(dt.sandbox.log).toHaveLength(1);
		expect(keys()).toEqual([]);
	});

	test('loads: the list is not read whole (minutes of the token\'s budget) but page by page as the picker scrolls, matched on load number or customer', async () => {
		dt.sandbox.configure({ lists: { loads: { ignoreFilter: true } } });
		const newest = [...dt.sandbox.data.orders].sort((a, b) => b.created_datetime.localeCompare(a.created_datetime) || a.id - b.id);
		const matching = (orders: typeof newest) =>
			orders.filter((order) => [order.load_id, order.customer__company_name].some((value) => String(value ?? '').toLowerCase().includes('coyote')));

		const first = await editorSearch('searchLoads', dt.credentials(), 'coyote');
		const [searched, ...pages] = queries();
		expect(JSON.parse(String(searched.query.filter))).toEqual([{ column: 'load_id', value: 'coyote', contains: 'contains' }]);
		// Page 1 without the ignored filter, and the pages after it only while none matched: at most 3 requests.
		expect(pages.length).toBeGreaterThanOrEqual(1);
		expect(pages.length).toBeLessThanOrEqual(3);
		expect(pages[0]).toEqual({ method: 'GET', path: `${API}/orders/`, query: { page_size: '25', ordering: '-created_datetime' } });
		pages.slice(1).forEach((page, index) => expect(page.query).toMatchObject({ page: String(index + 2) }));
		const read = pages.length * 25;
		expect(first.results.length).toBeGreaterThan(0);
		expect(values(first)).toEqual(matching(newest.slice(0, read)).map((order) => String(order.id)));
		expect(first.paginationToken).toBe(`fallback:${pages.length + 1}`);
		expect(keys()).toContain('loads.search');

		// Scrolling: the next pages, matched the same way; no load twice.
		dt.sandbox.clearLog();
		const second = await editorSearch('searchLoads', dt.credentials(), 'coyote', first.paginationToken);
		expect(dt.sandbox.log.length).toBeGreaterThanOrEqual(1);
		expect(dt.sandbox.log.length).toBeLessThanOrEqual(3);
		expect(dt.sandbox.log.every((entry) => entry.query.filter === undefined)).toBe(true);
		const further = newest.slice(read, read + dt.sandbox.log.length * 25);
		expect(values(second)).toEqual(matching(further).map((order) => String(order.id)));
		expect(values(second).filter((id) => values(first).includes(id))).toEqual([]);

		// The next key press starts from the finding: no filtered request first.
		dt.sandbox.clearLog();
		clearSearchCache();
		await editorSearch('searchLoads', dt.credentials(), 'LD-10');
		expect(dt.sandbox.log[0].query).toEqual({ page_size: '25', ordering: '-created_datetime' });
	});

	test('a fallback read of a list that ignores the page number ends with an error, not a loop or part of the list, and is not cached', async () => {
		dt.sandbox.configure({ lists: { trucks: { ignoreFilter: true, ignorePageSize: true, ignorePage: true } } });
		await expect(editorSearch('searchTrucks', dt.credentials(), 'T10')).rejects.toThrow(/next pages with records already read/);
		expect(dt.sandbox.log.length).toBeLessThanOrEqual(6);
		dt.sandbox.configure({ lists: { trucks: { ignoreFilter: true, ignorePageSize: true } } });
		const result = await editorSearch('searchTrucks', dt.credentials(), 'T10');
		expect(sorted(values(result))).toEqual(sorted(unitsMatching(dt.sandbox.data.trucks, 'T10')));
	});
});

describe('Dropdowns from the company\'s data', () => {
	test('trailer types and dispatch statuses come from one read of the trailer list, then the cache', async () => {
		const types = await editorOptions('getTrailerTypes', dt.credentials());
		const statuses = await editorOptions('getDispatchStatuses', dt.credentials());
		await editorOptions('getTrailerTypes', dt.credentials());

		expect(queries()).toEqual([{ method: 'GET', path: `${API}/trailers/list/`, query: { page_size: 'all' } }]);
		const inUse = new Map(dt.sandbox.data.trailers.filter((trailer) => trailer.type).map((trailer) => [trailer.type!.id, trailer.type!.name]));
		expect(types).toEqual(
			[...inUse].map(([id, name]) => ({ name: `${name} (ID ${id})`, value: id })).sort((a, b) => a.name.localeCompare(b.name)),
		);
		const statusIds = new Set(dt.sandbox.data.trailers.map((trailer) => trailer.dispatch_status?.id).filter(Boolean));
		expect(statuses.map((option) => option.value).sort()).toEqual([...statusIds].sort());
	});
});

describe('Picked records in operations', () => {
	test('Load › Get with a load picked from the list reads that load', async () => {
		const load = dt.sandbox.data.orders[5];
		const result = await dt.run({
			typeVersion: 1.1,
			parameters: { resource: 'load', operation: 'get', loadId: { __rl: true, mode: 'list', value: String(load.id) }, simplify: false },
		});
		expect(result.error).toBeUndefined();
		expect(dt.requestLines()).toEqual([`GET ${API}/orders/${load.id}`]);
		expect(result.json[0].id).toBe(load.id);
	});

	test('Work Order › Create sends the picked truck and trailer as their unit numbers', async () => {
		const result = await dt.run({
			typeVersion: 1.1,
			parameters: {
				resource: 'workOrder',
				operation: 'create',
				procedureName: 'TRK Brake Issue',
				additionalFields: {
					truck: { __rl: true, mode: 'list', value: 'T101' },
					trailer: { __rl: true, mode: 'unitNumber', value: 'TR501' },
				},
			},
		});
		expect(result.error).toBeUndefined();
		expect(dt.sandbox.log[0].body).toMatchObject({ procedure_name: 'TRK Brake Issue', truck: 'T101', trailer: 'TR501' });
	});
});
