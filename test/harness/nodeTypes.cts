import { DirectoryLoader } from 'n8n-core';
import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeType,
	INodeTypes,
	IVersionedNodeType,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';
import { Datatruck } from '../../nodes/Datatruck/Datatruck.node';

export const DATATRUCK_TYPE = 'n8n-nodes-datatruck.datatruck';
export const INPUT_TYPE = 'test.input';

/** Emits the items a test hands it, standing in for whatever node feeds the Datatruck node. */
export function inputNodeType(items: INodeExecutionData[]): INodeType {
	return {
		description: {
			displayName: 'Test Input',
			name: 'input',
			group: ['input'],
			version: 1,
			description: 'Test input',
			defaults: { name: 'Input' },
			inputs: [],
			outputs: [NodeConnectionTypes.Main],
			properties: [],
		},
		async execute(this: IExecuteFunctions) {
			return [items.map((item) => ({ ...item, json: { ...item.json } }))];
		},
	};
}

function loaded(nodeType: INodeType): INodeType {
	// n8n adds the "Request Options" collection (timeout, batching) to declarative nodes on load.
	DirectoryLoader.applyDeclarativeNodeOptionParameters(nodeType);
	return nodeType;
}

export function testNodeTypes(extra: Record<string, INodeType> = {}): INodeTypes {
	const types: Record<string, INodeType> = {
		[DATATRUCK_TYPE]: loaded(new Datatruck()),
		...extra,
	};
	return {
		getByName: (name: string) => types[name] as INodeType | IVersionedNodeType,
		getByNameAndVersion: (name: string) => types[name],
		getKnownTypes: () => ({}),
	};
}
