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
