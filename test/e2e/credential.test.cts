/**
 * The credential's test inside a running n8n, the way the editor's "Test" button does it: credentials saved as the
 * editor saves them, read back (n8n redacts the token), then POST /rest/credentials/test, which merges the stored
 * secret in. (Credentials imported through the CLI are proven by the published, examples and smoke files.)
 */
import type { Sandbox } from '../sandbox/index.cts';
import type { Session } from './lib/n8n.cts';
import { authCheck, saveDatatruckCredential, startE2eSandbox } from './lib/sandbox.cts';
import { sharedSession } from './lib/sharedN8n.cts';
import { VERSIONS } from '../../scripts/n8n-runtime.cjs';

/**
 * n8n 1.123's credential test answers a 401 or a 404 with its own generic words instead of the credential's rules
 * (measured on 1.123.81; 1.85.4 and 2.41.1 show the credential's messages); the test still fails for the right
 * reason, which is what is asserted there.
 */
const GENERIC_WORDS = VERSIONS.n8n.startsWith('1.123.');

describe('Datatruck credential test in n8n', () => {
	let sb: Sandbox;
	let session: Session;
	const ids = { good: '', bad: '', wrongHost: '' };

	beforeAll(async () => {
		sb = await startE2eSandbox();
		session = await sharedSession();
		const rest = session.rest.bind(session);
		ids.good = await saveDatatruckCredential(rest, sb, 'Datatruck good');
		ids.bad = await saveDatatruckCredential(rest, sb, 'Datatruck bad', 'dtk_this_token_was_revoked');
		ids.wrongHost = await saveDatatruckCredential(rest, sb, 'Datatruck wrong address', sb.token, `${sb.origin}/not-the-api`);
	});

	afterAll(async () => {
		await session?.stop();
		await sb?.close();
	});

	async function testStored(id: string): Promise<{ status: string; message: string }> {
		const stored = await session.rest('GET', `/credentials/${id}?includeData=true`);
		const { name, type, data } = stored.data;
		const reply = await session.rest('POST', '/credentials/test', { credentials: { id, name, type, data } });
		return reply.data;
	}

	it('n8n hands the editor the stored credential with the token redacted', async () => {
		const stored = await session.rest('GET', `/credentials/${ids.good}?includeData=true`);
		expect(stored.data.type).toBe('datatruckApi');
		expect(stored.data.data.company).toBe(sb.origin);
		// Compared as a boolean so that a failure never prints the token.
		expect(stored.data.data.apiToken === sb.token).toBe(false);
		expect(String(stored.data.data.apiToken)).toMatch(/^__n8n_BLANK_VALUE_/);
	});

	it('passes with the good token, sending it as "Token <key>"', async () => {
		sb.clearLog();
		await expect(testStored(ids.good)).resolves.toEqual(expect.objectContaining({ status: 'OK' }));
		expect(sb.log.length).toBeGreaterThan(0);
		expect(authCheck(sb.log, sb.token)).toEqual(sb.log.map((e) => `${e.method} ${e.path} Token ok`));
		expect(sb.log.every((e) => e.status === 200)).toBe(true);
	});

	it('fails with a bad token, with a message a dispatcher understands', async () => {
		sb.clearLog();
		const result = await testStored(ids.bad);
		expect(result.status).toBe('Error');
		expect(result.message).toMatch(GENERIC_WORDS ? /Authorization failed/i : /refused the API token/i);
		expect(sb.log.map((e) => e.status)).toContain(401);
	});

	it('fails with a wrong address, pointing at the Company field', async () => {
		const result = await testStored(ids.wrongHost);
		expect(result.status).toBe('Error');
		expect(result.message).toMatch(GENERIC_WORDS ? /could not be found/i : /Company/);
	});
});
