import type { INodePropertyOptions } from 'n8n-workflow';
import type { ParameterCheck } from '../../shared/fields';

/**
 * What was done, as Datatruck names it: each of these suffixes after `TRK ` (truck work) or `TRL `
 * (trailer work), 62 names in all. The spelling is Datatruck's, including the capital I of "TIre Rim".
 */
const PROCEDURE_SUFFIXES = [
	'Accident Damage / Repair',
	'Complex Repair',
	'Air System Leakage',
	'Brake Issue',
	'ABS failure',
	'Body Damage',
	'5th Wheel Repair',
	'Alignment/Balancing',
	'Tire Repair / Replacement',
	'TIre Rim Repair / Replacement',
	'Tire Hub Repair / Replacement/Oil refill',
	'Check Engine Light',
	'Stop Engine Light',
	'Starter failure',
	'Oil Leakage',
	'Coolant Leakage',
	'Fuel Leakage',
	'Electrical Issues',
	'Lights repair',
	'Def system issue',
	'Exhaust system issue',
	'Suspension issue',
	'Windshield',
	'Side Windows repair/replacement',
	'Wiper blades replacement',
	'Inner appliances Issues',
	'Inverter failure',
	'Air conditioner service',
	'Wash',
	'TOW',
	'Other Repair',
];

export const PROCEDURE_NAMES: readonly string[] = ['TRK ', 'TRL '].flatMap((prefix) =>
	PROCEDURE_SUFFIXES.map((suffix) => `${prefix}${suffix}`),
);

/** The dropdown, sorted by name as n8n lists options. */
export const PROCEDURE_OPTIONS: INodePropertyOptions[] = PROCEDURE_NAMES.map((name) => ({
	name,
	value: name,
	description: name.startsWith('TRK ') ? 'Work on a truck' : 'Work on a trailer',
})).sort((a, b) => a.name.localeCompare(b.name));

const EXAMPLE = 'TRK Brake Issue';

export type UnitKind = 'truck' | 'trailer';

/** The prefix of a name for a unit kind: TRK for a truck, TRL for a trailer. */
export function procedurePrefix(kind: UnitKind | null | undefined): 'TRK' | 'TRL' {
	return kind === 'trailer' ? 'TRL' : 'TRK';
}

/** Lower case, only letters and digits, single spaces: how two spellings of one name compare. */
function squash(text: string): string {
	return text
		.toLowerCase()
		.replace(/[^a-z0-9]+/g, ' ')
		.trim();
}

/**
 * "trk brake issue", "TRK-Brake Issue", "Truck Brake Issue", "TRL:tire repair / replacement": the
 * TRK/TRL prefix as a word, any punctuation or spacing after it, and the suffix in any case.
 */
const PREFIX_WORDS: Record<string, UnitKind> = { trk: 'truck', truck: 'truck', tractor: 'truck', trl: 'trailer', trailer: 'trailer' };

/**
 * Datatruck's exact spelling of a near miss, or null. Without a prefix, the unit's kind decides
 * (a truck when none is known): "brake issue" with a truck set is "TRK Brake Issue".
 */
export function matchProcedureName(value: string, kind?: UnitKind | null): string | null {
	if (PROCEDURE_NAMES.includes(value)) return value;
	const words = squash(value);
	if (!words) return null;
	const [first, ...rest] = words.split(' ');
	const prefixKind = PREFIX_WORDS[first];
	const suffix = prefixKind ? rest.join(' ') : words;
	const prefix = procedurePrefix(prefixKind ?? kind);
	return PROCEDURE_NAMES.find((name) => name.startsWith(prefix) && squash(name.slice(4)) === suffix) ?? null;
}

/** Levenshtein distance, for naming the closest names to a value that matches none. */
function distance(a: string, b: string): number {
	let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
	for (let i = 1; i <= a.length; i++) {
		const current = [i];
		for (let j = 1; j <= b.length; j++) {
			current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
		}
		previous = current;
	}
	return previous[b.length];
}

/** How many of the value's words (their first four letters) begin a word of the name. */
function sharedWords(wanted: string[], name: string): number {
	const words = squash(name).split(' ');
	return wanted.filter((word) => words.some((candidate) => candidate.startsWith(word.slice(0, 4)))).length;
}

/** The three names nearest to a value: most words in common first, then the fewest edits. */
export function closestProcedureNames(value: string, count = 3): string[] {
	const wanted = squash(value);
	const words = wanted.split(' ').filter(Boolean);
	return PROCEDURE_NAMES.map((name) => ({ name, shared: sharedWords(words, name), edits: distance(wanted, squash(name)) }))
		.sort((a, b) => b.shared - a.shared || a.edits - b.edits)
		.slice(0, count)
		.map(({ name }) => name);
}

/**
 * Checks a procedure name (typed, from an expression or in JSON) against Datatruck's 62 and returns
 * Datatruck's spelling of it; `kind` (the truck or trailer set) decides a name given without prefix.
 */
export function procedureName(check: ParameterCheck, value: unknown, parameter: string, kind?: UnitKind | null): string {
	const text = typeof value === 'string' ? value : value === undefined || value === null ? '' : JSON.stringify(value);
	if (!text.trim()) check.fail(parameter, 'is required: pick one of the 62 procedure names', EXAMPLE);
	const matched = matchProcedureName(text, kind);
	if (matched) return matched;
	const near = closestProcedureNames(text);
	check.fail(
		parameter,
		`"${text}" is not one of Datatruck's 62 procedure names; the closest are ${near.map((name) => `"${name}"`).join(', ')}`,
		near[0],
	);
}
