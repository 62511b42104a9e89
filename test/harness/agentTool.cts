import { RoutingNode } from 'n8n-core';
import { NodeConnectionTypes, Workflow } from 'n8n-workflow';
import type {
	ICredentialDataDecryptedObject,
	IDataObject,
	IExecuteFunctions,
	INodeParameters,
	INodeType,
	IRun,
} from 'n8n-workflow';
import { Datatruck } from '../../nodes/Datatruck/Datatruck.node';
import { DirectoryLoader } from 'n8n-core';
import { INPUT_TYPE, inputNodeType, testNodeTypes } from './nodeTypes.cts';
import { executeWorkflow } from './run.cts';

export const DATATRUCK_TOOL_TYPE = 'n8n-nodes-datatruck.datatruckTool';
const AGENT_TYPE = 'test.agent';

/**
 * The Datatruck node as n8n's CLI offers it to an AI agent (`datatruckTool`): n8n gives a
 * declarative node an `execute` that runs its RoutingNode, and the tool variant outputs `ai_tool`
 * (n8n/dist/node-types.js, tool-generation/ai-tools.js).
 */
function datatruckToolType(): INodeType {
	const nodeType = new Datatruck();
	DirectoryLoader.applyDeclarativeNodeOptionParameters(nodeType);
	const tool = Object.assign(nodeType, {
		async execute(this: IExecuteFunctions) {
			return (await new RoutingNode(this as never, nodeType).runNode()) ?? [];
		},
	});
	tool.description = {
		...tool.description,
		name: 'datatruckTool',
		displayName: 'Datatruck Tool',
		inputs: [],
		outputs: [NodeConnectionTypes.AiTool],
	};
	return tool;
}

export interface ToolCallResult {
	/** What the tool handed back to the agent (the JSON n8n gives the model), or the error's message. */
	response?: unknown;
	error?: string;
}

/**
 * An agent stand-in: it asks n8n-core for its connected tools (getInputConnectionData, which
 * builds the LangChain tool from the node's `$fromAI` placeholders) and calls the Datatruck tool
 * once per entry of `calls`, with the arguments a model would send. n8n-core then runs the node
 * in a SupplyDataContext whose input is those arguments, and `$fromAI('key')` reads them there.
 */
function agentType(calls: IDataObject[], results: ToolCallResult[]): INodeType {
	return {
		description: {
			displayName: 'Test Agent',
			name: 'agent',
			group: ['transform'],
			version: 1,
			description: 'Calls its tools like an AI agent',
			defaults: { name: 'Agent' },
			inputs: [NodeConnectionTypes.Main, { type: NodeConnectionTypes.AiTool, displayName: 'Tools', required: true }],
			outputs: [NodeConnectionTypes.Main],
			properties: [],
		},
		async execute(this: IExecuteFunctions) {
			const tools = (await this.getInputConnectionData(NodeConnectionTypes.AiTool, 0)) as Array<{
				invoke(args: IDataObject): Promise<string>;
				schema: unknown;
			}>;
			for (const args of calls) {
				try {
					results.push({ response: JSON.parse(await tools[0].invoke(args)) as unknown });
				} catch (error) {
					results.push({ error: (error as Error).message });
				}
			}
			return [[{ json: { calls: results.length } }]];
		},
	};
}

/** Runs Input → Agent, with the Datatruck tool (these parameters) connected to the agent. */
export async function runAsAgentTool(options: {
	parameters: INodeParameters;
	credentials: ICredentialDataDecryptedObject;
	calls: IDataObject[];
	typeVersion?: number;
}): Promise<{ results: ToolCallResult[]; run?: IRun; startError?: unknown }> {
	const results: ToolCallResult[] = [];
	const nodeTypes = testNodeTypes({
		[INPUT_TYPE]: inputNodeType([{ json: {} }]),
		[AGENT_TYPE]: agentType(options.calls, results),
		[DATATRUCK_TOOL_TYPE]: datatruckToolType(),
	});
	const workflow = new Workflow({
		id: 'agent-workflow',
		name: 'Datatruck as an AI tool',
		nodes: [
			{ id: 'input', name: 'Input', type: INPUT_TYPE, typeVersion: 1, position: [0, 0], parameters: {} },
			{ id: 'agent', name: 'Agent', type: AGENT_TYPE, typeVersion: 1, position: [200, 0], parameters: {} },
			{
				id: 'tool',
				name: 'Update Driver',
				type: DATATRUCK_TOOL_TYPE,
				typeVersion: options.typeVersion ?? 1.1,
				position: [200, 200],
				parameters: options.parameters,
				credentials: { datatruckApi: { id: '1', name: 'Datatruck Sandbox' } },
			},
		],
		connections: {
			Input: { main: [[{ node: 'Agent', type: 'main', index: 0 }]] },
			'Update Driver': { ai_tool: [[{ node: 'Agent', type: 'ai_tool', index: 0 }]] },
		},
		nodeTypes,
		active: false,
		settings: { executionOrder: 'v1', timezone: 'UTC' },
	});
	const started = await executeWorkflow(workflow, options.credentials);
	if ('startError' in started) return { results, startError: started.startError };
	return { results, run: started.run };
}
