/**
 * An answer to the reply's question, read together with the request it answers (quoted under it, thread.ts): what
 * the answer says wins (a correction), the rest is the request as the reply understood it. A number alone answers
 * the question asked: the unit's number when the unit was missing, else the reading (a trailer's: its hub odometer).
 */
import { procedureFromValue } from './procedure';
import { bareReading, type MeterReading } from './readings';
import { readLines, type Reading } from './reading';
import type { ThreadAnswer } from './thread';
import { unitMentions } from './unit';
import { formatPhone } from './vendor';
import { type Clock, zonedIso } from './when';

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const NOT_LISTED = /\s*\(not in Datatruck\)\s*$/;

/** "Fri, Nov 27, 2026, 8:00 AM CST", as the reply wrote it (in the same time zone), back to ISO 8601. */
function scheduledBack(text: string | undefined, clock: Clock): string | null {
	const match = /\b([A-Za-z]{3})\w*\.? (\d{1,2}), (\d{4}),? (\d{1,2}):(\d{2})\s*([AP])M\b/i.exec(text ?? '');
	if (!match) return null;
	const month = MONTHS.indexOf(match[1].toLowerCase()) + 1;
	if (!month) return null;
	const hour = (Number(match[4]) % 12) + (match[6].toUpperCase() === 'P' ? 12 : 0);
	return zonedIso({ year: Number(match[3]), month, day: Number(match[2]) }, hour, Number(match[5]), clock.timeZone);
}

/** "412870 miles", "412870 km (as written)", "98112" (a hub): the reading the reply wrote; the shop's default is not the sender's. */
function readingBack(text: string | undefined, from: MeterReading['from']): MeterReading | null {
	const match = /^(\d+)(?:\s+(miles|km))?(?:\s+\(as written\))?$/.exec(text?.trim() ?? '');
	if (!match) return null;
	return { value: Number(match[1]), from: match[2] === 'km' ? 'km' : from };
}

export function readAnswer(thread: ThreadAnswer, clock: Clock): Reading {
	const fresh = readLines(thread.answer, thread.subject, clock);
	if (thread.reference === null) return fresh;
	const understood = thread.understood;
	const unitLine = understood.unit ?? '';
	const [before] = unitLine === 'not found' ? [] : unitMentions([unitLine.replace(NOT_LISTED, '')]);
	const unitAsked = !before || NOT_LISTED.test(unitLine);
	let units = fresh.units;
	let bare: MeterReading | null = null;
	for (const piece of thread.answer.flatMap((line) => line.split(/[,;]/)).map((part) => part.trim())) {
		if (!piece || unitMentions([piece]).length) continue;
		const number = /^#?\s*(\d+(?:-\d+)*)\.?$/.exec(piece);
		if (number && unitAsked && !units.length) units = [{ kind: before?.kind ?? fresh.kindHint, number: number[1] }];
		else bare ??= bareReading(piece);
	}
	const kind = units[0]?.kind ?? before?.kind ?? null;
	const answered = bare && kind === 'trailer' && bare.from === 'odometer' ? { ...bare, from: 'hub' as const } : bare;
	const [work, words] = /^(.*?)(?:\s+\(from "(.*)"\))?$/.exec(understood.work ?? '')?.slice(1) ?? [];
	const vendorParts = (understood.vendor ?? 'not given') === 'not given' ? [] : (understood.vendor ?? '').split(', ');
	const phone = vendorParts.find((part) => formatPhone(part) !== null) ?? null;
	const note = `From email: ${thread.subject}\nAnswer: ${thread.answer.join(' ')}`;
	return {
		units: units.length ? units : before ? [before] : [],
		kindHint: fresh.kindHint ?? before?.kind ?? null,
		procedure: (unitKind) => {
			const said = fresh.procedure(unitKind);
			if (said.words.length || !work) return said;
			const named = procedureFromValue(work, unitKind);
			return { ...named, words: words ? words.split('", "') : named.words };
		},
		scheduledOn: fresh.scheduledOn ?? scheduledBack(understood.scheduled, clock),
		vendor: fresh.vendor ?? (vendorParts.filter((part) => part !== phone).join(', ') || null),
		vendorPhone: fresh.vendorPhone ?? phone,
		odometer: fresh.odometer ?? (answered?.from !== 'hub' ? answered : null) ?? readingBack(understood.odometer, 'odometer'),
		hub: fresh.hub ?? (answered?.from === 'hub' ? answered : null) ?? readingBack(understood['hub odometer'], 'hub'),
		reference: fresh.reference ?? understood.reference ?? null,
		invoice: fresh.invoice ?? understood.invoice ?? null,
		note,
		fallbackNote: note,
		requestReference: thread.reference,
	};
}
