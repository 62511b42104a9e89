/**
 * The run of a property test over its scenarios, from the environment (`<PREFIX>_…`): `_RUNS`, `_SEED`, `_PATH` (see
 * settings.cts); `_SCENARIO='<scenario JSON from a failure>'` replays that one scenario first; `_TALLY=1` runs every
 * scenario and prints the failures grouped instead of stopping at the first (for working out which fallbacks are
 * still missing; the test then fails once at the end, with the shortest example of each group), and `_FAILURES=<file>`
 * with it writes each failure there, one JSON line each. A summary is printed at the end, also when the run failed.
 */
import fc from 'fast-check';
import { appendLine } from './checks.cts';
import type { PropertySettings } from './settings.cts';

export interface PropertyRun<Scenario> {
	prefix: string;
	settings: PropertySettings;
	/** For the seed's announcement, e.g. "differs property". */
	label: string;
	scenarios: fc.Arbitrary<Scenario>;
	/** Throws when the property does not hold (`index`: the scenario's place in the run). */
	check(scenario: Scenario, index: number): Promise<void>;
	/** The tally group of a failure, from its message (numbers folded by the caller). */
	group(message: string, scenario: Scenario): string;
	/** The summary printed at the end (`seconds`: how long the run took). */
	summary(seconds: string): string;
}

/** Folds the numbers of a failure's first line, so that failures of one kind fall in one group. */
export const foldNumbers = (line: string) => line.replace(/(\d+)(, \d+)*/g, 'N');

export async function runProperty<Scenario>(run: PropertyRun<Scenario>): Promise<void> {
	const env = (name: string) => process.env[`${run.prefix}_${name}`];
	const tally = env('TALLY') ? new Map<string, { count: number; example: string }>() : undefined;
	const failures = env('FAILURES');
	const checkOrTally = async (scenario: Scenario, index: number): Promise<void> => {
		if (!tally) return run.check(scenario, index);
		try {
			await run.check(scenario, index);
		} catch (error) {
			const message = (error as Error).message;
			const group = run.group(message, scenario);
			if (failures) appendLine(failures, { group, message });
			const entry = tally.get(group) ?? { count: 0, example: message };
			entry.count++;
			// The shortest example of a group is the easiest to replay.
			if (message.length < entry.example.length) entry.example = message;
			tally.set(group, entry);
		}
	};

	run.settings.announce(run.label);
	const started = Date.now();
	let index = 0;
	try {
		const scenario = env('SCENARIO');
		const replay = scenario ? [[JSON.parse(scenario) as Scenario] as [Scenario]] : [];
		await fc.assert(
			fc.asyncProperty(run.scenarios, (next) => checkOrTally(next, index++)),
			{ numRuns: run.settings.runs, seed: run.settings.seed, path: run.settings.path, endOnFailure: true, examples: replay },
		);
	} finally {
		console.log(run.summary(((Date.now() - started) / 1000).toFixed(1)));
	}
	if (tally?.size) {
		const groups = [...tally].sort(([, a], [, b]) => b.count - a.count);
		throw new Error(groups.map(([group, { count, example }]) => `${count} × ${group}\n  e.g. ${example.split('\n').join('\n  ')}`).join('\n\n'));
	}
}
