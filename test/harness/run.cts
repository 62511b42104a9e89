import { ExecutionLifecycleHooks, WorkflowExecute } from 'n8n-core';
import { Workflow } from 'n8n-workflow';
import type {
	ICredentialDataDecryptedObject,
	IDataObject,
	INodeExecutionData,
	INodeParameters,
	IRun,
	IRunExecutionData,
	IWorkflowExecuteAdditionalData,
} from 'n8n-workflow';
import { DatatruckApi } from '../../credentials/DatatruckApi.credentials';
import { TestCredentialsHelper } from './credentials.cts';
import { DATATRUCK_TYPE, INPUT_TYPE, inputNodeType, testNodeTypes } from './nodeTypes.cts';

export interface RunOptions {
	parameters: INodeParameters;
	credentials: ICredentialDataDecryptedObject;
	/** Input items; one empty item when omitted, as after a Manual Trigger. */
	items?: IDataObject[];
	/** Input items with binary data (e.g. a mail's attachment); used instead of `items` when given. */
	inputItems?: INodeExecutionData[];
	continueOnFail?: boolean;
	/** The workflow's time zone (Settings › Timezone); UTC unless a test is about time zones. */
	timezone?: string;
	/** The Datatruck node's version; 1 (the first published form) unless a test is about a later one. */
	typeVersion?: number;
}

export interface RunResult {
	items: INodeExecutionData[];
	json: IDataObject[];
	/** The node's error, when it failed and Continue On Fail was off. */
	error?: Error & { description?: string; httpCode?: string | null; context?: IDataObject };
	run: IRun;
}

/** The instance addresses n8n-core's contexts read from additionalData. */
export const N8N_URLS = {
	restApiUrl: 'http://localhost:5678/rest',
	instanceBaseUrl: 'http://localhost:5678',
	webhookBaseUrl: 'http://localhost:5678/webhook',
	webhookWaitingBaseUrl: 'http://localhost:5678/webhook-waiting',
	webhookTestBaseUrl: 'http://localhost:5678/webhook-test',
	formWaitingBaseUrl: 'http://localhost:5678/form-waiting',
};

/** Builds the credential data the way a user fills the form; tests override what they need. */
export function sandboxCredentials(baseUrl: string, token: string, extra: IDataObject = {}) {
	return { company: baseUrl, apiToken: token, rateLimitRequests: 20, rateLimitWindowSeconds: 60, ...extra };
}

/** Runs Input → Datatruck through n8n-core's real WorkflowExecute and RoutingNode. */
export async function runDatatruck(options: RunOptions): Promise<RunResult> {
	const inputItems = options.inputItems ?? (options.items ?? [{}]).map((json) => ({ json }));
	const nodeTypes = testNodeTypes({ [INPUT_TYPE]: inputNodeType(inputItems) });
	const workflow = new Workflow({
		id: 'test-workflow',
		name: 'Datatruck test',
		nodes: [
			{ id: 'input', name: 'Input', type: INPUT_TYPE, typeVersion: 1, position: [0, 0], parameters: {} },
			{
				id: 'datatruck',
				name: 'Datatruck',
				type: DATATRUCK_TYPE,
				typeVersion: options.typeVersion ?? 1,
				position: [200, 0],
				parameters: options.parameters,
				credentials: { datatruckApi: { id: '1', name: 'Datatruck Sandbox' } },
				continueOnFail: options.continueOnFail,
				onError: options.continueOnFail ? 'continueRegularOutput' : undefined,
			},
		],
		connections: { Input: { main: [[{ node: 'Datatruck', type: 'main', index: 0 }]] } },
		nodeTypes,
		active: false,
		settings: { executionOrder: 'v1', timezone: options.timezone ?? 'UTC' },
	});

	const started = await executeWorkflow(workflow, options.credentials);
	if ('startError' in started) {
		// n8n refuses to start a workflow whose parameters have issues (e.g. an empty required field).
		return { items: [], json: [], error: started.startError as RunResult['error'], run: undefined as unknown as IRun };
	}
	const { run } = started;
	const taskData = run.data.resultData.runData.Datatruck?.[0];
	const items = (taskData?.data?.main?.[0] ?? []) as INodeExecutionData[];
	return {
		items,
		json: items.map((item) => item.json),
		error: (taskData?.error ?? run.data.resultData.error) as RunResult['error'],
		run,
	};
}

let executions = 0;

/** Runs a workflow from its Input node through n8n-core's WorkflowExecute with the Datatruck credential. */
export async function executeWorkflow(
	workflow: Workflow,
	credentials: ICredentialDataDecryptedObject,
): Promise<{ run: IRun } | { startError: unknown }> {
	const credentialsHelper = new TestCredentialsHelper(
		{ datatruckApi: new DatatruckApi() },
		{ datatruckApi: credentials },
	);
	const hooks = new ExecutionLifecycleHooks('manual', 'test-execution', workflow as never);
	let resolveRun: (run: IRun) => void = () => {};
	const finished = new Promise<IRun>((resolve) => (resolveRun = resolve));
	hooks.addHandler('workflowExecuteAfter', (run) => resolveRun(run));
	const additionalData = {
		hooks,
		credentialsHelper,
		...N8N_URLS,
		variables: {},
		currentNodeParameters: undefined,
		executionTimeoutTimestamp: undefined,
		userId: 'test-user',
		// Each run its own execution, as in n8n: the rate limiter's lanes tell executions apart by it.
		executionId: `test-execution-${++executions}`,
	} as unknown as IWorkflowExecuteAdditionalData;

	const runExecutionData: IRunExecutionData = {
		startData: {},
		resultData: { runData: {} },
		executionData: {
			contextData: {},
			metadata: {},
			nodeExecutionStack: [
				{ node: workflow.getNode('Input')!, data: { main: [[{ json: {} }]] }, source: null },
			],
			waitingExecution: {},
			waitingExecutionSource: null,
		},
	} as unknown as IRunExecutionData;

	try {
		await new WorkflowExecute(additionalData, 'manual', runExecutionData).processRunExecutionData(workflow);
	} catch (error) {
		return { startError: error };
	}
	return { run: await finished };
}
