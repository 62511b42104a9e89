/**
 * The day's mail, drawn from the seed: repair requests as shops and drivers write them (most complete, a truck's
 * missing the odometer or any missing the day Datatruck's published page requires, one malformed), and brokers' rate
 * confirmations in the lines a load tender lists them, most with the PDF, some without. Each carries a number of
 * its own (the work order reference "WO-…", the tender's "Load #"), so the day's record can find what it made.
 */
import type { MailToSend } from '../e2e/lib/imap.cts';
import { onePagePdf } from '../sandbox/documents.cts';
import { Prng } from '../sandbox/prng.cts';

export type RepairMailKind = 'complete' | 'missingFact' | 'malformed';

export interface RepairMail {
	kind: RepairMailKind;
	reference: string;
	mail: MailToSend;
}

export interface RateConfirmationMail {
	loadNumber: string;
	withPdf: boolean;
	mail: MailToSend;
}

const REPAIRS = [
	{ words: 'the brakes looked at, the pedal goes soft on downgrades', unit: 'truck' },
	{ words: 'a flat on the right rear outside tire', unit: 'trailer' },
	{ words: 'the check engine light on since this morning', unit: 'truck' },
	{ words: 'a cracked windshield, a rock hit it on I-55', unit: 'truck' },
	{ words: 'the landing gear stuck, it will not crank down', unit: 'trailer' },
] as const;
const SHOPS = [
	['TA Truck Service Joliet', '(815) 555-0142'],
	['Gary Tire Care', '(219) 555-0187'],
	['Rush Truck Center Springfield', '(417) 555-0190'],
] as const;

/** Which repair mail is the malformed one: the third of the day. */
const MALFORMED_INDEX = 2;

/** The work order reference the repair mail of `index` carries, and its work order is found by. */
export const repairReference = (index: number): string => `WO-${String(700000 + index)}`;

/** The repair mail of `index`; `complete` makes it one that must give a work order (the worker kill's). */
export function repairMail(seed: number, index: number, complete = false): RepairMail {
	const random = new Prng(seed * 1000 + index);
	const reference = repairReference(index);
	const messageId = `day-repair-${seed}-${index}@lonestar-freight.example`;
	if (index === MALFORMED_INDEX && !complete) {
		// A phone's half-sent mail: no unit, no repair, a broken encoded subject.
		return { kind: 'malformed', reference, mail: { from: 'driver@lonestar-freight.example', subject: `=?utf-8?B?${reference}`, text: '\u0000\u0007 ...', messageId } };
	}
	const repair = random.pick([...REPAIRS]);
	const unit = repair.unit === 'truck' ? `T${random.int(101, 130)}` : `TR${random.int(501, 520)}`;
	const [shop, phone] = random.pick([...SHOPS]);
	const day = random.int(1, 27);
	// A trailer missing its reading is not missing a fact: the examples' Trailer Odometer default (0) stands in for it
	// (issue 41), so a trailer's mail lacks the day instead.
	const missing = !complete && random.chance(0.25) ? (repair.unit === 'truck' ? random.pick(['odometer', 'day'] as const) : 'day') : undefined;
	const reading = `${random.int(50, 600)},${String(random.int(0, 999)).padStart(3, '0')}`;
	const lines = [
		'Hi shop team,',
		`${repair.unit === 'truck' ? 'Truck' : 'Trailer'} ${unit} has ${repair.words}.`,
		missing === 'day' ? `Shop: ${shop}, ${phone}.` : `Booked at ${shop} on 12/${day}/2026 at 2pm, their phone is ${phone}.`,
		...(missing === 'odometer' ? [] : [repair.unit === 'truck' ? `Odometer ${reading} miles.` : `Hub ${reading}.`]),
		'',
		'Thanks,',
		'Dana',
	];
	return {
		kind: missing ? 'missingFact' : 'complete',
		reference,
		mail: { from: 'Dana Whitfield <dispatch@lonestar-freight.example>', subject: `Repair request ${reference}: ${unit}`, text: lines.join('\n'), messageId },
	};
}

export function rateConfirmationMail(seed: number, index: number, withPdf: boolean): RateConfirmationMail {
	const random = new Prng(seed * 1000 + 500 + index);
	const loadNumber = String(4480000 + index);
	const rate = `${random.int(1, 4)},${String(random.int(0, 999)).padStart(3, '0')}.00`;
	const day = random.int(1, 27);
	return {
		loadNumber,
		withPdf,
		mail: {
			from: 'Coyote Logistics <loads@coyote-logistics.example>',
			subject: `Rate Confirmation - Load ${loadNumber}`,
			text: [
				'Please find the rate confirmation attached. Sign and return.',
				`Load #: ${loadNumber}`,
				`Rate: $${rate}`,
				`Pickup: Midwest Cold Storage | 1200 W 35th St, Chicago, IL 60609 | 12/${day}/2026 08:00-12:00 | PU-${88000 + index}`,
				`Delivery: Lone Star Foods | 2500 N Stemmons Fwy, Dallas, TX 75207 | 12/${day + 1}/2026 14:00-18:00 | PO-${55000 + index}`,
			].join('\n'),
			attachment: withPdf ? { filename: `RC-${loadNumber}.pdf`, contentType: 'application/pdf', content: onePagePdf(`Rate confirmation load ${loadNumber}`) } : undefined,
			messageId: `day-ratecon-${seed}-${index}@coyote-logistics.example`,
		},
	};
}
