/**
 * Builds workflow JSON the way the n8n editor saves it: a Manual Trigger (the only start node `n8n execute`
 * accepts) feeding nodes that each name the node they come after (the trigger by default), so independent
 * operations each get exactly one input item and dependent ones read the previous node's output.
 */
import type { WorkflowJson } from './n8n.cts';

export const DATATRUCK = 'n8n-nodes-datatruck.datatruck';
export const DATATRUCK_TRIGGER = 'n8n-nodes-datatruck.datatruckTrigger';
export const TRIGGER_NAME = 'When clicking Execute workflow';

export interface NodeSpec {
	name: string;
	/** Defaults to the Datatruck node. */
	type?: string;
	typeVersion?: number;
	parameters: Record<string, unknown>;
	/** Name of the node whose output feeds this one; the Manual Trigger when omitted. */
	after?: string;
	credentials?: Record<string, { id: string; name: string }>;
	/** Let the workflow go on when the node fails, so a test can read the error it produced. */
	continueOnFail?: boolean;
}

export interface CredentialRef {
	id: string;
	name: string;
}

export function workflow(id: string, name: string, specs: NodeSpec[], credential?: CredentialRef): WorkflowJson {
	const nodes: Array<Record<string, unknown>> = [
		{
			id: `${id}-trigger`,
			name: TRIGGER_NAME,
			type: 'n8n-nodes-base.manualTrigger',
			typeVersion: 1,
			position: [0, 0],
			parameters: {},
		},
	];
	const connections: Record<string, { main: Array<Array<{ node: string; type: 'main'; index: number }>> }> = {};
	specs.forEach((spec, i) => {
		const type = spec.type ?? DATATRUCK;
		nodes.push({
			id: `${id}-n${i}`,
			name: spec.name,
			type,
			typeVersion: spec.typeVersion ?? 1,
			position: [240 * (depth(specs, spec) + 1), 160 * i],
			parameters: spec.parameters,
			...(spec.credentials
				? { credentials: spec.credentials }
				: type === DATATRUCK && credential
					? { credentials: { datatruckApi: credential } }
					: {}),
			...(spec.continueOnFail ? { onError: 'continueRegularOutput' } : {}),
		});
		const from = spec.after ?? TRIGGER_NAME;
		connections[from] ??= { main: [[]] };
		connections[from].main[0].push({ node: spec.name, type: 'main', index: 0 });
	});
	return { id, name, nodes, connections, active: false, settings: { executionOrder: 'v1' }, pinData: {} };
}

function depth(specs: NodeSpec[], spec: NodeSpec): number {
	let d = 0;
	for (let cur = spec; cur.after; d++) {
		const parent = specs.find((s) => s.name === cur.after);
		if (!parent) break;
		cur = parent;
	}
	return d;
}

/** A published-workflow shape: the Datatruck Trigger polling every minute, feeding a No Op that shows the items. */
export function triggerWorkflow(
	id: string,
	name: string,
	parameters: Record<string, unknown>,
	credential: CredentialRef,
): WorkflowJson {
	return {
		id,
		name,
		nodes: [
			{
				id: `${id}-trigger`,
				name: 'Datatruck Trigger',
				type: DATATRUCK_TRIGGER,
				typeVersion: 1,
				position: [0, 0],
				parameters: { pollTimes: { item: [{ mode: 'everyMinute' }] }, ...parameters },
				credentials: { datatruckApi: credential },
			},
			{ id: `${id}-out`, name: 'Received', type: 'n8n-nodes-base.noOp', typeVersion: 1, position: [240, 0], parameters: {} },
		],
		connections: { 'Datatruck Trigger': { main: [[{ node: 'Received', type: 'main', index: 0 }]] } },
		active: false,
		settings: { executionOrder: 'v1' },
		pinData: {},
	};
}
