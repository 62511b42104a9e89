/**
 * `npm run day` / `npm run day:short`: a carrier's day on real n8n 2.41.1 in queue mode (scripts/queue-mode.js:
 * Redis, Postgres, a main process and two workers with the packed package) against the sandbox in the published
 * profile, every shipped workflow active at once on one token, through the day's faults; then the day is checked
 * against the sandbox's own record (checks.cts) and written up (report.cts, chart.cts).
 *
 *   DAY_SEED=1234 npm run day:short      replays a day (the seed is printed at the start)
 *   DAY_TARBALL=/path/pkg.tgz            uses a packed package instead of building one
 */
import { copyFileSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { buildAndPack } from '../../scripts/pack.cjs';
import { waitFor } from '../e2e/lib/executions.cts';
import { publishWorkflows, saveCredentials } from '../e2e/lib/publish.cts';
import { sessionOf, startQueueMode } from '../queue/lib/queue.cts';
import { API_PREFIX } from '../sandbox/index.cts';
import { runDay, type Running } from './day.cts';
import { planDay } from './plan.cts';
import { FULL_DAY, plannedDayStart, SHORT_DAY } from './scale.cts';
import { startServices } from './services.cts';
import { dayCredentials, dayWorkflows, RATECON_IMAP, scheduledDayWorkflows } from './workflows.cts';
import { judgeDay } from './checks.cts';
import { byProcess, senderProcessEnv, tooManyByProcess } from './senderProcess.cts';
import { packageRequests } from './attribution.cts';
import { writeReport } from './report.cts';

const ROOT = resolve(__dirname, '../..');
export const DAY_DIR = resolve(ROOT, '.cache/day');
const say = (msg: string) => process.stdout.write(`[day] ${msg}\n`);

/** Scaled minutes from planning the day's minute 0 to it: time to publish the two scheduled workflows. */
const SCHEDULES_LEAD_MINUTES = 2;

async function main(): Promise<number> {
	// Where the short day's minutes go before its minute 0 (its whole run must fit in 3 minutes of CI), said at the start.
	const started = Date.now();
	const steps: string[] = [];
	const step = (what: string) => steps.push(`${what} ${((Date.now() - started) / 1000).toFixed(1)} s`);
	const short = process.argv.includes('--short');
	const seed = Number(process.env.DAY_SEED ?? Math.floor(Math.random() * 1_000_000));
	const length = short ? SHORT_DAY : FULL_DAY;
	const plan = planDay(seed, length, short);
	say(`seed ${seed} (replay: DAY_SEED=${seed} npm run ${short ? 'day:short' : 'day'}); ${plan.events.length} events; faults ${plan.faults.map((f) => `${f.name} ${f.from}-${f.to}`).join(', ')}`);
	mkdirSync(DAY_DIR, { recursive: true });
	const services = await startServices(plan);
	let queue: Running['queue'] | undefined;
	let killedLog: string | undefined;
	// Ctrl-C or a CI timeout: n8n, Redis, Postgres and Dovecot run in process groups of their own, so stop them here.
	for (const signal of ['SIGINT', 'SIGTERM'] as const) {
		process.once(signal, () => {
			say(`${signal}: stopping n8n and the day's services`);
			void Promise.allSettled([queue?.stop(), services.stop()]).then(() => process.exit(1));
		});
	}
	try {
		const tarball = process.env.DAY_TARBALL ?? buildAndPack(resolve(DAY_DIR, 'pack'));
		step('packed');
		const { minuteMs } = length;
		queue = (await startQueueMode({
			tarball,
			workers: 2,
			name: 'day',
			env: {
				// n8n's Bull lock on the scaled minute, so that a killed worker's job is found stalled within the day.
				QUEUE_WORKER_LOCK_DURATION: String(4 * minuteMs),
				QUEUE_WORKER_LOCK_RENEW_TIME: String(minuteMs),
				QUEUE_WORKER_STALLED_INTERVAL: String(2 * minuteMs),
				// n8n 1.x re-runs a stalled job once by default; 2.41 never does (maxStalledCount 0, fixed). See docs/carrier-day.md.
				QUEUE_WORKER_MAX_STALLED_COUNT: '0',
				// n8n's Prometheus metrics on every process (a worker's on its health port): the V8 heap beside the RSS.
				N8N_METRICS: 'true',
				// Each process connects to the sandbox from a loopback address of its own: the log says which sent what.
				...senderProcessEnv(services.sb.origin),
				// `DAY_N8N_LOG_LEVEL=debug` shows each poll n8n starts, by workflow (in .cache/day/logs).
				...(process.env.DAY_N8N_LOG_LEVEL ? { N8N_LOG_LEVEL: process.env.DAY_N8N_LOG_LEVEL } : {}),
			},
		} as never)) as Running['queue'];
		step('n8n ready');
		const session = sessionOf(queue);
		const workflows = dayWorkflows({ minuteMs, slackUrl: `${services.slack.url}/services/day/alerts` });
		const credentials = dayCredentials(
			{ origin: services.sb.origin, token: services.sb.token },
			minuteMs,
			services.repairs.credential('dtExampleImap001', 'IMAP account'),
			services.loads.credential(RATECON_IMAP.id, RATECON_IMAP.name),
			services.smtp.credential('dtExampleSmtp001', 'SMTP account'),
		);
		const credentialIds = await saveCredentials(session, credentials);
		const ids = await publishWorkflows(session, credentialIds, workflows.map((wf) => wf.json));
		step('published');
		const credentialId = (await session.rest('GET', '/credentials')).data.find((c: { name: string }) => c.name === credentials[0].name).id;
		// n8n's Email Trigger enters IMAP IDLE 15 s after its last command (imapflow's auto-IDLE delay), and reads mail
		// only from then on. The day does not wait for it before its minute 0 (15 s of the short day's 3 minutes): its
		// first mail does (runDay).
		const mailboxesWatched = waitFor('both mailboxes to be watched (IMAP IDLE)', () => (services.repairs.waitingForMail() && services.loads.waitingForMail() ? true : undefined), 120_000).then(() => {
			say(`mailboxes watched ${((Date.now() - started) / 1000).toFixed(1)} s from the command`);
		});
		mailboxesWatched.catch(() => undefined);
		await waitFor('every trigger\'s activation poll', () => (services.sb.log.filter((e) => e.path === `${API_PREFIX}/orders/`).length >= 4 ? true : undefined), 120_000);
		step('triggers polled');
		// The scheduled workflows last, timed from the day's minute 0, once n8n is ready: their runs fall at the same
		// minutes of every replay, and none beside the triggers' activation polls.
		const dayStart = plannedDayStart(Date.now(), SCHEDULES_LEAD_MINUTES * minuteMs, minuteMs);
		const scheduled = scheduledDayWorkflows({ minuteMs, dayStart, plan });
		for (const [asked, id] of await publishWorkflows(session, credentialIds, scheduled.map((wf) => wf.json))) ids.set(asked, id);
		const published = [...workflows, ...scheduled].map((wf) => ({ ...wf, id: ids.get(wf.json.id)! }));
		say(`from the command: ${steps.join(', ')}; minute 0 at ${((dayStart - started) / 1000).toFixed(1)} s`);
		say(`published ${published.length} workflows: ${published.map((wf) => wf.name).join('; ')}; the sync from minute ${plan.syncAtMinute} every ${plan.syncEveryMinutes}, Check Compatibility from minute ${plan.compatibilityAtMinute} every 60`);
		const webhookPath = (published.find((wf) => wf.role === 'repairWebhook')!.json.nodes[0] as { parameters: { path: string } }).parameters.path;
		const record = await runDay({
			dayStart,
			plan,
			services,
			queue,
			session,
			workflows: published,
			credentialId,
			credentialData: credentials[0].data,
			webhookUrl: `${queue.main.url}/webhook/${webhookPath}`,
			mailboxesWatched,
		});
		killedLog = record.workerKill?.logFile;
		const log = byProcess(services.sb.log, record).map(({ headers, body, ...e }) => ({ ...e, host: headers.host, body: undefined }));
		say(`the package's 429s by process: ${tooManyByProcess(byProcess(packageRequests(services.sb.log), record))}`);
		writeFileSync(resolve(DAY_DIR, 'record.json'), JSON.stringify({ plan: { ...plan, events: plan.events.length }, record, log }));
		const verdict = judgeDay({ plan, record, services, workflows: published });
		writeReport({ plan, record, verdict, services, workflows: published, short });
		const passed = verdict.checks.filter((c) => c.pass).length;
		const failed = verdict.checks.length - passed;
		for (const check of verdict.checks) say(`${check.pass ? 'PASS' : 'FAIL'} ${check.name}: ${check.detail}`);
		say(`the verdict ${((Date.now() - started) / 1000).toFixed(1)} s from the command (the day settled at ${((record.settledAt - started) / 1000).toFixed(1)} s)`);
		process.stdout.write(`day: ${passed} passed, ${failed} failed\n`);
		return failed === 0 ? 0 : 1;
	} finally {
		if (queue) keepLogs(queue, killedLog);
		// The day is read and its logs kept: n8n need not finish its jobs (a sync, a poll), which took 9-28 s.
		await queue?.stop({ n8nGraceMs: 0 });
		await services.stop();
		say(`stopped ${((Date.now() - started) / 1000).toFixed(1)} s from the command`);
	}
}

/** n8n's logs outlive the run's temporary folder, for reading after a failed day. */
function keepLogs(queue: Running['queue'], killedLog?: string): void {
	const dir = resolve(DAY_DIR, 'logs');
	mkdirSync(dir, { recursive: true });
	if (killedLog && existsSync(killedLog)) copyFileSync(killedLog, resolve(dir, 'killed-worker.log'));
	for (const [name, proc] of [['main', queue.main], ...queue.workers.map((w, i) => [`worker-${i + 1}`, w] as const)] as const) {
		if (existsSync(proc.logFile)) copyFileSync(proc.logFile, resolve(dir, `${name}.log`));
	}
}

main().then(
	(code) => process.exit(code),
	(error) => {
		process.stderr.write(`${error.stack || error}\n`);
		process.stdout.write('day: 0 passed, 1 failed\n');
		process.exit(1);
	},
);
