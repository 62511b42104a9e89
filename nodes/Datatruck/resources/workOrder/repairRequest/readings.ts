/**
 * The numbers of a request that are not the unit: the reading of the odometer ("odometer 412,870", "odo 412870",
 * "at 412k miles", "412,870 mi", "663,000 km") or of a trailer's hub odometer ("hub 123,456", "hubometer 123456"),
 * the sender's work order reference ("WO-104233") and an invoice ("invoice VINV-20431").
 */

/** Where a reading came from: the odometer in miles, the odometer in km (kept as written), a hub odometer. */
export type ReadingFrom = 'odometer' | 'km' | 'hub';

export interface MeterReading {
	/** The number as written, a whole number: "412,870" → 412870, "412k" → 412000. Never converted from km. */
	value: number;
	from: ReadingFrom;
}

const NUMBER = '(\\d{1,3}(?:,\\d{3})+|\\d+(?:\\.\\d+)?)';
/** What may follow the number: thousands ("412k"), then the unit it is counted in. */
const AFTER_NUMBER = '\\s*(k\\b)?\\s*(km\\b|kms\\b|kilomet(?:er|re)s?\\b|mi\\b|miles\\b)?';
const KM = /^k/i;
/** "hub 123,456", "hubometer 123456", "hub odometer 88,120 miles", "hub reads 98112", "hub miles: 98,112". */
const HUB = new RegExp(`\\bhub\\s*(?:-?\\s*ometer|odometer|odo|reading|miles|mileage)?\\s*(?:is|at|reads|reading|of|:|-|=|#)?\\s*(?:at\\s+)?${NUMBER}${AFTER_NUMBER}`, 'i');
const AFTER_WORD = new RegExp(`\\b(?:odometer|odom|odo|mileage|miles)\\s*(?:is|at|reads|reading|of|:|-|=)?\\s*(?:at\\s+)?${NUMBER}${AFTER_NUMBER}`, 'i');
const BEFORE_WORD = new RegExp(`\\b${NUMBER}\\s*(k)?\\s*(miles|mi|km|kms|kilomet(?:er|re)s?)\\b`, 'i');
/** "412k on the odometer", "412,331 on the odo". */
const ON_THE_ODOMETER = new RegExp(`\\b${NUMBER}\\s*(k)?\\s*(?:(miles|mi|km)\\s+)?on\\s+(?:the\\s+)?(?:odometer|odom|odo|clock)\\b`, 'i');

/** A reading as a whole number: "412,870" → 412870, "412k" → 412000, "412.8k" → 412800. */
export function milesOf(text: string, thousands = false): number | null {
	const value = Number(text.replace(/,/g, ''));
	if (!Number.isFinite(value)) return null;
	return Math.round(thousands ? value * 1000 : value);
}

/** A match of one of the patterns above as a reading; a number under 100 is a distance ("in 2 miles"), not a reading. */
function readingOf(match: RegExpExecArray | null, from: ReadingFrom): MeterReading | null {
	if (!match) return null;
	const value = milesOf(match[1], Boolean(match[2]));
	if (value === null || value < 100) return null;
	return { value, from: from === 'odometer' && match[3] && KM.test(match[3]) ? 'km' : from };
}

/** A trailer's hub odometer reading the lines give, or null. */
export function hubReading(lines: string[]): MeterReading | null {
	return readingOf(HUB.exec(lines.join('\n')), 'hub');
}

/** The odometer reading the lines give (a hub reading is not one), or null. */
export function odometerReading(lines: string[]): MeterReading | null {
	const text = lines.join('\n').replace(new RegExp(HUB.source, 'gi'), ' ');
	return readingOf(AFTER_WORD.exec(text) ?? ON_THE_ODOMETER.exec(text) ?? BEFORE_WORD.exec(text), 'odometer');
}

/** The lines without their hub readings, so that "hub 98,112" is not read as hub work (Tire Hub Repair). */
export function withoutReadings(lines: string[]): string[] {
	return lines.map((line) => line.replace(new RegExp(HUB.source, 'gi'), ' ').trim()).filter(Boolean);
}

/** A number alone, as an answer to "what is the reading?": "412870", "412,870", "412k", "412870 mi", "98112 km". */
export function bareReading(text: string): MeterReading | null {
	return readingOf(new RegExp(`^\\s*${NUMBER}${AFTER_NUMBER}\\s*\\.?\\s*$`, 'i').exec(text), 'odometer');
}

/** An odometer an AI extractor gave, as a number or as text ("412,870", "412k", "663,000 km"). */
export function odometerFromValue(value: unknown): MeterReading | null {
	if (typeof value === 'number') return Number.isFinite(value) && value >= 0 ? { value: Math.round(value), from: 'odometer' } : null;
	if (typeof value !== 'string') return null;
	const match = new RegExp(`^\\s*${NUMBER}${AFTER_NUMBER}\\s*$`, 'i').exec(value);
	if (!match) return null;
	const reading = milesOf(match[1], Boolean(match[2]));
	return reading === null ? null : { value: reading, from: match[3] && KM.test(match[3]) ? 'km' : 'odometer' };
}

/** "WO-104233", "wo 104233", "WO#104233" → "WO-104233"; "Ref: PO-7781" as written. */
export function reference(lines: string[]): string | null {
	const text = lines.join('\n');
	const workOrder = /\bWO\s*[-#:]?\s*(\d{3,})\b/i.exec(text);
	if (workOrder) return `WO-${workOrder[1]}`;
	const labeled = /\b(?:ref(?:erence)?|our ref)\s*(?:number|no\.?|#)?\s*[:#]\s*([A-Z0-9][A-Z0-9-]{2,})\b/i.exec(text);
	return labeled ? labeled[1] : null;
}

/** "Invoice VINV-20431", "inv #5521", "invoice no. 20431", "INV-5521": the shop's invoice, as written; a word without a digit is none ("invoice to follow"). */
export function invoice(lines: string[]): string | null {
	const text = lines.join('\n');
	const code = /\b(INV-?\d[A-Z0-9-]*)\b/i.exec(text);
	if (code) return code[1].toUpperCase();
	const match = /\binv(?:oice)?\b\.?\s*(?:id|number|no\.?|num|#)?\s*[:#]?\s*([A-Z0-9][A-Z0-9/-]*\d[A-Z0-9/-]*)\b/i.exec(text);
	return match ? match[1] : null;
}
