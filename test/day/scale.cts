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

export const SHORT_DAY: DayLength = { minuteMs: 3000, minutes: 26 };
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

/**
 * A Schedule Trigger rule firing every `scaledMinutes`, as a cron with seconds: n8n's seconds interval is a cron
 * step (`*\/24`), which restarts at each real minute (0, 24, 48, 0 s: one gap of 12 s), so the period must divide
 * the real minute, or be whole real minutes. `offsetMinutes` moves a period of whole real minutes off the others
 * (two hourly jobs, one on the hour and one on the half hour, as a carrier would set them).
 */
export function scheduleEvery(scaledMinutes: number, minuteMs: number, offsetMinutes = 0): Record<string, unknown> {
	const seconds = (scaledMinutes * minuteMs) / 1000;
	const offset = (offsetMinutes * minuteMs) / 1000;
	let expression: string;
	if (seconds < 60 && 60 % seconds === 0 && offset === 0) expression = `*/${seconds} * * * * *`;
	else if (seconds % 60 === 0 && 60 % (seconds / 60) === 0 && Number.isInteger(offset) && offset < seconds) {
		expression = `${offset % 60} ${Math.floor(offset / 60)}-59/${seconds / 60} * * * *`;
	} else throw new Error(`every ${scaledMinutes} scaled minutes (${seconds} s, offset ${offset} s) does not divide the real minute or hour`);
	return { rule: { interval: [{ field: 'cronExpression', expression }] } };
}
