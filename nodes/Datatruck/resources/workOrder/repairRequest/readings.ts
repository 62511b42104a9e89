/**
 * The numbers of a request that are not the unit: the odometer ("odometer 412,870", "412870
 * miles", "odo 412k"), the sender's work order reference ("WO-104233") and an invoice ("invoice VINV-20431").
 */

const AFTER_WORD = /\b(?:odometer|odom|odo|mileage|miles)\s*(?:is|at|reads|reading|of|:|-|=)?\s*(?:at\s+)?(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)\s*(k\b)?/i;
const BEFORE_WORD = /\b(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)\s*(k)?\s*(?:miles|mi)\b/i;
/** "412k on the odometer", "412,331 on the odo". */
const ON_THE_ODOMETER = /\b(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)\s*(k)?\s*(?:miles\s+|mi\s+)?on\s+(?:the\s+)?(?:odometer|odom|odo|clock)\b/i;

/** A reading as a whole number of miles: "412,870" → 412870, "412k" → 412000, "412.8k" → 412800. */
export function milesOf(text: string, thousands = false): number | null {
	const value = Number(text.replace(/,/g, ''));
	if (!Number.isFinite(value)) return null;
	return Math.round(thousands ? value * 1000 : value);
}

export function odometer(lines: string[]): number | null {
	const text = lines.join('\n');
	const match = AFTER_WORD.exec(text) ?? ON_THE_ODOMETER.exec(text) ?? BEFORE_WORD.exec(text);
	if (!match) return null;
	const miles = milesOf(match[1], Boolean(match[2]));
	// "in 2 miles" is a distance, not a reading.
	return miles !== null && miles >= 100 ? miles : null;
}

/** An odometer an AI extractor gave, as a number or as text ("412,870", "412k"). */
export function odometerFromValue(value: unknown): number | null {
	if (typeof value === 'number') return Number.isFinite(value) && value >= 0 ? Math.round(value) : null;
	if (typeof value !== 'string') return null;
	const match = /^\s*(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)\s*(k)?\s*(?:miles|mi)?\s*$/i.exec(value);
	return match ? milesOf(match[1], Boolean(match[2])) : null;
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
