/**
 * Property: whatever happens between and during polls, the Datatruck Trigger emits every matching
 * record exactly once, and each poll emits oldest first.
 *
 * Each scenario is generated from a seed (fast-check prints it, with the shrunk counterexample,
 * when the property fails; rerun one with TRIGGER_PROPERTY_SEED=<seed> TRIGGER_PROPERTY_PATH=<path>).
 * It activates one trigger against the sandbox, then mixes: bursts of records, records in the same
 * second, records committed late (an older event time than ones already emitted, ids out of
 * order), changes made between the requests of a poll, 429s (Retry-After 0), 5xx, HTML pages,
 * broken JSON, dropped connections and timeouts at any request of a poll (some absorbed by the
 * transport's retries, some failing the poll), n8n restarts (static data serialized and restored),
 * polls run twice, two polls at once, and Fetch Test Event in between.
 *
 * The clock stays inside the trigger's documented guarantee: a record shows up at most a quarter
 * of the late-entry window after its event time. Before the clock moves on by more than the
 * window, the trigger either gets polls without faults until it has caught up ("epoch" steps) or
 * not ("gap" steps: a poll interval longer than the window, such as n8n's "every hour", with
 * records committed late just before it and a read perhaps unfinished).
 */
import fc from 'fast-check';
import type { IDataObject, INodeParameters } from 'n8n-workflow';
import type { TriggerEventName } from '../../nodes/DatatruckTrigger/events';
import { triggerSettings } from '../../nodes/DatatruckTrigger/settings';
import { resetLimiters } from '../../nodes/Datatruck/shared/transport/rateLimiter';
import { retryPolicy } from '../../nodes/Datatruck/shared/transport/transport';
import { onSandboxRequest, PollHarness, type PollResult } from '../harness/poll.cts';
import { sandboxCredentials } from '../harness/run.cts';
import { startSandbox, type FaultSpec, type Order, type Sandbox, type WorkOrder } from '../sandbox/index.cts';
import { propertySettings } from './lib/settings.cts';

const settings = propertySettings('TRIGGER_PROPERTY', 1000);
const MINUTE = 60_000;
const DAY = 1440 * MINUTE;
const BASE = Date.parse('2026-06-01T12:00:00Z');
const MATCHING_CUSTOMER = 'Property Freight Co';

type Fault = Pick<FaultSpec, 'kind' | 'count' | 'retryAfter' | 'hangMs'>;
type Step =
	| { type: 'records'; count: number; sameSecond: boolean; lateShare: number }
	| { type: 'advance'; seconds: number }
	| { type: 'poll'; fault: { spec: Fault; atRequest: number } | null; during: { atRequest: number; count: number } | null }
	| { type: 'restart' }
	| { type: 'twice' }
	| { type: 'concurrent' }
	| { type: 'manual' }
	| { type: 'epoch'; extraMinutes: number }
	| { type: 'gap'; extraMinutes: number };

interface Scenario {
	seed: number;
	event: TriggerEventName;
	filtered: boolean;
	/** Events before activation: history, or with a start date partly a backlog to emit. */
	before: number;
	/** Start From Date, this many minutes before activation. */
	start: { minutesBack: number } | null;
	steps: Step[];
}

const faultArb: fc.Arbitrary<Fault> = fc.oneof(
	{ weight: 3, arbitrary: fc.record({ kind: fc.constant<Fault['kind']>('429'), count: fc.integer({ min: 1, max: 3 }), retryAfter: fc.constant(0) }) },
	{ weight: 4, arbitrary: fc.record({ kind: fc.constantFrom<Fault['kind'][]>(500, 502, 503), count: fc.integer({ min: 1, max: 5 }) }) },
	{ weight: 2, arbitrary: fc.record({ kind: fc.constantFrom<Fault['kind'][]>('drop', 'malformed', 'html'), count: fc.integer({ min: 1, max: 4 }) }) },
	{ weight: 1, arbitrary: fc.record({ kind: fc.constant<Fault['kind']>('hang'), count: fc.constant(1), hangMs: fc.constant(5000) }) },
	// More 429s than the transport rides out: the poll fails.
	{ weight: 1, arbitrary: fc.record({ kind: fc.constant<Fault['kind']>('429'), count: fc.constant(7), retryAfter: fc.constant(0) }) },
);

const stepArb: fc.Arbitrary<Step> = fc.oneof(
	{
		weight: 6,
		arbitrary: fc.record({
			type: fc.constant('records' as const),
			count: fc.oneof({ weight: 5, arbitrary: fc.integer({ min: 1, max: 4 }) }, { weight: 1, arbitrary: fc.integer({ min: 6, max: 24 }) }),
			sameSecond: fc.boolean(),
			lateShare: fc.constantFrom(0, 0, 0.3, 1),
		}),
	},
	{ weight: 3, arbitrary: fc.record({ type: fc.constant('advance' as const), seconds: fc.integer({ min: 0, max: 40 }) }) },
	{
		weight: 8,
		arbitrary: fc.record({
			type: fc.constant('poll' as const),
			fault: fc.option(fc.record({ spec: faultArb, atRequest: fc.integer({ min: 0, max: 3 }) }), { freq: 2 }),
			during: fc.option(fc.record({ atRequest: fc.integer({ min: 0, max: 3 }), count: fc.integer({ min: 1, max: 4 }) }), { freq: 3 }),
		}),
	},
	{ weight: 1, arbitrary: fc.constant({ type: 'restart' as const }) },
	{ weight: 1, arbitrary: fc.constant({ type: 'twice' as const }) },
	{ weight: 1, arbitrary: fc.constant({ type: 'concurrent' as const }) },
	{ weight: 1, arbitrary: fc.constant({ type: 'manual' as const }) },
	{ weight: 1, arbitrary: fc.record({ type: fc.constant('epoch' as const), extraMinutes: fc.integer({ min: 0, max: 90 }) }) },
	{ weight: 1, arbitrary: fc.record({ type: fc.constant('gap' as const), extraMinutes: fc.integer({ min: 0, max: 90 }) }) },
);

const scenarioArb: fc.Arbitrary<Scenario> = fc.record({
	seed: fc.integer({ min: 1, max: 2 ** 31 - 1 }),
	event: fc.constantFrom<TriggerEventName[]>('newLoad', 'loadFlagged', 'loadPickedUp', 'loadDelivered', 'newWorkOrder'),
	filtered: fc.boolean(),
	before: fc.integer({ min: 0, max: 30 }),
	start: fc.option(fc.record({ minutesBack: fc.integer({ min: 5, max: 120 }) }), { freq: 4 }),
	steps: fc.array(stepArb, { minLength: 2, maxLength: 10 }),
});

/** mulberry32: the details of a scenario (ids, times, which load) come from its seed. */
function prng(seed: number) {
	let a = seed >>> 0;
	const next = () => {
		a = (a + 0x6d2b79f5) >>> 0;
		let t = a;
		t = Math.imul(t ^ (t >>> 15), t | 1);
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
	return { next, int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)) };
}

const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

let sandbox: Sandbox;
let clock = BASE;
/** Printed at the end: what the run actually exercised. */
const stats = { polls: 0, failedPolls: 0, requests: 0, emitted: 0, restarts: 0, resetMs: 0 };
const saved = { settings: { ...triggerSettings }, retry: { ...retryPolicy } };

beforeAll(async () => {
	sandbox = await startSandbox({ rateLimit: false, loads: 30, now: () => new Date(clock) });
	// Pages of 5 and 3 per poll: the page cap, resumed reads and same-second paging come up with a
	// few records instead of hundreds (the algorithm does not depend on the sizes; the integration
	// tests use the real 25 and 4). Short timeouts and backoff keep faults cheap.
	Object.assign(triggerSettings, { pageSize: 5, pagesPerPoll: 3, requestTimeoutMs: 60, now: () => clock });
	Object.assign(retryPolicy, { backoffBaseMs: 1, backoffCapMs: 4 });
	onSandboxRequest(sandbox, () => stats.requests++);
});
afterAll(async () => {
	Object.assign(triggerSettings, saved.settings);
	Object.assign(retryPolicy, saved.retry);
	await sandbox?.close();
});

/** One scenario against the shared sandbox; throws (with the details) when the property is broken. */
class ScenarioRun {
	private readonly rng: ReturnType<typeof prng>;

	private readonly window: number;

	private harness: PollHarness;

	/** Matching records at the moment the trigger was activated: history, never to be emitted. */
	private history: Set<number> | undefined;

	private readonly emitted = new Map<number, number>();

	private epochStart = clock;

	private nextId: number;

	private readonly usedIds = new Set<number>();

	/** Loads flagged before activation that the scenario cleared: never flagged again. */
	private readonly cleared = new Set<number>();

	private readonly log: string[] = [];

	private readonly startDate: number | undefined;

	constructor(
		private readonly scenario: Scenario,
		index: number,
	) {
		this.rng = prng(scenario.seed);
		this.window = (scenario.event === 'loadPickedUp' || scenario.event === 'loadDelivered' ? 60 : 10) * MINUTE;
		this.nextId = scenario.event === 'newWorkOrder' ? 50_000 : 200_000;
		const parameters: INodeParameters = { event: scenario.event };
		if (scenario.filtered && scenario.event !== 'newWorkOrder') {
			parameters.filters = { conditions: [{ field: 'customer__company_name', operator: 'is', value: MATCHING_CUSTOMER }] };
		}
		if (scenario.start) {
			this.startDate = Math.floor((clock - scenario.start.minutesBack * MINUTE) / 1000) * 1000;
			parameters.options = { startDate: iso(this.startDate) };
		}
		this.harness = new PollHarness({
			parameters,
			credentials: sandboxCredentials(sandbox.baseUrl, sandbox.token, { rateLimitRequests: 1_000_000 }),
			workflowId: `property-${index}`,
		});
	}

	private get eventTimeField(): 'created_datetime' | 'pickup_time' | 'delivery_time' {
		if (this.scenario.event === 'loadPickedUp') return 'pickup_time';
		if (this.scenario.event === 'loadDelivered') return 'delivery_time';
		return 'created_datetime';
	}

	private get isSnapshot() {
		return this.scenario.event === 'loadFlagged';
	}

	/** Whether a record matches the trigger right now (event condition and filter). */
	private matches(record: Order | WorkOrder): boolean {
		if (this.scenario.event === 'newWorkOrder') return true;
		const order = record as Order;
		if (this.scenario.filtered && order.customer__company_name !== MATCHING_CUSTOMER) return false;
		if (this.scenario.event === 'loadFlagged') return order.is_flagged && Date.parse(order.created_datetime) >= clock - 30 * DAY;
		if (this.scenario.event === 'loadPickedUp') return order.pickup_time !== null;
		if (this.scenario.event === 'loadDelivered') return order.delivery_time !== null;
		return true;
	}

	private records(): Array<Order | WorkOrder> {
		return this.scenario.event === 'newWorkOrder' ? sandbox.data.workOrders : sandbox.data.orders;
	}

	private matchingIds(): Set<number> {
		return new Set(this.records().filter((record) => this.matches(record)).map((record) => record.id));
	}

	private freshId(): number {
		// Ids are handed out in a shuffled order: commits do not arrive in id order.
		let id: number;
		do id = this.nextId + this.rng.int(0, 9999);
		while (this.usedIds.has(id));
		this.usedIds.add(id);
		return id;
	}

	private customer(): string {
		return this.rng.next() < 0.7 ? MATCHING_CUSTOMER : 'Other Freight Co';
	}

	/** Makes `count` new events happen, at the clock or up to a quarter window late. */
	private happen(count: number, sameSecond: boolean, lateShare: number) {
		const shared = clock - (this.rng.next() < lateShare ? this.rng.int(0, this.window / 4) : 0);
		for (let i = 0; i < count; i++) {
			const late = this.rng.next() < lateShare;
			const time = iso(sameSecond ? shared : clock - (late ? this.rng.int(1000, this.window / 4) : this.rng.int(0, 999)));
			this.oneEvent(time, sameSecond);
		}
	}

	private oneEvent(time: string, sameSecond = false) {
		const { event } = this.scenario;
		if (event === 'newWorkOrder') {
			sandbox.createWorkOrder({ id: this.freshId(), created_datetime: time });
			return;
		}
		const base: Partial<Order> = { customer__company_name: this.customer(), pickup_time: null, delivery_time: null, is_flagged: false };
		if (event === 'newLoad') {
			sandbox.createLoad({ ...base, id: this.freshId(), created_datetime: time });
		} else if (event === 'loadFlagged') {
			// Flag a load that exists (never one near the "last 30 days" edge), or create one flagged.
			const candidates = sandbox.data.orders.filter(
				(order) =>
					!order.is_flagged &&
					!this.cleared.has(order.id) &&
					Math.abs(Date.parse(order.created_datetime) - (clock - 30 * DAY)) > 2 * DAY,
			);
			if (candidates.length && this.rng.next() < 0.5) {
				sandbox.updateLoad(candidates[this.rng.int(0, candidates.length - 1)].id, { is_flagged: true, flagging_reason: 'Detention' });
			} else {
				// Same-second events become loads created in one second (a bulk import), read page by page.
				const created = sameSecond ? Date.parse(time) - 3 * DAY : clock - this.rng.int(0, 20 * DAY);
				sandbox.createLoad({ ...base, id: this.freshId(), created_datetime: iso(created), is_flagged: true });
			}
			// Now and then a load flagged before activation is cleared (and stays cleared)
			// (only one that is not to be emitted: a start date before its creation would emit it.)
			const flaggedBefore = sandbox.data.orders.filter(
				(order) =>
					order.is_flagged &&
					this.history?.has(order.id) &&
					(this.startDate === undefined || Date.parse(order.created_datetime) < this.startDate),
			);
			if (flaggedBefore.length && this.rng.next() < 0.25) {
				const cleared = flaggedBefore[this.rng.int(0, flaggedBefore.length - 1)].id;
				this.cleared.add(cleared);
				sandbox.updateLoad(cleared, { is_flagged: false });
			}
		} else {
			const field = this.eventTimeField as 'pickup_time' | 'delivery_time';
			const waiting = sandbox.data.orders.filter((order) => order[field] === null);
			if (waiting.length && this.rng.next() < 0.4) {
				sandbox.updateLoad(waiting[this.rng.int(0, waiting.length - 1)].id, { [field]: time });
			} else {
				sandbox.createLoad({ ...base, id: this.freshId(), created_datetime: iso(Date.parse(time) - DAY), [field]: time });
			}
		}
	}

	private orderKey(record: IDataObject): [number, number] {
		const field = this.isSnapshot ? 'created_datetime' : this.eventTimeField;
		return [Date.parse(String(record[field])), Number(record.id)];
	}

	private fail(problem: string): never {
		throw new Error(`${problem}\nscenario: ${JSON.stringify(this.scenario)}\nlog:\n${this.log.join('\n')}`);
	}

	/** Checks one poll's output: never an id twice, oldest first. */
	private accept(result: PollResult, label: string) {
		stats.polls++;
		if (result.error) stats.failedPolls++;
		stats.emitted += result.json.length;
		const keys = result.json.map((record) => this.orderKey(record));
		this.log.push(`${label}: ${result.error ? `error ${result.error.message}` : `[${keys.map(([, id]) => id).join(',')}]`}`);
		for (let i = 1; i < keys.length; i++) {
			const [[t0, id0], [t1, id1]] = [keys[i - 1], keys[i]];
			if (t1 < t0 || (t1 === t0 && id1 <= id0)) this.fail(`${label}: not oldest first at item ${i}`);
		}
		for (const [, id] of keys) {
			if (this.emitted.has(id)) this.fail(`${label}: record ${id} emitted twice`);
			this.emitted.set(id, clock);
		}
	}

	private noteActivation() {
		if (!this.history && this.harness.state) this.history = this.matchingIds();
	}

	private async poll(label: string, step?: Extract<Step, { type: 'poll' }>) {
		const before = this.harness.serialize();
		const hadState = this.harness.state !== undefined;
		// The activation poll itself runs clean, so that "what existed at activation" is well defined.
		const fault = hadState || this.scenario.start ? step?.fault : null;
		const during = hadState ? step?.during : null;
		sandbox.clearLog();
		const unhook = onSandboxRequest(sandbox, (_entry, index) => {
			if (fault && index === fault.atRequest) sandbox.injectFaults({ ...fault.spec });
			if (during && index === during.atRequest) setImmediate(() => this.happen(during.count, false, 0.5));
		});
		let result: PollResult;
		try {
			// Only a hang fault needs the short timeout; a poll without one must not fail for a slow, loaded machine
			// (seed 463621232, path 742, failed so in a fresh-clone CI run, as settlingPoll's case below).
			result = fault?.spec.kind === 'hang' ? await this.harness.poll() : await this.settlingPoll();
		} finally {
			unhook();
			sandbox.clearFaults();
		}
		this.accept(result, label);
		if (result.error) {
			if (!fault) this.fail(`${label}: failed without an injected fault: ${result.error.message}`);
			if (result.json.length) this.fail(`${label}: a failed poll emitted records`);
			if (this.harness.serialize() !== before) this.fail(`${label}: a failed poll changed the stored state`);
		}
		if (sandbox.log.length > triggerSettings.pagesPerPoll * 8) this.fail(`${label}: ${sandbox.log.length} requests in one poll`);
		this.noteActivation();
	}

	/**
	 * Polls without faults until a read that started after the last change (not one resumed from
	 * before it) has completed, over one poll or several, without finding anything to emit.
	 */
	private async settle() {
		let read: { emitted: boolean } | undefined;
		for (let round = 0; round < 40; round++) {
			if (this.harness.state && !this.harness.state.scan) read = { emitted: false };
			sandbox.clearLog();
			const result = await this.settlingPoll();
			this.accept(result, `settle ${round}`);
			if (result.error) this.fail(`settle ${round}: ${result.error.message}`);
			this.noteActivation();
			if (read && result.json.length) read.emitted = true;
			if (read && !read.emitted && this.harness.state && !this.harness.state.scan) return;
		}
		this.fail('the trigger did not catch up within 40 clean polls');
	}

	/**
	 * A clean poll must succeed, so a slow answer is not what it tests: the 60 ms timeout that keeps hang faults cheap
	 * failed it on a CI machine with a load of 15 (seed 1083232257, path 332), with no fault queued.
	 */
	private async settlingPoll() {
		const faultTimeoutMs = triggerSettings.requestTimeoutMs;
		triggerSettings.requestTimeoutMs = 2000;
		try {
			return await this.harness.poll();
		} finally {
			triggerSettings.requestTimeoutMs = faultTimeoutMs;
		}
	}

	async run() {
		const { start } = this.scenario;
		// Events before activation, some in one shared second. With a start date they fall around it
		// (the part at or after it is a backlog to emit oldest first); without one they are history
		// older than the late-entry window (activation remembers only the newest page of history).
		const back = () => (start ? this.rng.int(0, (start.minutesBack + 10) * MINUTE) : this.rng.int(this.window, this.window + 2 * 60 * MINUTE));
		const shared = clock - back();
		for (let i = 0; i < this.scenario.before; i++) {
			const same = this.rng.next() < 0.4;
			this.oneEvent(iso(same ? shared : clock - back()), same);
		}
		await this.poll('activation');
		for (const [index, step] of this.scenario.steps.entries()) {
			const label = `step ${index} ${step.type}`;
			switch (step.type) {
				case 'records':
					this.happen(step.count, step.sameSecond, step.lateShare);
					break;
				case 'advance': {
					// Within an epoch the clock moves at most a quarter window (see the file comment).
					const room = this.epochStart + this.window / 4 - clock;
					clock += Math.max(0, Math.min(step.seconds * 1000, room));
					break;
				}
				case 'poll':
					await this.poll(label, step);
					break;
				case 'restart':
					stats.restarts++;
					this.harness = this.harness.restart();
					break;
				case 'twice':
					await this.poll(`${label} a`);
					await this.poll(`${label} b`);
					break;
				case 'concurrent': {
					const [a, b] = await Promise.all([this.harness.poll(), this.harness.poll()]);
					this.accept(a, `${label} a`);
					this.accept(b, `${label} b`);
					if (a.error || b.error) this.fail(`${label}: ${(a.error ?? b.error)?.message}`);
					this.noteActivation();
					break;
				}
				case 'manual': {
					const before = this.harness.serialize();
					const result = await this.harness.poll('manual');
					if (this.harness.serialize() !== before) this.fail(`${label}: Fetch Test Event changed the stored state`);
					this.checkLatest(result, label);
					break;
				}
				case 'epoch':
					await this.settle();
					clock += this.window + step.extraMinutes * MINUTE;
					this.epochStart = clock;
					break;
				case 'gap':
					// No poll meanwhile: the next one reads what came in since the last, late entries included.
					clock += this.window + step.extraMinutes * MINUTE;
					this.epochStart = clock;
					break;
			}
		}
		await this.settle();
		this.checkComplete();
	}

	/** Fetch Test Event returns the newest matching record (by event time, or by creation for flags). */
	private checkLatest(result: PollResult, label: string) {
		const matching = this.records().filter((record) => this.matches(record));
		if (!matching.length) {
			if (!result.error) this.fail(`${label}: Fetch Test Event returned data although nothing matches`);
			return;
		}
		if (result.error) this.fail(`${label}: Fetch Test Event failed: ${result.error.message}`);
		const newest = matching
			.map((record) => this.orderKey(record as unknown as IDataObject))
			.sort(([ta, ia], [tb, ib]) => tb - ta || ib - ia)[0];
		const [got] = result.json.map((record) => this.orderKey(record));
		if (!got || got[0] !== newest[0] || got[1] !== newest[1]) this.fail(`${label}: Fetch Test Event did not return the newest record`);
	}

	/** Everything that matches and is news was emitted; nothing else was. */
	private checkComplete() {
		const history = this.history ?? new Set<number>();
		const expected = [...this.matchingIds()].filter((id) => {
			if (this.startDate === undefined) return !history.has(id);
			const record = this.records().find((candidate) => candidate.id === id) as unknown as IDataObject;
			const [time] = this.orderKey(record);
			// Load Flagged: the start date picks which loads already flagged at activation are emitted.
			return this.isSnapshot ? !history.has(id) || time >= this.startDate : time >= this.startDate;
		});
		const missing = expected.filter((id) => !this.emitted.has(id));
		const unexpected = [...this.emitted.keys()].filter((id) => !expected.includes(id));
		if (missing.length || unexpected.length) {
			this.fail(
				`missing ${JSON.stringify(missing.slice(0, 20))} (${missing.length}), unexpected ${JSON.stringify(unexpected.slice(0, 20))} (${unexpected.length})`,
			);
		}
	}
}

test(`Datatruck Trigger: every matching record exactly once, oldest first per poll (${settings.runs} scenarios)`, async () => {
	let index = 0;
	settings.announce('trigger property');
	const started = Date.now();
	await fc.assert(
		fc.asyncProperty(scenarioArb, async (scenario) => {
			clock = BASE + (index % 7) * DAY;
			const resetAt = Date.now();
			sandbox.reset({ loads: 30, seed: 1 + (scenario.seed % 97) });
			stats.resetMs += Date.now() - resetAt;
			resetLimiters();
			await new ScenarioRun(scenario, index++).run();
		}),
		{ numRuns: settings.runs, seed: settings.seed, path: settings.path, endOnFailure: false },
	);
	console.log(
		`trigger property: ${index} scenario runs in ${((Date.now() - started) / 1000).toFixed(1)} s (sandbox resets ${(stats.resetMs / 1000).toFixed(1)} s); ` +
			`${stats.polls} polls (${stats.failedPolls} failed), ${stats.requests} requests, ${stats.emitted} records emitted, ${stats.restarts} restarts`,
	);
}, 300_000);
