import { LoadOptionsContext } from 'n8n-core';
import { Workflow } from 'n8n-workflow';
import type {
	ICredentialDataDecryptedObject,
	ILoadOptionsFunctions,
	INodeListSearchResult,
	INodeParameters,
	INodePropertyOptions,
	IWorkflowExecuteAdditionalData,
} from 'n8n-workflow';
import { DatatruckApi } from '../../credentials/DatatruckApi.credentials';
import { Datatruck } from '../../nodes/Datatruck/Datatruck.node';
import { TestCredentialsHelper } from './credentials.cts';
import { DATATRUCK_TYPE, testNodeTypes } from './nodeTypes.cts';
import { N8N_URLS } from './run.cts';

/**
 * What n8n's editor asks the server for while a user fills in the node: a picker's search
 * (listSearch) or a dropdown's options (loadOptions). n8n's DynamicNodeParametersService calls
 * the node's method on a LoadOptionsContext for a temporary node holding the current parameters;
 * this does the same in-process.
 */
function editorContext(credentials: ICredentialDataDecryptedObject, parameters: INodeParameters): ILoadOptionsFunctions {
	const workflow = new Workflow({
		nodes: [
			{
				id: 'temp',
				name: 'Temp-Node',
				type: DATATRUCK_TYPE,
				typeVersion: 1.1,
				position: [0, 0],
				parameters,
				credentials: { datatruckApi: { id: '1', name: 'Datatruck Sandbox' } },
			},
		],
		connections: {},
		active: false,
		nodeTypes: testNodeTypes(),
	});
	const additionalData = {
		credentialsHelper: new TestCredentialsHelper({ datatruckApi: new DatatruckApi() }, { datatruckApi: credentials }),
		...N8N_URLS,
		variables: {},
		userId: 'test-user',
	} as unknown as IWorkflowExecuteAdditionalData;
	return new LoadOptionsContext(workflow, workflow.getNode('Temp-Node')!, additionalData, 'parameters');
}

const methods = new Datatruck().methods;

export async function editorSearch(
	method: keyof typeof methods.listSearch,
	credentials: ICredentialDataDecryptedObject,
	filter?: string,
	paginationToken?: string,
	parameters: INodeParameters = {},
): Promise<INodeListSearchResult> {
	return await methods.listSearch[method].call(editorContext(credentials, parameters), filter, paginationToken);
}

export async function editorOptions(
	method: keyof typeof methods.loadOptions,
	credentials: ICredentialDataDecryptedObject,
	parameters: INodeParameters = {},
): Promise<INodePropertyOptions[]> {
	return await methods.loadOptions[method].call(editorContext(credentials, parameters));
}
