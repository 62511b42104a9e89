/**
 * Found by the carrier day (docs/carrier-day.md, defect 1): in n8n 2.41 a poll that outlasts its interval (waiting
 * behind a Return All on the same token) breaks n8n's expression isolate for the poll still running. n8n-core's
 * PollTriggerExecutor starts the next poll, which finds the workflow's isolate scope held, and releases it when it
 * ends all the same; from then on every `httpRequestWithAuthentication` of the running poll fails before it is sent
 * ("No bridge acquired for this context. Call acquire() first.", an IsolateError), because n8n evaluates the
 * credential's `authenticate` expression there. Every such poll became a failed execution.
 *
 * The transport builds the Authorization header itself (what the credential's `authenticate` says) and sends through
 * n8n's plain `httpRequest`. Here n8n's authenticated helper fails as n8n 2.41 makes it fail in that state, and the
 * request must still reach the sandbox, with the token in the header and nowhere else.
 */
import axios from 'axios';
import type { IHttpRequestOptions, INode } from 'n8n-workflow';
import { datatruckRequest, type DatatruckContext } from '../../nodes/Datatruck/shared/transport/transport';
import { startSandbox, type Sandbox } from '../sandbox/index.cts';

/** n8n's plain request helper, reduced to what the transport uses (full response, no throw on HTTP errors). */
async function httpRequest(options: IHttpRequestOptions) {
	const response = await axios.request({
		method: options.method,
		baseURL: options.baseURL,
		url: options.url,
		params: options.qs,
		headers: options.headers as Record<string, string>,
		data: options.body,
		timeout: options.timeout,
		validateStatus: () => true,
	});
	return { statusCode: response.status, headers: response.headers, body: response.data };
}

function pollContext(sb: Sandbox): DatatruckContext {
	return {
		getNode: () => ({ id: 'poll-overlap', name: 'Datatruck Trigger' }) as INode,
		getCredentials: async <T extends object>() => ({ company: sb.origin, apiToken: sb.token, rateLimitRequests: 20, rateLimitWindowSeconds: 60 }) as unknown as T,
		helpers: {
			httpRequest: httpRequest as DatatruckContext['helpers']['httpRequest'],
			httpRequestWithAuthentication: async () => {
				const error = new Error('No bridge acquired for this context. Call acquire() first.');
				error.name = 'IsolateError';
				throw error;
			},
		},
	};
}

describe("a poll whose workflow's expression isolate was released by an overlapping poll (n8n 2.41)", () => {
	let sb: Sandbox;
	beforeAll(async () => {
		sb = await startSandbox({ rateLimit: false, loads: 30 });
	});
	afterAll(() => sb.close());

	test('still reaches Datatruck: the transport does not evaluate the credential through n8n per request', async () => {
		const page = (await datatruckRequest(pollContext(sb), { method: 'GET', url: '/orders/', qs: { page: 1, page_size: 5 } })) as { results: unknown[] };
		expect(page.results).toHaveLength(5);
		expect(sb.log).toHaveLength(1);
		expect(sb.log[0].headers.authorization).toBe(`Token ${sb.token}`);
	});

	test('a token pasted with its "Token " prefix is not doubled', async () => {
		sb.clearLog();
		const ctx = pollContext(sb);
		ctx.getCredentials = async <T extends object>() => ({ company: sb.origin, apiToken: `Token ${sb.token}` }) as unknown as T;
		await datatruckRequest(ctx, { method: 'GET', url: '/orders/', qs: { page: 1, page_size: 1 } });
		expect(sb.log[0].headers.authorization).toBe(`Token ${sb.token}`);
	});
});
