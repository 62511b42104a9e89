import type { IDataObject } from 'n8n-workflow';
import { coveredRecords } from '../../nodes/Datatruck/shared/lists/passCoverage';
import type { ListRead } from '../../nodes/Datatruck/shared/lists/listRead';
import type { Page } from '../../nodes/Datatruck/shared/lists';

/**
 * The proof that passes by page number missed no record present throughout (docs/lists-while-datatruck-changes.md,
 * "Passes that cover each other"), on passes written out by hand: what each page held when it was answered.
 */
const read = (defaultOrdering?: string) => ({ fields: [{ path: 'created_datetime', kind: 'dateTime' }], defaultOrdering }) as unknown as ListRead;

const byId = (ids: number[]): IDataObject[] => ids.map((id) => ({ id }));
const range = (from: number, to: number) => Array.from({ length: Math.abs(to - from) + 1 }, (_, index) => (from < to ? from + index : from - index));
/** A pass of pages in the order given, the last one the list's last (short, no `next`). */
const pass = (...pages: number[][]): Page[] => pages.map((ids, index) => ({ results: byId(ids), next: index === pages.length - 1 ? null : `?page=${index + 2}`, count: 999 }));

describe('coveredRecords', () => {
	test('ids one after another at every boundary, in ID order: one pass holds every record', () => {
		expect(coveredRecords(read(), [pass(range(1, 10), range(11, 20), [21, 22])], Infinity)).toBeDefined();
	});

	test('newest first by id (the order asked, or the default): the same', () => {
		expect(coveredRecords(read('-id'), [pass(range(30, 21), range(20, 11), [10])], Infinity)).toBeDefined();
	});

	test('an id missing at a boundary: a record may have moved back over it unseen, so one pass proves nothing', () => {
		// Record 11 may have been first of page 2 when page 1 was read, and last of page 1 when page 2 was.
		expect(coveredRecords(read(), [pass(range(1, 10), range(12, 21), [22])], Infinity)).toBeUndefined();
	});

	test('a later pass whose page reaches over that boundary covers it', () => {
		const first = pass(range(1, 10), range(12, 21), [22]);
		// Records 3 and 4 went away: the second pass's page 1 now ends past 12.
		const second = pass([1, 2, ...range(5, 12)], range(13, 22), []);
		// Every record once, in the list's order: 3 and 4 as the first pass read them, 11 as the second did.
		expect(coveredRecords(read(), [second, first], Infinity)?.map((record) => record.id)).toEqual(range(1, 22));
	});

	test('a later pass with the same boundary does not: both may have missed the same record', () => {
		const first = pass(range(1, 10), range(12, 21), [22]);
		expect(coveredRecords(read(), [pass(range(1, 10), range(12, 21), [22]), first], Infinity)).toBeUndefined();
	});

	test('a pass that ended on a full page of a list that grew covers nothing past it', () => {
		const cut: Page[] = [
			{ results: byId(range(1, 10)), next: '?page=2', count: 25 },
			{ results: byId(range(11, 20)), next: '?page=3', count: 25 },
		];
		expect(coveredRecords(read(), [cut], Infinity)).toBeUndefined();
		// A Limit of 15 needs nothing past its 15th record; a Limit of 21 needs the record after the 20 read.
		expect(coveredRecords(read(), [cut], 15)?.map((record) => record.id)).toEqual(range(1, 20));
		expect(coveredRecords(read(), [cut], 21)).toBeUndefined();
	});

	test('records by creation time: a gap between two times is covered only by a page holding both sides', () => {
		const at = (id: number, day: number) => ({ id, created_datetime: `2026-05-${String(day).padStart(2, '0')}T10:00:00.000001Z` });
		const page = (records: IDataObject[], last = false): Page => ({ results: records, next: last ? null : 'more', count: 99 });
		const days = (from: number, to: number) => range(from, to).map((day) => at(100 + day, day));
		const first = [page(days(30, 21)), page(days(19, 10), true)];
		expect(coveredRecords(read('-created_datetime'), [first], Infinity)).toBeUndefined();
		// A second pass whose page 1 ran on to day 19 (a record before the boundary went away) holds the 20th if present.
		const second = [page([...days(30, 22), at(120, 20)].concat(days(19, 19))), page(days(18, 10), true)];
		expect(coveredRecords(read('-created_datetime'), [second, first], Infinity)).toBeDefined();
	});

	test('pages that fit two orders prove nothing unless both show it: Datatruck may answer by id, ignoring the date order', () => {
		// Scheduled dates that grow with the ids: newest first by date and by id fit every page. Records 4 and 3 went
		// away from page 2's end (11 was deleted) and record 2 got a later date: by date page 3 starts before page 2
		// ends (an empty gap), but by id 4 and 3 may lie between 5 and 2, unread.
		const read = { fields: [{ path: 'scheduled_on_date', kind: 'dateTime' }], defaultOrdering: '-id' } as unknown as ListRead;
		const on = (id: number, day: number) => ({ id, scheduled_on_date: `2026-${String(3 + Math.floor(day / 28)).padStart(2, '0')}-${String((day % 28) + 1).padStart(2, '0')}T10:00:00Z` });
		const page = (records: IDataObject[], last = false): Page => ({ results: records, next: last ? null : 'more', count: 24, query: { ordering: '-scheduled_on_date,-id' } });
		const pages = [page(range(25, 16).map((id) => on(id, id * 3))), page([15, 14, 13, 12, 10, 9, 8, 7, 6, 5].map((id) => on(id, id * 3))), page([on(2, 50), on(1, 3)], true)];
		expect(coveredRecords(read, [pages], Infinity)).toBeUndefined();
		// The same pages with 4 and 3 read: every gap is empty by id as well.
		const whole = [pages[0], page([...pages[1].results, on(4, 12), on(3, 9)]), pages[2]];
		// In the order asked for: record 2's new date puts it between 17 and 16.
		expect(coveredRecords(read, [whole], Infinity)?.map((record) => record.id)).toEqual([...range(25, 17), 2, ...range(16, 12), ...range(10, 3), 1]);
	});

	test('pages in no order it can name, or too few records to show one: nothing is proved', () => {
		expect(coveredRecords(read(), [pass([3, 1, 2, 7, 5, 6, 4, 9, 8, 10], range(11, 20), [21])], Infinity)).toBeUndefined();
		expect(coveredRecords(read(), [pass([1, 2], [3, 4], [5])], Infinity)).toBeUndefined();
	});
});
