/** The newest execution n8n stored for a workflow, read through its REST API as the editor does. */
import { executionRun } from '../../e2e/lib/executions.cts';
import type { Instance } from './instance.cts';

/** The first run of `nodeName` in the workflow's newest execution: its output items (first output). */
export async function lastRunItems(inst: Instance, workflowId: string, nodeName: string): Promise<Array<{ json: unknown; binary?: Record<string, Record<string, unknown>> }>> {
	const filter = encodeURIComponent(JSON.stringify({ workflowId }));
	const list = await inst.rest('GET', `/executions?filter=${filter}&limit=1`);
	const [newest] = list.data.results;
	if (!newest) throw new Error(`no execution stored for workflow ${workflowId}`);
	const run = (await executionRun(inst, newest.id)).data?.resultData.runData[nodeName]?.[0] as any;
	if (!run) throw new Error(`node "${nodeName}" did not run in execution ${newest.id}`);
	return run.data.main[0] ?? [];
}
