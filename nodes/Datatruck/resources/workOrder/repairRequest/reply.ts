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
	/** An invoice the request names ("invoice VINV-20431"). */
	invoice: string | null;
}

/** One thing the work order lacks, and who can give it: the sender (by writing it) or the workflow (its Defaults). */
export interface Missing {
	text: string;
	from: 'sender' | 'workflow';
}

export const MISSING_UNIT = 'the truck or trailer number';
export const MISSING_WHEN = 'the day and time the work is booked';
export const MISSING_ODOMETER = 'the odometer reading';

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
	}).format(new Date(iso));
}

function understoodLines(understood: Understood, timeZone: string): string[] {
	const { unit } = understood;
	const words = understood.procedureWords.length ? ` (from "${understood.procedureWords.join('", "')}")` : '';
	return [
		`Unit: ${unit ? `${unit.kind} ${unit.label ?? unit.number}` : 'not found'}`,
		`Work: ${understood.procedure}${words}`,
		`Scheduled: ${understood.scheduledOn ? readableTime(understood.scheduledOn, timeZone) : 'no date given'}`,
		`Vendor: ${[understood.vendor, understood.vendorPhone].filter(Boolean).join(', ') || 'not given'}`,
		...(understood.odometer !== null ? [`Odometer: ${understood.odometer} miles`] : []),
		...(understood.reference ? [`Reference: ${understood.reference}`] : []),
		...(understood.invoice ? [`Invoice: ${understood.invoice}`] : []),
	];
}

/**
 * The reply to the sender, plain text, one fact a line. What the sender can give is asked for; what the
 * workflow's Defaults give is listed apart, as the shop's to set, so the sender is never asked for it.
 */
export function replyText(understood: Understood, missing: Missing[], timeZone: string): string {
	if (!missing.length) {
		return ['The work order can be created:', ...understoodLines(understood, timeZone)].join('\n');
	}
	const fromSender = missing.filter((item) => item.from === 'sender');
	const fromWorkflow = missing.filter((item) => item.from === 'workflow');
	return [
		fromSender.length ? 'The work order could not be created yet. Missing:' : 'The work order could not be created yet.',
		...fromSender.map((item) => `- ${item.text}`),
		...(fromSender.length
			? [`Please resend with the truck or trailer number, what is wrong, where and when it is booked, and the odometer reading, e.g. ${RESEND_EXAMPLE}.`]
			: []),
		...(fromWorkflow.length ? ['Not set up in the shop\'s workflow yet (nothing needed from you):', ...fromWorkflow.map((item) => `- ${item.text}`)] : []),
		'Understood so far:',
		...understoodLines(understood, timeZone),
	].join('\n');
}
