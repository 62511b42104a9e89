import { disregardIn, meets } from '../../nodes/Datatruck/shared/lists/answerCheck';
import { parseOrdering, withIdTieBreaker } from '../../nodes/Datatruck/shared/lists/listPlan';
import { LOAD_FIELDS } from '../../nodes/Datatruck/resources/load/fields';

const loads = [
	{ id: 3, status: 'booked', load_pay: '1500.00', created_datetime: '2026-11-20T10:00:00Z' },
	{ id: 2, status: 'delivered', load_pay: null, created_datetime: '2026-11-19T10:00:00Z' },
];

describe('meets: a condition as Datatruck applies it, or undefined when the node cannot tell', () => {
	test.each([
		[{ column: 'status', value: 'booked', contains: 'is' }, [true, false]],
		[{ column: 'id', value: [3], contains: 'exclude_in' }, [false, true]],
		[{ column: 'load_pay', value: '1500', contains: 'greater_than' }, [true, false]],
		[{ column: 'created_datetime', value: '2026-11-20T10:00:00Z', contains: 'before' }, [true, true]],
		[{ column: 'load_pay', value: 'true', contains: 'isnull' }, [false, true]],
		[{ column: 'not_carried', value: 'x', contains: 'is' }, [undefined, undefined]],
	])('%j', (filter, expected) => {
		const kind = filter.column === 'id' ? 'number' : (LOAD_FIELDS.find((field) => field.path === filter.column)?.kind ?? 'text');
		expect(loads.map((load) => meets(load, filter, kind))).toEqual(expected);
	});
});

describe('disregardIn: what one answer shows was ignored', () => {
	const terms = withIdTieBreaker(parseOrdering('-created_datetime', LOAD_FIELDS));
	test('a kept answer shows nothing', () => {
		expect(disregardIn(loads, { filters: [], terms, pageSize: 2, more: true, fields: LOAD_FIELDS })).toEqual({ columns: [], ordering: false, pageSize: false });
	});
	test('a left-out id that came back, records out of order, a page of another size', () => {
		const seen = disregardIn([...loads].reverse(), {
			filters: [{ column: 'id', value: [2], contains: 'exclude_in' }],
			terms,
			pageSize: 25,
			more: true,
			fields: LOAD_FIELDS,
		});
		expect(seen).toEqual({ columns: ['id'], ordering: true, pageSize: true });
	});
});

describe('disregardIn: a text order checked only where every collation agrees (A33), and empty values (A32)', () => {
	const byCustomer = (descending: boolean) => withIdTieBreaker(parseOrdering(`${descending ? '-' : ''}customer__company_name`, LOAD_FIELDS));
	const page = (...names: Array<string | null>) => names.map((name, index) => ({ id: 100 - index, customer__company_name: name }));
	const ordering = (names: Array<string | null>, descending = false) =>
		disregardIn(page(...names), { filters: [], terms: byCustomer(descending), pageSize: names.length, more: false, fields: LOAD_FIELDS }).ordering;

	test.each<[string, Array<string | null>, boolean, boolean]>([
		['empty values together at the end', ['Arrive Logistics', 'TQL', null, null], false, false],
		['empty values together at the start, descending', [null, 'TQL', 'Arrive Logistics'], true, false],
		['an empty value between two names', ['TQL', 'Mode Transportation', null, 'Arrive Logistics'], true, true],
		['empty values at both ends', [null, 'Arrive Logistics', 'TQL', null], false, true],
		['two names apart after a common start of letters', ['Arrive Logistics', 'Allen Lund Company'], false, true],
		['the same two in order', ['Allen Lund Company', 'Arrive Logistics'], false, false],
		['a difference after a space: collations part', ['Mode Transportation', 'Mode-Trans'], false, false],
		['a difference in case: collations part', ['abc', 'aBd'], false, false],
	])('%s', (_, names, descending, ignored) => {
		expect(ordering(names, descending)).toBe(ignored);
	});
});
