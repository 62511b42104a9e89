import { PollContext } from 'n8n-core';
import { Workflow } from 'n8n-workflow';
import type {
	ICredentialDataDecryptedObject,
	IDataObject,
	INodeExecutionData,
	INodeParameters,
	INodeType,
	INodeTypes,
	IWorkflowExecuteAdditionalData,
} from 'n8n-workflow';
import { DatatruckApi } from '../../credentials/DatatruckApi.credentials';
import { DatatruckTrigger } from '../../nodes/DatatruckTrigger/DatatruckTrigger.node';
import { STATE_FIELD, type TriggerState } from '../../nodes/DatatruckTrigger/state';
import type { RequestLogEntry, Sandbox } from '../sandbox/index.cts';
import { TestCredentialsHelper } from './credentials.cts';
import { N8N_URLS } from './run.cts';

export const TRIGGER_TYPE = 'n8n-nodes-datatruck.datatruckTrigger';
const NODE_NAME = 'Datatruck Trigger';

export interface PollHarnessOptions {
	parameters: INodeParameters;
	credentials: ICredentialDataDecryptedObject;
	/** The workflow's static data as n8n stored it (a restart restores it from the database). */
	staticData?: IDataObject;
	workflowId?: string;
	nodeId?: string;
	/** The workflow's time zone (Settings › Timezone); UTC unless a test is about time zones. */
	timezone?: string;
}

export interface PollResult {
	/** What the poll handed to n8n (empty when it returned null or failed). */
	items: INodeExecutionData[];
	json: IDataObject[];
	/** The poll's error, as n8n would show it as a trigger error. */
	error?: Error & { description?: string; httpCode?: string | null };
}

function triggerNodeTypes(): INodeTypes {
	const trigger: INodeType = new DatatruckTrigger();
	return {
		getByName: () => trigger,
		getByNameAndVersion: () => trigger,
		getKnownTypes: () => ({}),
	};
}

/**
 * One active Datatruck Trigger, polled the way n8n's poll engine does: through n8n-core's real
 * PollContext (parameters with defaults, credentials applied as n8n's CLI does, the request
 * helpers), with the node's static data kept on one Workflow object between polls, as n8n keeps
 * it while the workflow stays active. `restart()` serializes that static data to JSON and builds a
 * new workflow from it, as an n8n restart does.
 */
export class PollHarness {
	readonly workflow: Workflow;

	private readonly credentialsHelper: TestCredentialsHelper;

	constructor(private readonly options: PollHarnessOptions) {
		this.workflow = new Workflow({
			id: options.workflowId ?? 'trigger-workflow',
			name: 'Datatruck trigger test',
			nodes: [
				{
					id: options.nodeId ?? 'trigger-node',
					name: NODE_NAME,
					type: TRIGGER_TYPE,
					typeVersion: 1,
					position: [0, 0],
					parameters: options.parameters,
					credentials: { datatruckApi: { id: '1', name: 'Datatruck Sandbox' } },
				},
			],
			connections: {},
			nodeTypes: triggerNodeTypes(),
			active: true,
			staticData: options.staticData ? (JSON.parse(JSON.stringify(options.staticData)) as IDataObject) : undefined,
			settings: { executionOrder: 'v1', timezone: options.timezone ?? 'UTC' },
		});
		this.credentialsHelper = new TestCredentialsHelper(
			{ datatruckApi: new DatatruckApi() },
			{ datatruckApi: options.credentials },
		);
	}

	/** One poll; `manual` is the editor's "Fetch Test Event". Never throws: the error is in the result. */
	async poll(mode: 'trigger' | 'manual' = 'trigger'): Promise<PollResult> {
		const node = this.workflow.getNode(NODE_NAME)!;
		const additionalData = {
			credentialsHelper: this.credentialsHelper,
			...N8N_URLS,
			variables: {},
			userId: 'test-user',
		} as unknown as IWorkflowExecuteAdditionalData;
		const context = new PollContext(
			this.workflow,
			node,
			additionalData,
			mode,
			mode === 'manual' ? 'manual' : 'activate',
		);
		const nodeType = this.workflow.nodeTypes.getByNameAndVersion(TRIGGER_TYPE, 1);
		try {
			const response = await nodeType.poll!.call(context);
			const items = response?.[0] ?? [];
			return { items, json: items.map((item) => item.json) };
		} catch (error) {
			return { items: [], json: [], error: error as PollResult['error'] };
		}
	}

	/** The node's static data, live. */
	get nodeStaticData(): IDataObject {
		return this.workflow.getStaticData('node', this.workflow.getNode(NODE_NAME)!);
	}

	/** The trigger's cursor, as stored. */
	get state(): TriggerState | undefined {
		return this.nodeStaticData[STATE_FIELD] as TriggerState | undefined;
	}

	/** The workflow's static data as n8n writes it to its database. */
	serialize(): string {
		return JSON.stringify(this.workflow.staticData);
	}

	/** The same trigger after an n8n restart: only the serialized static data carries over. */
	restart(): PollHarness {
		return new PollHarness({ ...this.options, staticData: JSON.parse(this.serialize()) as IDataObject });
	}
}

/**
 * Calls `hook` as each API request reaches the sandbox, before it is answered: a hook that changes
 * data synchronously changes what that request sees; one that defers (setImmediate) changes it
 * between that request and the next. Returns the function that removes the hook.
 */
export function onSandboxRequest(sandbox: Sandbox, hook: (entry: RequestLogEntry, index: number) => void): () => void {
	const log = sandbox.log;
	const push = log.push;
	let index = 0;
	log.push = function (...entries: RequestLogEntry[]) {
		const length = push.apply(this, entries);
		for (const entry of entries) hook(entry, index++);
		return length;
	};
	return () => {
		log.push = push;
	};
}
