/**
 * The carrier day's clock: Datatruck's minute shrunk to `minuteMs` of real time, and what follows from it (the
 * credential's and the sandbox's rate window, the trigger polls, the schedules). n8n 2.41 refuses a poll time
 * whose seconds field is anything but one number ("The polling interval is too short", n8n-workflow's
 * isSubMinuteCron), so a poll every scaled minute is a list of poll times, one cron each, each firing once a
 * real minute at its own second: 20 of them for a 3 s minute.
 */
export interface DayLength {
	/** Real milliseconds per Datatruck minute (the rate window). */
	minuteMs: number;
	/** Working minutes in the day (scaled). */
	minutes: number;
}

export const SHORT_DAY: DayLength = { minuteMs: 3000, minutes: 23 };
/** Nine working hours: 27 minutes of real time, started and checked within the 30. */
export const FULL_DAY: DayLength = { minuteMs: 3000, minutes: 540 };

/** The trigger's Poll Times: one `custom` cron a scaled minute, each at a fixed second (n8n's rule). */
export function pollEveryScaledMinute(minuteMs: number): { item: Array<{ mode: 'custom'; cronExpression: string }> } {
	const step = minuteMs / 1000;
	if (!Number.isInteger(step) || 60 % step !== 0) throw new Error(`a scaled minute of ${minuteMs} ms does not divide the real minute into whole seconds`);
	const seconds = Array.from({ length: 60 / step }, (_, i) => i * step);
	return { item: seconds.map((second) => ({ mode: 'custom', cronExpression: `${second} * * * * *` })) };
}

/** The real second of the minute each scaled-minute poll fires at, and the tick at or before a moment. */
export function pollTickAtOrBefore(at: number, minuteMs: number): number {
	return Math.floor(at / minuteMs) * minuteMs;
}

/** How long after a scaled minute starts its trigger polls fire: that minute's dispatcher moves are in Datatruck by then. */
export const POLLS_AFTER_MINUTE_START_MS = 1000;

/**
 * The real moment of the day's minute 0: the first whole second at least `leadMs` from `now` that lies
 * POLLS_AFTER_MINUTE_START_MS before a poll tick (the polls fire at every `minuteMs` of the real clock). The
 * schedules are set from it (scheduleEvery), so that a seed replays where the sync and Check Compatibility fall
 * among the day's events and faults: started whenever n8n was ready, the hourly sync fell anywhere in the first
 * 60 scaled minutes and every run after it moved too, and the same seed read 3.04 % and 7.92 % of 429s in two
 * short days (docs/carrier-day.md, "The short day in CI").
 */
export function plannedDayStart(now: number, leadMs: number, minuteMs: number): number {
	return Math.ceil((now + leadMs + POLLS_AFTER_MINUTE_START_MS) / minuteMs) * minuteMs - POLLS_AFTER_MINUTE_START_MS;
}

/**
 * A Schedule Trigger rule firing once in the day, at its scaled minute `atMinute`: at that moment's real minute and
 * second of every real hour, and a day is over within half a real hour. The minutes field is the instance's clock, as
 * in scheduleEvery below.
 */
export function scheduleOnce(minuteMs: number, from: { dayStart: number; atMinute: number }): Record<string, unknown> {
	const at = (from.dayStart + from.atMinute * minuteMs) / 1000;
	if (!Number.isInteger(at)) throw new Error(`the day's minute ${from.atMinute} (${at} s) does not fall on a whole second`);
	const intoHour = ((at % 3600) + 3600) % 3600;
	return { rule: { interval: [{ field: 'cronExpression', expression: `${intoHour % 60} ${Math.floor(intoHour / 60)} * * * *` }] } };
}

/**
 * A Schedule Trigger rule firing at the day's scaled minute `atMinute` and every `scaledMinutes` from there, as a
 * cron with seconds: n8n's seconds interval is a cron step (`*\/24`), which restarts at each real minute (0, 24,
 * 48, 0 s: one gap of 12 s), so the period must divide the real minute (a list of seconds), or the real hour (a
 * step of minutes). The minutes field is the instance's clock: its time zone must be whole hours off UTC, as
 * n8n's default (America/New_York) is.
 */
export function scheduleEvery(scaledMinutes: number, minuteMs: number, from: { dayStart: number; atMinute: number }): Record<string, unknown> {
	const seconds = (scaledMinutes * minuteMs) / 1000;
	const first = (from.dayStart + from.atMinute * minuteMs) / 1000;
	if (!Number.isInteger(seconds) || !Number.isInteger(first)) throw new Error(`every ${scaledMinutes} scaled minutes from ${first} s does not fall on whole seconds`);
	const phase = ((first % seconds) + seconds) % seconds;
	let expression: string;
	if (seconds < 60 && 60 % seconds === 0) {
		expression = `${Array.from({ length: 60 / seconds }, (_, i) => phase + i * seconds).join(',')} * * * * *`;
	} else if (seconds % 60 === 0 && 3600 % seconds === 0) {
		expression = `${phase % 60} ${Math.floor(phase / 60)}-59/${seconds / 60} * * * *`;
	} else throw new Error(`every ${scaledMinutes} scaled minutes (${seconds} s) does not divide the real minute or hour`);
	return { rule: { interval: [{ field: 'cronExpression', expression }] } };
}
