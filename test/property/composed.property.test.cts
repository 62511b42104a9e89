/**
 * Property (issue 34, requirement 6): a Datatruck that differs in two or more ways at once, and that changes its
 * behaviour between the reads of one n8n process. Each scenario starts from the node's assumptions (support reset)
 * and is then a sequence of 2–4 reads (Get Many of loads, work orders, drivers, trucks, trailers with Return All or a
 * Limit, with and without the user's filter, sort and dispatchers; New Load or New Work Order over several polls;
 * Driver › Update) in one process: what the node found in one read is remembered for the next. Before each read (and
 * before each poll of a trigger) Datatruck may ship a release: a new set of differences, one difference fixed, or
 * everything fixed; and the findings' clock may pass their lifetime, so that the node retries what it found.
 * Every profile a scenario starts with or is released into has at least two differences acting on the list its read
 * reads. Live data changes under the reads (creates, moves, deletes and re-valued sort fields after each page).
 *
 * Per read: each stable record exactly once (in its order when nothing was touched, the Limit honoured) within about
 * 2 × pages + 3 requests, or a clear error naming the list and why. The trigger emits each new record exactly once
 * across polls or fails loudly. A raw refusal by Datatruck of something the node added (its tie-breaker, a column it
 * chose, a request line it made too long) is a failure; Datatruck refusing the user's own filter column is not (it is
 * counted apart). Silence (fewer records, no error) is a failure.
 *
 * COMPOSED_PROPERTY_RUNS (default 300), COMPOSED_PROPERTY_SEED and COMPOSED_PROPERTY_PATH (from a failure report)
 * replay a run; COMPOSED_PROPERTY_SCENARIO='<scenario JSON>' replays one scenario; COMPOSED_PROPERTY_TALLY=1 runs
 * every scenario and prints the failures grouped instead of stopping at the first (COMPOSED_PROPERTY_FAILURES=<file>
 * also writes each failure there, one JSON line each); COMPOSED_PROPERTY_DEBUG=1 prints every trigger poll's requests.
 * The findings' clock passing its hour between two polls of one trigger is also an hour between those polls (n8n's
 * "every hour" poll interval, or n8n down for an hour): one process, one clock. The reads and their checks are shared
 * with the differs property test (lib/scenarios.cts, lib/checks.cts, lib/run.cts).
 */
import fc from 'fast-check';
import { FINDING_LIFETIME_MS, findingClock } from '../../nodes/Datatruck/shared/lists/support';
import { PROFILE_SETTINGS, type ListName, type SandboxProfile } from '../sandbox/config.cts';
import type { ListSwitch, ListSwitches, RequestLineLimit } from '../sandbox/index.cts';
import { appendLine, MINUTE, PropertyLab, type Verdict } from './lib/checks.cts';
import {
	churnArb,
	QUERIED,
	readArb,
	requestLineArb,
	switchArb,
	type Churn,
	type ListResource,
	type Read as SharedRead,
	type SwitchedList,
	type TriggerEvent,
} from './lib/scenarios.cts';
import { foldNumbers, runProperty } from './lib/run.cts';
import { propertySettings } from './lib/settings.cts';

const settings = propertySettings('COMPOSED_PROPERTY', 300);
/** The time between two reads of a scenario (less than the trigger's late-entry window of 10 minutes). */
const STEP_GAP = 5 * MINUTE;

type Focus = SwitchedList;

/** A Datatruck: a preset, with switches of its own on top (per list, merged into the preset's). */
interface Profile {
	base: SandboxProfile;
	lists: ListSwitches;
	/** undefined: as the preset has it. */
	maxRequestLine?: RequestLineLimit | null;
	loadsDispatcherId?: boolean;
}

/** What Datatruck ships before a read: new differences, the `index`-th difference of today's fixed, or all fixed. */
type Release = { kind: 'new'; profile: Profile } | { kind: 'fix'; index: number } | { kind: 'fixAll' };

/**
 * A read: a list read may ask for the loads of one dispatcher (`dispatcher`: the n-th dispatcher assigned to a
 * driver, null for all); before each poll of a trigger Datatruck may ship a release and the findings may expire.
 */
type Read = SharedRead<{ dispatcher: number | null }, { release: Release | null; expire: boolean }>;

interface Step {
	/** Before the read: a release (the first step's is the profile the scenario starts with). */
	release: Release | null;
	/** Before the read: the findings' clock passes their lifetime. */
	expire: boolean;
	churn: Churn;
	read: Read;
}

interface Scenario {
	steps: Step[];
}

const FOCUS: Record<ListResource | TriggerEvent | 'driverUpdate', Focus> = {
	load: 'loads',
	newLoad: 'loads',
	workOrder: 'workOrders',
	newWorkOrder: 'workOrders',
	driver: 'drivers',
	driverUpdate: 'drivers',
	truck: 'trucks',
	trailer: 'trailers',
};

// ----- profiles and their differences -------------------------------------------------------------------------------

/** The switches a profile sets on a list: the preset's, with the profile's own on top. */
function switchesOn(profile: Profile, list: ListName): ListSwitch {
	return { ...(PROFILE_SETTINGS[profile.base].lists[list] ?? {}), ...(profile.lists[list] ?? {}) };
}
const requestLineOf = (profile: Profile) => (profile.maxRequestLine === undefined ? PROFILE_SETTINGS[profile.base].maxRequestLine : profile.maxRequestLine);
const dispatcherIdOf = (profile: Profile) => profile.loadsDispatcherId ?? PROFILE_SETTINGS[profile.base].loadsDispatcherId;

/** The ways this Datatruck differs from the sandbox's own choices that act on `list`, in words. */
function differencesOn(profile: Profile, list: Focus): string[] {
	const found = Object.entries(switchesOn(profile, list)).map(([name, value]) => `${list}.${name}${value === true ? '' : `=${JSON.stringify(value)}`}`);
	const line = requestLineOf(profile);
	if (line) found.push(`maxRequestLine ${line.bytes}/${line.status}`);
	if (list === 'loads' && !dispatcherIdOf(profile)) found.push('no dispatcher__id');
	const published = PROFILE_SETTINGS[profile.base];
	if (published.nextLinks !== 'absolute') found.push(`next links ${published.nextLinks}`);
	if (list === 'workOrders' && published.workOrderTimeField === null) found.push('work orders without a creation time');
	return found;
}

/** Today's profile with one of its own switches removed (a release that fixes it); its preset stays. */
function withoutOne(profile: Profile, index: number): Profile {
	const own: Array<() => Profile> = [];
	for (const [list, switches] of Object.entries(profile.lists) as Array<[ListName, ListSwitch]>) {
		for (const name of Object.keys(switches) as Array<keyof ListSwitch>) {
			own.push(() => {
				const rest = { ...switches };
				delete rest[name];
				return { ...profile, lists: { ...profile.lists, [list]: rest } };
			});
		}
	}
	if (profile.maxRequestLine) own.push(() => ({ ...profile, maxRequestLine: null }));
	if (profile.loadsDispatcherId === false) own.push(() => ({ ...profile, loadsDispatcherId: true }));
	// A preset's own difference is fixed by going back to the default preset with the profile's own switches.
	if (profile.base !== 'default') own.push(() => ({ ...profile, base: 'default' }));
	return own.length ? own[index % own.length]() : profile;
}

const DEFAULT_PROFILE: Profile = { base: 'default', lists: {} };

function released(current: Profile, release: Release | null): Profile {
	if (!release) return current;
	if (release.kind === 'new') return release.profile;
	if (release.kind === 'fixAll') return DEFAULT_PROFILE;
	return withoutOne(current, release.index);
}

// ----- arbitraries -------------------------------------------------------------------------------------------------

/**
 * A Datatruck with at least two differences acting on `focus` (the list the next read reads): a preset (the
 * sandbox's own, spec-only or published) with random switches on the focus list, maybe on others, maybe a
 * request-line limit and loads without `dispatcher__id`.
 */
const profileArb = (focus: Focus): fc.Arbitrary<Profile> =>
	fc
		.record({
			base: fc.constantFrom<SandboxProfile[]>('default', 'default', 'default', 'spec-only', 'published'),
			focused: switchArb(focus),
			others: fc.record(
				{ loads: switchArb('loads'), workOrders: switchArb('workOrders'), drivers: switchArb('drivers'), trucks: switchArb('trucks'), trailers: switchArb('trailers') },
				{ requiredKeys: [] },
			),
			withOthers: fc.boolean(),
			maxRequestLine: fc.option(requestLineArb, { freq: 2, nil: undefined }),
			loadsDispatcherId: fc.option(fc.constant(false), { freq: 2, nil: undefined }),
		})
		.map(({ base, focused, others, withOthers, maxRequestLine, loadsDispatcherId }): Profile => {
			const lists: ListSwitches = withOthers ? { ...others } : {};
			if (Object.keys(focused).length) lists[focus] = focused;
			for (const list of Object.keys(lists) as Focus[]) if (!Object.keys(lists[list] ?? {}).length) delete lists[list];
			return {
				base,
				lists,
				...(maxRequestLine ? { maxRequestLine } : {}),
				...(loadsDispatcherId === false ? { loadsDispatcherId } : {}),
			};
		})
		.filter((profile) => differencesOn(profile, focus).length >= 2);

const releaseArb = (focus: Focus): fc.Arbitrary<Release> =>
	fc.oneof(
		{ weight: 4, arbitrary: profileArb(focus).map((profile): Release => ({ kind: 'new', profile })) },
		{ weight: 2, arbitrary: fc.nat({ max: 20 }).map((index): Release => ({ kind: 'fix', index })) },
		{ weight: 1, arbitrary: fc.constant<Release>({ kind: 'fixAll' }) },
	);

/** One time in four the findings' hour has passed before a read (or a poll). */
const expireArb = fc.integer({ min: 0, max: 3 }).map((n) => n === 0);

const readsArb: fc.Arbitrary<Read> = readArb({
	list: (resource) => ({
		dispatcher: resource === 'load' ? fc.oneof({ weight: 2, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: fc.nat({ max: 3 }) }) : fc.constant<number | null>(null),
	}),
	poll: (event) => ({ release: fc.option(releaseArb(FOCUS[event]), { freq: 2 }), expire: expireArb }),
});

const focusOf = (read: Read): Focus => FOCUS[read.kind === 'list' ? read.resource : read.kind === 'trigger' ? read.event : 'driverUpdate'];

const firstStepArb: fc.Arbitrary<Step> = readsArb.chain((read) =>
	fc.record({ release: profileArb(focusOf(read)).map((profile): Release => ({ kind: 'new', profile })), expire: fc.constant(false), churn: churnArb, read: fc.constant(read) }),
);
const laterStepArb: fc.Arbitrary<Step> = readsArb.chain((read) =>
	fc.record({ release: fc.option(releaseArb(focusOf(read)), { freq: 3 }), expire: expireArb, churn: churnArb, read: fc.constant(read) }),
);
const scenarioArb: fc.Arbitrary<Scenario> = fc
	.tuple(firstStepArb, fc.array(laterStepArb, { minLength: 1, maxLength: 3 }))
	.map(([first, later]) => ({ steps: [first, ...later] }));

// ----- the sandbox --------------------------------------------------------------------------------------------------

let profile: Profile = DEFAULT_PROFILE;
const stats = {
	scenarios: 0,
	scenariosWithError: 0,
	reads: 0,
	errors: 0,
	userFilterRefused: 0,
	/** Reads of loads, work orders or drivers whose list differs in exactly one way and honours `ordering`, and those of them that ended in an error. */
	oneDifference: 0,
	oneDifferenceErrors: 0,
	releases: 0,
	expiries: 0,
	requests: 0,
	records: 0,
	byKind: { list: 0, trigger: 0, driverUpdate: 0 } as Record<Read['kind'], number>,
};
/** Beyond the differs test: Datatruck's raw refusal of what the node added fails, and so do records that never matched. */
const lab = new PropertyLab({ stats, rawRefusalFails: true, foreignFails: true });
lab.useSandbox();

const savedFindingNow = findingClock.now;
beforeAll(() => {
	// Findings age by the scenario's clock: a step that passes their lifetime moves it on by more than an hour.
	findingClock.now = () => lab.clock;
});
afterAll(() => {
	findingClock.now = savedFindingNow;
});

/** Datatruck ships a release: the sandbox now behaves as `next` (what the node remembers is left alone). */
function ship(release: Release | null): void {
	if (!release) return;
	stats.releases++;
	profile = released(profile, release);
	lab.sandbox.configure({ profile: profile.base });
	const lists: ListSwitches = {};
	for (const list of ['loads', 'workOrders', 'drivers', 'trucks', 'trailers', 'dispatcherBoard'] as ListName[]) {
		const switches = switchesOn(profile, list);
		if (Object.keys(switches).length) lists[list] = switches;
	}
	lab.sandbox.configure({ lists, maxRequestLine: requestLineOf(profile), loadsDispatcherId: dispatcherIdOf(profile) });
}

function passHour(expire: boolean): void {
	if (!expire) return;
	stats.expiries++;
	lab.clock += FINDING_LIFETIME_MS + MINUTE;
}

/** Throws with the scenario when the property does not hold. */
function fail(scenario: Scenario, step: number, problem: string): never {
	throw new Error(`step ${step}: ${problem}\nprofile then: ${JSON.stringify(profile)}\nscenario: ${JSON.stringify(scenario)}`);
}

/** Per read: did it end in a clear error (for the shares printed at the end). */
let readErrored = false;
let lastErrorKind = '';
/** The clear errors of reads whose list differs in one way only and honours the order (the issue wants none), by difference. */
const oneDifferenceKinds = new Map<string, number>();

/** Whether the list a trigger reads serves its own page (for the budget). */
const ownPage = (collection: 'orders' | 'workOrders') => switchesOn(profile, collection === 'orders' ? 'loads' : 'workOrders').ignorePageSize === true;

// ----- the property -------------------------------------------------------------------------------------------------

async function check(scenario: Scenario, index: number): Promise<void> {
	// The process starts from the node's assumptions; from here on, what it finds carries over from read to read.
	lab.begin();
	profile = DEFAULT_PROFILE;
	stats.scenarios++;
	let scenarioErrored = false;
	for (const [n, step] of scenario.steps.entries()) {
		// The reads of one process are minutes apart, not in one instant (records created meanwhile are history then).
		if (n > 0) lab.clock += STEP_GAP;
		ship(step.release);
		passHour(step.expire);
		lab.sandbox.clearLog();
		const { read } = step;
		const differences = differencesOn(profile, focusOf(read));
		// Only lists with an order to honour (trucks and trailers have none: they are read by page number whatever differs).
		const oneHonouringOrder = QUERIED.includes(focusOf(read)) && differences.length === 1 && !switchesOn(profile, focusOf(read)).ignoreOrdering;
		readErrored = false;
		stats.reads++;
		stats.byKind[read.kind]++;
		const verdict: Verdict = {
			fail: (problem) => fail(scenario, n, problem),
			errored: (kind) => {
				readErrored = true;
				lastErrorKind = kind;
				// COMPOSED_PROPERTY_ERRORS=<file>: each read that ended in a clear error, one JSON line, with its scenario.
				if (process.env.COMPOSED_PROPERTY_ERRORS) appendLine(process.env.COMPOSED_PROPERTY_ERRORS, { kind, read: n, differences, oneHonouringOrder, scenario });
			},
		};
		if (read.kind === 'list') await lab.checkList(verdict, read, step.churn);
		else if (read.kind === 'trigger') {
			await lab.checkTrigger(verdict, read, step.churn, {
				workflowId: `composed-${index}-${n}`,
				ownPage,
				// Between two polls of one active trigger Datatruck may ship a release, and the findings may expire.
				beforePoll: (plan) => {
					ship(plan.release);
					passHour(plan.expire);
				},
				identity: 'stored',
				debug: Boolean(process.env.COMPOSED_PROPERTY_DEBUG),
			});
		} else await lab.checkDriverUpdate(verdict, read, n);
		if (oneHonouringOrder) {
			stats.oneDifference++;
			if (readErrored) {
				stats.oneDifferenceErrors++;
				const kind = `${differences[0]}, ${lastErrorKind}`;
				oneDifferenceKinds.set(kind, (oneDifferenceKinds.get(kind) ?? 0) + 1);
			}
		}
		scenarioErrored ||= readErrored;
	}
	if (scenarioErrored) stats.scenariosWithError++;
}

const percent = (part: number, whole: number) => `${((100 * part) / Math.max(1, whole)).toFixed(1)} %`;

test(`A Datatruck that differs in several ways at once and changes between the reads of one process: exact within budget, or a clear error (${settings.runs} scenarios)`, () =>
	runProperty({
		prefix: 'COMPOSED_PROPERTY',
		settings,
		label: 'composed property',
		scenarios: scenarioArb,
		check,
		group: (message) => foldNumbers(message.split('\n')[0].replace(/^step \d+: /, '')).slice(0, 200),
		summary: (seconds) =>
			`composed property: ${stats.scenarios} scenarios, ${stats.reads} reads (${JSON.stringify(stats.byKind)}) in ${seconds} s, ` +
			`${stats.releases} releases, ${stats.expiries} findings' hours passed\n` +
			`  scenarios ending in a clear error: ${stats.scenariosWithError} (${percent(stats.scenariosWithError, stats.scenarios)}); ` +
			`reads: ${stats.errors} (${percent(stats.errors, stats.reads)}); ` +
			`reads of a list (loads, work orders, drivers) differing in exactly one way that honours the order: ${stats.oneDifferenceErrors} of ${stats.oneDifference} (${percent(stats.oneDifferenceErrors, stats.oneDifference)}); ` +
			`${stats.userFilterRefused} in Datatruck's refusal of the user's filter; ${stats.requests} requests, ${stats.records} records` +
			lab.topErrors() +
			[...oneDifferenceKinds].map(([kind, count]) => `\n  one difference: ${count} × ${kind}`).join(''),
	}), 300_000);
