/**
 * The judging shared by the differs and composed property tests: one sandbox with its own clock, and per read
 * (a list read, a trigger's polls, a Driver › Update) the property of issue 28: each stable record exactly once
 * within about 2 × pages + 3 requests, or a clear error naming the list and why; the trigger emits each new record
 * exactly once across polls or fails loudly. Nothing ends in silence. What the composed test asks on top is an
 * option (`LabOptions`); what a scenario adds between a trigger's polls is a hook.
 */
import { appendFileSync } from 'node:fs';
import type { IDataObject, INodeParameters } from 'n8n-workflow';
import { resetSupport } from '../../../nodes/Datatruck/shared/lists';
import { resetLimiters } from '../../../nodes/Datatruck/shared/transport/rateLimiter';
import { retryPolicy } from '../../../nodes/Datatruck/shared/transport/transport';
import { triggerSettings } from '../../../nodes/DatatruckTrigger/settings';
import { PollHarness, type PollResult } from '../../harness/poll.cts';
import { runDatatruck, sandboxCredentials, type RunResult } from '../../harness/run.cts';
import { judge, matchingIds, type ChurnList } from '../../integration/listChurn.cts';
import { startSandbox, type Sandbox } from '../../sandbox/index.cts';
import type { RequestLogEntry } from '../../sandbox/requestLog.cts';
import { budgetOf, listBudget, watchRequests } from './budget.cts';
import { CHURN_LIST, COLLECTIONS, EVENT_LIST, FILTERS, LIST_WORDS, queriedOf, REASON, type Churn, type DriverUpdateRead, type ListRead, type PollPlan, type TriggerRead } from './scenarios.cts';

const LOADS = 90;
const WORK_ORDERS = 45;
/** The page a list serves under `ignorePageSize` (the sandbox's own, the spec's general limit). */
export const OWN_PAGE = 10;
/** Past this many requests in one read the test ends it: far beyond any budget here. */
const CAP = 160;
export const MINUTE = 60_000;
/** The sandbox clock at the start of every scenario: a replayed scenario sees the same dates. */
export const START = Date.parse('2026-06-01T12:00:00Z');

const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

/** What the user cannot fix: Datatruck's own refusal passed on as the node's error (the transport's words for it). */
const RAW_REFUSAL = /^Datatruck (rejected the request|answered with HTTP 41\d)/;

const refusesColumn = (error: Error, column: string) => error.message.includes(`"${column}"`) && /not a (filterable )?field/i.test(error.message);

/** The counts a test prints at the end (its own stats object may hold more). */
export interface ReadStats {
	errors: number;
	userFilterRefused: number;
	requests: number;
	records: number;
}

/** How one read's verdict is handed back to the scenario it belongs to. */
export interface Verdict {
	/** Throws with the scenario when the property does not hold. */
	fail(problem: string): never;
	/** Told of each clear error the read ended in, by kind (label and message, numbers folded). */
	errored?(kind: string): void;
}

export interface LabOptions {
	stats: ReadStats;
	/** A raw refusal by Datatruck of something the node sent (HTTP 400, 414, 422 passed on) is a failure, however clear. */
	rawRefusalFails?: boolean;
	/** A list read returning records that never matched the query (and were not touched under it) is a failure. */
	foreignFails?: boolean;
}

export interface TriggerOptions<PollExtra> {
	workflowId: string;
	/** Whether the list the trigger reads serves its own page (`ignorePageSize`), for the budget. */
	ownPage(collection: ChurnList): boolean;
	/** Before each poll after activation (after its records are created and its time has passed). */
	beforePoll?(plan: PollPlan<PollExtra>): void;
	/**
	 * "Emitted twice" is the same id emitted again (`id`), or the same stored record (`stored`: a record created
	 * after the newest was deleted takes its id, and is another record, which is news again).
	 */
	identity: 'id' | 'stored';
	/** Prints every poll's requests. */
	debug?: boolean;
}

/** One sandbox, its clock and the checks of a read against it. */
export class PropertyLab {
	sandbox!: Sandbox;
	clock = 0;
	/** The clear errors by what they said (numbers folded), for the share printed at the end. */
	readonly errorKinds = new Map<string, number>();

	constructor(private readonly options: LabOptions) {}

	/** The eight most frequent clear errors, a line each, for the summary. */
	topErrors(): string {
		return [...this.errorKinds]
			.sort(([, a], [, b]) => b - a)
			.slice(0, 8)
			.map(([kind, count]) => `\n  ${count} × ${kind}`)
			.join('');
	}

	/** Starts the sandbox before the file's tests (the node's trigger settings and retries on its clock) and stops it after. */
	useSandbox(): void {
		const saved = { trigger: { ...triggerSettings }, retry: { ...retryPolicy } };
		beforeAll(async () => {
			this.sandbox = await startSandbox({ rateLimit: false, loads: LOADS, now: () => new Date(this.clock) });
			Object.assign(triggerSettings, { requestTimeoutMs: 2_000, now: () => this.clock });
			Object.assign(retryPolicy, { backoffBaseMs: 1, backoffCapMs: 4 });
			// Driver › Update reads the fields its PUT must send from the list (the readThenWrite tests do the same).
			this.sandbox.configure({ driverListFields: 'withUpdateFields' });
		});
		afterAll(async () => {
			Object.assign(triggerSettings, saved.trigger);
			Object.assign(retryPolicy, saved.retry);
			await this.sandbox?.close();
		});
	}

	/**
	 * The start of every scenario: the same data, dates and record generator (so that one replays alone as it ran
	 * among others), the node's assumptions and no faults or churn.
	 */
	begin(): void {
		this.clock = START;
		this.sandbox.reset({ loads: LOADS, seed: 42 });
		this.sandbox.data.workOrders.splice(WORK_ORDERS);
		resetSupport();
		resetLimiters();
		this.sandbox.clearFaults();
		this.sandbox.live.off();
	}

	credentials() {
		return sandboxCredentials(this.sandbox.baseUrl, this.sandbox.token, { rateLimitRequests: 100_000, rateLimitWindowSeconds: 1 });
	}

	/** The requests the sandbox received, for a failure report (the first 30), each with the ids a page answered. */
	sent(): string {
		return this.sandbox.log
			.slice(0, 30)
			.map((entry) => `${entry.status} ${entry.method} ${decodeURIComponent(entry.rawUrl).slice(0, 200)}${answerOf(entry)}`)
			.join('\n');
	}

	private checkBudget(verdict: Verdict, watch: ReturnType<typeof watchRequests>, budget: number, label: string): void {
		const count = this.sandbox.log.length;
		this.options.stats.requests += count;
		if (watch.runaway) verdict.fail(`${label}: never ended: stopped by the test after ${count} requests (budget ${budget})\n${this.sent()}`);
		if (count > budget) verdict.fail(`${label}: ${count} requests, past its budget of ${budget} (first answer ${JSON.stringify(watch.first)})\n${this.sent()}`);
	}

	/** A failure is acceptable only when it is loud and says why: it names the list and gives a reason. */
	private checkLoud(verdict: Verdict, list: keyof typeof LIST_WORDS, error: Error & { description?: string; httpCode?: string | null }, label: string): void {
		const text = `${error.message} ${error.description ?? ''}`;
		if (this.options.rawRefusalFails && (RAW_REFUSAL.test(error.message) || ['400', '414', '422'].includes(String(error.httpCode)))) {
			verdict.fail(`${label}: Datatruck's raw refusal of what the node sent, which the user cannot fix: ${text}\n${this.sent()}`);
		}
		if (!LIST_WORDS[list].test(text) || !REASON.test(text)) verdict.fail(`${label}: an error that does not say which list and why: ${text}\n${this.sent()}`);
		this.options.stats.errors++;
		const kind = `${label}: ${error.message.replace(/\d+/g, 'N').slice(0, 110)}`;
		this.errorKinds.set(kind, (this.errorKinds.get(kind) ?? 0) + 1);
		verdict.errored?.(kind);
	}

	/** Runs one read with a watch on its requests. */
	private async watched<T>(run: () => Promise<T>): Promise<{ result: T; watch: ReturnType<typeof watchRequests> }> {
		const watch = watchRequests(this.sandbox, CAP);
		try {
			return { result: await run(), watch };
		} finally {
			watch.stop();
		}
	}

	// ----- list reads -------------------------------------------------------------------------------------------------

	/** The dispatchers assigned to drivers (the node finds a dispatcher's name through them), by id. */
	private assignedDispatchers(): Array<{ id: number; full_name: string }> {
		const byId = new Map<number, { id: number; full_name: string }>();
		for (const driver of this.sandbox.data.drivers) if (driver.assigned_dispatcher) byId.set(driver.assigned_dispatcher.id, driver.assigned_dispatcher);
		return [...byId.values()].sort((a, b) => a.id - b.id);
	}

	/** Get Many under `churn`. `read.dispatcher` (loads): "only the loads of the n-th dispatcher assigned to a driver". */
	async checkList(verdict: Verdict, read: ListRead<{ dispatcher?: number | null }>, churn: Churn): Promise<void> {
		const { sandbox, options } = this;
		const fail = verdict.fail;
		const queried = queriedOf(read.resource);
		const filter = queried ? FILTERS[queried][read.filter] : {};
		const dispatchers = read.dispatcher == null ? [] : this.assignedDispatchers();
		const dispatcher = read.dispatcher == null ? null : dispatchers[read.dispatcher % dispatchers.length];
		const parameters: INodeParameters = {
			resource: read.resource,
			operation: 'getMany',
			returnAll: read.limit === null,
			...(read.limit === null ? {} : { limit: read.limit }),
			...(filter.condition ? { filters: { conditions: [filter.condition] } } : {}),
			...(read.sort ? { sort: read.sort } : {}),
			...(dispatcher ? { dispatcherIds: [dispatcher.id] } : {}),
		};
		let start: number[];
		if (queried) {
			const sign = read.sort?.descending ? '-' : '';
			const ordering = !read.sort ? null : read.sort.field === 'id' ? `${sign}id` : `${sign}${read.sort.field},${sign}id`;
			const conditions = [...(filter.api ? [filter.api] : []), ...(dispatcher ? [{ column: 'dispatcher__full_name', value: [dispatcher.full_name], contains: 'is_in' }] : [])];
			start = matchingIds(sandbox, CHURN_LIST[queried], conditions.length ? JSON.stringify(conditions) : null, ordering);
		} else start = (sandbox.data[COLLECTIONS[read.resource as 'driver']] as Array<{ id: number }>).map((record) => record.id);

		const collection = () => sandbox.data[queried ? CHURN_LIST[queried] : COLLECTIONS[read.resource as 'driver']] as unknown[];
		const sizeBefore = collection().length;
		sandbox.live.configure(churn);
		const { result, watch } = await this.watched<RunResult>(() => runDatatruck({ parameters, credentials: this.credentials() }));
		const touched = new Set<number>([...(queried ? sandbox.live.touched[CHURN_LIST[queried]] : read.resource === 'truck' ? sandbox.live.touched.trucks : [])]);
		sandbox.live.off();
		const label = `${read.resource} Get Many`;
		// Records created during the read add pages: the budget counts the list as large as it grew. Loads of one
		// dispatcher on a Datatruck without `dispatcher__id` first read the driver list for the dispatcher's name.
		const lookUp = dispatcher ? listBudget(sandbox.data.drivers.length, OWN_PAGE) : 0;
		this.checkBudget(verdict, watch, budgetOf(watch.first, start.length, 25, collection().length - sizeBefore) + lookUp, label);
		if (result.error) {
			// Datatruck refusing a column of the user's own filter fails as it always did (issue 28, requirement 4).
			if (filter.api && refusesColumn(result.error, filter.api.column)) return void options.stats.userFilterRefused++;
			return this.checkLoud(verdict, read.resource, result.error, label);
		}
		options.stats.records += result.json.length;

		const verdictOf = judge(result.json, start, touched, queried ? (read.limit ?? undefined) : undefined);
		if (verdictOf.duplicates.length) fail(`${label}: records twice: ${verdictOf.duplicates.join(', ')}\n${this.sent()}`);
		if (options.foreignFails) {
			// Records that never matched the query and were not created or changed under the read: a condition not applied.
			const matched = new Set(start);
			const foreign = result.json.map((record) => Number(record.id)).filter((id) => !matched.has(id) && !touched.has(id));
			if (foreign.length) fail(`${label}: records that do not match the query: ${foreign.slice(0, 10).join(', ')}${foreign.length > 10 ? '…' : ''} (${foreign.length} of ${result.json.length})\n${this.sent()}`);
		}
		const wanted = Math.min(read.limit ?? Infinity, start.length);
		if (!queried && read.limit !== null) {
			// A list without a published order: a Limit takes any records of it, each once.
			if (touched.size === 0 && result.json.length !== wanted) fail(`${label}: ${result.json.length} records for a Limit of ${read.limit} (${start.length} exist)\n${this.sent()}`);
			return;
		}
		if (verdictOf.lost.length) fail(`${label}: stable records lost: ${verdictOf.lost.join(', ')}\n${this.sent()}`);
		if (touched.size === 0 && queried) {
			const ids = result.json.map((record) => Number(record.id));
			if (JSON.stringify(ids) !== JSON.stringify(start.slice(0, wanted))) {
				const at = ids.findIndex((id, position) => id !== start[position]);
				fail(`${label}: not the list in its order from position ${at}: got ${ids.slice(at, at + 8).join(',')}…, expected ${start.slice(at, at + 8).join(',')}… (${ids.length} of ${wanted})\n${this.sent()}`);
			}
		}
		if (read.limit !== null && verdictOf.stable >= read.limit && result.json.length !== read.limit) {
			fail(`${label}: ${result.json.length} records for a Limit of ${read.limit}\n${this.sent()}`);
		}
	}

	// ----- the trigger ------------------------------------------------------------------------------------------------

	/** An activation, the read's polls (records created before each, churn under it when planned) and a last quiet poll. */
	async checkTrigger<PollExtra>(verdict: Verdict, read: TriggerRead<PollExtra>, churnSpec: Churn, trigger: TriggerOptions<PollExtra>): Promise<void> {
		const { sandbox, options } = this;
		const fail = verdict.fail;
		const collection = EVENT_LIST[read.event];
		const records = () => sandbox.data[collection] as Array<{ id: number }>;
		const harness = new PollHarness({ parameters: { event: read.event }, credentials: this.credentials(), workflowId: trigger.workflowId });
		const emitted = new Set<number>();
		/** What each emitted id was in the sandbox's store when emitted (for `identity: 'stored'`). */
		const emittedAs = new Map<number, object>();
		const emittedAt = new Map<number, string>();
		const created = new Set<number>();
		const touched = new Set<number>();
		let failed = false;

		const polled: string[] = [];
		const poll = async (label: string, churn: boolean): Promise<PollResult> => {
			sandbox.clearLog();
			const listSize = records().length;
			if (churn) sandbox.live.configure(churnSpec);
			const { result, watch } = await this.watched(() => harness.poll());
			for (const id of sandbox.live.touched[collection]) touched.add(id);
			sandbox.live.off();
			polled.push(`${label} at +${(this.clock - START) / 1000} s, ${result.json.length} emitted (${result.json.map((record) => `${String(record.id)}@${String(record.created_datetime ?? '')}`).join(' ')})${result.error ? `, error ${result.error.message}` : ''}:\n${this.sent()}`);
			const pageSize = trigger.ownPage(collection) ? OWN_PAGE : triggerSettings.pageSize;
			this.checkBudget(verdict, watch, Math.max(budgetOf(watch.first, listSize, pageSize), listBudget(Math.max(listSize, records().length), pageSize)), `${read.event} ${label}`);
			if (result.error) {
				failed = true;
				this.checkLoud(verdict, read.event, result.error, `${read.event} ${label}`);
			}
			for (const record of result.json) {
				const id = Number(record.id);
				const stored = trigger.identity === 'stored' ? (records().find((candidate) => candidate.id === id) ?? {}) : undefined;
				// A record whose event time was corrected after the trigger forgot it may come again (docs/trigger.md, Corrections).
				const corrected = emittedAt.has(id) && emittedAt.get(id) !== String(record.created_datetime);
				if (emitted.has(id) && emittedAs.get(id) === stored && !corrected) fail(`${read.event} ${label}: record ${id} emitted twice\n${polled.join('\n')}`);
				emitted.add(id);
				emittedAt.set(id, String(record.created_datetime));
				if (stored) emittedAs.set(id, stored);
			}
			options.stats.records += result.json.length;
			return result;
		};

		const history = new Set(records().map((record) => record.id));
		await poll('activation', false);
		for (const [n, plan] of read.polls.entries()) {
			for (let k = 0; k < plan.created; k++) {
				// Some in the same second, some a second or two late: news need not come in time order.
				const at = iso(this.clock - (k % 3) * 1000);
				const record = read.event === 'newLoad' ? sandbox.createLoad({ created_datetime: at, pickup_time: null, delivery_time: null }) : sandbox.createWorkOrder({ created_datetime: at });
				created.add(record.id);
			}
			this.clock += plan.seconds * 1000;
			trigger.beforePoll?.(plan);
			await poll(`poll ${n}`, plan.churn);
		}
		// A last poll with nothing changing: what is news by now must have been emitted.
		this.clock += MINUTE;
		await poll('last poll', false);

		if (trigger.debug) console.log(polled.join('\n'));
		const existing = new Set(records().map((record) => record.id));
		const unexpected = [...emitted].filter((id) => history.has(id) && !touched.has(id));
		if (unexpected.length) fail(`${read.event}: emitted records that existed at activation: ${unexpected.join(', ')}\n${polled.join('\n')}`);
		if (failed) return;
		const missing = [...created].filter((id) => existing.has(id) && !touched.has(id) && !emitted.has(id));
		if (missing.length) {
			const when = missing.map((id) => `${id} created ${String((records().find((record) => record.id === id) as unknown as IDataObject).created_datetime)}`);
			fail(`${read.event}: new records never emitted, without an error: ${missing.join(', ')}\n${when.join('; ')}\n${polled.join('\n')}`);
		}
	}

	// ----- Driver › Update --------------------------------------------------------------------------------------------

	/** Updates one driver's phone (`step`: the read's place in its scenario, so that each step writes another number). */
	async checkDriverUpdate(verdict: Verdict, read: DriverUpdateRead, step = 0): Promise<void> {
		const fail = verdict.fail;
		const drivers = this.sandbox.data.drivers;
		const target = drivers[drivers.length - 1 - read.fromEnd];
		const before = JSON.stringify(drivers.filter((driver) => driver.id !== target.id));
		const phone = `+1 312 555 ${String(1000 + read.fromEnd + 100 * step).slice(-4)}`;
		const { result, watch } = await this.watched<RunResult>(() =>
			runDatatruck({
				typeVersion: 1.1,
				parameters: { resource: 'driver', operation: 'update', driverId: String(target.id), updateFields: { contactNumber: phone } },
				credentials: this.credentials(),
			}),
		);
		// The look-up reads the driver list (at worst whole, in the list's own pages), then one PUT.
		this.checkBudget(verdict, watch, listBudget(drivers.length, OWN_PAGE) + 1, 'Driver › Update');
		if (JSON.stringify(drivers.filter((driver) => driver.id !== target.id)) !== before) fail('Driver › Update changed another driver');
		if (result.error) return this.checkLoud(verdict, 'driver', result.error, 'Driver › Update');
		const stored = drivers.find((driver) => driver.id === target.id) as unknown as IDataObject;
		if (stored.contact_number !== phone) fail(`Driver › Update reported success, but driver ${target.id} has ${String(stored.contact_number)}`);
	}
}

/** Appends one JSON line to `file` (a property test's record of its clear errors or failures, for working through them). */
export function appendLine(file: string, line: unknown): void {
	appendFileSync(file, `${JSON.stringify(line)}\n`);
}

/** What a page answered, for a failure report: ` → count 24: 15,14,13`. */
function answerOf(entry: RequestLogEntry): string {
	return entry.answered ? ` → count ${String(entry.answered.count ?? '-')}: ${entry.answered.ids.join(',')}` : '';
}
