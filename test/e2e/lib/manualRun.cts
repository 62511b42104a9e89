/**
 * Runs a workflow in a running n8n the way the editor's "Execute workflow" button does: saved through the REST
 * API, then run from its Manual Trigger. One `n8n start` serves every run of a test file, where `n8n import` and
 * `n8n execute` booted n8n twice per run (about 15 s of CPU on n8n 2.41, which kept CI near its 30 minutes).
 *
 * The REST API differs between the lines: n8n 2.x runs the saved workflow from `triggerToStartFrom`; 1.123 wants
 * the workflow itself in `workflowData`, with the id it was given (1.123 ignores the id a new workflow asks for).
 */
import { executionRun, isRunning } from './executions.cts';
import type { Session, WorkflowJson } from './n8n.cts';
import type { ExecutionRun } from './output.cts';
import { TRIGGER_NAME } from './workflow.cts';

/**
 * Before a run starts, n8n tests every resource locator's regex validation in a `vm` with a 250 ms wall-clock limit
 * (n8n-workflow's `safeRegex`). On CI's two busy cores a stall of the n8n process can pass that limit, and the start
 * answers 500 "Regular expression execution timed out" (seen once on 1.123.81). Nothing of the workflow has run then,
 * so asking again sends no request twice.
 */
async function startRun(session: Session, saved: WorkflowJson & { id: string }, trigger: string) {
	for (let attempt = 1; ; attempt++) {
		try {
			return await session.rest('POST', `/workflows/${saved.id}/run`, { workflowData: saved, triggerToStartFrom: { name: trigger } });
		} catch (error) {
			if (attempt >= 3 || !String(error).includes('Regular expression execution timed out')) throw error;
		}
	}
}

/**
 * Saves `wf` and runs it from its Manual Trigger `trigger`; resolves with the finished run even when it failed (tests
 * look at the error).
 */
export async function runManually(session: Session, wf: WorkflowJson, timeoutMs = 180_000, trigger = TRIGGER_NAME): Promise<ExecutionRun> {
	const { data: saved } = await session.rest('POST', '/workflows', wf);
	const started = await startRun(session, saved, trigger);
	const executionId = started.data?.executionId;
	if (!executionId) throw new Error(`n8n did not start workflow ${saved.id}: ${JSON.stringify(started).slice(0, 1000)}`);
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		const run = await executionRun(session, executionId);
		if (!isRunning(run.status)) return run;
		if (Date.now() > deadline) throw new Error(`execution ${executionId} of workflow ${saved.id} still ${run.status} after ${timeoutMs / 1000} s`);
		await new Promise((resolve) => setTimeout(resolve, 200));
	}
}
