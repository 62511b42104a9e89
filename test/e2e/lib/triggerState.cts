/**
 * What a published workflow's Datatruck Triggers keep between polls: their state in the workflow's static data, which
 * n8n stores after each poll and returns with the workflow through its REST API.
 */
import { STATE_FIELD, type TriggerState } from '../../../nodes/DatatruckTrigger/state';
import type { Session } from './n8n.cts';

/** A workflow's static data as n8n's REST API returns the workflow: an object, or its JSON text, by node name. */
export function storedStaticData(workflow: { staticData?: unknown }): Record<string, unknown> {
	const stored = workflow.staticData;
	return (typeof stored === 'string' ? JSON.parse(stored) : (stored ?? {})) as Record<string, unknown>;
}

/** The state of each Datatruck Trigger of the workflow that has polled (none before its first poll is stored). */
export async function triggerStates(session: Session, workflowId: string): Promise<TriggerState[]> {
	const { data } = await session.rest('GET', `/workflows/${workflowId}`);
	return Object.values(storedStaticData(data))
		.map((nodeData) => (nodeData as Record<string, unknown> | null)?.[STATE_FIELD] as TriggerState | undefined)
		.filter((state): state is TriggerState => state !== undefined && state !== null);
}

/**
 * Whether the workflow's trigger has stored a first read that went to its end. Its first request says little: Load
 * Flagged's first read takes a request per page of flagged loads (three on a published Datatruck's 10 a page), and a
 * load flagged before the read reaches it is one that was flagged at activation (docs/trigger.md), never alerted.
 */
export async function firstReadStored(session: Session, workflowId: string): Promise<boolean> {
	const states = await triggerStates(session, workflowId);
	return states.length > 0 && states.every((state) => state.scan === undefined && state.quietBefore === undefined);
}
