import { addressKind, linkRefusal } from '../../nodes/Datatruck/shared/documents/linkPolicy';

const REAL = 'https://prairie.datatruck.io';
const SANDBOX = 'http://127.0.0.1:4010';

/** Links as Datatruck might write them; the URL parser normalises the spelling before the policy sees it. */
describe('linkRefusal for a credential on a real https Datatruck', () => {
	test.each([
		// loopback, in every spelling the URL parser accepts
		['http://127.0.0.2:8080/files/internal/admin.pdf', 'private network'],
		['https://127.0.0.1/a.pdf', 'private network'],
		['https://127.255.255.254/a.pdf', 'private network'],
		['https://2130706433/a.pdf', 'private network'], // decimal 127.0.0.1
		['https://0x7f000001/a.pdf', 'private network'], // hex
		['https://0177.0.0.1/a.pdf', 'private network'], // octal
		['https://0x7f.1/a.pdf', 'private network'], // short form
		['https://127.1/a.pdf', 'private network'],
		['https://0.0.0.0/a.pdf', 'private network'],
		['https://localhost/a.pdf', 'private network'],
		['https://LOCALHOST./a.pdf', 'private network'],
		['https://files.localhost/a.pdf', 'private network'],
		['https://[::1]/a.pdf', 'private network'],
		['https://[0:0:0:0:0:0:0:1]/a.pdf', 'private network'],
		['https://[::]/a.pdf', 'private network'],
		['https://[::ffff:127.0.0.1]/a.pdf', 'private network'], // IPv4-mapped
		['https://[::ffff:7f00:2]/a.pdf', 'private network'],
		['https://[::127.0.0.1]/a.pdf', 'private network'], // IPv4-compatible
		['https://[64:ff9b::a00:1]/a.pdf', 'private network'], // NAT64 of 10.0.0.1
		['https://[2002:c0a8:101::1]/a.pdf', 'private network'], // 6to4 of 192.168.1.1
		// private and link-local
		['https://10.0.0.5/a.pdf', 'private network'],
		['https://10.255.255.255/a.pdf', 'private network'],
		['https://172.16.0.1/a.pdf', 'private network'],
		['https://172.31.255.255/a.pdf', 'private network'],
		['https://192.168.1.10/a.pdf', 'private network'],
		['https://0xc0a80101/a.pdf', 'private network'],
		['https://100.64.0.1/a.pdf', 'private network'],
		['http://169.254.169.254/latest/meta-data/', 'private network'],
		['https://[::ffff:169.254.169.254]/a.pdf', 'private network'],
		['https://[fc00::1]/a.pdf', 'private network'],
		['https://[fd12:3456:789a::1]/a.pdf', 'private network'],
		['https://[fe80::1]/a.pdf', 'private network'],
		['https://[ff02::1]/a.pdf', 'private network'],
		['https://224.0.0.1/a.pdf', 'private network'],
		['https://metadata.google.internal/a.pdf', 'private network'],
		['https://printer.local/a.pdf', 'private network'],
		['https://fileserver/a.pdf', 'private network'],
		// public, but not https
		['http://files.example.com/a.pdf', 'not https'],
		['http://prairie.datatruck.io/a.pdf', 'not https'],
		['ftp://files.example.com/a.pdf', 'not https'],
		['file:///etc/passwd', 'private network'],
		// allowed
		['https://prairie.datatruck.io/api/v1/openapi/orders/1/documents/0/file/', undefined],
		['https://datatruck-files.s3.amazonaws.com/a.pdf?signature=x', undefined],
		['https://172.32.0.1/a.pdf', undefined],
		['https://172.15.255.255/a.pdf', undefined],
		['https://192.169.0.1/a.pdf', undefined],
		['https://11.0.0.1/a.pdf', undefined],
		['https://[2606:4700::1111]/a.pdf', undefined],
		['https://[::ffff:8.8.8.8]/a.pdf', undefined],
	])('%s → %s', (link, refusal) => {
		expect(linkRefusal(new URL(link), REAL)).toBe(refusal);
	});
});

describe('linkRefusal for a credential on this computer (the sandbox)', () => {
	test.each([
		['http://127.0.0.1:4010/api/v1/openapi/orders/1/documents/0/file/', undefined], // its own origin
		['http://127.0.0.1:4999/prairie-line/pod.pdf', undefined], // its own host: the sandbox's file host
		['https://files.example.com/pod.pdf', undefined],
		['http://files.example.com/pod.pdf', 'not https'],
		['http://127.0.0.2:4999/files/internal/admin.pdf', 'private network'],
		['http://localhost:4999/pod.pdf', 'private network'],
		['http://[::1]:4999/pod.pdf', 'private network'],
		['http://10.0.0.5/pod.pdf', 'private network'],
		['http://169.254.169.254/latest/meta-data/', 'private network'],
	])('%s → %s', (link, refusal) => {
		expect(linkRefusal(new URL(link), SANDBOX)).toBe(refusal);
	});

	test('a credential on https loopback allows its own host over https only', () => {
		expect(linkRefusal(new URL('https://127.0.0.1:5000/a.pdf'), 'https://127.0.0.1:4010')).toBeUndefined();
		expect(linkRefusal(new URL('http://127.0.0.1:5000/a.pdf'), 'https://127.0.0.1:4010')).toBe('not https');
	});

	test('the credential’s own origin is allowed even when it is a private address', () => {
		expect(linkRefusal(new URL('https://10.1.2.3/api/v1/openapi/orders/1/documents/0/file/'), 'https://10.1.2.3')).toBeUndefined();
		expect(linkRefusal(new URL('https://10.1.2.4/a.pdf'), 'https://10.1.2.3')).toBe('private network');
	});
});

describe('addressKind', () => {
	test.each([
		['127.0.0.1', 'loopback'],
		['[::1]', 'loopback'],
		['10.1.1.1', 'private'],
		['[fd00::1]', 'private'],
		['169.254.1.1', 'link-local'],
		['[fe80::abcd]', 'link-local'],
		['intranet', 'local name'],
		['[::ffff:a00:1]', 'private'],
		['[1:2:3:4:5:6:7:8:9]', 'reserved'],
		['[1::2::3]', 'reserved'],
		['example.com', 'public'],
	])('%s is %s', (hostname, kind) => {
		expect(addressKind(hostname)).toBe(kind);
	});
});
