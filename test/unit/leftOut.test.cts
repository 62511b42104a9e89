/** Which emitted ids a trigger read leaves out (nodes/DatatruckTrigger/leftOut.ts). */
import { memorySupport } from '../../nodes/DatatruckTrigger/answerCheck';
import { eventSpec } from '../../nodes/DatatruckTrigger/events';
import { leftOutOf, MAX_LEFT_OUT, noteIdsSentBack } from '../../nodes/DatatruckTrigger/leftOut';

const newLoad = eventSpec('newLoad')!;
const seen = (count: number, from = 1_000): Array<[number, number]> => [...Array(count).keys()].map((i) => [500 + i, from + i * 1000]);

describe('leftOutOf', () => {
	it('leaves out the ids emitted at or after the read\'s bound, ascending', () => {
		expect(leftOutOf(seen(5), 3_000, memorySupport(), newLoad, false)).toEqual([{ column: 'id', value: [502, 503, 504], contains: 'exclude_in' }]);
	});

	it(`keeps the ${MAX_LEFT_OUT} newest events where more were emitted: the rest are read and skipped`, () => {
		const many: Array<[number, number]> = seen(MAX_LEFT_OUT + 20).reverse();
		const [filter] = leftOutOf(many, 0, memorySupport(), newLoad, false);
		expect(filter.value).toEqual([...Array(MAX_LEFT_OUT).keys()].map((i) => 520 + i));
	});

	it('leaves nothing out for a read continued by page number, for Load Flagged, or with nothing emitted', () => {
		expect(leftOutOf(seen(5), 0, memorySupport(), newLoad, true)).toEqual([]);
		expect(leftOutOf(seen(5), 0, memorySupport(), eventSpec('loadFlagged')!, false)).toEqual([]);
		expect(leftOutOf(seen(5), 10_000, memorySupport(), newLoad, false)).toEqual([]);
	});

	it('a list that sent a left-out id back is remembered: later reads leave nothing out', () => {
		const support = memorySupport();
		const leftOut = leftOutOf(seen(3), 0, support, newLoad, false);
		expect(noteIdsSentBack(support, newLoad, leftOut, [{ id: 999 }])).toBe(false);
		expect(noteIdsSentBack(support, newLoad, leftOut, [{ id: 999 }, { id: 501 }])).toBe(true);
		expect(support.supports('loads.filter.id')).toBe(false);
		expect(leftOutOf(seen(3), 0, support, newLoad, false)).toEqual([]);
	});
});
