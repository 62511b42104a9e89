/**
 * Property (issue 28, requirement 7): against a Datatruck that differs from the sandbox's own choices in any way
 * the specification allows, while it changes under the read, every list read and trigger poll ends within its
 * budget (about 2 × pages + 3 requests, pages from the count and page size the first answer told) with each
 * stable record exactly once, or with a clear error naming the list and why exactness could not be had. The
 * trigger emits each new record exactly once across polls or fails loudly. Nothing ends in silence.
 *
 * Each scenario is a profile (default, spec-only, or a random subset of the switches per list, a request-line
 * limit and loads with or without `dispatcher__id`) × an operation (Get Many of loads, work orders, drivers,
 * trucks, trailers with Return All or a Limit, with and without the user's filter and sort; New Load or New
 * Work Order over several polls; Driver › Update) × live-data churn (creates, moves, deletes and re-valued sort
 * fields after each page the sandbox answers, and records created between polls). Rerun one with
 * DIFFERS_PROPERTY_SEED=<seed> (and DIFFERS_PROPERTY_PATH=<path> from a failure report); DIFFERS_PROPERTY_RUNS
 * sets the number of scenarios (default 300); DIFFERS_PROPERTY_SCENARIO='<scenario JSON from a failure>' replays that
 * one scenario first; DIFFERS_PROPERTY_TALLY=1 runs every scenario and prints the failures grouped instead of
 * stopping at the first (DIFFERS_PROPERTY_FAILURES=<file> also writes each failure there, one JSON line each);
 * DIFFERS_PROPERTY_ERRORS=<file> writes each scenario that ended in a clear error there. The reads and their checks
 * are shared with the composed property test (lib/scenarios.cts, lib/checks.cts, lib/run.cts).
 */
import fc from 'fast-check';
import type { ChurnList } from '../integration/listChurn.cts';
import type { ListSwitches, RequestLineLimit } from '../sandbox/index.cts';
import { appendLine, PropertyLab, type Verdict } from './lib/checks.cts';
import { churnArb, readArb, requestLineArb, switchArb, type Churn, type Read } from './lib/scenarios.cts';
import { foldNumbers, runProperty } from './lib/run.cts';
import { propertySettings } from './lib/settings.cts';

const settings = propertySettings('DIFFERS_PROPERTY', 300);

type Profile =
	| { name: 'default' }
	| { name: 'spec-only' }
	| { name: 'random'; lists: ListSwitches; maxRequestLine: RequestLineLimit | null; loadsDispatcherId: boolean };

type Operation = Read;

interface Scenario {
	profile: Profile;
	operation: Operation;
	churn: Churn;
}

// ----- arbitraries -------------------------------------------------------------------------------------------------

const randomProfile: fc.Arbitrary<Profile> = fc.record({
	name: fc.constant<'random'>('random'),
	lists: fc.record(
		{ loads: switchArb('loads'), workOrders: switchArb('workOrders'), drivers: switchArb('drivers'), trucks: switchArb('trucks'), trailers: switchArb('trailers') },
		{ requiredKeys: [] },
	),
	maxRequestLine: fc.option<RequestLineLimit>(requestLineArb, { freq: 2 }),
	loadsDispatcherId: fc.boolean(),
});
const profileArb: fc.Arbitrary<Profile> = fc.oneof(
	{ weight: 1, arbitrary: fc.constant<Profile>({ name: 'default' }) },
	{ weight: 2, arbitrary: fc.constant<Profile>({ name: 'spec-only' }) },
	{ weight: 5, arbitrary: randomProfile },
);

const scenarioArb: fc.Arbitrary<Scenario> = fc.record({ profile: profileArb, operation: readArb(), churn: churnArb });

// ----- the sandbox --------------------------------------------------------------------------------------------------

const stats = { runs: 0, errors: 0, userFilterRefused: 0, requests: 0, records: 0, byKind: { list: 0, trigger: 0, driverUpdate: 0 } as Record<Operation['kind'], number> };
const lab = new PropertyLab({ stats });
lab.useSandbox();

function applyProfile(profile: Profile): void {
	if (profile.name === 'random') {
		lab.sandbox.configure({ profile: 'default' });
		lab.sandbox.configure({ lists: profile.lists, maxRequestLine: profile.maxRequestLine, loadsDispatcherId: profile.loadsDispatcherId });
	} else lab.sandbox.configure({ profile: profile.name });
}

/** Throws with the scenario when the property does not hold. */
function fail(scenario: Scenario, problem: string): never {
	throw new Error(`${problem}\nscenario: ${JSON.stringify(scenario)}`);
}

function ownPage(profile: Profile, collection: ChurnList): boolean {
	const list = collection === 'orders' ? 'loads' : 'workOrders';
	if (profile.name === 'spec-only') return list === 'workOrders';
	return profile.name === 'random' && profile.lists[list]?.ignorePageSize === true;
}

// ----- the property -------------------------------------------------------------------------------------------------

async function check(scenario: Scenario, index: number): Promise<void> {
	lab.begin();
	lab.sandbox.clearLog();
	applyProfile(scenario.profile);
	stats.runs++;
	stats.byKind[scenario.operation.kind]++;
	const verdict: Verdict = {
		fail: (problem) => fail(scenario, problem),
		// DIFFERS_PROPERTY_ERRORS=<file>: each scenario that ended in a clear error, one JSON line, for working out which remain.
		errored: (kind) => process.env.DIFFERS_PROPERTY_ERRORS && appendLine(process.env.DIFFERS_PROPERTY_ERRORS, { kind, scenario }),
	};
	const { operation } = scenario;
	if (operation.kind === 'list') await lab.checkList(verdict, operation, scenario.churn);
	else if (operation.kind === 'trigger') {
		await lab.checkTrigger(verdict, operation, scenario.churn, { workflowId: `differs-${index}`, ownPage: (collection) => ownPage(scenario.profile, collection), identity: 'id' });
	} else await lab.checkDriverUpdate(verdict, operation);
}

test(`A Datatruck that differs as the spec allows, changing under the read: exact within budget, or a clear error (${settings.runs} scenarios)`, () =>
	runProperty({
		prefix: 'DIFFERS_PROPERTY',
		settings,
		label: 'differs property',
		scenarios: scenarioArb,
		check,
		group: (message, scenario) => `${scenario.profile.name} profile, ${foldNumbers(message.split('\n')[0]).slice(0, 160)}`,
		summary: (seconds) =>
			`differs property: ${stats.runs} runs in ${seconds} s (${JSON.stringify(stats.byKind)}), ` +
			`${stats.errors} ended in a clear error (${((100 * stats.errors) / Math.max(1, stats.runs)).toFixed(1)} %), ${stats.userFilterRefused} in Datatruck's refusal of the user's filter, ${stats.requests} requests, ${stats.records} records` +
			lab.topErrors(),
	}), 300_000);
