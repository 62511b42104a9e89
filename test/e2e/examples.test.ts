/**
 * The workflows shipped in examples/, imported unchanged (except where an outside service is swapped for a local
 * stand-in) into a real n8n and run end to end against the sandbox.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { httpJson } from '../../scripts/n8n-runtime';
import type { Sandbox } from '../sandbox';
import { N8n, expectSuccess, type Session, type WorkflowJson } from './lib/n8n';
import { waitFor } from './lib/executions';
import { itemsOf } from './lib/output';
import { Receiver } from './lib/receiver';
import { authCheck, datatruckCredential, startE2eSandbox } from './lib/sandbox';
import { direct } from './lib/suite';

const EXAMPLES = join(__dirname, '../../examples');
const example = (file: string): WorkflowJson => JSON.parse(readFileSync(join(EXAMPLES, file), 'utf8'));

/** Monday..Sunday (UTC) of the week before `now`, as Luxon's startOf('week') / endOf('week') give them. */
function lastWeek(now = new Date()): { start: string; end: string } {
	const day = (now.getUTCDay() + 6) % 7; // 0 = Monday
	const monday = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - day - 7);
	const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
	return { start: iso(monday), end: iso(monday + 6 * 86_400_000) };
}

describe('example workflows in n8n', () => {
	let sb: Sandbox;
	let n8n: N8n;
	let session: Session | undefined;

	beforeAll(async () => {
		sb = await startE2eSandbox();
		n8n = await N8n.create('examples');
		// The examples reference the demo's credential by id, so they open ready to run.
		const ref = example('weekly-dispatcher-board-report.json').nodes.find((n) => n.credentials) as {
			credentials: { datatruckApi: { id: string; name: string } };
		};
		const { id, name } = ref.credentials.datatruckApi;
		await n8n.importCredentials([datatruckCredential(sb, id, name)]);
	});

	afterAll(async () => {
		await session?.stop();
		await sb?.close();
	});

	it('weekly dispatcher board report: last week\'s board, summed up', async () => {
		const wf = example('weekly-dispatcher-board-report.json');
		await n8n.importWorkflow(wf);
		sb.clearLog();
		const run = await n8n.execute(wf.id);
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

	describe('published, in a running n8n', () => {
		const slack = new Receiver();

		beforeAll(async () => {
			await slack.start();
			const email = example('create-work-order-from-email.json');
			const alert = example('alert-on-flagged-loads.json');
			// Slack is replaced by a local receiver; nothing else of the shipped workflow changes.
			const post = alert.nodes.find((n) => n.type === 'n8n-nodes-base.httpRequest') as { parameters: { url: string } };
			expect(post.parameters.url).toMatch(/^https:\/\/hooks\.slack\.com\//);
			post.parameters.url = `${slack.url}/services/T0/B0/e2e`;
			for (const wf of [email, alert]) {
				await n8n.importWorkflow(wf);
				await n8n.publish(wf.id);
			}
			session = await n8n.start();
		});

		afterAll(() => slack.stop());

		it('work order from a repair email: the webhook stands in for the mail service', async () => {
			sb.clearLog();

			const email = {
				from: 'dispatch@lonestar-freight.example',
				subject: 'Repair request WO-77120: brakes on T142',
				text: [
					'Hi shop team,',
					'Procedure: TRK Brake Issue',
					'Truck: T142',
					'Vendor: TA Truck Service Joliet',
					'Vendor phone: (815) 555-0142',
					'Scheduled: 2026-11-24T14:00:00Z',
					'Odometer: 412870',
					'Driver says the pedal goes soft on downgrades.',
				].join('\n'),
			};
			const reply = await httpJson('POST', `${session!.url}/webhook/datatruck/work-order-email`, { body: email });
			expect(reply.status).toBe(200);

			// The published flag alert polls meanwhile (GET /orders/); everything else is the work order.
			const sent = sb.log.filter((e) => !(e.method === 'GET' && e.path === '/api/v1/openapi/orders/'));
			expect(sent.map((e) => `${e.method} ${e.path}`)).toEqual(['POST /api/v1/openapi/work-orders/create/']);
			expect(authCheck(sent, sb.token)).toEqual(['POST /api/v1/openapi/work-orders/create/ Token ok']);
			expect(sent[0].headers['content-type']).toMatch(/^application\/json/);
			expect(sent[0].body).toEqual({
				procedure_name: 'TRK Brake Issue',
				reference_number: 'WO-77120',
				status: 'Pending',
				truck: 'T142',
				vendor: 'TA Truck Service Joliet',
				vendor_phone: '(815) 555-0142',
				scheduled_on_date: '2026-11-24T14:00:00Z',
				odometer: 412870,
				notes: [{ body: `From ${email.from}: ${email.subject}\n\n${email.text}` }],
			});
			const createdId = (reply.json as { id: number }).id;
			expect(sb.data.workOrders.find((w) => w.id === createdId)).toEqual(expect.objectContaining({ procedure_name: 'TRK Brake Issue', truck: 'T142' }));
		});

		it('alert on flagged loads: a newly flagged load is posted to Slack once', async () => {
			const flaggedPolls = () =>
				sb.log.filter((e) => e.method === 'GET' && e.path === '/api/v1/openapi/orders/' && String(e.query.filter).includes('is_flagged'));
			await waitFor('the activation poll of the alert workflow', () => (flaggedPolls().length > 0 ? true : undefined));
			const order = sb.data.orders.find((o) => !o.is_flagged && Date.now() - Date.parse(o.created_datetime) < 10 * 86_400_000)!;
			sb.updateLoad(order.id, { is_flagged: true, flagging_reason: 'Reefer alarm: temperature above setpoint' });

			const [message] = await waitFor('a Slack post', () => (slack.received.length ? slack.received : undefined));
			expect(slack.received).toHaveLength(1);
			expect(message.method).toBe('POST');
			expect(message.path).toBe('/services/T0/B0/e2e');
			expect(message.headers['content-type']).toMatch(/^application\/json/);
			const text = (message.body as { text: string }).text;
			expect(text).toContain(`Load ${order.load_id ?? order.id} for ${order.customer__company_name ?? 'unknown customer'} was flagged: Reefer alarm: temperature above setpoint`);
			expect(text).toContain(`dispatcher ${order.dispatcher__full_name ?? 'unassigned'}`);
			expect(authCheck(flaggedPolls(), sb.token).every((l) => l.endsWith('Token ok'))).toBe(true);
		});
	});
});
