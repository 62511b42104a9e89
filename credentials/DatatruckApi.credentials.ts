import type {
	IAuthenticateGeneric,
	Icon,
	ICredentialTestRequest,
	ICredentialType,
	INodeProperties,
} from 'n8n-workflow';
import { bareToken, companyToBaseUrl } from '../nodes/Datatruck/shared/connection';

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
			displayName: 'Rate Limit (Requests)',
			name: 'rateLimitRequests',
			type: 'number',
			typeOptions: { minValue: 1 },
			default: 20,
			description:
				'How many requests Datatruck accepts per window for this token. Datatruck allows 20 per minute; change it only if Datatruck gave your company another limit.',
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

	authenticate: IAuthenticateGeneric = {
		type: 'generic',
		properties: {
			headers: {
				Authorization: `={{ "Token " + (${bareToken.toString()})($credentials.apiToken) }}`,
			},
		},
	};

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
