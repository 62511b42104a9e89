/**
 * What the sender is told: the plain-word lines of what is missing, one precise question for each fact the sender
 * can give, and a reply that quotes what was understood (read back from the answer, see thread.ts), or, when the
 * mail gave nothing usable, how to write the whole request.
 */
import type { UnitKind } from '../procedureNames';
import { understoodHeading } from './thread';

export interface UnderstoodUnit {
	kind: UnitKind;
	number: string;
	/** The unit as Datatruck's list names it, when it was checked there. */
	label?: string;
}

export interface Understood {
	unit: UnderstoodUnit | null;
	procedure: string;
	procedureWords: string[];
	scheduledOn: string | null;
	vendor: string | null;
	vendorPhone: string | null;
	odometer: number | null;
	/**
	 * Where the odometer came from: the mail's odometer in miles, in km (kept as written), a trailer's hub odometer,
	 * or Options › Defaults › Trailer Odometer; null when there is none.
	 */
	odometerFrom: 'odometer' | 'km' | 'hub' | 'default' | null;
	reference: string | null;
	/** An invoice the request names ("invoice VINV-20431"). */
	invoice: string | null;
}

/** One thing the work order lacks, and who can give it: the sender (by writing it) or the workflow (its Defaults). */
export interface Missing {
	text: string;
	from: 'sender' | 'workflow';
	/** For the sender: the one question that asks for it, in the sender's terms. */
	ask?: string;
	/** The unit is what is missing (none, two, or one Datatruck does not list). */
	aboutUnit?: boolean;
}

export const MISSING_UNIT = 'the truck or trailer number';
export const MISSING_WHEN = 'the day and time the work is booked';
export const MISSING_ODOMETER = 'the odometer reading';
export const MISSING_HUB = "the hub odometer reading (or set Options › Defaults › Trailer Odometer)";

/** The unit as the sender would name it: "truck 105", "trailer TR-1003"; "the truck" or "the unit" when none. */
function unitWords(understood: Understood): string {
	const { unit } = understood;
	return unit ? `${unit.kind} ${unit.number}` : 'the unit';
}

/** The question for each fact a sender can give, asked of the request as understood. */
export const QUESTIONS = {
	unit: () => 'Which truck or trailer is it? Reply with its number, e.g. truck 142 or trailer TR-1005.',
	ambiguous: (numbers: string[]) => `Which unit is it, ${numbers.join(' or ')}? Reply with one number.`,
	unknown: (kind: UnitKind | null, number: string) =>
		`${kind ? `${kind[0].toUpperCase()}${kind.slice(1)}` : 'Unit'} ${number} is not in Datatruck: which ${kind ?? 'truck or trailer'} is it? Reply with its number as Datatruck lists it.`,
	when: (understood: Understood) => `When is ${unitWords(understood)} booked at the shop? Reply with the day and time, e.g. Friday 8am.`,
	odometer: (understood: Understood) => `What is ${possessive(unitWords(understood))} odometer reading? Reply with the number, e.g. 412870.`,
	hub: (understood: Understood) => `What is ${possessive(unitWords(understood))} hub odometer reading? Reply with the number, e.g. 123456.`,
};

const possessive = (words: string) => (words === 'the unit' ? "the unit's" : `${words}'s`);

/** Options › Defaults of Extract From Text: each field's display name, what Datatruck calls it, and an example. */
export const DEFAULT_FIELDS = {
	assignedTo: { displayName: 'Assigned To', what: 'who the work is assigned to', example: 'Tony Mechanic' },
	invoiceId: { displayName: 'Invoice ID', what: 'the invoice ID', example: 'TBD' },
	paymentType: { displayName: 'Payment Type', what: 'the payment type', example: 'Credit Card' },
	status: { displayName: 'Status', what: 'the status', example: 'Pending' },
	typeWorkOrder: { displayName: 'Type', what: 'the work order type', example: 'Repair' },
} as const;

/** A required field the workflow gives: where to set it. */
export function missingDefault(key: keyof typeof DEFAULT_FIELDS): Missing {
	const field = DEFAULT_FIELDS[key];
	const named = key === 'invoiceId' ? `${field.what} (the message names none)` : field.what;
	return { text: `${named}: set Options › Defaults › ${field.displayName}, e.g. ${field.example}`, from: 'workflow' };
}

export function unknownUnit(kind: UnitKind | null, number: string): string {
	if (kind === 'truck') return `truck ${number} is not a truck in Datatruck`;
	if (kind === 'trailer') return `trailer ${number} is not a trailer in Datatruck`;
	return `unit ${number} is not a truck or trailer in Datatruck`;
}

export function ambiguousUnits(numbers: string[]): string {
	return `one truck or trailer number: the message names ${numbers.join(' and ')}`;
}

const RESEND_EXAMPLE = '"Truck 142 brakes grinding, booked at Big Rig Repair Dallas tomorrow 2pm, shop 214-555-0100, odometer 412870"';

/** "Fri, Nov 27, 2026, 2:00 PM CST": the booked time as the sender reads it. */
function readableTime(iso: string, timeZone: string): string {
	return new Intl.DateTimeFormat('en-US', {
		timeZone,
		weekday: 'short',
		month: 'short',
		day: 'numeric',
		year: 'numeric',
		hour: 'numeric',
		minute: '2-digit',
		timeZoneName: 'short',
	})
		.format(new Date(iso))
		.replace(/\u202f/g, ' ');
}

const ODOMETER_LINES: Record<NonNullable<Understood['odometerFrom']>, (value: number) => string> = {
	odometer: (value) => `Odometer: ${value} miles`,
	km: (value) => `Odometer: ${value} km (as written)`,
	hub: (value) => `Hub odometer: ${value}`,
	default: (value) => `Odometer: ${value} (the shop's Trailer Odometer for trailers)`,
};

function odometerLine(understood: Understood): string[] {
	const { odometer, odometerFrom } = understood;
	return odometer === null ? [] : [ODOMETER_LINES[odometerFrom ?? 'odometer'](odometer)];
}

/** The lines of what was understood; a unit Datatruck does not list is said to be so (an answer then names the unit). */
function understoodLines(understood: Understood, timeZone: string, unitMissing = false): string[] {
	const { unit } = understood;
	const notListed = unit && unitMissing ? ' (not in Datatruck)' : '';
	const words = understood.procedureWords.length ? ` (from "${understood.procedureWords.join('", "')}")` : '';
	return [
		`Unit: ${unit ? `${unit.kind} ${unit.label ?? unit.number}${notListed}` : 'not found'}`,
		`Work: ${understood.procedure}${words}`,
		`Scheduled: ${understood.scheduledOn ? readableTime(understood.scheduledOn, timeZone) : 'no date given'}`,
		`Vendor: ${[understood.vendor, understood.vendorPhone].filter(Boolean).join(', ') || 'not given'}`,
		...odometerLine(understood),
		...(understood.reference ? [`Reference: ${understood.reference}`] : []),
		...(understood.invoice ? [`Invoice: ${understood.invoice}`] : []),
	];
}

/** How a request that gave nothing usable (no unit, no problem) is asked for again: the whole of it. */
function fullGuide(fromSender: Missing[]): string[] {
	return [
		'The work order could not be created yet. Missing:',
		...fromSender.map((item) => `- ${item.text}`),
		`Please resend with the truck or trailer number, what is wrong, where and when it is booked, and the odometer reading, e.g. ${RESEND_EXAMPLE}.`,
	];
}

/** One question a line; several are answered in one reply. */
function questions(fromSender: Missing[]): string[] {
	const asked = fromSender.map((item) => item.ask ?? `What is ${item.text}?`);
	if (asked.length <= 1) return asked;
	return [...asked.map((question, index) => `${index + 1}. ${question}`), 'Answer them in one reply, e.g. "Friday 8am, 412870".'];
}

/**
 * The reply to the sender, plain text, one fact a line. What the sender can give is asked for, one precise question
 * a fact, above what was understood under a heading with the request's reference (an answer is read back by it); a
 * mail with nothing usable gets the whole guide instead. What the workflow's Defaults give is listed apart, as the
 * shop's to set, so the sender is never asked for it.
 */
export function replyText(understood: Understood, missing: Missing[], timeZone: string, request: { reference: string; usable: boolean }): string {
	if (!missing.length) {
		return ['The work order can be created:', ...understoodLines(understood, timeZone)].join('\n');
	}
	const fromSender = missing.filter((item) => item.from === 'sender');
	const fromWorkflow = missing.filter((item) => item.from === 'workflow');
	const guide = fromSender.length > 0 && !request.usable;
	return [
		...(guide ? fullGuide(fromSender) : ['The work order could not be created yet.', ...questions(fromSender)]),
		...(fromWorkflow.length ? ['Not set up in the shop\'s workflow yet (nothing needed from you):', ...fromWorkflow.map((item) => `- ${item.text}`)] : []),
		guide || !fromSender.length ? 'Understood so far:' : understoodHeading(request.reference),
		...understoodLines(understood, timeZone, missing.some((item) => item.aboutUnit)),
	].join('\n');
}
