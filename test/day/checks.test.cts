/** The day's checks: which flags no poll could see (checks.cts `briefFlags`). */
import { briefFlags } from './checks.cts';
import type { DayInput } from './checks.cts';

const MINUTE = 3000;
const dayOf = (changes: Array<{ at: number; move: 'flag' | 'unflag'; loadId: number }>) =>
	({
		plan: { length: { minuteMs: MINUTE } },
		record: { faults: [{ name: 'outage', from: 15_000, to: 30_000 }], changes, settledAt: 120_000 },
	}) as unknown as Pick<DayInput, 'plan' | 'record'>;

describe('briefFlags', () => {
	it('a load flagged and cleared while Datatruck was down, or within its backoff after, is not counted (short day 4242, load 10403)', () => {
		expect([...briefFlags(dayOf([{ at: 27_001, move: 'flag', loadId: 1 }, { at: 45_001, move: 'unflag', loadId: 1 }]))]).toEqual([1]);
	});

	it('a load flagged for 2 windows of answers or more is, as is one still flagged at the end', () => {
		const flags = briefFlags(
			dayOf([
				{ at: 3_000, move: 'flag', loadId: 2 },
				{ at: 9_000, move: 'unflag', loadId: 2 },
				{ at: 50_000, move: 'flag', loadId: 3 },
				{ at: 27_001, move: 'flag', loadId: 4 },
				{ at: 52_000, move: 'unflag', loadId: 4 },
			]),
		);
		expect([...flags]).toEqual([]);
	});

	it('a flag shorter than 2 windows outside any fault is not counted; flagged again for longer, it is', () => {
		expect([...briefFlags(dayOf([{ at: 60_000, move: 'flag', loadId: 5 }, { at: 63_000, move: 'unflag', loadId: 5 }]))]).toEqual([5]);
		const again = dayOf([
			{ at: 60_000, move: 'flag', loadId: 5 },
			{ at: 63_000, move: 'unflag', loadId: 5 },
			{ at: 70_000, move: 'flag', loadId: 5 },
		]);
		expect([...briefFlags(again)]).toEqual([]);
	});
});
