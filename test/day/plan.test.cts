import { MAIL_IDLE_DELAY_MS, planDay, QUIET_AROUND_KILL } from './plan.cts';
import { FULL_DAY, SHORT_DAY } from './scale.cts';

const SEEDS = [1, 1234, 4242, 727112, 99];

describe("the day's plan around the worker kill", () => {
	it('sends no mail in the 5 scaled minutes (15 s) before the short day\'s kill: the Email Trigger would not read the kill mail until it re-enters IDLE', () => {
		for (const seed of SEEDS) {
			const plan = planDay(seed, SHORT_DAY, true);
			const kill = plan.faults.find((f) => f.name === 'workerKill')!;
			const mails = plan.events.filter((e) => e.kind !== 'load');
			const idle = Math.ceil(MAIL_IDLE_DELAY_MS / SHORT_DAY.minuteMs);
			expect(mails.length).toBeGreaterThan(0);
			expect(mails.filter((e) => e.minute >= kill.from - idle && e.minute <= kill.to + QUIET_AROUND_KILL)).toEqual([]);
			// The dispatchers go on until the quiet around the kill itself.
			expect(plan.events.some((e) => e.kind === 'load' && e.minute === kill.from - QUIET_AROUND_KILL - 1)).toBe(true);
		}
	});

	it('keeps the full day\'s 10 quiet minutes before its kill for every event', () => {
		const plan = planDay(727112, FULL_DAY, false);
		const kill = plan.faults.find((f) => f.name === 'workerKill')!;
		expect(plan.events.filter((e) => e.minute >= kill.from - 10 && e.minute <= kill.to + QUIET_AROUND_KILL)).toEqual([]);
		expect(plan.events.some((e) => e.minute === kill.from - 11)).toBe(true);
	});
});
