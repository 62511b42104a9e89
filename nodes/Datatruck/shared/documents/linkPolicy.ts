/**
 * Which addresses a document link may lead to. A `file_link` is data from Datatruck's answer, not an
 * instruction: it must never make the n8n host fetch something on its own network. Names are judged
 * as written and never resolved (n8n Cloud's rules forbid `node:dns`), so a public name that resolves
 * to a private address is not caught here.
 */

/** What an address is, as far as it can be told without resolving a name. */
export type AddressKind = 'public' | 'loopback' | 'private' | 'link-local' | 'local name' | 'reserved';

export type LinkRefusal = 'private network' | 'not https';

/**
 * Why the node will not fetch `link` for a credential on `credentialOrigin`, or undefined when it may.
 * The credential's own origin is always allowed. A credential on this computer (the sandbox, local
 * development) may also reach other ports of its own host, which is where its file host runs; plain
 * http is allowed only then.
 */
export function linkRefusal(link: URL, credentialOrigin: string): LinkRefusal | undefined {
	if (link.origin === credentialOrigin) return undefined;
	const credential = new URL(credentialOrigin);
	const onCredentialsOwnLoopbackHost =
		addressKind(credential.hostname) === 'loopback' && link.hostname === credential.hostname;
	if (addressKind(link.hostname) !== 'public' && !onCredentialsOwnLoopbackHost) return 'private network';
	if (link.protocol === 'https:') return undefined;
	if (link.protocol === 'http:' && credential.protocol === 'http:' && onCredentialsOwnLoopbackHost) return undefined;
	return 'not https';
}

/** `hostname` as the WHATWG URL parser leaves it (IPv4 spellings made dotted decimal, IPv6 in brackets). */
export function addressKind(hostname: string): AddressKind {
	const host = hostname.toLowerCase().replace(/\.$/, '');
	if (host.startsWith('[')) return ipv6Kind(host.slice(1, -1));
	const ipv4 = ipv4Octets(host);
	if (ipv4) return ipv4Kind(ipv4);
	if (host === 'localhost' || host.endsWith('.localhost')) return 'loopback';
	// Names that only mean something on a local network: a bare host name, mDNS, cloud metadata names.
	if (!host.includes('.') || /\.(local|internal|localdomain|home\.arpa)$/.test(host)) return 'local name';
	return 'public';
}

function ipv4Octets(host: string): number[] | undefined {
	const match = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(host);
	if (!match) return undefined;
	const octets = match.slice(1).map(Number);
	return octets.every((octet) => octet <= 255) ? octets : undefined;
}

function ipv4Kind([a, b]: number[]): AddressKind {
	if (a === 127 || a === 0) return 'loopback'; // 0.0.0.0 reaches this computer on Linux
	if (a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168)) return 'private';
	if (a === 100 && b >= 64 && b <= 127) return 'private'; // carrier-grade NAT, 100.64/10
	if (a === 169 && b === 254) return 'link-local';
	if (a >= 224) return 'reserved'; // multicast, 240/4 and broadcast
	return 'public';
}

function ipv6Kind(address: string): AddressKind {
	const words = ipv6Words(address);
	if (!words) return 'reserved';
	const embedded = embeddedIpv4(words);
	if (embedded) return ipv4Kind(embedded);
	if (words.every((word) => word === 0)) return 'loopback'; // ::, like 0.0.0.0
	if (words.slice(0, 7).every((word) => word === 0) && words[7] === 1) return 'loopback';
	if ((words[0] & 0xfe00) === 0xfc00) return 'private'; // fc00::/7 unique local
	if ((words[0] & 0xffc0) === 0xfe80) return 'link-local';
	if ((words[0] & 0xffc0) === 0xfec0) return 'private'; // fec0::/10, the old site-local
	if ((words[0] & 0xff00) === 0xff00) return 'reserved'; // multicast
	return 'public';
}

/** The IPv4 address inside IPv4-mapped, IPv4-compatible, NAT64 (64:ff9b::/96) and 6to4 (2002::/16) forms. */
function embeddedIpv4(words: number[]): number[] | undefined {
	const zeros = (from: number, to: number) => words.slice(from, to).every((word) => word === 0);
	const tail = (high: number, low: number) => [high >> 8, high & 0xff, low >> 8, low & 0xff];
	if (zeros(0, 5) && words[5] === 0xffff) return tail(words[6], words[7]);
	if (zeros(0, 6) && (words[6] !== 0 || words[7] > 1)) return tail(words[6], words[7]);
	if (words[0] === 0x64 && words[1] === 0xff9b && zeros(2, 6)) return tail(words[6], words[7]);
	if (words[0] === 0x2002) return tail(words[1], words[2]);
	return undefined;
}

/** Eight 16-bit words, or undefined when `address` is not an IPv6 address. */
function ipv6Words(address: string): number[] | undefined {
	let text = address.split('%')[0];
	const dotted = /^(.*:)(\d+\.\d+\.\d+\.\d+)$/.exec(text);
	if (dotted) {
		const octets = ipv4Octets(dotted[2]);
		if (!octets) return undefined;
		text = `${dotted[1]}${((octets[0] << 8) | octets[1]).toString(16)}:${((octets[2] << 8) | octets[3]).toString(16)}`;
	}
	const halves = text.split('::');
	if (halves.length > 2) return undefined;
	const parse = (part: string) => (part === '' ? [] : part.split(':').map((word) => (/^[0-9a-f]{1,4}$/.test(word) ? parseInt(word, 16) : NaN)));
	const head = parse(halves[0]);
	const rest = halves.length === 2 ? parse(halves[1]) : [];
	const missing = 8 - head.length - rest.length;
	if (halves.length === 1 ? missing !== 0 : missing < 1) return undefined;
	const words = [...head, ...Array<number>(halves.length === 2 ? missing : 0).fill(0), ...rest];
	return words.some((word) => Number.isNaN(word)) ? undefined : words;
}
