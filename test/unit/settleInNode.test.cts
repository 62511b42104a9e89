import type { IDataObject } from 'n8n-workflow';
import { filterIgnored, findingsFor, markNotHeld, resetSupport } from '../../nodes/Datatruck/shared/lists';
import type { ApiFilter } from '../../nodes/Datatruck/shared/lists';
import type { ListRead } from '../../nodes/Datatruck/shared/lists/listRead';
import { parameterConditions, settleInNode } from '../../nodes/Datatruck/shared/lists/settleInNode';

/** settleInNode: what a list read whole showed Datatruck ignored is done on the records held, and remembered. */
const ORIGIN = 'https://dt.example';
const warnings: string[] = [];

function readOf(list: string, qs: IDataObject, filters: ApiFilter[] = []): ListRead {
	const ctx = { getNode: () => ({ name: 'Datatruck' }), logger: { warn: (message: string) => warnings.push(message) } };
	return { ctx, request: { method: 'GET', url: `/${list}/list/`, qs }, purpose: {}, filters, list, origin: ORIGIN, baseUrl: `${ORIGIN}/api`, fields: [], budget: undefined, tieBreakerAdded: false, replacements: new Map() } as unknown as ListRead;
}

const keys = () => findingsFor(ORIGIN).map((finding) => finding.key);
const ids = (records: IDataObject[]) => records.map((record) => record.id);

beforeEach(() => {
	resetSupport();
	warnings.length = 0;
});

const drivers: IDataObject[] = [
	{ id: 1, status: 'Available', hire_date: '2023-01-05', account: { last_name: 'Young' } },
	{ id: 2, status: 'On Trip', hire_date: '2020-06-01', account: { last_name: 'Adams' } },
	{ id: 3, status: 'Available', hire_date: '2021-02-11', account: { last_name: 'Baker' } },
	{ id: 4, status: 'Available', hire_date: null, account: { last_name: 'Clark' } },
];

describe('settleInNode', () => {
	test('a filter kept by Datatruck and an order kept: the records as they came, nothing remembered', async () => {
		const kept = drivers.filter((driver) => driver.status === 'Available').sort((a, b) => String(a.hire_date).localeCompare(String(b.hire_date)));
		const read = readOf('drivers', { ordering: 'hire_date' }, [{ column: 'status', value: 'Available', contains: 'is' }]);
		expect(ids(await settleInNode(read, kept.slice(0, 2), kept.slice(0, 2)))).toEqual([3, 1]);
		expect(keys()).toEqual([]);
	});

	test('a filter ignored: applied here, remembered once, said once in the log', async () => {
		const read = readOf('drivers', {}, [{ column: 'status', value: 'Available', contains: 'is' }]);
		expect(ids(await settleInNode(read, drivers, drivers))).toEqual([1, 3, 4]);
		expect(ids(await settleInNode(read, drivers, drivers))).toEqual([1, 3, 4]);
		expect(keys()).toEqual(['drivers.filter.status']);
		expect(warnings).toHaveLength(1);
	});

	test('an order ignored on a date the list does not name: the kind read from the values, sorted here (empty last ascending)', async () => {
		const read = readOf('drivers', { ordering: 'hire_date' });
		expect(ids(await settleInNode(read, drivers, drivers))).toEqual([2, 3, 1, 4]);
		expect(keys()).toEqual(['drivers.ordering']);
	});

	test('an order ignored on last names (plain words): sorted here; text of other shapes is not held against Datatruck', async () => {
		const read = readOf('drivers', { ordering: '-account__last_name' });
		expect(ids(await settleInNode(read, drivers, drivers))).toEqual([1, 4, 3, 2]);
		expect(keys()).toEqual(['drivers.ordering']);

		resetSupport();
		const odd = [{ id: 1, name: "O'Neil" }, { id: 2, name: 'Oakley' }];
		expect(ids(await settleInNode(readOf('drivers', { ordering: 'name' }), odd, odd))).toEqual([1, 2]);
		expect(keys()).toEqual([]);
	});

	test('equipment: status and search parameters become conditions, checked and applied here', async () => {
		const trucks: IDataObject[] = [
			{ id: 1, unit_number: 'T101', make: 'Volvo', status: 'Active' },
			{ id: 2, unit_number: 'T102', make: 'Kenworth', status: 'Inactive' },
			{ id: 3, unit_number: 'T103', make: 'Volvo', status: 'Active', driver: { last_name: 'Kenworthy' } },
		];
		const read = readOf('trucks', { status: 'Active', search: 'kenworth' });
		expect(parameterConditions(read)).toEqual([
			{ column: 'status', value: 'Active', contains: 'is' },
			{ column: 'search', value: 'kenworth', contains: 'search' },
		]);
		// A nested value counts for search: which fields Datatruck searches is not published.
		expect(ids(await settleInNode(read, trucks, trucks))).toEqual([3]);
		expect(keys()).toEqual(['trucks.filter']);
		expect(parameterConditions(readOf('drivers', { status: 'Active' }))).toEqual([]);
	});

	test('a condition the record cannot tell (a field it does not carry) is not held against Datatruck', async () => {
		const read = readOf('drivers', {}, [{ column: 'employee_status', value: 'Active', contains: 'is' }]);
		expect(ids(await settleInNode(read, drivers, drivers))).toEqual([1, 2, 3, 4]);
		expect(keys()).toEqual([]);
	});
});

describe('settleInNode: a filter on a field the records do not show', () => {
	test('known to ignore every filter: fails with an error naming the column, never keeps the records unfiltered', async () => {
		const read = readOf('drivers', {}, [{ column: 'terminal__name', value: 'Dallas', contains: 'is' }]);
		markNotHeld(read.ctx, ORIGIN, filterIgnored('drivers', ['status', 'hire_date'])[0]);
		await expect(settleInNode(read, drivers, drivers)).rejects.toThrow(/filter on terminal__name of the drivers list.*do not show terminal__name/);
	});

	test('an empty relation is shown: a driver without an account does not match, and no error', async () => {
		const read = readOf('drivers', {}, [{ column: 'account__last_name', value: 'Young', contains: 'is' }]);
		const withEmpty = [...drivers, { id: 5, status: 'Available', hire_date: null, account: null }];
		expect(ids(await settleInNode(read, withEmpty, withEmpty))).toEqual([1]);
	});
});
