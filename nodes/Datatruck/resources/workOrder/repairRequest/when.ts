/**
 * When the work is booked, as drivers and shops write it ("tomorrow 2pm", "11/28 9:30am",
 * "Nov 28 at 14:00", "monday morning", "in 2 days", "12/1/2026"), as an ISO 8601 time with the
 * offset of the given time zone. Plain Intl, no date library: the package ships no dependencies.
 */
import { offsetMs, wallClock } from '../../../shared/fields';

export interface Clock {
	/** The moment "today" and "tomorrow" count from. */
	now: Date;
	/** An IANA time zone, e.g. America/Chicago. */
	timeZone: string;
}

interface LocalDate {
	year: number;
	month: number;
	day: number;
}

interface Found<T> {
	value: T;
	index: number;
}

/** A day without a time is booked at the start of a shop's day. */
const DEFAULT_HOUR = 8;
const PARTS_OF_DAY: Record<string, number> = { morning: 8, 'first thing': 8, noon: 12, midday: 12, afternoon: 13, evening: 17, tonight: 19 };
const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const WEEKDAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];
const COUNTS: Record<string, number> = { a: 1, an: 1, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7 };
/** Words before a day or a time that place it in the past: "since Tuesday", "since this morning", "started at 6am". */
const PAST = /\b(since|last|started|began)\s+(on\s+|this\s+|at\s+)?$/i;
const MONTH_WORD = '(jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\\.?';

const pad = (value: number, width = 2) => String(Math.abs(value)).padStart(width, '0');

/** A wall-clock time in the zone as ISO 8601 with its offset, the offset of that very day (DST). */
export function zonedIso(date: LocalDate, hour: number, minute: number, timeZone: string): string {
	const offset = Math.round(offsetMs(Date.UTC(date.year, date.month - 1, date.day, hour, minute), timeZone) / 60_000);
	const sign = offset < 0 ? '-' : '+';
	return `${date.year}-${pad(date.month)}-${pad(date.day)}T${pad(hour)}:${pad(minute)}:00${sign}${pad(Math.trunc(offset / 60))}:${pad(offset % 60)}`;
}

function today(clock: Clock): LocalDate {
	const { year, month, day } = wallClock(clock.now.getTime(), clock.timeZone);
	return { year, month, day };
}

function addDays(date: LocalDate, days: number): LocalDate {
	const moved = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
	return { year: moved.getUTCFullYear(), month: moved.getUTCMonth() + 1, day: moved.getUTCDate() };
}

const dayNumber = (date: LocalDate) => Date.UTC(date.year, date.month - 1, date.day) / 86_400_000;

function realDate(year: number, month: number, day: number): LocalDate | null {
	const check = new Date(Date.UTC(year, month - 1, day));
	return check.getUTCMonth() === month - 1 && check.getUTCDate() === day ? { year, month, day } : null;
}

/** A month and day with no year: this year's, or next year's once this year's has passed. */
function nextOccurrence(month: number, day: number, from: LocalDate): LocalDate | null {
	const thisYear = realDate(from.year, month, day);
	if (thisYear && dayNumber(thisYear) >= dayNumber(from)) return thisYear;
	return realDate(from.year + 1, month, day);
}

function fullYear(text: string | undefined): number | undefined {
	if (!text) return undefined;
	const year = Number(text);
	return text.length <= 2 ? 2000 + year : year;
}

function datedDay(year: number | undefined, month: number, day: number, from: LocalDate): LocalDate | null {
	return year ? realDate(year, month, day) : nextOccurrence(month, day, from);
}

/** The day the text names, and where. */
function findDay(text: string, clock: Clock): Found<LocalDate> | null {
	const from = today(clock);
	const candidates: Array<Found<LocalDate> | null> = [];
	// The first mention that books a day: "since Tuesday" or "last 11/20" tells when the trouble began, not when the
	// work is booked (a mail saying "blows warm air since Tuesday … 12/7 10am" is booked on 12/7).
	const first = (pattern: RegExp, read: (match: RegExpExecArray) => LocalDate | null) => {
		for (const match of text.matchAll(new RegExp(pattern.source, `${pattern.flags}g`))) {
			if (PAST.test(text.slice(0, match.index))) continue;
			const value = read(match as RegExpExecArray);
			if (value) candidates.push({ value, index: match.index });
			return;
		}
	};
	first(/\b(\d{4})-(\d{2})-(\d{2})\b/, (m) => realDate(Number(m[1]), Number(m[2]), Number(m[3])));
	first(/\b(day after tomorrow|today|tonight|tomorrow|tmrw|tmr)\b/i, (m) => {
		const word = m[1].toLowerCase();
		return addDays(from, word === 'day after tomorrow' ? 2 : word.startsWith('t') && word !== 'today' && word !== 'tonight' ? 1 : 0);
	});
	first(/\bin (\d+|an?|one|two|three|four|five|six|seven) (days?|weeks?)\b/i, (m) => {
		const count = COUNTS[m[1].toLowerCase()] ?? Number(m[1]);
		return addDays(from, count * (m[2].toLowerCase().startsWith('week') ? 7 : 1));
	});
	first(/\b(next |this )?(sunday|monday|tuesday|wednesday|thursday|friday|saturday|mon|tues?|wed|thu(?:rs?)?|fri)\b\.?/i, (m) => {
		const target = WEEKDAYS.indexOf(m[2].slice(0, 3).toLowerCase());
		const weekday = new Date(Date.UTC(from.year, from.month - 1, from.day)).getUTCDay();
		return addDays(from, (target - weekday + 7) % 7 || 7);
	});
	first(/\b(\d{1,2})\/(\d{1,2})(?:\/(\d{4}|\d{2}))?\b/, (m) =>
		datedDay(fullYear(m[3]), Number(m[1]), Number(m[2]), from),
	);
	first(new RegExp(`\\b${MONTH_WORD}\\s+(\\d{1,2})(?:st|nd|rd|th)?\\b(?:,?\\s+(\\d{4}))?`, 'i'), (m) =>
		datedDay(fullYear(m[3]), MONTHS.indexOf(m[1].slice(0, 3).toLowerCase()) + 1, Number(m[2]), from),
	);
	first(new RegExp(`\\b(\\d{1,2})(?:st|nd|rd|th)?\\s+(?:of\\s+)?${MONTH_WORD}(?:,?\\s+(\\d{4}))?`, 'i'), (m) =>
		datedDay(fullYear(m[3]), MONTHS.indexOf(m[2].slice(0, 3).toLowerCase()) + 1, Number(m[1]), from),
	);
	const found = candidates.filter((candidate): candidate is Found<LocalDate> => candidate !== null);
	return found.sort((a, b) => a.index - b.index)[0] ?? null;
}

interface TimeOfDay {
	hour: number;
	minute: number;
}

/**
 * A bare hour as shops write it. After a part of the day: "morning 9" is 9:00, "afternoon 3" 15:00.
 * Alone ("@ 9", "at 2"): a working day's hour, 7 to 12 as written, 1 to 6 in the afternoon, 13 to 23 as written.
 */
function bareHour(hour: number, partOfDay?: string): number | null {
	if (hour < 1 || hour > 23) return null;
	if (partOfDay === 'morning' || partOfDay === 'first thing') return hour >= 5 && hour <= 12 ? hour : null;
	if (partOfDay) return hour < 12 ? hour + 12 : hour;
	return hour <= 6 ? hour + 12 : hour;
}

/** After a bare hour: not a minute, a date, a count or an amount of something else ("at 9:30", "@ 5/12", "at 412k", "at 65 mph"). */
const NOT_AN_HOUR = `(?![\\d:/]|[.,]\\d|\\s*(?:[ap]\\.?m\\b|k\\b|mi\\b|miles\\b|mph\\b|%|x\\b|(?:st|nd|rd|th|of)\\b|${MONTH_WORD}))`;
/** A part of the day with its hour: "morning 9", "morning at 9", "afternoon @ 3:30", "morning 9am". */
const PART_WITH_HOUR = new RegExp(
	`\\b(first thing|morning|afternoon|evening|tonight)\\s*(?:at|@|around|about|by)?\\s*(\\d{1,2})(?::(\\d{2}))?(?:\\s*([ap])\\.?m\\b\\.?)?${NOT_AN_HOUR}`,
	'gi',
);
/** "11/28 @ 9": an hour after @, not an email domain ("mike@12trucks.com"). */
const AT_SIGN_HOUR = new RegExp(`@\\s*(\\d{1,2})(?![\\w-]|\\.\\w)${NOT_AN_HOUR}`, 'g');
/** "tomorrow at 9.", "at 2 on Monday": an hour after "at" only where a time ends ("at 2 trucks" is no time). */
const AT_WORD_HOUR = new RegExp(
	`\\bat\\s+(\\d{1,2})${NOT_AN_HOUR}(?=\\s*(?:$|[.,;!?)]|o'?clock\\b|(?:sharp|tomorrow|today|tonight|on|in the|this|next)\\b))`,
	'gim',
);

/** Every time of day the text names: "2pm", "9:30am", "14:00", "noon", "morning", "morning 9", "@ 9". */
function findTimes(text: string): Array<Found<TimeOfDay>> {
	const times: Array<Found<TimeOfDay>> = [];
	// "On since this morning" tells when the trouble began, not when the work is booked (as findDay's "since Tuesday").
	const keep = (time: Found<TimeOfDay>) => !PAST.test(text.slice(0, time.index));
	// The part of the day with its hour is one time, at the part's place; its words are not read again.
	const spans: Array<[number, number]> = [];
	const inSpan = (index: number) => spans.some(([from, to]) => index >= from && index < to);
	for (const m of text.matchAll(PART_WITH_HOUR)) {
		const written = Number(m[2]);
		const meridiem = m[4]?.toLowerCase();
		const hour = meridiem ? (written >= 1 && written <= 12 ? (written % 12) + (meridiem === 'p' ? 12 : 0) : null) : bareHour(written, m[1].toLowerCase());
		const minute = Number(m[3] ?? 0);
		if (hour === null || minute > 59) continue;
		spans.push([m.index, m.index + m[0].length]);
		times.push({ value: { hour, minute }, index: m.index });
	}
	for (const m of [...text.matchAll(AT_SIGN_HOUR), ...text.matchAll(AT_WORD_HOUR)]) {
		const hour = bareHour(Number(m[1]));
		if (hour !== null && !inSpan(m.index)) times.push({ value: { hour, minute: 0 }, index: m.index });
	}
	for (const m of text.matchAll(/\b(\d{1,2})(?::(\d{2}))?\s*([ap])\.?m\b\.?/gi)) {
		const hour = Number(m[1]);
		if (hour < 1 || hour > 12) continue;
		const pm = m[3].toLowerCase() === 'p';
		times.push({ value: { hour: (hour % 12) + (pm ? 12 : 0), minute: Number(m[2] ?? 0) }, index: m.index });
	}
	for (const m of text.matchAll(/(?<![\d:/.-])(\d{1,2}):(\d{2})(?!\s*[ap]\.?m\b)(?![\d:])/gi)) {
		const hour = Number(m[1]);
		const minute = Number(m[2]);
		if (hour <= 23 && minute <= 59) times.push({ value: { hour, minute }, index: m.index });
	}
	for (const m of text.matchAll(/\b(first thing|morning|noon|midday|afternoon|evening|tonight)\b/gi)) {
		if (inSpan(m.index)) continue;
		times.push({ value: { hour: PARTS_OF_DAY[m[1].toLowerCase()], minute: 0 }, index: m.index });
	}
	return times.filter(keep);
}

/** An ISO date-time as an AI extractor may give it: kept as that instant, shown in the zone. */
function isoInstant(text: string, clock: Clock): string | null {
	const match = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::\d{2}(?:\.\d+)?)?)?\s*(Z|[+-]\d{2}:?\d{2})?$/i.exec(text.trim());
	if (!match) return null;
	const date = realDate(Number(match[1]), Number(match[2]), Number(match[3]));
	if (!date) return null;
	if (!match[6]) return zonedIso(date, match[4] ? Number(match[4]) : DEFAULT_HOUR, Number(match[5] ?? 0), clock.timeZone);
	const instant = Date.parse(text.trim().replace(' ', 'T'));
	if (Number.isNaN(instant)) return null;
	const wall = wallClock(instant, clock.timeZone);
	return zonedIso(wall, wall.hour, wall.minute, clock.timeZone);
}

/**
 * The booked time the lines name, or null when they name none. A time with no day is today's,
 * or tomorrow's once it has passed; a day with no time is at 8:00.
 */
export function scheduledOn(lines: string[], clock: Clock): string | null {
	const text = lines.join('\n');
	const iso = isoInstant(text, clock);
	if (iso) return iso;
	const day = findDay(text, clock);
	const times = findTimes(text);
	if (!day && !times.length) return null;
	const nearest = day
		? [...times].sort((a, b) => Math.abs(a.index - day.index) - Math.abs(b.index - day.index))[0]
		: times[0];
	const time = nearest?.value ?? { hour: DEFAULT_HOUR, minute: 0 };
	let date = day?.value ?? today(clock);
	if (!day) {
		const now = wallClock(clock.now.getTime(), clock.timeZone);
		if (time.hour * 60 + time.minute <= now.hour * 60 + now.minute) date = addDays(date, 1);
	}
	return zonedIso(date, time.hour, time.minute, clock.timeZone);
}
