import type { UnitKind } from '../procedureNames';

/**
 * The truck or trailer a request is about, as written: "T-142", "Truck 142", "unit 142", "trk142",
 * "tractor #142", "trailer TR-1005", "trl 1005", "reefer 53-118". Only a number next to a unit word
 * (or a T/TR code) counts, so an odometer, a phone or a date is never read as a unit.
 */
export interface UnitMention {
	/** null when the words do not say ("unit 142"). */
	kind: UnitKind | null;
	/** The number as written, without its words: "142", "TR-1005", "53-118". */
	number: string;
}

const TRUCK_WORDS = 'truck|trk|tractor|tk|power\\s*unit';
const TRAILER_WORDS = 'trailer|trl|reefer|dry\\s*van|flatbed|flat\\s*bed';
const NEUTRAL_WORDS = 'unit|equipment|eq';
/** A unit number: digits, maybe with dashes ("53-118"), maybe behind its own T/TR code ("TR-1005"). */
const NUMBER = '(?:(?:TRK|TRL|TR|T)\\s?-?\\s?)?\\d+(?:-\\d+)*';

const WORDED = new RegExp(
	`\\b(${TRUCK_WORDS}|${TRAILER_WORDS}|${NEUTRAL_WORDS})\\s*(?:(?:#|no\\.?|number|num)\\s*)?[:-]?\\s*(${NUMBER})\\b`,
	'gi',
);
/** A bare code: "T-142", "TR1005", "TRL-1005", "TRK142". */
const CODE = /\b(TRK|TRL|TR|T)\s?-?\s?(\d{2,6}(?:-\d+)?)\b/gi;

function kindOfWord(word: string): UnitKind | null {
	const lower = word.toLowerCase().replace(/\s+/g, '');
	if (new RegExp(`^(${TRUCK_WORDS.replace(/\\s\*/g, '')})$`).test(lower)) return 'truck';
	if (new RegExp(`^(${TRAILER_WORDS.replace(/\\s\*/g, '')})$`).test(lower)) return 'trailer';
	return null;
}

function kindOfCode(code: string): UnitKind {
	return /^(TR|TRL)$/i.test(code) ? 'trailer' : 'truck';
}

/** "TR-1005" → "1005", "53-118" → "53118": how two spellings of one unit number compare. */
export function unitDigits(number: string): string {
	return number.replace(/^[A-Za-z]+/, '').replace(/[^0-9A-Za-z]/g, '');
}

/** Every unit the lines name, in order, each once. */
export function unitMentions(lines: string[]): UnitMention[] {
	const found: UnitMention[] = [];
	const add = (mention: UnitMention) => {
		const same = found.find((other) => unitDigits(other.number) === unitDigits(mention.number));
		if (!same) found.push(mention);
		else if (!same.kind) same.kind = mention.kind;
	};
	for (const line of lines) {
		const taken: Array<[number, number]> = [];
		for (const match of line.matchAll(WORDED)) {
			const code = /^(TRK|TRL|TR|T)\s?-?\s?/i.exec(match[2]);
			add({ kind: kindOfWord(match[1]) ?? (code ? kindOfCode(code[1]) : null), number: match[2].replace(/\s+/g, '') });
			taken.push([match.index, match.index + match[0].length]);
		}
		for (const match of line.matchAll(CODE)) {
			if (taken.some(([start, end]) => match.index >= start && match.index < end)) continue;
			add({ kind: kindOfCode(match[1]), number: match[0].replace(/\s+/g, '') });
		}
	}
	return found;
}

/** The kind the rest of the words point to, for a unit named only as "unit 142". */
export function kindFromContext(lines: string[]): UnitKind | null {
	const text = lines.join(' ');
	const trailer = new RegExp(`\\b(${TRAILER_WORDS})\\b`, 'i').test(text);
	const truck = new RegExp(`\\b(${TRUCK_WORDS}|engine|cab|tractor)\\b`, 'i').test(text);
	if (trailer && !truck) return 'trailer';
	if (truck && !trailer) return 'truck';
	return null;
}

/** A unit given by an AI extractor as one value: "T-142", "trailer 1005", "142". */
export function unitFromValue(value: unknown): UnitMention | null {
	if (value === undefined || value === null) return null;
	const text = String(value).trim();
	if (!text) return null;
	const [mention] = unitMentions([text]);
	if (mention) return mention;
	return /^\d+(?:-\d+)*$/.test(text) ? { kind: null, number: text } : null;
}

/** How a unit a Datatruck list gives matches a mention: the same number, with or without its letters. */
export function sameUnit(unitNumber: string, mention: UnitMention): boolean {
	const compact = (text: string) => text.replace(/[^0-9A-Za-z]/g, '').toUpperCase();
	return compact(unitNumber) === compact(mention.number) || unitDigits(unitNumber) === unitDigits(mention.number);
}

/** The text a picker search is given: the number without its letters, which any unit label contains. */
export function searchTextFor(mention: UnitMention): string {
	return mention.number.replace(/^[A-Za-z]+-?/, '');
}
