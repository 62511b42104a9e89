import type {
	ICredentialDataDecryptedObject,
	Icon,
	ICredentialTestRequest,
	ICredentialType,
	IHttpRequestOptions,
	INodeProperties,
} from 'n8n-workflow';
import { bareToken, companyToBaseUrl } from '../nodes/Datatruck/shared/transport';

export class DatatruckApi implements ICredentialType {
	name = 'datatruckApi';

	displayName = 'Datatruck API';

	icon: Icon = { light: 'file:../icons/datatruck.svg', dark: 'file:../icons/datatruck.dark.svg' };

	documentationUrl =
		'https://github.com/datatruck-community/n8n-nodes-datatruck?tab=readme-ov-file#create-a-datatruck-api-token';

	properties: INodeProperties[] = [
		{
			displayName: 'Company',
			name: 'company',
			type: 'string',
			required: true,
			default: '',
			placeholder: 'e.g. acme',
			description:
				'Your company name as it appears in your Datatruck address (acme for https://acme.datatruck.io). The full address also works.',
		},
		{
			displayName: 'API Token',
			name: 'apiToken',
			type: 'string',
			typeOptions: { password: true },
			required: true,
			default: '',
			description:
				'Created in Datatruck under Settings › API Tokens. It is shown only once, when you create it.',
		},
		{
			displayName: 'Requests This n8n May Use (Per Window)',
			name: 'rateLimitRequests',
			type: 'number',
			typeOptions: { minValue: 1 },
			default: 20,
			description:
				'How much of the token\'s limit this n8n may use. Datatruck allows 20 requests per minute per token. Keep 20 if only this n8n uses the token; if another app or another n8n uses the same token, give this n8n part of it (for example 15 when the other app needs 5), or better, give each its own token.',
		},
		{
			displayName: 'Rate Limit Window (Seconds)',
			name: 'rateLimitWindowSeconds',
			type: 'number',
			typeOptions: { minValue: 1 },
			default: 60,
			description: 'Length of the rate limit window in seconds',
		},
	];

	/**
	 * The header is built here in code, not from an expression: n8n evaluates a generic `authenticate` in the
	 * workflow's expression isolate, and in n8n 2.41 a poll that overlaps a poll still running (one waiting behind a
	 * Return All on the same token) releases that isolate when it ends, so every request of the running poll failed
	 * with "No bridge acquired for this context" before it was sent. Found by the carrier day (docs/carrier-day.md).
	 */
	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		requestOptions: IHttpRequestOptions,
	): Promise<IHttpRequestOptions> {
		return {
			...requestOptions,
			headers: { ...requestOptions.headers, Authorization: `Token ${bareToken(credentials.apiToken)}` },
		};
	}

	test: ICredentialTestRequest = {
		request: {
			baseURL: `={{ (${companyToBaseUrl.toString()})($credentials.company) }}`,
			url: '/drivers/list/',
			qs: { page: 1, page_size: 1 },
			method: 'GET',
		},
		rules: [
			{
				type: 'responseCode',
				properties: {
					value: 401,
					message:
						'Datatruck refused the API token: it is invalid, expired, or belongs to another company. Check the token and the Company field.',
				},
			},
			{
				type: 'responseCode',
				properties: {
					value: 403,
					message:
						'Datatruck refused the API token: it is invalid, expired, or belongs to another company. Check the token and the Company field.',
				},
			},
			{
				type: 'responseCode',
				properties: {
					value: 404,
					message:
						'No Datatruck API answered at this address. Check the Company field (for example "acme" for https://acme.datatruck.io).',
				},
			},
		],
	};
}
