import { matchProcedureName, procedurePrefix, type UnitKind } from '../procedureNames';

/**
 * Plain words → one of Datatruck's 62 procedure names. Each row names the suffix (after TRK/TRL)
 * and the words that mean it; the first row with a match wins, so the more specific rows come
 * first (a "trailer tire" before "tire", "brake chamber" before "air leak"). The TRK/TRL prefix
 * comes from the unit's kind, or from the words ("flat on the trailer") when the unit does not say.
 * docs/work-orders-from-email.md shows this table to users; keep the two in step.
 */
export interface ProcedureWords {
	suffix: string;
	words: RegExp;
	/** The kind the words themselves name, e.g. "trailer tire". */
	kind?: UnitKind;
}

export const PROCEDURE_WORDS: ProcedureWords[] = [
	{ suffix: 'Tire Repair / Replacement', kind: 'trailer', words: /\btrailer tires?\b|\bflat (tire )?on (the )?trailer\b|\btrailer (has a )?flat\b/i },
	{ suffix: 'TOW', words: /\btow(ed|ing)?\b|\bwrecker\b/i },
	{ suffix: 'Accident Damage / Repair', words: /\baccident\b|\bcollision\b|\bcrash(ed)?\b|\bhit (a|by|the)\b/i },
	{ suffix: 'ABS failure', words: /\babs\b/i },
	{ suffix: 'Brake Issue', words: /\bbrakes?\b|\bgrinding\b|\bbrake chamber\b|\bslack adjuster\b|\bpads?\b|\brotors?\b/i },
	{ suffix: 'Air System Leakage', words: /\bair (leak|line|system|bag)s?\b|\bleaking air\b|\bair pressure\b|\bcompressor\b/i },
	{ suffix: 'Inner appliances Issues', words: /\bfridge\b|\bmicrowave\b|\bapu\b|\bbunk heater\b|\bappliances?\b|\breefer unit\b|\breefer\b.*\b(not|won'?t|isn'?t|no)\b.*\b(cool|run|start|hold)/i },
	{ suffix: 'Air conditioner service', words: /\ba\/?c\b|\bair ?con(dition(er|ing))?\b|\bno cold air\b|\bnot cooling\b|\bfreon\b/i },
	{ suffix: 'Inverter failure', words: /\binverter\b/i },
	{ suffix: 'Check Engine Light', words: /\bcheck engine\b|\bcel\b|\bengine light\b|\bfault code\b/i },
	{ suffix: 'Def system issue', words: /\bdef\b|\bdiesel exhaust fluid\b|\bscr\b|\bdpf\b|\bregen\b/i },
	{ suffix: 'Stop Engine Light', words: /\bstop engine\b|\bsel\b|\bderate\b/i },
	{ suffix: 'Exhaust system issue', words: /\bexhaust\b|\bmuffler\b|\bturbo\b/i },
	{ suffix: 'Starter failure', words: /\bstarter\b|\bwon'?t (start|crank|turn over)\b|\bno start\b|\bdoesn'?t start\b/i },
	{ suffix: 'Oil Leakage', words: /\boil leak(s|ing|age)?\b|\bleaking oil\b/i },
	{ suffix: 'Coolant Leakage', words: /\bcoolant\b|\bantifreeze\b|\bradiator\b|\boverheat(s|ing|ed)?\b/i },
	{ suffix: 'Fuel Leakage', words: /\bfuel leak(s|ing|age)?\b|\bleaking fuel\b|\bdiesel leak\b|\bfuel tank\b/i },
	{ suffix: 'Tire Hub Repair / Replacement/Oil refill', words: /\bhub(s| oil| seal| cap)?\b|\bwheel seal\b|\bwheel bearing\b/i },
	{ suffix: 'TIre Rim Repair / Replacement', words: /\brims?\b|\bwheel damage\b/i },
	{ suffix: 'Alignment/Balancing', words: /\balign(ment|ed)?\b|\bbalanc(e|ing)\b|\bpulls? to the\b|\bshimmy\b/i },
	{ suffix: 'Tire Repair / Replacement', words: /\btires?\b|\bflat\b|\bblow ?out\b|\bblew a\b/i },
	{ suffix: '5th Wheel Repair', words: /\b(5th|fifth) wheel\b|\bkingpin\b/i },
	{ suffix: 'Suspension issue', words: /\bsuspension\b|\bleaf springs?\b|\bshocks?\b|\bair ride\b/i },
	{ suffix: 'Windshield', words: /\bwindshield\b|\bwind shield\b|\bcracked glass\b/i },
	{ suffix: 'Side Windows repair/replacement', words: /\b(side|door|driver'?s?|passenger) windows?\b|\bwindows? (glass|regulator|motor|crack(ed)?|broke(n)?)\b/i },
	{ suffix: 'Wiper blades replacement', words: /\bwipers?\b/i },
	{ suffix: 'Lights repair', words: /\blights?\b|\bheadlights?\b|\bmarker lights?\b|\bturn signals?\b|\bbulbs?\b/i },
	{ suffix: 'Electrical Issues', words: /\belectric(al)?\b|\bbattery\b|\bbatteries\b|\balternator\b|\bwiring\b|\bfuses?\b/i },
	{ suffix: 'Body Damage', words: /\bbody damage\b|\bdent(ed)?\b|\bbumper\b|\bmirror\b|\bfender\b|\bhood\b|\bdoors?\b/i },
	{ suffix: 'Wash', words: /\bwash(out)?\b/i },
	{ suffix: 'Complex Repair', words: /\bengine (rebuild|overhaul|replacement)\b|\btransmission\b|\bclutch\b|\bdifferential\b|\brear end\b/i },
];

export interface ProcedureChoice {
	/** Datatruck's name, e.g. "TRK Brake Issue". */
	name: string;
	/** The words of the request that chose it; empty when the name fell back to Other Repair. */
	words: string[];
	/** The kind the words named, for a unit that does not say. */
	kind: UnitKind | null;
}

/** The first row of the table any line matches, and every phrase of that row found in the lines. */
export function procedureFromWords(lines: string[], kind: UnitKind | null): ProcedureChoice {
	const text = lines.join('\n');
	for (const row of PROCEDURE_WORDS) {
		if (!row.words.test(text)) continue;
		const global = new RegExp(row.words.source, 'gi');
		const words = [...new Set([...text.matchAll(global)].map((match) => match[0].toLowerCase()))];
		const chosenKind = kind ?? row.kind ?? null;
		return { name: `${procedurePrefix(chosenKind)} ${row.suffix}`, words, kind: row.kind ?? null };
	}
	return { name: `${procedurePrefix(kind)} Other Repair`, words: [], kind: null };
}

/**
 * A procedure an AI extractor gave: one of the 62 names in any spelling, else its words read
 * through the table, else Other Repair.
 */
export function procedureFromValue(value: unknown, kind: UnitKind | null): ProcedureChoice {
	const text = value === undefined || value === null ? '' : String(value).trim();
	const named = text ? matchProcedureName(text, kind) : null;
	if (named) return { name: named, words: [text], kind: named.startsWith('TRL') ? 'trailer' : 'truck' };
	return procedureFromWords(text ? [text] : [], kind);
}
