/**
 * How a property test is run, from the environment: `<PREFIX>_RUNS` (scenarios), `<PREFIX>_SEED` (fast-check's
 * seed; the time of day when unset) and `<PREFIX>_PATH` (the counterexample path fast-check printed). The seed is
 * printed before the run so that a failure in CI can be replayed.
 */
export interface PropertySettings {
	runs: number;
	seed: number;
	path: string | undefined;
	/** Prints the seed and how to rerun with it. */
	announce(label: string): void;
}

export function propertySettings(prefix: string, defaultRuns: number): PropertySettings {
	const runs = Number(process.env[`${prefix}_RUNS`] ?? defaultRuns);
	const seed = Number(process.env[`${prefix}_SEED`] ?? Date.now() % 2 ** 31);
	return {
		runs,
		seed,
		path: process.env[`${prefix}_PATH`],
		announce: (label) => console.log(`${label}: seed ${seed} (rerun with ${prefix}_SEED=${seed})`),
	};
}
