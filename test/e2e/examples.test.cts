/**
 * The shipped example that runs on demand (weekly dispatcher board report, through its "Run now" Manual Trigger),
 * saved unchanged but for its credential's id into the run's shared n8n and run against the sandbox, as a user who
 * imported it and pressed its trigger would (the CLI's import and execute are proven by smoke.test.cts). The examples that must be published (the email
 * webhook, the flag alert, the proof-of-delivery email) run in published.test.cts, in a running n8n; the mailbox one in
 * mailbox.test.cts. The email examples' n8n nodes (IMAP, Send Email, If, the AI extractor and its model) must be
 * ones this n8n line has, at the version the example names, with every parameter the example sets.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { paths, VERSIONS } from '../../scripts/n8n-runtime.cjs';
import type { Sandbox } from '../sandbox/index.cts';
import { expectSuccess, saveCredential, type Session } from './lib/n8n.cts';
import { example, exampleCredential } from './lib/examples.cts';
import { runManually } from './lib/manualRun.cts';
import { itemsOf } from './lib/output.cts';
import { withCredentials } from './lib/publish.cts';
import { authCheck, datatruckCredential, startE2eSandbox } from './lib/sandbox.cts';
import { sharedSession } from './lib/sharedN8n.cts';
import { direct } from './lib/suite.cts';

/** Monday..Sunday (UTC) of the week before `now`, as Luxon's startOf('week') / endOf('week') give them. */
function lastWeek(now = new Date()): { start: string; end: string } {
	const day = (now.getUTCDay() + 6) % 7; // 0 = Monday
	const monday = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - day - 7);
	const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
	return { start: iso(monday), end: iso(monday + 6 * 86_400_000) };
}

describe('example workflow run on demand in n8n', () => {
	let sb: Sandbox;
	let session: Session;
	const credentialIds = new Map<string, string>();

	beforeAll(async () => {
		sb = await startE2eSandbox();
		session = await sharedSession();
		const { id, name } = exampleCredential();
		credentialIds.set(id, await saveCredential((...args) => session.rest(...args), datatruckCredential(sb, id, `${name} (examples)`)));
	});

	afterAll(() => sb?.close());

	it('weekly dispatcher board report: last week\'s board, summed up', async () => {
		const wf = withCredentials(example('weekly-dispatcher-board-report.json'), credentialIds);
		sb.clearLog();
		const run = await runManually(session, wf, 180_000, 'Run now');
		expectSuccess(run);

		const { start, end } = lastWeek();
		expect(sb.log.map((e) => [e.method, e.path, e.query])).toEqual([
			['GET', '/api/v1/openapi/orders/dispatcher-board/list/', { start_date: start, end_date: end, page_size: 'all' }],
		]);
		expect(authCheck(sb.log, sb.token)).toEqual([`GET ${sb.log[0].path} Token ok`]);

		const rows: Array<Record<string, any>> = (await direct(sb, `/orders/dispatcher-board/list/?start_date=${start}&end_date=${end}&page_size=all`)).results;
		expect(rows.length).toBeGreaterThan(0);
		const sum = (k: string) => rows.reduce((t, r) => t + Number(r[k]), 0);
		const top = [...rows].sort((a, b) => b.total_gross - a.total_gross)[0].dispatcher.full_name;
		const [report] = itemsOf(run, 'Report');
		expect(report).toEqual(
			expect.objectContaining({
				dispatchers: rows.length,
				trips: sum('total_trips'),
				gross: Math.round(sum('total_gross') * 100) / 100,
				loadedMiles: Math.round(sum('total_mile')),
				driverPay: Math.round(sum('total_driver_pay') * 100) / 100,
				topDispatcher: top,
			}),
		);
		expect(report.text).toContain(`week of ${start}: ${sum('total_trips')} trips by ${rows.length} dispatchers`);
	});
});

interface NodeType {
	name: string;
	version: number | number[];
	properties: Array<{ name: string; displayOptions?: { show?: Record<string, unknown[]> } }>;
}

describe(`the email examples' n8n nodes exist in n8n ${VERSIONS.n8n}`, () => {
	const modules = join(paths.n8nBin, '../../..');
	const known = ['n8n-nodes-base', '@n8n/n8n-nodes-langchain'].flatMap((pkg) => {
		const types: NodeType[] = JSON.parse(readFileSync(join(modules, pkg, 'dist/types/nodes.json'), 'utf8'));
		return types.map((t) => ({ ...t, name: `${pkg}.${t.name}` }));
	});

	it.each(['create-work-order-from-mailbox.json', 'create-work-order-from-email.json', 'create-work-order-with-ai.json'])('%s', (file) => {
		const nodes = example(file).nodes as Array<{ type: string; typeVersion: number; parameters: Record<string, unknown> }>;
		for (const node of nodes.filter((n) => !n.type.startsWith('n8n-nodes-datatruck.'))) {
			// A node type can be described once per version range: the parameter must be in one for this version.
			const described = known.filter((t) => t.name === node.type && [t.version].flat().includes(node.typeVersion));
			expect({ node: node.type, version: node.typeVersion, known: described.length > 0 }).toEqual({ node: node.type, version: node.typeVersion, known: true });
			const names = new Set(described.flatMap((t) => t.properties.map((p) => p.name)));
			expect({ node: node.type, unknown: Object.keys(node.parameters).filter((name) => !names.has(name)) }).toEqual({ node: node.type, unknown: [] });
		}
	});
});
