/**
 * The day checked against the sandbox's own record (its store and request log) and the stand-ins' (mail sent,
 * Slack posts): requirement 4 of issue 40, each check a line that passes or fails with what it saw. Checks that do
 * not apply to a day (no token regeneration in the short day, no memory trend in a day shorter than two scaled
 * hours) are left out, and the summary says `null` for what was not measured.
 */
import { isRunning } from '../e2e/lib/executions.cts';
import type { Order } from '../sandbox/index.cts';
import { weeklyReportOf } from '../e2e/lib/examples.cts';
import { dispatcherBoard } from '../sandbox/resources/dispatcherBoard.cts';
import { flaggedReads, packageRequests, POLLERS, senderOf } from './attribution.cts';
import type { DayRecord } from './day.cts';
import { createdWithinDaysOf, growthAfterFirstHour, staticDataGrowth } from './growth.cts';
import { faultAt, lastEventMinuteOf, type DayPlan } from './plan.cts';
import type { DayServices } from './services.cts';
import { TRIGGER_ROLES, type DayWorkflow } from './workflows.cts';

export interface Check {
	name: string;
	pass: boolean;
	detail: string;
}

export interface Summary {
	seed: number;
	short: boolean;
	missed: number;
	duplicated: number;
	unexpectedFailures: number;
	share429: number;
	maxPollWaitWindows: number | null;
	rssGrowth: Record<string, number> | null;
	staticDataGrowth: Record<string, number> | null;
	[key: string]: unknown;
}

export interface Verdict {
	checks: Check[];
	summary: Summary;
	/** Per trigger: expected ids, emitted counts. */
	triggers: Record<string, { expected: number; emitted: number; missed: number[]; duplicated: number[] }>;
	failures: Array<{ role: string; id: string; at: number; error: string; expected: boolean; why: string }>;
}

export interface DayInput {
	plan: DayPlan;
	record: DayRecord;
	services: DayServices;
	workflows: Array<DayWorkflow & { id: string }>;
}

export const TOKEN_MESSAGE = /refused the API token/;
const STALLED_MESSAGE = /failed to be processed too many times|stalled/i;

function countBy<T>(items: T[]): Map<T, number> {
	const counts = new Map<T, number>();
	for (const item of items) counts.set(item, (counts.get(item) ?? 0) + 1);
	return counts;
}

const atOrAfter = (iso: string | null, from: number) => iso !== null && Date.parse(iso) >= from - 1000;

/** What each trigger had to emit, by the sandbox's store and the dispatchers' record of the day. */
function expectedEvents(input: DayInput): Record<string, number[]> {
	const { record, services } = input;
	const orders = services.sb.data.orders;
	const ids = (test: (o: Order) => boolean) => orders.filter(test).map((o) => o.id);
	// Pickups, deliveries and flags are the dispatchers' of the day (seeded loads may carry planned times in the
	// future, which no trigger emits as an event of today), each still so in the store.
	const today = (move: string) => new Set(record.changes.filter((c) => c.move === move).map((c) => c.loadId));
	const [pickedUp, delivered, flagged] = [today('pickUp'), today('deliver'), today('flag')];
	const brief = briefFlags(input);
	return {
		newLoad: ids((o) => atOrAfter(o.created_datetime, record.dayStart)),
		pickedUp: ids((o) => pickedUp.has(o.id) && atOrAfter(o.pickup_time, record.dayStart)),
		podEmail: ids((o) => delivered.has(o.id) && atOrAfter(o.delivery_time, record.dayStart)),
		alertFlagged: ids((o) => flagged.has(o.id) && !brief.has(o.id)),
	};
}

function triggerChecks(input: DayInput, verdict: Verdict): Check[] {
	const expected = expectedEvents(input);
	const checks: Check[] = [];
	for (const role of TRIGGER_ROLES) {
		const executions = input.record.executions[role] ?? [];
		// A retry runs on the trigger's earlier output: it emits nothing new.
		const emitted = countBy(executions.filter((e) => e.mode !== 'retry').flatMap((e) => e.records.map((r) => Number(r.id))));
		const want = new Set(expected[role]);
		const may = role === 'alertFlagged' ? briefFlags(input) : new Set<number>();
		const missed = [...want].filter((id) => !emitted.has(id));
		const duplicated = [...emitted].filter(([, n]) => n > 1).map(([id]) => id);
		const extra = [...emitted.keys()].filter((id) => !want.has(id) && !may.has(id));
		verdict.triggers[role] = { expected: want.size, emitted: [...emitted.values()].reduce((a, b) => a + b, 0), missed, duplicated };
		checks.push({
			name: `trigger ${role}: each event emitted once`,
			pass: want.size > 0 && missed.length === 0 && duplicated.length === 0 && extra.length === 0,
			detail:
				`${want.size} events in Datatruck, ${emitted.size} emitted; missed ${JSON.stringify(missed)}, twice ${JSON.stringify(duplicated)}, not an event of the day ${JSON.stringify(extra)}` +
				(may.size ? `; flagged only while no complete read of the flagged list fell inside the flag, not counted: ${JSON.stringify([...may])}` : ''),
		});
	}
	return checks;
}

function alertCheck(input: DayInput): Check {
	const flagged = expectedEvents(input).alertFlagged;
	const byLoadId = new Map(input.services.sb.data.orders.map((o) => [String(o.load_id ?? o.id), o.id]));
	const posted = input.services.slack.received.map((r) => {
		const text = String((r.body as { text?: string })?.text ?? '');
		const match = /Load (\S+) for/.exec(text);
		return match ? byLoadId.get(match[1]) ?? Number(match[1]) : NaN;
	});
	const counts = countBy(posted);
	const brief = briefFlags(input);
	const wrong = [...flagged.filter((id) => counts.get(id) !== 1), ...[...brief].filter((id) => (counts.get(id) ?? 0) > 1)];
	const extra = [...counts.keys()].filter((id) => !flagged.includes(id) && !brief.has(id));
	return {
		name: 'each flagged load alerted once',
		pass: flagged.length > 0 && wrong.length === 0 && extra.length === 0,
		detail: `${flagged.length} loads flagged, ${posted.length} Slack posts; not exactly once: ${JSON.stringify(wrong.map((id) => [id, counts.get(id) ?? 0]))}; for no flagged load: ${extra.length}`,
	};
}

function podCheck(input: DayInput): Check {
	const delivered = expectedEvents(input).podEmail;
	const orders = new Map(input.services.sb.data.orders.map((o) => [o.id, o]));
	const subjects = input.services.smtp.received.map((m) => m.subject ?? '').filter((s) => s.startsWith('Proof of delivery'));
	const wrong = delivered.filter((id) => {
		const load = orders.get(id)!;
		return subjects.filter((s) => s === `Proof of delivery for load ${load.load_id ?? load.id}`).length !== 1;
	});
	return {
		name: 'each delivered load: its proof of delivery mailed once',
		pass: delivered.length > 0 && wrong.length === 0 && subjects.length === delivered.length,
		detail: `${delivered.length} loads delivered, ${subjects.length} proof-of-delivery mails; not exactly once: ${JSON.stringify(wrong)}`,
	};
}

/**
 * A mail that arrived while the token was refused: its execution failed with the token message (a failed execution
 * the 401 check judges) and nothing came of it; a dispatcher runs it again. Counted and named, not hidden.
 */
function lostToTokenWindow(record: DayRecord, at: number, effects: number): boolean {
	const regen = record.faults.find((f) => f.name === 'tokenRegenerated');
	return regen !== undefined && effects === 0 && at >= regen.from && at <= (record.credentialUpdatedAt ?? regen.to ?? regen.from);
}

function repairChecks(input: DayInput): Check[] {
	const { record, services } = input;
	const excused: string[] = [];
	const replies = services.smtp.received.map((m) => m.subject ?? '').filter((s) => s.startsWith('Re:'));
	const wrong: string[] = [];
	const repairs = record.mails.filter((m) => m.repair);
	for (const { repair, via, at } of repairs) {
		const reference = repair!.reference;
		const workOrders = services.sb.data.workOrders.filter((w) => w.reference_number === reference).length;
		const answered = replies.filter((s) => s.includes(reference)).length;
		const killed = record.workerKill?.reference === reference;
		// The killed execution never got to its reply; its work order must exist once all the same.
		const fine = repair!.kind === 'complete' ? workOrders === 1 && (answered === 1 || (killed && answered === 0)) : workOrders === 0 && answered === 1;
		if (!fine && lostToTokenWindow(record, at, workOrders + answered)) excused.push(reference);
		else if (!fine) wrong.push(`${reference} (${repair!.kind}, via ${via}): ${workOrders} work orders, ${answered} replies`);
	}
	const checks: Check[] = [
		{
			name: 'each repair mail: exactly one work order or exactly one reply',
			pass: repairs.length > 0 && wrong.length === 0,
			detail: `${repairs.length} repair mails (${repairs.filter((m) => m.repair!.kind === 'complete').length} complete); wrong: ${wrong.join('; ') || 'none'}${excused.length ? `; arrived while the token was refused, nothing made (execution failed with the token message): ${excused.join(', ')}` : ''}`,
		},
	];
	const kill = record.workerKill;
	if (faultAt(input.plan, 'workerKill')) {
		const created = kill ? services.sb.log.filter((e) => e.path.endsWith('/work-orders/create/') && JSON.stringify(e.body ?? '').includes(kill.reference)).length : 0;
		const stored = kill ? services.sb.data.workOrders.filter((w) => w.reference_number === kill.reference).length : 0;
		const execution = kill ? record.executions.repairMailbox.find((e) => e.id === kill.executionId) : undefined;
		checks.push({
			name: 'worker killed mid-create: nothing created twice',
			// Requests are not creates: under the published profile the node's first form is refused (400) before the one kept.
			pass: kill !== undefined && stored === 1 && execution !== undefined && execution.status !== 'success',
			detail: kill
				? `execution ${kill.executionId} ended "${execution?.status}" (${execution?.error ?? 'no error'}); Datatruck received ${created} create request(s) for ${kill.reference} and holds ${stored} work order(s)`
				: 'the worker kill did not happen',
		});
	}
	return checks;
}

function rateConfirmationCheck(input: DayInput): Check {
	const mails = input.record.mails.filter((m) => m.rateConfirmation);
	const wrong: string[] = [];
	const excused: string[] = [];
	for (const { rateConfirmation, at } of mails) {
		const { loadNumber, withPdf } = rateConfirmation!;
		const loads = input.services.sb.data.orders.filter((o) => o.load_id === loadNumber);
		const withDocument = loads.filter((o) => o.documents.some((d) => d.file_type === 'rate_confirmation'));
		const fine = withPdf ? loads.length === 1 && withDocument.length === 1 : loads.length === 0;
		if (!fine && lostToTokenWindow(input.record, at, loads.length)) excused.push(loadNumber);
		else if (!fine) wrong.push(`${loadNumber} (${withPdf ? 'with' : 'without'} PDF): ${loads.length} loads, ${withDocument.length} with the document`);
	}
	return {
		name: 'each rate confirmation: one load with its document (none without the PDF)',
		pass: mails.length > 0 && wrong.length === 0,
		detail: `${mails.length} rate confirmations (${mails.filter((m) => m.rateConfirmation!.withPdf).length} with the PDF); wrong: ${wrong.join('; ') || 'none'}${excused.length ? `; arrived while the token was refused, no load made: ${excused.join(', ')}` : ''}`,
	};
}

function syncCheck(input: DayInput): Check {
	const runs = (input.record.executions.sync ?? []).filter((e) => e.status === 'success' && e.startedAt > input.record.lastLoadChangeAt);
	const last = runs[runs.length - 1];
	const held = input.services.sb.data.orders.map((o) => o.id).sort((a, b) => a - b);
	const ids = ((last?.records[0]?.ids as number[] | undefined) ?? []).map(Number).sort((a, b) => a - b);
	const same = ids.length === held.length && ids.every((id, i) => id === held[i]);
	return {
		name: "the sync's last run holds exactly the loads Datatruck holds",
		pass: last !== undefined && same,
		detail: last ? `execution ${last.id}: ${ids.length} loads (${new Set(ids).size} distinct); Datatruck holds ${held.length}` : "no sync run started after the day's last change to the loads finished",
	};
}

/**
 * The weekly board report ran once, at its minute, and its Report holds last week's board as Datatruck has it: the
 * week it read (the board request the sandbox logged), summed from the sandbox's store as the example sums it
 * (weeklyReportOf, which the examples' e2e test holds to what n8n's run of the example gives).
 */
export function weeklyReportCheck(input: Pick<DayInput, 'record' | 'plan' | 'services'>): Check {
	const { record, plan, services } = input;
	const runs = record.executions.weeklyReport ?? [];
	const due = record.dayStart + plan.weeklyReportAtMinute * plan.length.minuteMs;
	const reads = services.sb.log.filter((e) => senderOf(e) === 'weeklyReport' && e.status === 200);
	const report = runs[0]?.records[0];
	const problems: string[] = [];
	if (runs.length !== 1) problems.push(`${runs.length} runs`);
	else if (runs[0].status !== 'success') problems.push(`execution ${runs[0].id} ${runs[0].status}: ${runs[0].error ?? ''}`);
	else if (Math.abs(runs[0].startedAt - due) > plan.length.minuteMs) problems.push(`started ${((runs[0].startedAt - due) / 1000).toFixed(1)} s from its minute`);
	if (reads.length !== 1) problems.push(`${reads.length} board reads answered`);
	if (report && reads.length === 1) {
		const start = String(reads[0].query.start_date);
		// startSandbox's payroll setting, which the day keeps: a trip counts on its pickup date.
		const rows = dispatcherBoard(services.sb.data, { start, end: String(reads[0].query.end_date), dateBy: 'pickup' });
		const expected = weeklyReportOf(rows, start);
		const wrong = Object.entries(expected).filter(([field, value]) => report[field] !== value);
		if (rows.length === 0) problems.push(`Datatruck's board for the week of ${start} is empty: nothing to compare`);
		for (const [field, value] of wrong) problems.push(`${field} ${JSON.stringify(report[field])}, Datatruck's board ${JSON.stringify(value)}`);
	}
	return {
		name: 'the weekly board report ran once, at its minute, with last week\'s board as Datatruck holds it',
		pass: problems.length === 0,
		detail: problems.length ? problems.join('; ') : `execution ${runs[0].id}: ${String(report?.text ?? '')}`,
	};
}

function failureChecks(input: DayInput, verdict: Verdict): Check[] {
	const { record, plan } = input;
	const regen = record.faults.find((f) => f.name === 'tokenRegenerated');
	const windowEnd = (record.credentialUpdatedAt ?? 0) + 2 * plan.length.minuteMs;
	for (const [role, executions] of Object.entries(record.executions)) {
		// Still running when read back: settle() waited for every run started before it, so this one is the settled
		// n8n's (the next sync, a poll), not the day's.
		for (const e of executions.filter((x) => x.status !== 'success' && !isRunning(x.status))) {
			const error = e.error ?? e.status;
			let why = 'unexpected';
			const kill = record.workerKill;
			if (kill && (kill.executionId === e.id || kill.heldExecutions?.includes(e.id)) && STALLED_MESSAGE.test(error)) why = 'its worker was killed (n8n does not run a stalled job again)';
			// Running at any moment of the window: a sync started before the token was regenerated meets it on a later page.
			else if (regen && (e.stoppedAt ?? e.startedAt) >= regen.from && e.startedAt <= windowEnd && TOKEN_MESSAGE.test(error)) why = 'the token was regenerated';
			verdict.failures.push({ role, id: e.id, at: e.startedAt, error, expected: why !== 'unexpected', why });
		}
	}
	const unexpected = verdict.failures.filter((f) => !f.expected);
	const checks: Check[] = [
		{
			name: 'failed executions: only those of the killed worker and those in the 401 window, each saying why',
			pass: unexpected.length === 0,
			detail: `${verdict.failures.length} failed, ${unexpected.length} unexpected${unexpected.length ? `: ${unexpected.slice(0, 5).map((f) => `${f.role} #${f.id} ${f.error.slice(0, 160)}`).join(' | ')}` : ''}`,
		},
	];
	if (regen && record.credentialUpdatedAt) {
		const after = record.credentialUpdatedAt;
		const silent = [...TRIGGER_ROLES, 'sync'].filter((role) => !(record.executions[role] ?? []).some((e) => e.status === 'success' && e.startedAt > after));
		checks.push({
			name: 'every workflow runs again once the credential is updated',
			pass: silent.length === 0,
			detail: silent.length ? `no successful run after the update: ${silent.join(', ')}` : 'each trigger and the sync ran successfully after the update',
		});
	}
	return checks;
}

function tooManyCheck(input: DayInput): { check: Check; share: number } {
	const ours = packageRequests(input.services.sb.log);
	const tooMany = ours.filter((e) => e.status === 429).length;
	const share = ours.length ? tooMany / ours.length : 0;
	return {
		share,
		check: { name: "429 answers: at most 2 % of the package's requests", pass: ours.length > 0 && share <= 0.02, detail: `${tooMany} of ${ours.length} (${(share * 100).toFixed(2)} %)` },
	};
}

/** Windows after a fault whose polls wait out the fault's last retry, not a Return All: a backoff is at most one. */
const WINDOWS_AFTER_DOWN = 2;

/**
 * When no poll can be answered: Datatruck down (outage, restart, the 401 window), and WINDOWS_AFTER_DOWN after it.
 * This was 5 windows while a retry's backoff waited in real seconds (up to 16 s, 5 of the day's windows); it waits
 * at most a window of the credential now (docs/carrier-day.md, defect 16).
 */
function downSpans(input: Pick<DayInput, 'plan' | 'record'>): Array<readonly [number, number]> {
	const { minuteMs } = input.plan.length;
	return input.record.faults.filter((f) => ['outage', 'restart', 'tokenRegenerated'].includes(f.name)).map((f) => [f.from, (f.to ?? f.from) + WINDOWS_AFTER_DOWN * minuteMs] as const);
}

/**
 * Loads flagged today only while no read of the flagged list could see them: no complete read of it (its first
 * request to its last) fell within any span the load was flagged. Load Flagged compares the flagged list read to
 * read (docs/trigger.md), so it promises nothing for these; an alert for one is no fault, two are.
 */
export function briefFlags(input: Pick<DayInput, 'record' | 'services' | 'workflows'>): Set<number> {
	const alert = input.workflows.find((wf) => wf.role === 'alertFlagged');
	if (!alert) return new Set();
	const reads = flaggedReads(input.services.sb.log.map((e) => ({ ...e, host: e.headers.host })), createdWithinDaysOf(alert));
	const seenWhile = (from: number, to: number) => reads.some(([first, last]) => first >= from && last <= to);
	const seen = new Set<number>();
	const flaggedSince = new Map<number, number>();
	const flagged = new Set<number>();
	for (const change of [...input.record.changes].sort((a, b) => a.at - b.at)) {
		if (change.move === 'flag' && !flaggedSince.has(change.loadId)) flaggedSince.set(change.loadId, change.at);
		if (change.move === 'flag') flagged.add(change.loadId);
		if (change.move !== 'unflag' || !flaggedSince.has(change.loadId)) continue;
		if (seenWhile(flaggedSince.get(change.loadId)!, change.at)) seen.add(change.loadId);
		flaggedSince.delete(change.loadId);
	}
	for (const [loadId, since] of flaggedSince) if (seenWhile(since, input.record.settledAt)) seen.add(loadId);
	return new Set([...flagged].filter((loadId) => !seen.has(loadId)));
}

/**
 * How long each trigger poll that fell while a sync ran waited for its first request, in rate windows: from the
 * poll's tick (polls fire on the scaled minute's boundaries) to the first request of that trigger at or after it.
 */
function pollWait(input: DayInput): { check: Check; max: number | null } {
	const { minuteMs } = input.plan.length;
	// A poll that waits out Datatruck being down waits for that, not for the Return All: those ticks are left out.
	const down = downSpans(input);
	const isDown = (tick: number) => down.some(([from, to]) => tick >= from && tick <= to);
	const syncs = (input.record.executions.sync ?? []).filter((e) => e.stoppedAt !== null).map((e) => [e.startedAt, e.stoppedAt!] as const);
	const log = input.services.sb.log.filter((e) => e.path.endsWith('/orders/')).map((e) => ({ at: e.at, sender: senderOf({ ...e, host: e.headers.host }) }));
	let max: number | null = null;
	let polls = 0;
	for (const [from, to] of syncs) {
		for (let tick = Math.ceil(from / minuteMs) * minuteMs; tick < to; tick += minuteMs) {
			if (isDown(tick)) continue;
			for (const poller of POLLERS) {
				const first = log.find((e) => e.sender === poller && e.at >= tick);
				if (!first) continue;
				polls++;
				const wait = (first.at - tick) / minuteMs;
				max = max === null ? wait : Math.max(max, wait);
			}
		}
	}
	return {
		max,
		check: {
			name: 'while a Return All runs, no trigger poll waits more than 2 rate windows for its request',
			pass: max !== null && max <= 2,
			detail: `${polls} polls during ${syncs.length} sync runs (not counting those while Datatruck was down, and ${WINDOWS_AFTER_DOWN} windows after); longest wait ${max === null ? 'none measured' : `${max.toFixed(2)} windows`}`,
		},
	};
}

type Trends = { checks: Check[]; rss: Record<string, number> | null; heapUsed: Record<string, number> | null; heapTotal: Record<string, number> | null; external: Record<string, number> | null; staticData: Record<string, number> | null; staticDataRaw: Record<string, number> | null };

function trendChecks(input: DayInput): Trends {
	const { minuteMs, minutes } = input.plan.length;
	if (minutes < 120) return { checks: [], rss: null, heapUsed: null, heapTotal: null, external: null, staticData: null, staticDataRaw: null };
	const rss = growthAfterFirstHour(input.record.samples, (s) => s.rss, minuteMs, true);
	// Reported beside the RSS, not checked: whether what grows is JavaScript the process keeps (n8n's metrics).
	const heapUsed = growthAfterFirstHour(input.record.samples.filter((s) => s.heapUsed), (s) => s.heapUsed ?? {}, minuteMs, true);
	const heapTotal = growthAfterFirstHour(input.record.samples.filter((s) => s.heapTotal), (s) => s.heapTotal ?? {}, minuteMs, true);
	const external = growthAfterFirstHour(input.record.samples.filter((s) => s.external), (s) => s.external ?? {}, minuteMs, true);
	// And whether it is what the process allocated or code and files paged in as it warms up (/proc).
	const rssAnon = growthAfterFirstHour(input.record.samples.filter((s) => s.rssAnon), (s) => s.rssAnon ?? {}, minuteMs, true);
	const rssFile = growthAfterFirstHour(input.record.samples.filter((s) => s.rssFile), (s) => s.rssFile ?? {}, minuteMs, true);
	const staticData = staticDataGrowth(input.record.samples, minuteMs, lastEventMinuteOf(input.plan.length));
	const over = (g: Record<string, number>) => Object.entries(g).filter(([, v]) => v > 0.1);
	const perRecord = Object.keys(staticData.checked).filter((role) => (TRIGGER_ROLES as readonly string[]).includes(role));
	return {
		rss,
		heapUsed: Object.keys(heapUsed).length ? heapUsed : null,
		heapTotal: Object.keys(heapTotal).length ? heapTotal : null,
		external: Object.keys(external).length ? external : null,
		staticData: staticData.checked,
		staticDataRaw: staticData.raw,
		checks: [
			{
				name: "after the first scaled hour, n8n's RSS grows at most 10 % (its trend through every sample)",
				pass: Object.keys(rss).length > 0 && over(rss).length === 0,
				detail: `${fmtGrowth(rss)}${Object.keys(heapUsed).length ? `; V8 heap in use (not checked): ${fmtGrowth(heapUsed)}; committed: ${fmtGrowth(heapTotal)}` : ''}${Object.keys(external).length ? `; outside the heap (Buffers): ${fmtGrowth(external)}` : ''}${Object.keys(rssAnon).length ? `; RSS anonymous: ${fmtGrowth(rssAnon)}; file-backed: ${fmtGrowth(rssFile)}` : ''}`,
			},
			{
				name: "after the first scaled hour, each workflow's static data grows at most 10 % (its trend; a trigger's at a fixed count of loads it must remember)",
				pass: Object.keys(staticData.checked).length > 0 && over(staticData.checked).length === 0,
				detail: `${fmtGrowth(staticData.checked)}; at a fixed count of loads remembered: ${perRecord.join(', ')}; raw bytes: ${fmtGrowth(staticData.raw)}`,
			},
		],
	};
}

export function fmtGrowth(g: Record<string, number>): string {
	return Object.entries(g).map(([k, v]) => `${k} ${v >= 0 ? '+' : ''}${(v * 100).toFixed(1)} %`).join(', ') || 'none measured';
}

export function judgeDay(input: DayInput): Verdict {
	const verdict: Verdict = { checks: [], summary: {} as Summary, triggers: {}, failures: [] };
	const tooMany = tooManyCheck(input);
	const wait = pollWait(input);
	const trends = trendChecks(input);
	verdict.checks.push(
		...triggerChecks(input, verdict),
		alertCheck(input),
		podCheck(input),
		...repairChecks(input),
		rateConfirmationCheck(input),
		syncCheck(input),
		weeklyReportCheck(input),
		...failureChecks(input, verdict),
		tooMany.check,
		wait.check,
		...trends.checks,
		{ name: "the day's work settled after its last minute", pass: !input.record.unsettled?.length, detail: input.record.unsettled?.join('; ') || 'settled' },
	);
	const triggers = Object.values(verdict.triggers);
	verdict.summary = {
		seed: input.plan.seed,
		short: input.plan.length.minutes < 120,
		minuteMs: input.plan.length.minuteMs,
		minutes: input.plan.length.minutes,
		missed: triggers.reduce((n, t) => n + t.missed.length, 0),
		duplicated: triggers.reduce((n, t) => n + t.duplicated.length, 0),
		unexpectedFailures: verdict.failures.filter((f) => !f.expected).length,
		expectedFailures: verdict.failures.filter((f) => f.expected).length,
		share429: Number(tooMany.share.toFixed(4)),
		maxPollWaitWindows: wait.max === null ? null : Number(wait.max.toFixed(2)),
		rssGrowth: trends.rss,
		heapUsedGrowth: trends.heapUsed,
		heapTotalGrowth: trends.heapTotal,
		externalGrowth: trends.external,
		staticDataGrowth: trends.staticData,
		staticDataRawGrowth: trends.staticDataRaw,
		checks: { passed: verdict.checks.filter((c) => c.pass).length, failed: verdict.checks.filter((c) => !c.pass).length },
	};
	return verdict;
}
