import { bareToken, companyToBaseUrl } from '../../nodes/Datatruck/shared/transport/connection';
import { DatatruckApi } from '../../credentials/DatatruckApi.credentials';

describe('Company field → API base URL', () => {
	test.each([
		['acme', 'https://acme.datatruck.io/api/v1/openapi'],
		['  ACME ', 'https://acme.datatruck.io/api/v1/openapi'],
		['acme.datatruck.io', 'https://acme.datatruck.io/api/v1/openapi'],
		['https://acme.datatruck.io', 'https://acme.datatruck.io/api/v1/openapi'],
		['https://acme.datatruck.io/', 'https://acme.datatruck.io/api/v1/openapi'],
		['https://acme.datatruck.io/api/v1/openapi/', 'https://acme.datatruck.io/api/v1/openapi'],
		['http://127.0.0.1:4010', 'http://127.0.0.1:4010/api/v1/openapi'],
		['http://localhost:4010/api/v1/openapi', 'http://localhost:4010/api/v1/openapi'],
		['https://tms.example.com/custom/base', 'https://tms.example.com/custom/base'],
	])('%s → %s', (company, baseUrl) => {
		expect(companyToBaseUrl(company)).toBe(baseUrl);
	});

	test.each([
		['', /empty/],
		['acme corp', /not a Datatruck company name/],
		['http://acme.datatruck.io', /must start with https:\/\//],
		['ftp://acme.datatruck.io', /must start with https:\/\//],
		['https://acme datatruck.io', /valid host name/],
	])('refuses %p with an example', (company, message) => {
		expect(() => companyToBaseUrl(company)).toThrow(message);
		expect(() => companyToBaseUrl(company)).toThrow(/for example "acme" for https:\/\/acme\.datatruck\.io/);
	});

	test('a pasted "Token " prefix is dropped', () => {
		expect(bareToken('Token abc123')).toBe('abc123');
		expect(bareToken('  token   abc123 ')).toBe('abc123');
		expect(bareToken('abc123')).toBe('abc123');
	});

	test('the credential test inlines the same function in an expression the parser accepts', () => {
		const credential = new DatatruckApi();
		const baseURL = String(credential.test.request.baseURL);
		expect(baseURL.startsWith('={{ (function')).toBe(true);
		// `}}` inside would end the expression early.
		expect(baseURL.slice(0, -2)).not.toContain('}}');
		expect(baseURL).not.toContain('${');
	});
});

describe("The credential's Authorization header", () => {
	// Built in code, with no expression for n8n to evaluate: n8n 2.41 evaluates a generic `authenticate` in the
	// workflow's expression isolate, which an overlapping poll releases under the poll still running (the carrier
	// day's first defect: every request of that poll failed before it was sent).
	test('is set by a function that needs no expression isolate, the pasted prefix dropped', async () => {
		const { authenticate } = new DatatruckApi();
		expect(typeof authenticate).toBe('function');
		const sent = await (authenticate as (c: object, o: object) => Promise<{ headers: Record<string, string> }>)(
			{ company: 'acme', apiToken: 'Token abc123' },
			{ url: '/orders/', headers: { Accept: 'application/json' } },
		);
		expect(sent.headers).toEqual({ Accept: 'application/json', Authorization: 'Token abc123' });
	});
});
