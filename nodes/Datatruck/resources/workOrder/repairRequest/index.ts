/**
 * A repair request (an email, a webhook's text, or an AI extractor's fields) turned into the
 * fields of Work Order › Create. Pure: the only outside call is `findUnit`, the check of the unit
 * against Datatruck's lists, which the caller passes in (or leaves out to check nothing).
 */
import type { UnitKind } from '../procedureNames';
import { readAnswer } from './answer';
import type { MeterReading } from './readings';
import { readLines, type Reading } from './reading';
import {
	ambiguousUnits,
	MISSING_HUB,
	MISSING_ODOMETER,
	MISSING_UNIT,
	MISSING_WHEN,
	type Missing,
	missingDefault,
	QUESTIONS,
	replyText,
	type Understood,
	unknownUnit,
} from './reply';
import { firstLine, requestLines } from './text';
import { threadAnswer } from './thread';
import type { UnitMention } from './unit';
import type { Clock } from './when';

export type { Clock } from './when';
export type { UnitMention } from './unit';
export type { ExtractorFields } from './reading';
export { readFields } from './reading';
export { REFERENCE } from './thread';
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
	/** The odometer a trailer's work order carries when the mail gives no hub reading (Options › Defaults › Trailer Odometer). */
	trailerOdometer?: number;
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
	/** The question(s) the reply asks the sender, one a line; null when nothing is asked of the sender. */
	question: string | null;
	/** The request's reference (REQ-…): in the reply's heading and subject, and the work order's reference number when the mail names none. */
	requestReference: string;
	/** The work order already created for this request (by its reference number), when Options › Check for Existing Work Order found one. */
	alreadyCreated: { id: unknown; number: unknown } | null;
	/**
	 * How far Options › Check for Existing Work Order looked; null where it did not (off, or the request not ready).
	 * `complete` false: it stopped before the end of Datatruck's list without finding the reference, after comparing
	 * the newest `workOrdersChecked` work orders (null where the answer is complete).
	 */
	existingCheck: { complete: boolean; workOrdersChecked: number | null } | null;
	workOrder: WorkOrderFields;
	understood: Understood;
	reply: string;
}

/** Reads a repair request's text (an email's subject and body, plain or HTML), or an answer to the reply's question with the request it quotes. */
export function readText(text: string, clock: Clock): Reading {
	const thread = threadAnswer(text);
	if (thread) return readAnswer(thread, clock);
	return readLines(requestLines(text), firstLine(text), clock);
}

interface UnitOutcome {
	unit: Understood['unit'];
	missing: Missing[];
}

async function checkUnit(reading: Reading, findUnit: UnitFinder | undefined): Promise<UnitOutcome> {
	const forSender = (text: string, ask: string): Missing[] => [{ text, from: 'sender', ask, aboutUnit: true }];
	if (!reading.units.length) return { unit: null, missing: forSender(MISSING_UNIT, QUESTIONS.unit()) };
	const numbers = reading.units.map((unit) => unit.number);
	if (numbers.length > 1) return { unit: null, missing: forSender(ambiguousUnits(numbers), QUESTIONS.ambiguous(numbers)) };
	const [mention] = reading.units;
	const likely = mention.kind ?? reading.kindHint;
	if (!findUnit) return { unit: { kind: likely ?? 'truck', number: mention.number }, missing: [] };
	// A unit named without its kind ("unit 142") is looked for in both lists, the likelier first.
	const kinds: UnitKind[] = mention.kind ? [mention.kind] : likely === 'trailer' ? ['trailer', 'truck'] : ['truck', 'trailer'];
	const found = await findUnit(mention, kinds);
	if (!found) {
		const missing = forSender(unknownUnit(mention.kind, mention.number), QUESTIONS.unknown(mention.kind, mention.number));
		return { unit: { kind: likely ?? 'truck', number: mention.number }, missing };
	}
	return { unit: { kind: found.kind, number: mention.number, label: found.label }, missing: [] };
}

const setOrNull = (value: string | undefined): string | null => (value?.trim() ? value.trim() : null);

interface OdometerChoice {
	value: number | null;
	from: Understood['odometerFrom'];
}

/**
 * The odometer by the unit's kind, never made up. A truck: the odometer the mail gives. A trailer: a hub reading,
 * else a reading the sender called the odometer, else the shop's Trailer Odometer. A unit of no known kind: any.
 */
function odometerFor(kind: UnitKind | null, reading: Reading, defaults: Defaults): OdometerChoice {
	const given: MeterReading | null =
		kind === 'truck' ? reading.odometer : kind === 'trailer' ? (reading.hub ?? reading.odometer) : (reading.odometer ?? reading.hub);
	if (given) return { value: given.value, from: given.from };
	if (kind === 'trailer' && defaults.trailerOdometer !== undefined) return { value: defaults.trailerOdometer, from: 'default' };
	return { value: null, from: null };
}

/** What the sender is asked for, besides the unit: the day and the reading, each with its question. */
function missingFromSender(understood: Understood, kind: UnitKind | null): Missing[] {
	const missing: Missing[] = [];
	if (!understood.scheduledOn) missing.push({ text: MISSING_WHEN, from: 'sender', ask: QUESTIONS.when(understood) });
	if (understood.odometer === null) {
		missing.push(
			kind === 'trailer'
				? { text: MISSING_HUB, from: 'sender', ask: QUESTIONS.hub(understood) }
				: { text: MISSING_ODOMETER, from: 'sender', ask: QUESTIONS.odometer(understood) },
		);
	}
	return missing;
}

/**
 * The work order, what is missing, and the reply: from a reading, with the unit checked by `findUnit` and
 * what the request never says filled from `defaults`. Ready only with every field Datatruck's published page
 * marks required: status, type, payment type, invoice ID, scheduled date, assigned to, odometer (and the unit).
 */
export async function extraction(reading: Reading, clock: Clock, findUnit?: UnitFinder, defaults: Defaults = {}): Promise<Extraction> {
	const { unit, missing } = await checkUnit(reading, findUnit);
	const kind = unit?.kind ?? reading.kindHint;
	const procedure = reading.procedure(kind);
	const fellBack = procedure.words.length === 0 && procedure.name.endsWith('Other Repair');
	const odometer = odometerFor(unit?.kind ?? (reading.units.length ? null : reading.kindHint), reading, defaults);
	const understood: Understood = {
		unit,
		procedure: procedure.name,
		procedureWords: procedure.words,
		scheduledOn: reading.scheduledOn,
		vendor: reading.vendor,
		vendorPhone: reading.vendorPhone,
		odometer: odometer.value,
		odometerFrom: odometer.from,
		reference: reading.reference,
		invoice: reading.invoice,
	};
	const workOrder = { procedure_name: procedure.name } as WorkOrderFields;
	if (unit && !missing.length) workOrder[unit.kind] = unit.label ?? unit.number;
	if (reading.scheduledOn) workOrder.scheduled_on_date = reading.scheduledOn;
	if (reading.vendor) workOrder.vendor = reading.vendor;
	if (reading.vendorPhone) workOrder.vendor_phone = reading.vendorPhone;
	if (odometer.value !== null) workOrder.odometer = odometer.value;
	// The request's own reference, else its REQ-…: a second answer finds the work order the first one created by it.
	workOrder.reference_number = reading.reference ?? reading.requestReference;
	// What the request does not say, the workflow's Defaults give; the invoice the request names wins.
	const invoiceId = reading.invoice ?? setOrNull(defaults.invoiceId);
	if (invoiceId) workOrder.invoice_id = invoiceId;
	const filled = { typeWorkOrder: setOrNull(defaults.typeWorkOrder), paymentType: setOrNull(defaults.paymentType), assignedTo: setOrNull(defaults.assignedTo) };
	if (filled.typeWorkOrder) workOrder.type_work_order = filled.typeWorkOrder;
	if (filled.paymentType) workOrder.payment_type = filled.paymentType;
	if (filled.assignedTo) workOrder.assigned_to = filled.assignedTo;
	const km = odometer.from === 'km' ? `\nOdometer as written: ${odometer.value} km (not converted to miles)` : '';
	workOrder.notes = [{ body: `${fellBack ? reading.fallbackNote : reading.note}${km}` }];
	workOrder.status = setOrNull(defaults.status) ?? 'Pending';
	// Datatruck's published required fields, in the order the sender and then the workflow can give them.
	missing.push(...missingFromSender(understood, unit?.kind ?? reading.kindHint));
	if (!invoiceId) missing.push(missingDefault('invoiceId'));
	for (const key of ['typeWorkOrder', 'paymentType', 'assignedTo'] as const) if (!filled[key]) missing.push(missingDefault(key));
	const asked = missing.filter((item) => item.from === 'sender');
	// A mail with no unit and no problem named is no request yet: it gets the whole guide, not questions.
	const usable = reading.units.length > 0 || !fellBack;
	return {
		ready: missing.length === 0,
		missing: missing.map((item) => item.text),
		question: usable && asked.length ? asked.map((item) => item.ask ?? item.text).join('\n') : null,
		requestReference: reading.requestReference,
		alreadyCreated: null,
		existingCheck: null,
		workOrder,
		understood,
		reply: replyText(understood, missing, clock.timeZone, { reference: reading.requestReference, usable }),
	};
}

/** An extraction whose work order Datatruck already has (found by its reference number): nothing is created again. */
export function alreadyCreated(result: Extraction, workOrder: { id: unknown; number: unknown }): Extraction {
	const name = workOrder.number !== undefined && workOrder.number !== null && workOrder.number !== '' ? `${workOrder.number} (ID ${workOrder.id})` : `ID ${workOrder.id}`;
	return {
		...result,
		ready: false,
		alreadyCreated: workOrder,
		reply: [
			`Work order ${name} was already created for this request (reference ${result.workOrder.reference_number}); nothing new was created.`,
			result.reply.replace(/^The work order can be created:\n/, 'Understood:\n'),
		].join('\n'),
	};
}
