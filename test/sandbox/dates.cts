/** Strict ISO 8601 parsing and formatting. `Date.parse` alone accepts impossible days like 2024-02-30. */

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})(?::(\d{2})(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/;
export const DAY_MS = 86_400_000;

/** Epoch ms of midnight UTC of a real calendar date `YYYY-MM-DD`, or NaN. */
export function parseIsoDate(text: string): number {
	const match = DATE.exec(text);
	if (!match) return NaN;
	const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
	const epoch = Date.UTC(year, month - 1, day);
	const back = new Date(epoch);
	return back.getUTCFullYear() === year && back.getUTCMonth() === month - 1 && back.getUTCDate() === day ? epoch : NaN;
}

/** Epoch ms of an ISO date-time (no zone = UTC), or NaN when malformed or impossible. */
export function parseIsoDateTime(text: string): number {
	const match = DATE_TIME.exec(text);
	if (!match || Number.isNaN(parseIsoDate(match[1]))) return NaN;
	const [hours, minutes, seconds] = [Number(match[2]), Number(match[3]), Number(match[4] ?? '0')];
	if (hours > 23 || minutes > 59 || seconds > 59) return NaN;
	return Date.parse(match[6] ? text : `${text}Z`);
}

/** Either form: a plain date means its midnight UTC (how Django reads a date given for a date-time). */
export function parseIsoDateOrDateTime(text: string): number {
	return text.length === 10 ? parseIsoDate(text) : parseIsoDateTime(text);
}

/** `YYYY-MM-DDTHH:MM:SSZ`, the API's timestamp shape. */
export function toIsoSeconds(epochOrDate: number | Date): string {
	return new Date(epochOrDate).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** `YYYY-MM-DD` of the UTC day. */
export function toIsoDate(epochOrDate: number | Date): string {
	return new Date(epochOrDate).toISOString().slice(0, 10);
}
