/** The 62 accepted `procedure_name` values of a work order (spec, POST /work-orders/create/). */

/** Spelling is exact, including the capital I of `TIre Rim`. */
export const PROCEDURE_SUFFIXES: readonly string[] = [
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

/** `TRK ` for truck work, `TRL ` for trailer work. */
export const PROCEDURE_PREFIXES = ['TRK ', 'TRL '] as const;

export const PROCEDURE_NAMES: readonly string[] = PROCEDURE_PREFIXES.flatMap((prefix) =>
	PROCEDURE_SUFFIXES.map((suffix) => `${prefix}${suffix}`),
);
