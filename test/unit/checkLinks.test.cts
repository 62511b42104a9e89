import { linkForm } from '../../nodes/Datatruck/resources/connection/checks';

/** Check Compatibility names the form of Datatruck's `next` link (issue 33); the node follows none of them. */
const BASE = 'https://acme.datatruck.io/api/v1/openapi';

test.each([
	[`${BASE}/orders/?page=2`, undefined],
	['http://acme.datatruck.io/api/v1/openapi/orders/?page=2', 'absolute with `http://` (a proxy that does not pass the scheme on)'],
	['https://evil.example/api/v1/openapi/orders/?page=2', 'absolute, on another address'],
	['/api/v1/openapi/orders/?page=2', 'relative to the host'],
	['/work-orders/?page=2', "relative to the API (as Datatruck's pages print it)"],
	['?page=2', "relative to the API (as Datatruck's pages print it)"],
])('%s is %s', (next, form) => {
	expect(linkForm(BASE, next)).toBe(form);
});
