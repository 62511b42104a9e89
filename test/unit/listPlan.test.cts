import {
	excludeIds,
	formatOrdering,
	keysetBound,
	keysetTerm,
	mergeInOrder,
	pageLink,
	pagesBetween,
	parseOrdering,
	recordComparator,
	SEGMENT_REQUESTS,
	valueAt,
	withIdTieBreaker,
} from '../../nodes/Datatruck/shared/listPlan';
import { LOAD_FIELDS } from '../../nodes/Datatruck/resources/load/fields';

const terms = (ordering: string) => withIdTieBreaker(parseOrdering(ordering, LOAD_FIELDS));

describe('the order a list is read in', () => {
	test('id breaks ties in the direction of the first field, once', () => {
		expect(formatOrdering(terms('-created_datetime'))).toBe('-created_datetime,-id');
		expect(formatOrdering(terms('load_pay'))).toBe('load_pay,id');
		expect(formatOrdering(terms('-id'))).toBe('-id');
		expect(formatOrdering(terms('status,-load_pay'))).toBe('status,-load_pay,id');
	});

	test('field kinds come from the field table; custom paths are guessed from the values', () => {
		expect(parseOrdering('-load_pay,customer__company_name,trip__x', LOAD_FIELDS).map((term) => term.kind)).toEqual(['number', 'text', undefined]);
	});

	test('values are read from flat keys or nested objects', () => {
		expect(valueAt({ customer__company_name: 'Acme' }, 'customer__company_name')).toBe('Acme');
		expect(valueAt({ trip: { driver: { full_name: 'Ann' } } }, 'trip__driver__full_name')).toBe('Ann');
		expect(valueAt({ trip: null }, 'trip__status')).toBeNull();
	});

	test('records compare as PostgreSQL orders them: numbers as numbers, empty values last ascending and first descending', () => {
		const ascending = recordComparator(terms('load_pay'));
		const loads = [{ id: 3, load_pay: '900.00' }, { id: 1, load_pay: null }, { id: 2, load_pay: '1200.00' }, { id: 4, load_pay: '900.00' }];
		expect([...loads].sort(ascending).map((load) => load.id)).toEqual([3, 4, 2, 1]);
		expect([...loads].sort(recordComparator(terms('-load_pay'))).map((load) => load.id)).toEqual([1, 2, 4, 3]);
		const byDate = recordComparator(terms('-created_datetime'));
		expect(byDate({ id: 1, created_datetime: '2026-11-20T10:00:00Z' }, { id: 2, created_datetime: '2026-11-20T09:59:59Z' })).toBeLessThan(0);
	});

	test('records found by a check are merged where the order puts them; with nothing found the pages stay as read', () => {
		const compare = recordComparator(terms('id'));
		const pages = [{ id: 1 }, { id: 2 }, { id: 5 }];
		expect(mergeInOrder(pages, [{ id: 3 }, { id: 9 }], compare).map((r) => r.id)).toEqual([1, 2, 3, 5, 9]);
		expect(mergeInOrder(pages, [], compare)).toEqual(pages);
	});
});

describe('the reads of a stretch', () => {
	test('pages 2 to the one before the last go out at once; the last is left to the check read', () => {
		expect(pagesBetween(500, 25, Infinity)).toEqual(Array.from({ length: 18 }, (_, i) => i + 2));
		expect(pagesBetween(60, 25, Infinity)).toEqual([2]);
		expect(pagesBetween(40, 25, Infinity)).toEqual([]);
		expect(pagesBetween(5000, 25, Infinity)).toHaveLength(SEGMENT_REQUESTS - 2);
		// A Limit reads no page it does not need.
		expect(pagesBetween(5000, 25, 80)).toEqual([2, 3]);
	});

	test('a page link keeps every parameter Datatruck sent and changes only the page', () => {
		expect(pageLink('https://acme.datatruck.io/api/v1/openapi/orders/?filter=%5B%5D&page=2&page_size=25', 7)).toBe(
			'https://acme.datatruck.io/api/v1/openapi/orders/?filter=%5B%5D&page=7&page_size=25',
		);
	});

	test('held ids are left out in one sorted exclude_in term, or not at all', () => {
		expect(excludeIds([9, 3, 5])).toEqual([{ column: 'id', value: [3, 5, 9], contains: 'exclude_in' }]);
		expect(excludeIds([])).toEqual([]);
	});

	test('a keyset bound includes its value, in the direction of the order', () => {
		const load = { id: 41, created_datetime: '2026-11-20T10:00:00Z' };
		expect(keysetBound(terms('-created_datetime')[0], load)).toEqual({ column: 'created_datetime', value: '2026-11-20T10:00:00Z', contains: 'before' });
		expect(keysetBound(terms('created_datetime')[0], load)).toEqual({ column: 'created_datetime', value: '2026-11-20T10:00:00Z', contains: 'after' });
		expect(keysetBound(terms('-id')[0], load)).toEqual({ column: 'id', value: '41', contains: 'less_than' });
		expect(keysetBound(terms('id')[0], load)).toEqual({ column: 'id', value: '41', contains: 'greater_than' });
	});

	test('only a never-empty field alone in the order anchors a stretch', () => {
		const fields = ['id', 'created_datetime'];
		expect(keysetTerm(terms('-created_datetime'), fields)?.path).toBe('created_datetime');
		expect(keysetTerm(terms('id'), fields)?.path).toBe('id');
		expect(keysetTerm(terms('load_pay'), fields)).toBeUndefined();
		expect(keysetTerm(terms('status,-created_datetime'), fields)).toBeUndefined();
	});
});
