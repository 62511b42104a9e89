/** Wall-clock reading of an instant in an IANA time zone, by Intl alone: the package ships no date library. */
export function wallClock(instant: number, timeZone: string) {
	const parts = new Intl.DateTimeFormat('en-US', {
		timeZone,
		hourCycle: 'h23',
		year: 'numeric',
		month: '2-digit',
		day: '2-digit',
		hour: '2-digit',
		minute: '2-digit',
		second: '2-digit',
	}).formatToParts(new Date(instant));
	const get = (type: string) => Number(parts.find((part) => part.type === type)?.value);
	return { year: get('year'), month: get('month'), day: get('day'), hour: get('hour') % 24, minute: get('minute'), second: get('second') };
}

/** True when Intl knows the time zone. */
export function isTimeZone(timeZone: string): boolean {
	try {
		new Intl.DateTimeFormat('en-US', { timeZone });
		return true;
	} catch {
		return false;
	}
}

/** How far a time zone is ahead of UTC at a moment given as wall-clock time (DST included); 0 without a known zone. */
export function offsetMs(wallClockMs: number, timeZone?: string): number {
	if (!timeZone || !isTimeZone(timeZone)) return 0;
	const offsetAt = (instant: number) => {
		const wall = wallClock(instant, timeZone);
		return Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second) - Math.floor(instant / 1000) * 1000;
	};
	// Twice, so that a time near a DST change uses the offset in force at the resulting instant.
	const first = offsetAt(wallClockMs);
	return offsetAt(wallClockMs - first);
}
