/**
 * Runs the day on a started n8n: minute by scaled minute, the planned events and faults, the other app all day,
 * samples of memory and static data; then lets the day's work settle and reads back every execution.
 */
import { readFileSync } from 'node:fs';
import { waitFor } from '../e2e/lib/executions.cts';
import type { Session } from '../e2e/lib/n8n.cts';
import type { QueueMode } from '../queue/lib/queue.cts';
import { API_PREFIX } from '../sandbox/index.cts';
import { Dispatchers, MailSenders, OtherApp, sleep } from './actors.cts';
import { repairReference } from './mail.cts';
import { FaultSwitch, regenerateToken, updateCredentialToken } from './faults.cts';
import { rememberedRecords } from './growth.cts';
import type { DayPlan, FaultName } from './plan.cts';
import { heapOf, listExecutions, readExecutions, residentOf, retryTokenFailures, staticDataBytes, unfinishedExecutions, type DayExecution, type Sample } from './record.cts';
import { TOKEN_MESSAGE } from './checks.cts';
import { REGENERATED_TOKEN, type DayServices } from './services.cts';
import { TRIGGER_ROLES, type DayWorkflow } from './workflows.cts';

export interface Running {
	/** The real moment of the day's minute 0, which the schedules were set from (plannedDayStart). */
	dayStart: number;
	plan: DayPlan;
	services: DayServices;
	queue: QueueMode & { startWorker(): Promise<QueueMode['workers'][number]> };
	session: Session;
	workflows: Array<DayWorkflow & { id: string }>;
	credentialId: string;
	credentialData: Record<string, unknown>;
	webhookUrl: string;
	/** Settled once both mailboxes' Email Triggers wait in IMAP IDLE: before then a mail is not read. */
	mailboxesWatched: Promise<void>;
}

export interface WorkerKill {
	executionId: string;
	/** Every execution the killed worker had started and not finished (the aimed one among them). */
	heldExecutions: string[];
	/** The killed worker's n8n log. */
	logFile: string;
	reference: string;
	killedPid: number;
	at: number;
	replacementPid?: number;
}

export interface DayRecord {
	dayStart: number;
	dayEnd: number;
	/**
	 * The last moment Datatruck's loads changed (a dispatcher's move, a load a workflow created or changed): the sync's
	 * last run is checked from the first sync started after it.
	 */
	lastLoadChangeAt: number;
	settledAt: number;
	/** What had not settled when the day gave up waiting for it (settle): the checks say so, and the record is kept. */
	unsettled?: string[];
	faults: FaultSwitch['log'];
	changes: Dispatchers['changes'];
	mails: MailSenders['sent'];
	samples: Sample[];
	workerKill?: WorkerKill;
	executions: Record<string, DayExecution[]>;
	/** The credential was updated with the regenerated token at (ms), when the day regenerated it. */
	credentialUpdatedAt?: number;
	/** The executions the old token failed that the dispatcher retried once the credential was updated (record.ts). */
	tokenRetries?: { retried: string[]; refused: string[] };
}

const say = (msg: string) => process.stdout.write(`[day] ${msg}\n`);

/** Processes to sample: the main and each worker slot (a killed worker's slot goes on with its replacement). */
function processes(run: Running): Record<string, { pid: number; url: string }> {
	return Object.fromEntries([['main', run.queue.main], ...run.queue.workers.map((w, i) => [`worker ${i + 1}`, w])]);
}

async function sample(run: Running, minute: number, withStaticData: boolean): Promise<Sample> {
	const [rss, rssAnon, rssFile, pids]: Array<Record<string, number>> = [{}, {}, {}, {}];
	for (const [name, { pid }] of Object.entries(processes(run))) {
		const resident = residentOf(pid);
		if (!resident) continue;
		[rss[name], pids[name]] = [resident.rss, pid];
		if (resident.anon !== undefined) rssAnon[name] = resident.anon;
		if (resident.file !== undefined) rssFile[name] = resident.file;
	}
	const staticData: Record<string, number> = {};
	if (!withStaticData) return { at: Date.now(), minute, rss, rssAnon, rssFile, pids, staticData };
	const [heapUsed, heapTotal, external]: Array<Record<string, number>> = [{}, {}, {}];
	for (const [name, { url }] of Object.entries(processes(run))) {
		const heap = await heapOf(url);
		if (heap && pids[name] !== undefined) [heapUsed[name], heapTotal[name]] = [heap.used, heap.total];
		if (heap?.external !== undefined && pids[name] !== undefined) external[name] = heap.external;
	}
	const staticDataResting: Record<string, number> = {};
	for (const wf of run.workflows) ({ bytes: staticData[wf.role], resting: staticDataResting[wf.role] } = await staticDataBytes(run.session, wf.id));
	const remembered = rememberedRecords(run.services.sb.data.orders, run.workflows, run.plan.length.minuteMs);
	return { at: Date.now(), minute, rss, rssAnon, rssFile, pids, staticData, staticDataResting, heapUsed, heapTotal, external, remembered };
}

/** Which worker runs an execution, from the workers' logs ("Worker started execution 12"). */
function workerRunning(run: Running, executionId: string): number {
	return run.queue.workers.findIndex((w) => new RegExp(`Worker started execution ${executionId}\\b`).test(readFileSync(w.logFile, 'utf8')));
}

/** Mail 900 of the day is the kill's. */
const KILL_MAIL = 900;

/**
 * The worker kill: the kill mail's work order create is stored by Datatruck and its answer held (a hang after
 * handling, matched on the mail's reference: any other create, or a form of it Datatruck refuses, goes through),
 * the complete repair mail arrives, and once Datatruck holds the work order the worker running that execution is
 * killed (SIGKILL, its process group) and a new one started, as a supervisor would.
 */
async function killWorkerMidCreate(run: Running, mails: MailSenders, minute: number): Promise<WorkerKill> {
	const { sb } = run.services;
	const mailbox = run.workflows.find((wf) => wf.role === 'repairMailbox')!;
	// The mails before the quiet must have their executions first, or the kill mail's execution takes them too and the
	// kill loses their replies: the Email Trigger notices new mail only while it waits in IDLE, 15 s (5 scaled minutes)
	// after its last fetch, and seed 1234's mails of minutes 16 and 17 came in one execution with the kill mail at 20.
	// The plan sends no mail in those minutes since (MAIL_IDLE_DELAY_MS); this still holds the kill if one is unread.
	await run.mailboxesWatched;
	await waitFor('the shop mailbox to have read every earlier mail', () => (run.services.repairs.unread() === 0 ? true : undefined), 60_000);
	await waitFor('the earlier mails\' executions to end', async () => ((await listExecutions(run.session, mailbox.id)).some((e) => e.status === 'running' || e.status === 'new') ? undefined : true), 60_000);
	const reference = repairReference(KILL_MAIL);
	sb.injectFaults({ kind: 'hang', count: 1, match: { method: 'POST', path: '/work-orders/create/', body: reference }, afterHandling: true, hangMs: 120_000 });
	await mails.send({ minute, kind: 'repairMail', index: KILL_MAIL }, true);
	await waitFor('the work order of the kill mail in Datatruck', () => (sb.data.workOrders.some((w) => w.reference_number === reference) ? true : undefined), 120_000);
	const held = Date.now();
	const execution = await waitFor('the mailbox execution that waits on the held create', async () => {
		const running = (await listExecutions(run.session, mailbox.id)).filter((e) => e.status === 'running');
		// Another mail's execution ends within seconds; the held one runs on until the node's 30 s request time-out.
		if (running.length !== 1 && (running.length === 0 || Date.now() - held < 8_000)) return undefined;
		return running.sort((a, b) => Date.parse(a.startedAt ?? '') - Date.parse(b.startedAt ?? ''))[0];
	}, 30_000);
	const slot = await waitFor('the worker that runs it', () => {
		const index = workerRunning(run, execution.id);
		return index >= 0 ? index : undefined;
	}, 30_000);
	const victim = run.queue.workers[slot];
	const text = readFileSync(victim.logFile, 'utf8');
	const finished = new Set([...text.matchAll(/Worker finished execution (\d+)/g)].map((m) => m[1]));
	const heldExecutions = [...text.matchAll(/Worker started execution (\d+)/g)].map((m) => m[1]).filter((id) => !finished.has(id));
	process.kill(-victim.pid, 'SIGKILL');
	say(`killed worker ${slot + 1} (pid ${victim.pid}) while execution ${execution.id} waited for Datatruck's answer to its create; it held executions ${heldExecutions.join(', ')}`);
	const kill: WorkerKill = { executionId: execution.id, heldExecutions, logFile: victim.logFile, reference, killedPid: victim.pid, at: Date.now() };
	// The supervisor starts a new worker in its place; the day goes on meanwhile.
	void run.queue.startWorker().then((worker) => {
		run.queue.workers[slot] = worker;
		kill.replacementPid = worker.pid;
		say(`worker ${slot + 1} restarted (pid ${worker.pid})`);
	});
	return kill;
}

export async function runDay(run: Running): Promise<DayRecord> {
	const { plan, services } = run;
	const { minuteMs, minutes } = plan.length;
	const dispatchers = new Dispatchers(services.sb, minuteMs);
	const mails = new MailSenders({ seed: plan.seed, repairs: services.repairs, loads: services.loads, webhookUrl: run.webhookUrl });
	const otherApp = new OtherApp(services.sb, Math.round(plan.otherAppShare * 20), minuteMs);
	const faults = new FaultSwitch(services.sb);
	const samples: Sample[] = [];
	let workerKill: WorkerKill | undefined;
	let credentialUpdatedAt: number | undefined;
	const { dayStart } = run;
	if (Date.now() > dayStart) say(`the day starts ${Date.now() - dayStart} ms after its planned minute 0, which the schedules were set from`);
	await sleep(dayStart - Date.now());
	otherApp.start();
	say(`the day starts: ${minutes} scaled minutes of ${minuteMs} ms`);
	// A minute that starts late (the worker kill waits for the execution it aims at) moves the rest of the day on with
	// it, so that the minutes after it keep their pace. Caught up at once, their events and faults came in a burst no
	// carrier's day has: the short day's minutes 21 to 24 within a second of each other after the kill (seed 4242).
	let lateMs = 0;
	for (let minute = 0; minute <= minutes; minute++) {
		const due = dayStart + lateMs + minute * minuteMs;
		lateMs += Math.max(0, Date.now() - due);
		await sleep(due - Date.now());
		for (const fault of plan.faults) {
			// A fault that cannot be played (an API of n8n refusing) is recorded and the day goes on: its checks fail.
			try {
				if (fault.from === minute) {
					if (fault.name === 'workerKill') {
						faults.start('workerKill');
						workerKill = await killWorkerMidCreate(run, mails, minute);
					} else if (fault.name === 'tokenRegenerated') {
						regenerateToken(services.sb, REGENERATED_TOKEN);
						faults.start('tokenRegenerated');
					} else faults.start(fault.name as FaultName);
					say(`minute ${minute}: ${fault.name} starts`);
				}
				if (fault.to === minute) {
					if (fault.name === 'tokenRegenerated') {
						await updateCredentialToken(run.session, run.credentialId, run.credentialData, REGENERATED_TOKEN);
						otherApp.token = REGENERATED_TOKEN;
						credentialUpdatedAt = Date.now();
					}
					faults.end(fault.name);
					say(`minute ${minute}: ${fault.name} ends`);
				}
			} catch (error) {
				say(`minute ${minute}: ${fault.name} could not be played: ${(error as Error).message}`);
				faults.log.push({ name: fault.name, from: Date.now(), to: Date.now(), note: `not played: ${(error as Error).message}` });
			}
		}
		for (const event of plan.events.filter((e) => e.minute === minute)) {
			if (event.kind === 'load') dispatchers.apply(event.move, event.pick);
			else {
				await run.mailboxesWatched;
				await mails.send(event);
			}
		}
		samples.push(await sample(run, minute, minute % 5 === 0));
	}
	const dayEnd = Date.now();
	await otherApp.stop();
	const regenerated = faults.log.find((f) => f.name === 'tokenRegenerated');
	let tokenRetries: DayRecord['tokenRetries'];
	if (regenerated && credentialUpdatedAt) {
		tokenRetries = await retryTokenFailures(run.session, run.workflows, { from: regenerated.from, until: credentialUpdatedAt + 2 * minuteMs }, TOKEN_MESSAGE);
		say(`retried ${tokenRetries.retried.length} executions the old token failed after their trigger emitted${tokenRetries.refused.length ? `; n8n refused ${tokenRetries.refused.join(' | ')}` : ''}`);
	}
	say(`the day is over (its minutes started ${(lateMs / 1000).toFixed(1)} s later in all than planned): letting its work settle`);
	const lastLoadChange = () => lastLoadChangeOf(run, dispatchers);
	const { settledAt, unsettled } = await settle(run, dayEnd, lastLoadChange);
	if (unsettled.length) say(`not settled: ${unsettled.join('; ')}`);
	samples.push(await sample(run, minutes + 1, true));
	const lastLoadChangeAt = lastLoadChange();
	const executions: Record<string, DayExecution[]> = {};
	// The checks read every trigger event, and of the sync only its runs after the day's last change to the loads.
	const wanted = (wf: DayWorkflow) => (startedAt: number) => (TRIGGER_ROLES as readonly string[]).includes(wf.role) || (wf.role === 'sync' && startedAt > lastLoadChangeAt) || wf.role === 'weeklyReport';
	for (const wf of run.workflows) executions[wf.role] = await readExecutions(run.session, wf, wf.id, wanted(wf));
	return { dayStart, dayEnd, lastLoadChangeAt, settledAt, ...(unsettled.length ? { unsettled } : {}), faults: faults.log, changes: dispatchers.changes, mails: mails.sent, samples, workerKill, executions, credentialUpdatedAt, tokenRetries };
}

/** The last moment Datatruck's loads changed: a dispatcher's move, or a load a workflow created or changed. */
function lastLoadChangeOf(run: Running, dispatchers: Dispatchers): number {
	let last = run.dayStart;
	for (const change of dispatchers.changes) last = Math.max(last, change.at);
	for (const entry of run.services.sb.log) {
		const writes = !['GET', 'HEAD', 'OPTIONS'].includes(entry.method) && entry.path.startsWith(`${API_PREFIX}/orders/`);
		if (writes && entry.status >= 200 && entry.status < 300) last = Math.max(last, entry.at);
	}
	return last;
}

/**
 * Settled: a sync that started after the day's last change to the loads has finished, every trigger has polled at
 * least three scaled minutes since the day's end, and no execution of any day workflow is still running. A wait that
 * runs out does not throw the day away (half an hour of record): it is named in `unsettled`, and the checks fail on it.
 * The sync counts from the last change, not from the day's end: in the short day the loads last change at minute 18
 * or so (the quiet around the worker kill), and its sync at 22 is that run; waiting for one after the day's end added
 * the next period (10 scaled minutes) and the run to the short day, about 30 s of its 3 minutes.
 */
async function settle(run: Running, dayEnd: number, lastLoadChange: () => number): Promise<{ settledAt: number; unsettled: string[] }> {
	const { minuteMs } = run.plan.length;
	const sync = run.workflows.find((wf) => wf.role === 'sync')!;
	const unsettled: string[] = [];
	const waitOrNote = (what: string, probe: () => Promise<true | undefined>, limitMs: number) =>
		waitFor(what, probe, limitMs).catch((error: Error) => void unsettled.push(error.message));
	// Syncs overlap late in a full day (each takes about as long as its interval on a full token): the first one after
	// the day shares the token with the runs before it (seed 727112, session 14: not done after 210 s).
	await waitOrNote("a sync started after the day's last change to the loads", async () => {
		const after = lastLoadChange();
		const done = (await listExecutions(run.session, sync.id)).filter((e) => e.stoppedAt && Date.parse(e.startedAt ?? '') > after);
		return done.length ? true : undefined;
	}, (2 * run.plan.syncEveryMinutes + 20) * minuteMs + 120_000);
	await sleep(Math.max(0, dayEnd + 3 * minuteMs - Date.now()));
	// Runs started from now on (the next sync, a poll) are the settled n8n's, not the day's: only the earlier ones must end.
	const settling = Date.now();
	await waitOrNote('every execution of the day to finish', async () => {
		const running = (await unfinishedExecutions(run.session)).filter((e) => Date.parse(e.startedAt ?? e.createdAt ?? '') < settling);
		return running.length ? undefined : true;
	}, 180_000);
	return { settledAt: Date.now(), unsettled };
}
