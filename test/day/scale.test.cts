import { scheduleEvery } from './scale.cts';

const cronOf = (rule: Record<string, unknown>) => (rule as { rule: { interval: Array<{ expression: string }> } }).rule.interval[0].expression;

describe("the day's schedules as n8n crons with seconds (3 s a scaled minute)", () => {
	it('a period that divides the real minute steps through it', () => {
		expect(cronOf(scheduleEvery(10, 3000))).toBe('*/30 * * * * *');
	});

	it('a period of whole real minutes steps through the hour, and an offset moves it off the others', () => {
		// The sync every scaled hour (180 s), Check Compatibility on the half hour (90 s later).
		expect(cronOf(scheduleEvery(60, 3000))).toBe('0 0-59/3 * * * *');
		expect(cronOf(scheduleEvery(60, 3000, 30))).toBe('30 1-59/3 * * * *');
	});

	it('refuses a period or offset the cron cannot keep', () => {
		expect(() => scheduleEvery(8, 3000)).toThrow(/does not divide/); // 24 s restarts each real minute
		expect(() => scheduleEvery(10, 3000, 5)).toThrow(/does not divide/); // an offset within a seconds step
		expect(() => scheduleEvery(60, 3000, 60)).toThrow(/does not divide/); // an offset of the whole period
	});
});
