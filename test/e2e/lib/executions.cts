/** Executions of a running n8n, read through its REST API (what the editor's Executions tab shows). */
import { parseFlatted } from './flatted.cts';
import type { Session } from './n8n.cts';
import type { ExecutionRun } from './output.cts';

export interface ExecutionSummary {
	id: string;
	workflowId: string;
	status: string;
	mode: string;
	startedAt: string;
	stoppedAt: string | null;
}

export async function executionsOf(session: Session, workflowId: string): Promise<ExecutionSummary[]> {
	const filter = encodeURIComponent(JSON.stringify({ workflowId }));
	const reply = await session.rest('GET', `/executions?filter=${filter}&limit=100`);
	return reply.data.results;
}

const RUNNING = new Set(['new', 'running', 'waiting', 'unknown']);

/**
 * The full run of one execution; n8n keeps it in the flatted format. A running execution is returned as it is
 * (its data may still be the empty placeholder `[]`). A finished one is returned only with its data: n8n 1.x on
 * SQLite writes the final status and then, in a second statement outside any transaction, the data, so a read
 * between the two sees status "error" or "success" beside the placeholder (seen in CI on 1.123.81).
 */
export async function executionRun(session: { rest(method: string, path: string): Promise<any> }, id: string, dataWaitMs = 30_000): Promise<ExecutionRun> {
	const deadline = Date.now() + dataWaitMs;
	for (;;) {
		const reply = await session.rest('GET', `/executions/${id}`);
		const status: string = reply.data.status;
		const stored = reply.data.data;
		const data = (typeof stored === 'string' ? parseFlatted(stored) : stored) as ExecutionRun['data'] | undefined;
		if (data?.resultData || isRunning(status)) return { status, data: data as ExecutionRun['data'] };
		if (Date.now() > deadline) throw new Error(`execution ${id} is ${status} but n8n holds no run data for it after ${dataWaitMs / 1000} s`);
		await new Promise((resolve) => setTimeout(resolve, 100));
	}
}

export function isRunning(status: string): boolean {
	return RUNNING.has(status);
}

/**
 * Polls `probe` until it returns something other than undefined. The limit only bounds a hung run (a poll
 * trigger fires at most once a minute); no test asserts on how long anything took.
 */
export async function waitFor<T>(what: string, probe: () => Promise<T | undefined> | T | undefined, limitMs = 180_000): Promise<T> {
	const deadline = Date.now() + limitMs;
	for (;;) {
		const value = await probe();
		if (value !== undefined) return value;
		if (Date.now() > deadline) throw new Error(`gave up waiting for ${what} after ${limitMs / 1000} s`);
		await new Promise((r) => setTimeout(r, 1000));
	}
}
