/**
 * Figure 7: one token, several processes.
 *
 * (a) n8n in queue mode (scripts/queue-mode.js: Redis, Postgres, a main and 3 workers taking one execution at a
 *     time), 1, 2 and 3 Return Alls started at once so that 1, 2 and 3 workers each page through ~2,400 loads
 *     with a limiter of its own: the token's use ÷ the bound, the share of 429 answers, failed executions.
 * (b) another app spending 25 % of the token while ours (in process) runs a Return All: with the credential
 *     at its default (20: the limiter learns its share from the 429s) and set to the 15 the app leaves.
 */
import '../../test/harness/env.cts';
import { resetLimiters } from '../../nodes/Datatruck/shared/transport/rateLimiter';
import { runDatatruck, sandboxCredentials } from '../../test/harness/run.cts';
import type { RequestLogEntry } from '../../test/sandbox/index.cts';
import { executionsOf } from '../../test/e2e/lib/executions.cts';
import {
	DELIVERED,
	executionsRunBy,
	finishedExecutions,
	postWebhook,
	QUEUE_RATE,
	queueCredential,
	sessionOf,
	startQueueMode,
	tokenUse,
	webhookWorkflow,
	type QueueMode,
} from '../../test/queue/lib/queue.cts';
import { API_PREFIX, fmtRatio, say, sleep, steadyStateRatio, writeResult, type FigureResult } from '../lib/common.cts';
import { tarballFromEnv } from '../lib/n8n.cts';
import { SandboxProcess } from '../lib/sandboxProcess.cts';
import { SECOND_CLIENT_PATH, startSecondClient } from '../lib/secondClient.cts';

const ORDERS = `${API_PREFIX}/orders/`;
const WF = 'benchQueueRetAll';
const SEEDED = 2800;
const OTHER_APP_SHARE = 0.25;
const isOrders = (e: RequestLogEntry) => e.path === ORDERS;
const pct = (x: number) => `${(x * 100).toFixed(1)} %`;

interface Row {
	setting: string;
	workers: number;
	failed: string;
	loads: string;
	requests: string;
	ofBound: string;
	tooManyShare: string;
	other?: string;
}

async function workersCase(queue: QueueMode, sb: SandboxProcess, k: number, expected: number, done: number): Promise<Row> {
	await sb.configure({ rateLimit: QUEUE_RATE });
	await sb.clearLog();
	const session = sessionOf(queue);
	for (let i = 0; i < k; i++) await postWebhook(queue, 'bench-queue-return-all');
	const all = await finishedExecutions(session, WF, done + k);
	const mine = all.slice(0, k);
	const runBy = mine.map((e) => queue.workers.findIndex((w) => executionsRunBy(w).includes(e.id)));
	const log = await sb.log();
	const use = tokenUse(log, isOrders);
	const failed = mine.filter((e) => e.status !== 'success').length;
	const okPages = log.filter((e) => isOrders(e) && e.status === 200).length;
	return {
		setting: `${k} Return All${k > 1 ? 's' : ''} at once, on worker${k > 1 ? 's' : ''} ${runBy.map((i) => i + 1).join(', ')}`,
		workers: new Set(runBy).size,
		failed: `${failed} of ${k}`,
		loads: `${k} × ${expected.toLocaleString('en-US')} expected; ${okPages} pages of 25 answered`,
		requests: `${use.ok} / ${use.tooMany}`,
		ofBound: fmtRatio(use.ofBound),
		tooManyShare: pct(use.tooMany / use.requests),
	};
}

async function otherAppCase(sb: SandboxProcess, expected: number, credentialLimit: number): Promise<Row> {
	resetLimiters();
	await sb.configure({ rateLimit: QUEUE_RATE });
	await sb.clearLog();
	const perWindow = Math.round(QUEUE_RATE.limit * OTHER_APP_SHARE);
	const other = startSecondClient(sb.baseUrl, sb.token, perWindow, QUEUE_RATE.windowMs);
	await sleep(QUEUE_RATE.windowMs);
	const result = await runDatatruck({
		parameters: { resource: 'load', operation: 'getMany', returnAll: true, filters: DELIVERED },
		credentials: sandboxCredentials(sb.baseUrl, sb.token, { rateLimitRequests: credentialLimit, rateLimitWindowSeconds: QUEUE_RATE.windowMs / 1000 }),
	});
	const stats = await other.stop();
	const log = await sb.log();
	const ours = log.filter(isOrders);
	const from = ours[0]?.at ?? 0;
	const to = ours[ours.length - 1]?.at ?? 0;
	const otherDuring = log.filter((e) => e.path === SECOND_CLIENT_PATH && e.at >= from && e.at <= to);
	const otherOk = otherDuring.filter((e) => e.status === 200).length;
	const left = QUEUE_RATE.limit - perWindow;
	const oursOk = ours.filter((e) => e.status === 200).map((e) => e.at);
	const oursTooMany = ours.filter((e) => e.status === 429).length;
	return {
		setting: credentialLimit === QUEUE_RATE.limit ? 'credential at the default 20 (the limiter learns its share)' : `credential set to ${credentialLimit} (the share the other app leaves)`,
		workers: 1,
		failed: `${result.error ? 1 : 0} of 1`,
		loads: `${result.json.length.toLocaleString('en-US')} of ${expected.toLocaleString('en-US')}${new Set(result.json.map((l) => l.id)).size === expected ? ', each once' : ', INCOMPLETE'}`,
		requests: `${oursOk.length} / ${oursTooMany}`,
		ofBound: `${fmtRatio(steadyStateRatio(oursOk, left, QUEUE_RATE.windowMs))} of the ${left} left`,
		tooManyShare: pct(oursTooMany / Math.max(1, ours.length)),
		other: `${otherOk} of ${otherDuring.length} through (${pct(otherOk / Math.max(1, otherDuring.length))}); ${stats.tooMany} × 429 in all`,
	};
}

async function main(): Promise<void> {
	const sb = await SandboxProcess.start({ loads: SEEDED, ...QUEUE_RATE });
	const rows: Row[] = [];
	const missing: string[] = [];
	let queue: QueueMode | undefined;
	try {
		const expected = (await sb.listAll(`/orders/?page_size=25&filter=${encodeURIComponent(JSON.stringify([{ column: 'status', value: 'delivered', contains: 'is' }]))}`)).length;
		say(`figure 7: ${expected} delivered loads of ${SEEDED}`);
		try {
			const credential = queueCredential('benchQueueCred01', sb);
			const wf = webhookWorkflow(
				WF,
				'bench-queue-return-all',
				[{ name: 'Datatruck', parameters: { resource: 'load', operation: 'getMany', returnAll: true, filters: DELIVERED } }],
				{ id: credential.id, name: credential.name },
			);
			queue = await startQueueMode({ tarball: tarballFromEnv(), workers: 3, workerConcurrency: 1, credentials: [credential], workflows: [wf], publish: [WF], name: 'bench-queue' });
			let done = 0;
			for (const k of [1, 2, 3]) {
				say(`figure 7: ${k} worker(s)`);
				rows.push(await workersCase(queue, sb, k, expected, done));
				done = (await executionsOf(sessionOf(queue), WF)).length;
				say(`figure 7: ${JSON.stringify(rows[rows.length - 1])}`);
			}
		} catch (error) {
			missing.push(`queue mode: ${(error as Error).message.split('\n')[0]}`);
			say(`figure 7: queue mode could not be measured: ${(error as Error).message.slice(0, 2000)}`);
		} finally {
			await queue?.stop();
		}
		for (const limit of [QUEUE_RATE.limit, Math.round(QUEUE_RATE.limit * (1 - OTHER_APP_SHARE))]) {
			say(`figure 7: another app on the token, credential ${limit}`);
			rows.push(await otherAppCase(sb, expected, limit));
		}
	} finally {
		await sb.close();
	}
	const [one, two, three, otherDefault, otherConfigured] = rows;
	const result: FigureResult = {
		figure: '7',
		title: 'One token, several processes: n8n queue-mode workers and another app',
		headline: [
			one && `queue mode, 1/2/3 workers: ${[one, two, three].filter(Boolean).map((r) => `${r.ofBound} of the bound, ${r.tooManyShare} 429, ${r.failed} failed`).join(' · ')}`,
			otherDefault && `other app at 25 %, credential 20: it got ${otherDefault.other?.split(' (')[1]?.split(')')[0]} through, ours ${otherDefault.ofBound}`,
			otherConfigured && `credential 15: it got ${otherConfigured.other?.split(' (')[1]?.split(')')[0]}, ours ${otherConfigured.ofBound}`,
		]
			.filter(Boolean)
			.join(' · '),
		columns: ['Case', 'Workers used', 'Failed executions', 'Loads', 'Requests 200 / 429', 'Token use ÷ bound', '429 share', 'Other app'],
		rows: rows.map((r) => [r.setting, r.workers, r.failed, r.loads, r.requests, r.ofBound, r.tooManyShare, r.other ?? '—']),
		notes: [
			`Sandbox in a process of its own, ${QUEUE_RATE.limit} requests per ${QUEUE_RATE.windowMs / 1000} s per token, Retry-After in steps of ${QUEUE_RATE.retryAfterStepMs} ms (Datatruck's whole second, scaled like its minute); ${SEEDED.toLocaleString('en-US')} loads seeded, the delivered ones read (pages of 25).`,
			'Queue mode: scripts/queue-mode.js — Redis 7 and Postgres 15 from Debian, n8n 2.41.1 main + 3 workers (`--concurrency=1`, so k executions started together run on k workers; the worker logs say which), EXECUTIONS_MODE=queue, the packed package in each. The executions are started by a webhook on the main process. The cases run one after another on the same workers, so a worker starts each case with the share it learnt in the previous one.',
			'Token use ÷ bound: the steady-state ratio over every admitted request of the token between the first and the last page (1.000 = every slot reused the moment it freed). 429 share: 429 answers ÷ all requests of the token in that time.',
			'Other app: bench/secondClient.js sends 5 requests per window on a fixed schedule and never retries; "through" counts its requests answered 200 while ours ran. Ours ÷ what it leaves: the steady-state ratio of our admitted requests against the 15 per window the app leaves.',
		],
		missing,
		raw: rows,
	};
	writeResult(result);
}

main().catch((error) => {
	console.error(error);
	process.exit(1);
});
