/**
 * What a repair request says, field by field, before the unit is checked and the procedure gets its TRK/TRL prefix:
 * from lines of text, or from an AI extractor's fields by the same rules.
 */
import type { UnitKind } from '../procedureNames';
import { procedureFromValue, procedureFromWords, type ProcedureChoice } from './procedure';
import { hubReading, invoice, type MeterReading, odometerFromValue, odometerReading, reference, withoutReadings } from './readings';
import { requestReference } from './thread';
import { kindFromContext, type UnitMention, unitFromValue, unitMentions } from './unit';
import { formatPhone, vendorName, vendorPhone } from './vendor';
import { type Clock, scheduledOn } from './when';

export interface Reading {
	units: UnitMention[];
	/** The kind the other words point to, for a unit named without one. */
	kindHint: UnitKind | null;
	procedure: (kind: UnitKind | null) => ProcedureChoice;
	scheduledOn: string | null;
	vendor: string | null;
	vendorPhone: string | null;
	/** The odometer reading the request gives (in miles, or in km kept as written). */
	odometer: MeterReading | null;
	/** A hub odometer reading ("hub 123,456"): a trailer's. */
	hub: MeterReading | null;
	reference: string | null;
	invoice: string | null;
	/** The note for a request that matched a procedure, and for one that fell back to Other Repair. */
	note: string;
	fallbackNote: string;
	/** The request's reference (REQ-…): the one the answered reply carries, else one from the text and Options › Now. */
	requestReference: string;
}

/** Reads the lines of a request; `subject` is its first line, for the note. */
export function readLines(lines: string[], subject: string, clock: Clock): Reading {
	const vendor = vendorName(lines);
	// "hub 98,112" is a reading, not hub work.
	const words = withoutReadings(lines);
	return {
		units: unitMentions(lines),
		kindHint: kindFromContext(lines) ?? procedureFromWords(words, null).kind,
		procedure: (kind) => procedureFromWords(words, kind),
		scheduledOn: scheduledOn(lines, clock),
		vendor,
		vendorPhone: vendorPhone(lines, vendor),
		odometer: odometerReading(lines),
		hub: hubReading(lines),
		reference: reference(lines),
		invoice: invoice(lines),
		note: `From email: ${subject}`,
		fallbackNote: lines.join('\n'),
		requestReference: requestReference(lines, clock.now),
	};
}

/** The keys of the Information Extractor's output this operation reads. */
export interface ExtractorFields {
	unit?: unknown;
	procedure?: unknown;
	scheduledOn?: unknown;
	vendor?: unknown;
	vendorPhone?: unknown;
	odometer?: unknown;
	hubOdometer?: unknown;
	reference?: unknown;
	invoice?: unknown;
	notes?: unknown;
}

const textOf = (value: unknown): string | null =>
	typeof value === 'string' && value.trim() ? value.trim() : typeof value === 'number' ? String(value) : null;

/** Reads an AI extractor's fields by the same rules as text: nothing is taken on trust. */
export function readFields(fields: ExtractorFields, clock: Clock): Reading {
	const unit = unitFromValue(fields.unit);
	const when = textOf(fields.scheduledOn);
	const phone = textOf(fields.vendorPhone);
	const procedureText = textOf(fields.procedure);
	const notes = textOf(fields.notes);
	const hub = odometerFromValue(fields.hubOdometer);
	return {
		units: unit ? [unit] : [],
		kindHint: procedureFromValue(procedureText, null).kind,
		procedure: (kind) => procedureFromValue(procedureText, kind),
		scheduledOn: when ? scheduledOn([when], clock) : null,
		vendor: textOf(fields.vendor),
		vendorPhone: phone ? (formatPhone(phone) ?? phone) : null,
		odometer: odometerFromValue(fields.odometer),
		hub: hub ? { ...hub, from: 'hub' } : null,
		reference: textOf(fields.reference),
		invoice: textOf(fields.invoice),
		note: notes ?? 'From an AI extractor',
		fallbackNote: notes ?? procedureText ?? 'From an AI extractor',
		requestReference: requestReference([JSON.stringify(fields)], clock.now),
	};
}
