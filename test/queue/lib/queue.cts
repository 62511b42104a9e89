/**
 * What the queue-mode test and the bench (figure 7) share: n8n in queue mode (scripts/queue-mode.js) with
 * webhook-started workflows (a webhook execution is what n8n hands to its workers), and the sums over the
 * sandbox's request log that say how the token was shared.
 */
import { steadyStateRatio } from '../../../bench/lib/common.cts';
import { httpJson } from '../../../scripts/n8n-runtime.cjs';
import type { RequestLogEntry } from '../../sandbox/index.cts';
import { executionsOf, waitFor, type ExecutionSummary } from '../../e2e/lib/executions.cts';
import { Session, type CredentialImport, type WorkflowJson } from '../../e2e/lib/n8n.cts';
import type { CredentialRef, NodeSpec } from '../../e2e/lib/workflow.cts';
import { TRIGGER_NAME, workflow } from '../../e2e/lib/workflow.cts';
// eslint-disable-next-line @typescript-eslint/no-require-imports
const queueMode = require('../../../scripts/queue-mode') as QueueModeModule;

/** The bench's window: Datatruck's 20 per minute with the minute shrunk 20×, Retry-After's second with it. */
export const QUEUE_RATE = { limit: 20, windowMs: 3000, retryAfterStepMs: 50 };

export const DELIVERED = { conditions: [{ field: 'status', operator: 'is', value: 'delivered' }] };

interface RunningProcess {
	pid: number;
	url: string;
	logFile: string;
	stop(): Promise<unknown>;
	exited(): unknown;
}

export interface QueueMode {
	dir: string;
	main: RunningProcess;
	workers: RunningProcess[];
	cookie: string;
	/** `n8nGraceMs`: how long each n8n process may take to shut down before it is killed (20 s if not given). */
	stop(options?: { n8nGraceMs?: number }): Promise<void>;
}

interface QueueModeModule {
	startQueueMode(options: {
		tarball: string;
		workers?: number;
		workerConcurrency?: number;
		credentials?: CredentialImport[];
		workflows?: WorkflowJson[];
		publish?: string[];
		name?: string;
	}): Promise<QueueMode>;
	executionsRunBy(worker: RunningProcess): string[];
	addedWorkerFolder(n: number): string;
}

export const { startQueueMode, executionsRunBy, addedWorkerFolder } = queueMode;

export function sessionOf(queue: QueueMode): Session {
	return new Session(queue.main as never, queue.cookie);
}

export function queueCredential(
	id: string,
	sandbox: { origin: string; token: string },
	rateLimitRequests: number = QUEUE_RATE.limit,
): CredentialImport {
	return {
		id,
		name: `Datatruck (${id})`,
		type: 'datatruckApi',
		data: {
			company: sandbox.origin,
			apiToken: sandbox.token,
			rateLimitRequests,
			rateLimitWindowSeconds: QUEUE_RATE.windowMs / 1000,
		},
	};
}

/** Webhook (POST `path`, answers at once) → the nodes in `specs`, each after the previous one. */
export function webhookWorkflow(id: string, path: string, specs: NodeSpec[], credential: CredentialRef): WorkflowJson {
	const chained = specs.map((spec, i) => ({ ...spec, after: i === 0 ? undefined : specs[i - 1].name }));
	const wf = workflow(id, id, chained, credential);
	Object.assign(wf.nodes[0], {
		name: 'Webhook',
		type: 'n8n-nodes-base.webhook',
		typeVersion: 2,
		webhookId: `${id}-hook`,
		parameters: { httpMethod: 'POST', path, responseMode: 'onReceived', options: {} },
	});
	wf.connections = Object.fromEntries(
		Object.entries(wf.connections).map(([from, to]) => [from === TRIGGER_NAME ? 'Webhook' : from, to]),
	);
	return wf;
}

/** Posts to a published webhook; n8n answers 404 until it has registered it, and a 404 runs nothing. */
export async function postWebhook(queue: QueueMode, path: string, body: unknown = {}): Promise<void> {
	const reply = await waitFor(
		`the webhook ${path}`,
		async () => {
			const r = await httpJson('POST', `${queue.main.url}/webhook/${path}`, { body });
			return r.status === 404 ? undefined : r;
		},
		60_000,
	);
	if (reply.status !== 200) throw new Error(`POST /webhook/${path} → ${reply.status}: ${reply.text.slice(0, 500)}`);
}

/** Waits until `count` executions of the workflow have stopped; returns them. */
export function finishedExecutions(session: Session, workflowId: string, count: number, limitMs = 600_000): Promise<ExecutionSummary[]> {
	return waitFor(
		`${count} finished executions of ${workflowId}`,
		async () => {
			const done = (await executionsOf(session, workflowId)).filter((e) => e.stoppedAt);
			return done.length >= count ? done : undefined;
		},
		limitMs,
	);
}

export interface TokenUse {
	requests: number;
	ok: number;
	tooMany: number;
	/** Admitted requests per window over the busy time ÷ the limit (steadyStateRatio of bench/lib/common.ts). */
	ofBound: number;
	seconds: number;
}

/**
 * How the token was used between the first and the last of the `busy` requests: every request of the token
 * counts (the trigger's polls and another app's too), since they all draw from the one limit.
 */
export function tokenUse(log: RequestLogEntry[], busy: (entry: RequestLogEntry) => boolean): TokenUse {
	const work = log.filter(busy);
	const from = Math.min(...work.map((e) => e.at));
	const to = Math.max(...work.map((e) => e.at));
	const during = log.filter((e) => e.at >= from && e.at <= to);
	const admitted = during.filter((e) => e.status !== 429).map((e) => e.at).sort((a, b) => a - b);
	return {
		requests: during.length,
		ok: admitted.length,
		tooMany: during.filter((e) => e.status === 429).length,
		ofBound: steadyStateRatio(admitted, QUEUE_RATE.limit, QUEUE_RATE.windowMs) ?? NaN,
		seconds: (to - from) / 1000,
	};
}

/** Requests admitted and refused per window while the work ran, by kind: to see where a run lost time. */
export function perWindow(log: RequestLogEntry[], busy: (entry: RequestLogEntry) => boolean, kind: (entry: RequestLogEntry) => string): string[] {
	const work = log.filter(busy);
	const from = Math.min(...work.map((e) => e.at));
	const to = Math.max(...work.map((e) => e.at));
	const lines: string[] = [];
	for (let t = from; t <= to; t += QUEUE_RATE.windowMs) {
		const counts = new Map<string, number>();
		for (const e of log.filter((entry) => entry.at >= t && entry.at < t + QUEUE_RATE.windowMs)) {
			const key = e.status === 429 ? '429' : kind(e);
			counts.set(key, (counts.get(key) ?? 0) + 1);
		}
		lines.push(`+${((t - from) / 1000).toFixed(0)} s: ${[...counts].map(([k, n]) => `${k} ${n}`).join(', ')}`);
	}
	return lines;
}
