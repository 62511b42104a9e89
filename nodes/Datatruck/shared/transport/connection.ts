/**
 * Turns what a user pastes into the credential's Company field into the API base URL.
 *
 * Written without braces in regular expressions or template literals on purpose:
 * the credential test inlines this function into an n8n expression (`{{ }}`), where a `}}` or an
 * `${` would break the expression parser.
 */
export function companyToBaseUrl(company: unknown): string {
	const example =
		' Enter the company name from your Datatruck address, for example "acme" for https://acme.datatruck.io.';
	const raw = typeof company === 'string' ? company.trim() : '';
	if (raw === '') {
		throw new Error('The Company field is empty.' + example);
	}
	const withScheme = /^([a-z][a-z0-9+.-]*):\/\/([^/?#]*)([^?#]*)$/i.exec(raw);
	if (withScheme) {
		const scheme = withScheme[1].toLowerCase();
		const host = withScheme[2].toLowerCase();
		const path = withScheme[3].replace(/\/+$/, '');
		const hostname = host.replace(/:\d+$/, '');
		const isLoopback =
			hostname === 'localhost' || /^127\.\d+\.\d+\.\d+$/.test(hostname) || hostname === '[::1]';
		if (scheme !== 'https' && !(scheme === 'http' && isLoopback)) {
			throw new Error(
				'The Company address "' + raw + '" must start with https:// (plain http:// is only allowed for this computer, such as http://127.0.0.1:4010).' + example,
			);
		}
		if (!/^(\[[0-9a-f:.]+\]|[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*)(:\d+)?$/.test(host)) {
			throw new Error('The Company address "' + raw + '" does not contain a valid host name.' + example);
		}
		return scheme + '://' + host + (path === '' ? '/api/v1/openapi' : path);
	}
	const lower = raw.toLowerCase().replace(/\/+$/, '');
	if (/^[a-z0-9]([a-z0-9-]*[a-z0-9])?$/.test(lower)) {
		return 'https://' + lower + '.datatruck.io/api/v1/openapi';
	}
	if (/^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+$/.test(lower)) {
		return 'https://' + lower + '/api/v1/openapi';
	}
	throw new Error('"' + raw + '" is not a Datatruck company name or address.' + example);
}

/** The token as Datatruck expects it after `Token `: users often paste it with the prefix already. */
export function bareToken(token: unknown): string {
	return (typeof token === 'string' ? token : '').replace(/^\s*token\s+/i, '').trim();
}
