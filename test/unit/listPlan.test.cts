import {
	excludeIds,
	formatOrdering,
	keysetBound,
	keysetTerm,
	mergeInOrder,
	pagesBetween,
	parseOrdering,
	recordComparator,
	SEGMENT_REQUESTS,
	valueAt,
	withIdTieBreaker,
} from '../../nodes/Datatruck/shared/lists/listPlan';
import { atOrPast, keysetPlan, spinePlan, segmentFilters, type AnchoredPlan } from '../../nodes/Datatruck/shared/lists/listSegments';
import { LOAD_FIELDS } from '../../nodes/Datatruck/resources/load/fields';
import { segmentedRequests } from '../integration/listChurn.cts';

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

describe('a long list read page after page, anchored', () => {
	const neverEmpty = ['id', 'created_datetime'];
	const parts = (plan: AnchoredPlan | undefined) => plan?.segments.map((segment) => ({ within: segment.within, on: segment.term.path }));

	test('a field that is never empty, or the id alone, is one part anchored on itself', () => {
		expect(parts(keysetPlan(terms('-created_datetime'), neverEmpty, undefined))).toEqual([{ within: [], on: 'created_datetime' }]);
		expect(parts(keysetPlan(terms('id'), neverEmpty, undefined))).toEqual([{ within: [], on: 'id' }]);
		expect(keysetPlan(terms('id'), neverEmpty, undefined)?.sortHere).toBe(false);
	});

	test('a number or date field that can be empty is two parts: with a value (anchored on it), without (anchored on the id)', () => {
		const withPay = { column: 'load_pay', value: 'false', contains: 'isnull' };
		const withoutPay = { column: 'load_pay', value: 'true', contains: 'isnull' };
		// Ascending, page 1 starts with a pay: loads without one come last, as PostgreSQL puts them.
		expect(parts(keysetPlan(terms('load_pay'), neverEmpty, { id: 1, load_pay: '500.00' }))).toEqual([
			{ within: [withPay], on: 'load_pay' },
			{ within: [withoutPay], on: 'id' },
		]);
		// Descending, page 1 starts without a pay: those come first.
		expect(parts(keysetPlan(terms('-load_pay'), neverEmpty, { id: 1, load_pay: null }))).toEqual([
			{ within: [withoutPay], on: 'id' },
			{ within: [withPay], on: 'load_pay' },
		]);
		expect(parts(keysetPlan(terms('-pickup_time'), neverEmpty, { id: 1, pickup_time: '2026-11-20T10:00:00Z' }))?.map((part) => part.on)).toEqual(['pickup_time', 'id']);
	});

	test('text, Yes/No, custom paths and several fields are not anchored (read by id and sorted here)', () => {
		for (const ordering of ['customer__company_name', 'is_flagged', 'trip__x', 'status,-load_pay', 'load_pay,-created_datetime']) {
			expect(keysetPlan(terms(ordering), neverEmpty, { id: 1 })).toBeUndefined();
		}
		expect(spinePlan()).toMatchObject({ terms: [{ path: 'id', descending: false }], sortHere: true });
	});

	test('an anchored page asks for its part at or past the anchor; the ids held there are the ones to leave out', () => {
		const [withPay, withoutPay] = (keysetPlan(terms('-load_pay'), neverEmpty, { id: 9, load_pay: '900.00' }) as AnchoredPlan).segments;
		const anchor = { id: 40, load_pay: '900.00' };
		expect(segmentFilters(withPay, anchor)).toEqual([
			{ column: 'load_pay', value: 'false', contains: 'isnull' },
			{ column: 'load_pay', value: '900.00', contains: 'less_than' },
		]);
		const held = [{ id: 41, load_pay: '900.00' }, { id: 39, load_pay: '900.00' }, { id: 50, load_pay: '950.00' }, { id: 7, load_pay: null }];
		expect(held.filter(atOrPast(withPay, anchor)).map((load) => load.id)).toEqual([41, 39]);
		// Without a pay: by id, in the order's direction (descending here).
		const emptyAnchor = { id: 30, load_pay: null };
		expect(segmentFilters(withoutPay, emptyAnchor)).toEqual([
			{ column: 'load_pay', value: 'true', contains: 'isnull' },
			{ column: 'id', value: '30', contains: 'less_than' },
		]);
		expect(held.concat([{ id: 31, load_pay: null }]).filter(atOrPast(withoutPay, emptyAnchor)).map((load) => load.id)).toEqual([7]);
		// A part read from its start leaves out every held record of that part.
		expect(segmentFilters(withoutPay, undefined)).toEqual([{ column: 'load_pay', value: 'true', contains: 'isnull' }]);
		expect(held.filter(atOrPast(withoutPay, undefined)).map((load) => load.id)).toEqual([7]);
	});
});

describe('the model of an anchored read the tests count requests with', () => {
	test('page 1, then each part from where page 1 ended; a part ends with a page that holds all that is left', () => {
		const list = (empty: number, valued: number) => [...Array(empty).fill(true), ...Array(valued).fill(false)];
		expect(segmentedRequests(list(10, 990), 25)).toBe(40);
		expect(segmentedRequests(list(30, 970), 25)).toBe(1 + 1 + 39);
		expect(segmentedRequests(list(25, 975), 25)).toBe(1 + 1 + 39);
		expect(segmentedRequests(list(0, 1000), 25)).toBe(40 + 1);
		expect(segmentedRequests(list(30, 970), 25, 600)).toBe(1 + 1 + 23);
	});
});
