/**
 * The rate-confirmation example (a broker's mail with the PDF → a load with the PDF attached) is published below with
 * n8n's own Email Trigger (IMAP) on a real Dovecot mailbox (lib/imap.cts), against a sandbox that checks Load › Create as
 * Datatruck's page publishes it (`profile: 'published'`).
 *
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
import { onePagePdf } from '../sandbox/documents.cts';
import { startSandbox, type Sandbox } from '../sandbox/index.cts';
import { expectSuccess, saveCredential, type Session } from './lib/n8n.cts';
import { example, exampleCredential, weeklyReportOf } from './lib/examples.cts';
import { executionRun, executionsOf, isRunning, waitFor } from './lib/executions.cts';
import { DovecotMailbox, rawMail } from './lib/imap.cts';
import { runManually } from './lib/manualRun.cts';
import { itemsOf } from './lib/output.cts';
import { saveAndPublish, withCredentials } from './lib/publish.cts';
import { authCheck, datatruckCredential, E2E_RATE_LIMIT, startE2eSandbox } from './lib/sandbox.cts';
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
		const expected = weeklyReportOf(rows as never, start);
		const [report] = itemsOf(run, 'Report');
		expect(report).toEqual(expect.objectContaining(expected));
		expect(report.text).toContain(`week of ${start}: ${expected.trips} trips by ${rows.length} dispatchers`);
	});
});

describe('example "create loads from emailed rate confirmations" in a running n8n, against a Datatruck as its page publishes it', () => {
	const TOKEN = 'dtk_e2e_ratecon';
	const CREATE = '/api/v1/openapi/orders/create/';
	const PDF = onePagePdf('Rate confirmation - Coyote Logistics load 4481233 - Chicago, IL to Dallas, TX - $2,450.00');
	const wf = example('create-load-from-rate-confirmation.json');
	const mailbox = new DovecotMailbox();
	let sb: Sandbox;
	let session: Session;
	let wfId = '';

	beforeAll(async () => {
		sb = await startSandbox({ rateLimit: E2E_RATE_LIMIT, tokens: [TOKEN], profile: 'published' });
		await mailbox.start();
		session = await sharedSession();
		const credential = (type: string) =>
			(wf.nodes.find((n) => (n.credentials as Record<string, unknown> | undefined)?.[type]) as { credentials: Record<string, { id: string; name: string }> }).credentials[type];
		const [dt, imap] = [credential('datatruckApi'), credential('imap')];
		const ids = await saveAndPublish(session, [datatruckCredential(sb, dt.id, dt.name, TOKEN), mailbox.credential(imap.id, imap.name)], [wf]);
		wfId = ids.get(wf.id)!;
		// The trigger reads mail that arrives while it listens: deliver once it waits in IDLE.
		await waitFor('the Email Trigger to wait for mail', () => (mailbox.waitingForMail() ? true : undefined), 60_000);
	}, 300_000); // bounds a hang only: saving and publishing took over 120 s once on CI's 2 busy cores

	afterAll(async () => {
		// The shared n8n runs on for other files: unpublish first, so that its trigger stops reconnecting.
		if (wfId) await session.rest('POST', `/workflows/${wfId}/deactivate`, {}).catch(() => undefined);
		await mailbox.stop();
		await sb?.close();
	});

	/** Waits until `count` executions of the workflow have finished; says what each did when one failed. */
	async function finishedRuns(count: number) {
		const runs = await waitFor(`${count} finished execution(s)`, async () => {
			const all = await executionsOf(session, wfId);
			return all.length >= count && all.every((r) => !isRunning(r.status)) ? all : undefined;
		}, 90_000);
		for (const r of runs.filter((run) => run.status !== 'success')) {
			const data = (await executionRun(session, r.id)).data;
			throw new Error(`execution ${r.id} ${r.status}: ${JSON.stringify(data?.resultData?.error ?? data?.resultData).slice(0, 2000)}`);
		}
		return runs;
	}

	it('books the load with its published stops and the PDF attached; a mail without a PDF books nothing', async () => {
		// One mail at a time: mails that arrive together are one execution's items.
		mailbox.deliver(
			rawMail({
				from: 'Arrive Logistics <tenders@arrive.example>',
				subject: 'Load 5520197 available',
				text: 'Chicago, IL to Atlanta, GA, picks up tomorrow. Reply if interested.',
				messageId: 'tender-5520197@arrive.example',
			}),
		);
		const [tender] = await finishedRuns(1);
		expect(itemsOf(await executionRun(session, tender.id), 'Not a complete rate confirmation')).toEqual([
			expect.objectContaining({ ready: false, missing: ['the rate confirmation PDF', 'a Pickup line', 'a Delivery line'] }),
		]);
		expect(sb.log).toEqual([]);

		mailbox.deliver(
			rawMail({
				from: 'Coyote Logistics <loads@coyote-logistics.example>',
				subject: 'Rate Confirmation - Load 4481233',
				text: [
					'Hello,',
					'Please find the rate confirmation attached. Sign and return.',
					'Load #: 4481233',
					'Rate: $2,450.00',
					'Pickup: Midwest Cold Storage | 1200 W 35th St, Chicago, IL 60609 | 12/01/2026 08:00-12:00 | PU-88412 | SL-448213',
					'Delivery: Lone Star Foods | 2500 N Stemmons Fwy, Dallas, TX 75207 | 12/02/2026 14:00-18:00 | PO-55120',
				].join('\n'),
				attachment: { filename: 'RC-4481233.pdf', contentType: 'application/pdf', content: PDF },
				messageId: 'ratecon-4481233@coyote-logistics.example',
			}),
		);
		const runs = await finishedRuns(2);
		const booked = await executionRun(session, runs.find((r) => r.id !== tender.id)!.id);
		const [item] = itemsOf(booked, 'Create load');
		expect(sb.log.map((e) => `${e.method} ${e.path} ${e.status}`)).toEqual([`POST ${CREATE} 201`]);
		expect(authCheck(sb.log, TOKEN)).toEqual([`POST ${CREATE} Token ok`]);
		const body = sb.log[0].body as { rate_confirmation: string } & Record<string, unknown>;
		expect(Buffer.from(body.rate_confirmation, 'base64')).toEqual(PDF);
		const { rate_confirmation: _file, ...load } = body;
		// n8n's GENERIC_TIMEZONE here is UTC: the mail's 08:00 is 08:00Z.
		expect(load).toEqual({
			customer: 'Coyote Logistics',
			load_id: '4481233',
			load_pay: '2450.00',
			stops: [
				{ stop_type: 'pickup', company_name: 'Midwest Cold Storage', address: '1200 W 35th St, Chicago, IL 60609', zip_code: '60609', enter_time: '2026-12-01T08:00:00Z', exit_time: '2026-12-01T12:00:00Z', reference_id: 'PU-88412', seal_number: 'SL-448213' },
				{ stop_type: 'delivery', company_name: 'Lone Star Foods', address: '2500 N Stemmons Fwy, Dallas, TX 75207', zip_code: '75207', enter_time: '2026-12-02T14:00:00Z', exit_time: '2026-12-02T18:00:00Z', reference_id: 'PO-55120' },
			],
		});
		const created = sb.data.orders.find((order) => order.load_id === '4481233')!;
		expect(item).toEqual(JSON.parse(JSON.stringify(created)));
		expect(created.documents.map((d) => d.file_type)).toEqual(['rate_confirmation']);
		expect(sb.documents.fileAt(created.documents[0].file_link).bytes).toEqual(PDF);
	}, 150_000);
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

	it.each(['create-work-order-from-mailbox.json', 'create-work-order-from-email.json', 'create-work-order-with-ai.json', 'create-load-from-rate-confirmation.json'])('%s', (file) => {
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
