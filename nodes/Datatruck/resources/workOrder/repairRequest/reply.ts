/**
 * What the sender is told: the plain-word lines of what is missing, and a reply that says what
 * was understood or how to resend.
 */
import type { UnitKind } from '../procedureNames';

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
	reference: string | null;
}

export const MISSING_UNIT = 'the truck or trailer number';

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
	}).format(new Date(iso));
}

function understoodLines(understood: Understood, timeZone: string): string[] {
	const { unit } = understood;
	const words = understood.procedureWords.length ? ` (from "${understood.procedureWords.join('", "')}")` : '';
	return [
		`Unit: ${unit ? `${unit.kind} ${unit.label ?? unit.number}` : 'not found'}`,
		`Work: ${understood.procedure}${words}`,
		`Scheduled: ${understood.scheduledOn ? readableTime(understood.scheduledOn, timeZone) : 'no date given (the shop or Datatruck sets it)'}`,
		`Vendor: ${[understood.vendor, understood.vendorPhone].filter(Boolean).join(', ') || 'not given'}`,
		...(understood.odometer !== null ? [`Odometer: ${understood.odometer} miles`] : []),
		...(understood.reference ? [`Reference: ${understood.reference}`] : []),
	];
}

/** The reply to the sender, plain text, one fact a line. */
export function replyText(understood: Understood, missing: string[], timeZone: string): string {
	if (!missing.length) {
		return ['The work order can be created:', ...understoodLines(understood, timeZone)].join('\n');
	}
	return [
		'The work order could not be created yet. Missing:',
		...missing.map((item) => `- ${item}`),
		`Please resend with the truck or trailer number, what is wrong, and where and when it is booked, e.g. ${RESEND_EXAMPLE}.`,
		'Understood so far:',
		...understoodLines(understood, timeZone),
	].join('\n');
}
