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

/** Which of the 62 names a near miss meant: other upper/lower case, spacing, or no TRK/TRL prefix. */
function closestNames(text: string): string[] {
	const squash = (name: string) => name.toLowerCase().replace(/\s+/g, ' ').trim();
	const wanted = squash(text);
	const same = PROCEDURE_NAMES.filter((name) => squash(name) === wanted);
	if (same.length) return same;
	return PROCEDURE_NAMES.filter((name) => squash(name.slice(4)) === wanted);
}

/** Checks a procedure name (typed, from an expression or in JSON) against Datatruck's 62. */
export function procedureName(check: ParameterCheck, value: unknown, parameter: string): string {
	const text = typeof value === 'string' ? value : value === undefined || value === null ? '' : JSON.stringify(value);
	if (PROCEDURE_NAMES.includes(text)) return text;
	if (!text.trim()) check.fail(parameter, 'is required: pick one of the 62 procedure names', EXAMPLE);
	const near = closestNames(text);
	const hint = near.length
		? `; did you mean ${near.map((name) => `"${name}"`).join(' or ')}?`
		: ': it must be "TRK " (truck) or "TRL " (trailer) followed by a procedure such as "Brake Issue" or "Other Repair", spelled exactly as in the dropdown';
	check.fail(parameter, `"${text}" is not one of Datatruck's 62 procedure names${hint}`, near[0] ?? EXAMPLE);
}
