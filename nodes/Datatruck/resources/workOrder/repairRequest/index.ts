/**
 * A repair request (an email, a webhook's text, or an AI extractor's fields) turned into the
 * fields of Work Order › Create. Pure: the only outside call is `findUnit`, the check of the unit
 * against Datatruck's lists, which the caller passes in (or leaves out to check nothing).
 */
import type { UnitKind } from '../procedureNames';
import { procedureFromValue, procedureFromWords, type ProcedureChoice } from './procedure';
import {
	ambiguousUnits,
	MISSING_ODOMETER,
	MISSING_UNIT,
	MISSING_WHEN,
	type Missing,
	missingDefault,
	replyText,
	type Understood,
	unknownUnit,
} from './reply';
import { firstLine, requestLines } from './text';
import { kindFromContext, type UnitMention, unitFromValue, unitMentions } from './unit';
import { vendorName, vendorPhone, formatPhone } from './vendor';
import { invoice, odometer, odometerFromValue, reference } from './readings';
import { type Clock, scheduledOn } from './when';

export type { Clock } from './when';
export type { UnitMention } from './unit';
export { sameUnit, searchTextFor } from './unit';
export type { Understood } from './reply';
export { DEFAULT_FIELDS } from './reply';
export { PROCEDURE_WORDS } from './procedure';

/** What the caller's look-up found: the unit's kind and its label in Datatruck's list. */
export interface FoundUnit {
	kind: UnitKind;
	label: string;
}

/** Looks a unit up in Datatruck; `kinds` are the lists to search, in order. */
export type UnitFinder = (mention: UnitMention, kinds: UnitKind[]) => Promise<FoundUnit | null>;

/**
 * The workflow's values for what a request never says, under Work Order › Create's parameter names
 * (Options › Defaults). Empty or absent: not set. Status is Pending unless set.
 */
export interface Defaults {
	typeWorkOrder?: string;
	paymentType?: string;
	assignedTo?: string;
	status?: string;
	invoiceId?: string;
}

/** The work order body for Work Order › Create, under Datatruck's API keys. */
export interface WorkOrderFields {
	procedure_name: string;
	truck?: string;
	trailer?: string;
	scheduled_on_date?: string;
	vendor?: string;
	vendor_phone?: string;
	odometer?: number;
	reference_number?: string;
	type_work_order?: string;
	payment_type?: string;
	invoice_id?: string;
	assigned_to?: string;
	status: string;
	notes: Array<{ body: string }>;
}

export interface Extraction {
	ready: boolean;
	missing: string[];
	workOrder: WorkOrderFields;
	understood: Understood;
	reply: string;
}

/** What was read, before the unit is checked and the procedure gets its TRK/TRL prefix. */
interface Reading {
	units: UnitMention[];
	/** The kind the other words point to, for a unit named without one. */
	kindHint: UnitKind | null;
	procedure: (kind: UnitKind | null) => ProcedureChoice;
	scheduledOn: string | null;
	vendor: string | null;
	vendorPhone: string | null;
	odometer: number | null;
	reference: string | null;
	invoice: string | null;
	/** The note for a request that matched a procedure, and for one that fell back to Other Repair. */
	note: string;
	fallbackNote: string;
}

/** Reads a repair request's text (an email's subject and body, plain or HTML). */
export function readText(text: string, clock: Clock): Reading {
	const lines = requestLines(text);
	const vendor = vendorName(lines);
	const subject = firstLine(text);
	return {
		units: unitMentions(lines),
		kindHint: kindFromContext(lines) ?? procedureFromWords(lines, null).kind,
		procedure: (kind) => procedureFromWords(lines, kind),
		scheduledOn: scheduledOn(lines, clock),
		vendor,
		vendorPhone: vendorPhone(lines, vendor),
		odometer: odometer(lines),
		reference: reference(lines),
		invoice: invoice(lines),
		note: `From email: ${subject}`,
		fallbackNote: lines.join('\n'),
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
	return {
		units: unit ? [unit] : [],
		kindHint: procedureFromValue(procedureText, null).kind,
		procedure: (kind) => procedureFromValue(procedureText, kind),
		scheduledOn: when ? scheduledOn([when], clock) : null,
		vendor: textOf(fields.vendor),
		vendorPhone: phone ? (formatPhone(phone) ?? phone) : null,
		odometer: odometerFromValue(fields.odometer),
		reference: textOf(fields.reference),
		invoice: textOf(fields.invoice),
		note: notes ?? 'From an AI extractor',
		fallbackNote: notes ?? procedureText ?? 'From an AI extractor',
	};
}

interface UnitOutcome {
	unit: Understood['unit'];
	missing: Missing[];
}

async function checkUnit(reading: Reading, findUnit: UnitFinder | undefined): Promise<UnitOutcome> {
	const forSender = (text: string): Missing[] => [{ text, from: 'sender' }];
	if (!reading.units.length) return { unit: null, missing: forSender(MISSING_UNIT) };
	if (reading.units.length > 1) return { unit: null, missing: forSender(ambiguousUnits(reading.units.map((unit) => unit.number))) };
	const [mention] = reading.units;
	const likely = mention.kind ?? reading.kindHint;
	if (!findUnit) return { unit: { kind: likely ?? 'truck', number: mention.number }, missing: [] };
	// A unit named without its kind ("unit 142") is looked for in both lists, the likelier first.
	const kinds: UnitKind[] = mention.kind ? [mention.kind] : likely === 'trailer' ? ['trailer', 'truck'] : ['truck', 'trailer'];
	const found = await findUnit(mention, kinds);
	if (!found) return { unit: { kind: likely ?? 'truck', number: mention.number }, missing: forSender(unknownUnit(mention.kind, mention.number)) };
	return { unit: { kind: found.kind, number: mention.number, label: found.label }, missing: [] };
}

const setOrNull = (value: string | undefined): string | null => (value?.trim() ? value.trim() : null);

/**
 * The work order, what is missing, and the reply: from a reading, with the unit checked by `findUnit` and
 * what the request never says filled from `defaults`. Ready only with every field Datatruck's published page
 * marks required: status, type, payment type, invoice ID, scheduled date, assigned to, odometer (and the unit).
 */
export async function extraction(reading: Reading, clock: Clock, findUnit?: UnitFinder, defaults: Defaults = {}): Promise<Extraction> {
	const { unit, missing } = await checkUnit(reading, findUnit);
	const procedure = reading.procedure(unit?.kind ?? reading.kindHint);
	const fellBack = procedure.words.length === 0 && procedure.name.endsWith('Other Repair');
	const understood: Understood = {
		unit,
		procedure: procedure.name,
		procedureWords: procedure.words,
		scheduledOn: reading.scheduledOn,
		vendor: reading.vendor,
		vendorPhone: reading.vendorPhone,
		odometer: reading.odometer,
		reference: reading.reference,
		invoice: reading.invoice,
	};
	const workOrder = { procedure_name: procedure.name } as WorkOrderFields;
	if (unit && !missing.length) workOrder[unit.kind] = unit.label ?? unit.number;
	if (reading.scheduledOn) workOrder.scheduled_on_date = reading.scheduledOn;
	if (reading.vendor) workOrder.vendor = reading.vendor;
	if (reading.vendorPhone) workOrder.vendor_phone = reading.vendorPhone;
	if (reading.odometer !== null) workOrder.odometer = reading.odometer;
	if (reading.reference) workOrder.reference_number = reading.reference;
	// What the request does not say, the workflow's Defaults give; the invoice the request names wins.
	const invoiceId = reading.invoice ?? setOrNull(defaults.invoiceId);
	if (invoiceId) workOrder.invoice_id = invoiceId;
	const filled = { typeWorkOrder: setOrNull(defaults.typeWorkOrder), paymentType: setOrNull(defaults.paymentType), assignedTo: setOrNull(defaults.assignedTo) };
	if (filled.typeWorkOrder) workOrder.type_work_order = filled.typeWorkOrder;
	if (filled.paymentType) workOrder.payment_type = filled.paymentType;
	if (filled.assignedTo) workOrder.assigned_to = filled.assignedTo;
	workOrder.notes = [{ body: fellBack ? reading.fallbackNote : reading.note }];
	workOrder.status = setOrNull(defaults.status) ?? 'Pending';
	// Datatruck's published required fields, in the order the sender and then the workflow can give them.
	if (!reading.scheduledOn) missing.push({ text: MISSING_WHEN, from: 'sender' });
	if (reading.odometer === null) missing.push({ text: MISSING_ODOMETER, from: 'sender' });
	if (!invoiceId) missing.push(missingDefault('invoiceId'));
	for (const key of ['typeWorkOrder', 'paymentType', 'assignedTo'] as const) if (!filled[key]) missing.push(missingDefault(key));
	return {
		ready: missing.length === 0,
		missing: missing.map((item) => item.text),
		workOrder,
		understood,
		reply: replyText(understood, missing, clock.timeZone),
	};
}
