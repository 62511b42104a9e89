import { plannedDayStart, POLLS_AFTER_MINUTE_START_MS, scheduleEvery, scheduleOnce } from './scale.cts';

const cronOf = (rule: Record<string, unknown>) => (rule as { rule: { interval: Array<{ expression: string }> } }).rule.interval[0].expression;

/** 2026-12-06 09:00:00 UTC, a whole real hour. */
const HOUR = Date.UTC(2026, 11, 6, 9);

describe("the day's schedules as n8n crons with seconds (3 s a scaled minute)", () => {
	it('a period that divides the real minute lists its seconds from the day\'s minute it starts at', () => {
		expect(cronOf(scheduleEvery(10, 3000, { dayStart: HOUR, atMinute: 0 }))).toBe('0,30 * * * * *');
		// The day starting 2 s into the hour, the sync at its minute 2: 8 s into the hour, and 38.
		expect(cronOf(scheduleEvery(10, 3000, { dayStart: HOUR + 2000, atMinute: 2 }))).toBe('8,38 * * * * *');
	});

	it('a period of whole real minutes steps through the hour from the day\'s minute it starts at', () => {
		// The sync every scaled hour (180 s) on the day's hour, Check Compatibility on its half hour (90 s later).
		expect(cronOf(scheduleEvery(60, 3000, { dayStart: HOUR, atMinute: 0 }))).toBe('0 0-59/3 * * * *');
		expect(cronOf(scheduleEvery(60, 3000, { dayStart: HOUR, atMinute: 30 }))).toBe('30 1-59/3 * * * *');
		// A day that starts 4 min 5 s into the real hour: its hour falls 65 s into each 3 real minutes.
		expect(cronOf(scheduleEvery(60, 3000, { dayStart: HOUR + 245_000, atMinute: 0 }))).toBe('5 1-59/3 * * * *');
	});

	it('once in the day: the real minute and second of its scaled minute, which a day of at most half a real hour meets once', () => {
		// The weekly report at the day's minute 1, the day starting 4 min 5 s into the real hour: 4 min 8 s into each hour.
		expect(cronOf(scheduleOnce(3000, { dayStart: HOUR + 245_000, atMinute: 1 }))).toBe('8 4 * * * *');
		// Past the hour's end: the next hour's minute 0.
		expect(cronOf(scheduleOnce(3000, { dayStart: HOUR + 3_598_000, atMinute: 1 }))).toBe('1 0 * * * *');
		expect(() => scheduleOnce(3000, { dayStart: HOUR + 500, atMinute: 1 })).toThrow(/whole second/);
	});

	it('refuses a period or a start the cron cannot keep', () => {
		expect(() => scheduleEvery(8, 3000, { dayStart: HOUR, atMinute: 0 })).toThrow(/does not divide/); // 24 s restarts each real minute
		expect(() => scheduleEvery(10, 3000, { dayStart: HOUR + 500, atMinute: 0 })).toThrow(/whole seconds/);
	});
});

describe("the day's minute 0", () => {
	it('falls on a whole second, far enough ahead, just before a poll tick, so that each minute\'s polls follow its moves', () => {
		const now = HOUR + 12_345;
		const start = plannedDayStart(now, 6000, 3000);
		expect(start % 1000).toBe(0);
		expect(start).toBeGreaterThanOrEqual(now + 6000);
		expect(start).toBeLessThan(now + 6000 + 3000);
		expect((start + POLLS_AFTER_MINUTE_START_MS) % 3000).toBe(0);
	});
});
