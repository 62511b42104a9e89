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

/** The full run of one execution; n8n keeps it in the flatted format. */
export async function executionRun(session: Session, id: string): Promise<ExecutionRun> {
	const reply = await session.rest('GET', `/executions/${id}`);
	return { status: reply.data.status, data: parseFlatted(reply.data.data) as ExecutionRun['data'] };
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
