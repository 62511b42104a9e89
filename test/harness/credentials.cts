import { ICredentialsHelper, Workflow } from 'n8n-workflow';
import type {
	ICredentialDataDecryptedObject,
	ICredentials,
	ICredentialType,
	IHttpRequestOptions,
	INode,
	INodeProperties,
	IRequestOptionsSimplified,
} from 'n8n-workflow';

/**
 * Hands the node its credential and applies the credential's `authenticate` the way n8n's CLI
 * does (n8n-core's own test helper only applies function-style authentication).
 */
export class TestCredentialsHelper extends ICredentialsHelper {
	constructor(
		private readonly types: Record<string, ICredentialType>,
		private readonly data: Record<string, ICredentialDataDecryptedObject>,
	) {
		super();
	}

	getParentTypes(): string[] {
		return [];
	}

	isCredentialUsableByNode(): boolean {
		return true;
	}

	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		typeName: string,
		requestOptions: IHttpRequestOptions | IRequestOptionsSimplified,
		workflow?: Workflow,
		node?: INode,
	): Promise<IHttpRequestOptions> {
		const options = requestOptions as IHttpRequestOptions & Record<string, Record<string, unknown>>;
		const { authenticate } = this.types[typeName];
		if (typeof authenticate === 'function') return await authenticate(credentials, options);
		if (authenticate?.type !== 'generic') return options;
		for (const [target, entries] of Object.entries(authenticate.properties)) {
			for (const [key, value] of Object.entries(entries as Record<string, unknown>)) {
				options[target] ??= {};
				options[target][resolve(key, credentials, workflow, node) as string] = resolve(
					value,
					credentials,
					workflow,
					node,
				);
			}
		}
		return options;
	}

	async preAuthentication() {
		return undefined;
	}

	async runPreAuthentication() {
		return undefined;
	}

	async getCredentials(): Promise<ICredentials> {
		throw new Error('not used by these tests');
	}

	async getDecrypted(_additionalData: unknown, _nodeCredentials: unknown, type: string) {
		const data = this.data[type];
		if (!data) throw new Error(`No test credential of type ${type}`);
		return { ...data };
	}

	async updateCredentials() {}

	async updateCredentialsOauthTokenData() {}

	getCredentialsProperties(type: string): INodeProperties[] {
		return this.types[type]?.properties ?? [];
	}
}

function resolve(value: unknown, credentials: ICredentialDataDecryptedObject, workflow?: Workflow, node?: INode) {
	if (typeof value !== 'string' || !value.startsWith('=') || !workflow || !node) return value;
	return workflow.expression.getSimpleParameterValue(
		node,
		value,
		'internal',
		{ $credentials: credentials },
		undefined,
		'',
	);
}
