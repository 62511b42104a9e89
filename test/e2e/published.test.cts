/**
 * Published workflows in one running n8n (`n8n start`), sharing the minute-long poll waits:
 * - the Datatruck Trigger: a New Load and a Load Flagged workflow; one new load and one newly flagged load give
 *   exactly one execution each, and no more on later polls;
 * - the shipped examples that must be published (the repair-email ones run in mailbox.test.cts): the same flagged
 *   load is posted once to Slack (a local receiver stands in for it); a delivered load's proof of delivery is
 *   downloaded and mailed, byte for byte, to a local SMTP server (lib/podEmail.cts).
 * - under the spec-only profile (issue 28: a Datatruck that supports only what its specification publishes, on a
 *   sandbox of its own), New Load and New Work Order: one new record of each gives exactly one execution each; and
 *   the flag alert example, unchanged but for its credential and Slack address, posts that sandbox's flagged load once;
 * - the same under the published profile (issue 33: the Datatruck its own reference pages describe, 10 records a
 *   page, `next` relative to the resource, work orders without a creation time, so New Work Order goes by id), on a
 *   sandbox of its own: one new load and one new work order give exactly one execution each, and the flag alert
 *   example posts its flagged load once. Its events happen with the others, so its poll waits overlap theirs.
 * Each workflow polls with its own token, so the sandbox log tells their requests apart. The proof-of-delivery
 * example polls a sandbox of its own: its delivered load is a new load too, which the New Load workflow must not
 * see. The events all happen at once, once every trigger's first read is stored (lib/triggerState.cts), so the poll
 * waits overlap.
 * The credentials and workflows are saved and published through n8n's REST API, as the editor's Publish button
 * does (lib/publish.cts); the CLI's import is proven by examples.test.cts and smoke.test.cts. n8n is stopped by its
 * pid.
 */
import { readFileSync } from 'node:fs';
import { findingLifetimeMs } from '../../nodes/Datatruck/shared/lists';
import { startSandbox, type RequestLogEntry, type Sandbox } from '../sandbox/index.cts';
import { example, exampleCredential } from './lib/examples.cts';
import { executionRun, executionsOf, waitFor, type ExecutionSummary } from './lib/executions.cts';
import { N8n, type Session } from './lib/n8n.cts';
import { saveAndPublish } from './lib/publish.cts';
import { firstReadStored } from './lib/triggerState.cts';
import { itemsOf } from './lib/output.cts';
import { deliverLoadWithPod, podEmailSmtp, podEmailWorkflow, POD_EXAMPLE_FILE, type DeliveredLoad } from './lib/podEmail.cts';
import { Receiver } from './lib/receiver.cts';
import { authCheck, datatruckCredential, E2E_RATE_LIMIT } from './lib/sandbox.cts';
import { SmtpStandIn } from './lib/smtp.cts';
import { triggerWorkflow } from './lib/workflow.cts';

const NEW_TOKEN = 'dtk_e2e_trigger_new_loads';
const FLAG_TOKEN = 'dtk_e2e_trigger_flagged';
const EXAMPLE_TOKEN = 'dtk_e2e_examples';
const POD_TOKEN = 'dtk_e2e_pod_email';
const POD_CREDENTIAL = { id: 'e2ePodMailCred01', name: 'Datatruck (proof of delivery)' };
const NEW_WF = 'e2eTriggerNewLd1';
const FLAG_WF = 'e2eTriggerFlag01';
const SPEC_LOAD_TOKEN = 'dtk_e2e_spec_only_loads';
const SPEC_WO_TOKEN = 'dtk_e2e_spec_only_work_orders';
const SPEC_LOAD_WF = 'e2eSpecOnlyLoad1';
const SPEC_WO_WF = 'e2eSpecOnlyWo001';
const WORK_ORDERS = '/api/v1/openapi/work-orders/';
const SPEC_ALERT_TOKEN = 'dtk_e2e_spec_only_alert';
const SPEC_ALERT_CREDENTIAL = { id: 'e2eSpecAlertCred', name: 'Datatruck (spec-only, alert example)' };
const SLACK_PATH = '/services/T0/B0/e2e';
const SPEC_SLACK_PATH = '/services/T0/B0/spec-only';
const PUB_LOAD_TOKEN = 'dtk_e2e_published_loads';
const PUB_WO_TOKEN = 'dtk_e2e_published_work_orders';
const PUB_ALERT_TOKEN = 'dtk_e2e_published_alert';
const PUB_LOAD_CREDENTIAL = { id: 'e2ePubLoadCred01', name: 'Datatruck (published, loads)' };
const PUB_WO_CREDENTIAL = { id: 'e2ePubWoCred0001', name: 'Datatruck (published, work orders)' };
const PUB_ALERT_CREDENTIAL = { id: 'e2ePubAlertCred1', name: 'Datatruck (published, alert example)' };
const PUB_LOAD_WF = 'e2ePublishedLd01';
const PUB_WO_WF = 'e2ePublishedWo01';
const PUB_SLACK_PATH = '/services/T0/B0/published';
const ORDERS = '/api/v1/openapi/orders/';
const REASON = 'Reefer alarm: temperature above setpoint';

describe('published workflows in a running n8n', () => {
	let sb: Sandbox;
	let podSb: Sandbox;
	let specSb: Sandbox;
	let pubSb: Sandbox;
	let session: Session | undefined;
	const slack = new Receiver();
	const smtp = new SmtpStandIn();
	const alertWf = example('alert-on-flagged-loads.json');
	const podWf = podEmailWorkflow(POD_CREDENTIAL);
	let [newWf, flagWf, alertWfId, podWfId, specLoadWf, specWoWf, specAlertWfId] = ['', '', '', '', '', '', ''];
	let specAlertWf: typeof alertWf;
	let pubAlertWf: typeof alertWf;
	let [pubLoadWf, pubWoWf, pubAlertWfId] = ['', '', ''];
	const slackPosts = (path: string) => slack.received.filter((message) => message.path === path);
	/** The first execution of a published workflow, once it has finished. */
	const firstFinished = (wf: string) =>
		waitFor<ExecutionSummary>(`an execution of ${wf}`, async () => {
			const done = (await executionsOf(session!, wf)).filter((e) => e.stoppedAt);
			return done.length ? done[0] : undefined;
		});
	/**
	 * The refused two-field ordering, once per finding lifetime: a finding lasts 60 of the credential's rate windows (a
	 * minute at this suite's 1-second window), and the poll after it tries the better plan again.
	 */
	const refusalsAllowed = (polls: RequestLogEntry[]): number =>
		polls.length === 0 ? 0 : 1 + Math.floor((polls[polls.length - 1].at - polls[0].at) / findingLifetimeMs(E2E_RATE_LIMIT.windowMs));
	const specPolls = (token: string, after = 0): RequestLogEntry[] =>
		specSb.log.filter((e) => e.headers.authorization === `Token ${token}` && e.at > after);
	const pubPolls = (token: string, after = 0): RequestLogEntry[] =>
		pubSb.log.filter((e) => e.headers.authorization === `Token ${token}` && e.at > after);

	const byToken = (token: string, after = 0): RequestLogEntry[] =>
		sb.log.filter((e) => e.headers.authorization === `Token ${token}` && e.at > after);
	const alertPolls = () => byToken(EXAMPLE_TOKEN).filter((e) => e.method === 'GET' && e.path === ORDERS);
	const podPolls = (after = 0) => podSb.log.filter((e) => e.method === 'GET' && e.path === ORDERS && e.at > after);

	beforeAll(async () => {
		sb = await startSandbox({ rateLimit: E2E_RATE_LIMIT, tokens: [NEW_TOKEN, FLAG_TOKEN, EXAMPLE_TOKEN] });
		podSb = await startSandbox({ rateLimit: E2E_RATE_LIMIT, tokens: [POD_TOKEN] });
		specSb = await startSandbox({ rateLimit: E2E_RATE_LIMIT, tokens: [SPEC_LOAD_TOKEN, SPEC_WO_TOKEN, SPEC_ALERT_TOKEN], profile: 'spec-only' });
		pubSb = await startSandbox({ rateLimit: E2E_RATE_LIMIT, tokens: [PUB_LOAD_TOKEN, PUB_WO_TOKEN, PUB_ALERT_TOKEN] });
		// Set after the start: startSandbox's own workOrderTimeField ('created_datetime') overrides the profile's null.
		pubSb.configure({ profile: 'published' });
		await slack.start();
		await smtp.start();
		session = await (await N8n.create('published')).start();
		const exampleCred = exampleCredential();
		const smtpCred = podEmailSmtp(podWf);
		// Slack is replaced by a local receiver; nothing else of the shipped workflow changes.
		const post = alertWf.nodes.find((n) => n.type === 'n8n-nodes-base.httpRequest') as { parameters: { url: string } };
		expect(post.parameters.url).toMatch(/^https:\/\/hooks\.slack\.com\//);
		post.parameters.url = `${slack.url}${SLACK_PATH}`;
		// The same example on the spec-only sandbox: its own workflow id, credential and Slack address.
		specAlertWf = JSON.parse(JSON.stringify(alertWf)) as typeof alertWf;
		specAlertWf.id = `${alertWf.id.slice(0, 10)}Spec01`;
		specAlertWf.name = `${String(specAlertWf.name)} (spec-only)`;
		for (const node of specAlertWf.nodes as Array<{ type: string; parameters: { url?: string }; credentials?: Record<string, unknown> }>) {
			if (node.credentials?.datatruckApi) node.credentials.datatruckApi = SPEC_ALERT_CREDENTIAL;
			if (node.type === 'n8n-nodes-base.httpRequest') node.parameters.url = `${slack.url}${SPEC_SLACK_PATH}`;
		}
		// And on the published sandbox.
		pubAlertWf = JSON.parse(JSON.stringify(alertWf)) as typeof alertWf;
		pubAlertWf.id = `${alertWf.id.slice(0, 10)}Publ01`;
		pubAlertWf.name = `${String(pubAlertWf.name)} (published)`;
		for (const node of pubAlertWf.nodes as Array<{ type: string; parameters: { url?: string }; credentials?: Record<string, unknown> }>) {
			if (node.credentials?.datatruckApi) node.credentials.datatruckApi = PUB_ALERT_CREDENTIAL;
			if (node.type === 'n8n-nodes-base.httpRequest') node.parameters.url = `${slack.url}${PUB_SLACK_PATH}`;
		}
		const ids = await saveAndPublish(
			session,
			[
				datatruckCredential(sb, 'e2eTrigNewCred01', 'Datatruck (new loads)', NEW_TOKEN),
				datatruckCredential(sb, 'e2eTrigFlagCred1', 'Datatruck (flags)', FLAG_TOKEN),
				datatruckCredential(sb, exampleCred.id, exampleCred.name, EXAMPLE_TOKEN),
				datatruckCredential(podSb, POD_CREDENTIAL.id, POD_CREDENTIAL.name, POD_TOKEN),
				datatruckCredential(specSb, 'e2eSpecLoadCred1', 'Datatruck (spec-only, loads)', SPEC_LOAD_TOKEN),
				datatruckCredential(specSb, 'e2eSpecWoCred001', 'Datatruck (spec-only, work orders)', SPEC_WO_TOKEN),
				datatruckCredential(specSb, SPEC_ALERT_CREDENTIAL.id, SPEC_ALERT_CREDENTIAL.name, SPEC_ALERT_TOKEN),
				datatruckCredential(pubSb, PUB_LOAD_CREDENTIAL.id, PUB_LOAD_CREDENTIAL.name, PUB_LOAD_TOKEN),
				datatruckCredential(pubSb, PUB_WO_CREDENTIAL.id, PUB_WO_CREDENTIAL.name, PUB_WO_TOKEN),
				datatruckCredential(pubSb, PUB_ALERT_CREDENTIAL.id, PUB_ALERT_CREDENTIAL.name, PUB_ALERT_TOKEN),
				smtp.credential(smtpCred.id, smtpCred.name),
			],
			[
				triggerWorkflow(NEW_WF, 'E2E trigger: new load', { event: 'newLoad' }, { id: 'e2eTrigNewCred01', name: 'Datatruck (new loads)' }),
				triggerWorkflow(FLAG_WF, 'E2E trigger: load flagged', { event: 'loadFlagged', simplify: true }, { id: 'e2eTrigFlagCred1', name: 'Datatruck (flags)' }),
				alertWf,
				podWf,
				triggerWorkflow(SPEC_LOAD_WF, 'E2E spec-only: new load', { event: 'newLoad' }, { id: 'e2eSpecLoadCred1', name: 'Datatruck (spec-only, loads)' }),
				triggerWorkflow(SPEC_WO_WF, 'E2E spec-only: new work order', { event: 'newWorkOrder' }, { id: 'e2eSpecWoCred001', name: 'Datatruck (spec-only, work orders)' }),
				specAlertWf,
				triggerWorkflow(PUB_LOAD_WF, 'E2E published: new load', { event: 'newLoad' }, PUB_LOAD_CREDENTIAL),
				triggerWorkflow(PUB_WO_WF, 'E2E published: new work order', { event: 'newWorkOrder' }, PUB_WO_CREDENTIAL),
				pubAlertWf,
			],
		);
		// What n8n assigned (1.123 does not keep the ids a new workflow asks for).
		const idOf = (asked: string) => ids.get(asked)!;
		[newWf, flagWf, alertWfId, podWfId, specLoadWf, specWoWf] = [idOf(NEW_WF), idOf(FLAG_WF), idOf(alertWf.id), idOf(podWf.id), idOf(SPEC_LOAD_WF), idOf(SPEC_WO_WF)];
		specAlertWfId = idOf(specAlertWf.id);
		[pubLoadWf, pubWoWf, pubAlertWfId] = [idOf(PUB_LOAD_WF), idOf(PUB_WO_WF), idOf(pubAlertWf.id)];
	}, 600_000);

	afterAll(async () => {
		await session?.stop();
		await slack.stop();
		await smtp.stop();
		await sb?.close();
		await podSb?.close();
		await specSb?.close();
		await pubSb?.close();
	});

	let newLoad: { id: number };
	let flagged: { id: number; load_id: string | null; customer__company_name: string | null; dispatcher__full_name: string | null };
	let delivered: DeliveredLoad;
	let specLoad: { id: number };
	let specWorkOrder: { id: number };
	let specFlagged: { id: number; load_id: string | null };
	let pubLoad: { id: number };
	let pubWorkOrder: { id: number };
	let pubFlagged: { id: number; load_id: string | null };

	it('activation polls only record where things stand; then a load is created, one flagged, one delivered', async () => {
		await waitFor('the activation poll of every trigger', () =>
			byToken(NEW_TOKEN).length && byToken(FLAG_TOKEN).length && alertPolls().length && podPolls().length &&
			specPolls(SPEC_LOAD_TOKEN).length && specPolls(SPEC_WO_TOKEN).length && specPolls(SPEC_ALERT_TOKEN).length &&
			pubPolls(PUB_LOAD_TOKEN).length && pubPolls(PUB_WO_TOKEN).length && pubPolls(PUB_ALERT_TOKEN).length
				? true
				: undefined,
		);
		const triggers = [newWf, flagWf, alertWfId, podWfId, specLoadWf, specWoWf, specAlertWfId, pubLoadWf, pubWoWf, pubAlertWfId];
		// The events wait for every first read to end, not for its first request: a load flagged while Load Flagged's
		// first read is on its way to it counts as flagged at activation (the published copy, three pages, lost that race
		// on a loaded CI machine and never posted).
		await waitFor('the first read of every trigger, stored', async () => ((await Promise.all(triggers.map((wf) => firstReadStored(session!, wf)))).every(Boolean) ? true : undefined));
		for (const wf of triggers) expect(await executionsOf(session!, wf)).toEqual([]);

		// All at once, so that the minute-long waits of the tests below overlap.
		const now = Date.now();
		newLoad = sb.createLoad({ is_flagged: false, flagging_reason: null });
		flagged = sb.data.orders.find(
			(o) => !o.is_flagged && o.id !== newLoad.id && now - Date.parse(o.created_datetime) < 10 * 86_400_000,
		)!;
		expect(flagged).toBeDefined();
		sb.updateLoad(flagged.id, { is_flagged: true, flagging_reason: REASON });
		delivered = deliverLoadWithPod(podSb);
		specLoad = specSb.createLoad({ is_flagged: false, flagging_reason: null });
		specWorkOrder = specSb.createWorkOrder({});
		specFlagged = specSb.data.orders.find((o) => !o.is_flagged && o.id !== specLoad.id && now - Date.parse(o.created_datetime) < 10 * 86_400_000)!;
		expect(specFlagged).toBeDefined();
		specSb.updateLoad(specFlagged.id, { is_flagged: true, flagging_reason: REASON });
		pubLoad = pubSb.createLoad({ is_flagged: false, flagging_reason: null });
		pubWorkOrder = pubSb.createWorkOrder({});
		pubFlagged = pubSb.data.orders.find((o) => !o.is_flagged && o.id !== pubLoad.id && now - Date.parse(o.created_datetime) < 10 * 86_400_000)!;
		expect(pubFlagged).toBeDefined();
		pubSb.updateLoad(pubFlagged.id, { is_flagged: true, flagging_reason: REASON });
	});

	it('Datatruck Trigger: one new load and one newly flagged load give exactly one execution each', async () => {
		expect(flagged).toBeDefined(); // the events of the test above
		const [newExec, flagExec] = await Promise.all([newWf, flagWf].map(firstFinished));

		// Two more polls of each workflow after its execution: the first of them has surely finished (and would
		// have started any duplicate execution) by the time the second one arrives.
		await waitFor('two later polls of each trigger', () =>
			byToken(NEW_TOKEN, Date.parse(newExec.stoppedAt!)).length >= 2 &&
			byToken(FLAG_TOKEN, Date.parse(flagExec.stoppedAt!)).length >= 2
				? true
				: undefined,
		);
		expect((await executionsOf(session!, newWf)).map((e) => e.status)).toEqual(['success']);
		expect((await executionsOf(session!, flagWf)).map((e) => e.status)).toEqual(['success']);

		const newItems = itemsOf(await executionRun(session!, newExec.id), 'Datatruck Trigger');
		expect(newItems.map((i) => i.id)).toEqual([newLoad.id]);
		const flagItems = itemsOf(await executionRun(session!, flagExec.id), 'Datatruck Trigger');
		expect(flagItems).toEqual([expect.objectContaining({ id: flagged.id, is_flagged: true, flagging_reason: REASON })]);

		// Every poll was a GET of the loads list with its own workflow's token, and each was answered.
		for (const token of [NEW_TOKEN, FLAG_TOKEN]) {
			const own = byToken(token);
			expect(own.map((e) => `${e.method} ${e.path} ${e.status}`)).toEqual(own.map(() => `GET ${ORDERS} 200`));
		}
	});

	it('spec-only Datatruck: one new load and one new work order give exactly one execution each', async () => {
		expect(specWorkOrder).toBeDefined(); // created above
		const [loadExec, woExec] = await Promise.all([specLoadWf, specWoWf].map(firstFinished));
		await waitFor('two later polls of each spec-only trigger', () =>
			specPolls(SPEC_LOAD_TOKEN, Date.parse(loadExec.stoppedAt!)).length >= 2 && specPolls(SPEC_WO_TOKEN, Date.parse(woExec.stoppedAt!)).length >= 2
				? true
				: undefined,
		);
		expect((await executionsOf(session!, specLoadWf)).map((e) => e.status)).toEqual(['success']);
		expect((await executionsOf(session!, specWoWf)).map((e) => e.status)).toEqual(['success']);
		expect(itemsOf(await executionRun(session!, loadExec.id), 'Datatruck Trigger').map((i) => i.id)).toEqual([specLoad.id]);
		expect(itemsOf(await executionRun(session!, woExec.id), 'Datatruck Trigger').map((i) => i.id)).toEqual([specWorkOrder.id]);

		// New Load: the two-field ordering refused once (a finding lifetime), then one field; New Work Order: a list that ignores its
		// query, read by page number. Every request line short, every request a GET of its own list.
		const loads = specPolls(SPEC_LOAD_TOKEN);
		expect(loads.every((e) => e.method === 'GET' && e.path === ORDERS)).toBe(true);
		expect(loads.filter((e) => e.status !== 200).length).toBeLessThanOrEqual(refusalsAllowed(loads));
		expect(specPolls(SPEC_WO_TOKEN).every((e) => e.method === 'GET' && e.path === WORK_ORDERS && e.status === 200)).toBe(true);
		expect(specSb.log.every((e) => `${e.method} ${e.rawUrl} HTTP/1.1`.length < 4000)).toBe(true);
	});

	it('published Datatruck: one new load and one new work order give exactly one execution each; New Work Order by id', async () => {
		expect(pubWorkOrder).toBeDefined(); // created above
		// The events happened with the spec-only ones, so these polls have mostly already come by now.
		const [loadExec, woExec] = await Promise.all([pubLoadWf, pubWoWf].map(firstFinished));
		await waitFor('two later polls of each published trigger', () =>
			pubPolls(PUB_LOAD_TOKEN, Date.parse(loadExec.stoppedAt!)).length >= 2 && pubPolls(PUB_WO_TOKEN, Date.parse(woExec.stoppedAt!)).length >= 2
				? true
				: undefined,
		);
		expect((await executionsOf(session!, pubLoadWf)).map((e) => e.status)).toEqual(['success']);
		expect((await executionsOf(session!, pubWoWf)).map((e) => e.status)).toEqual(['success']);
		expect(itemsOf(await executionRun(session!, loadExec.id), 'Datatruck Trigger').map((i) => i.id)).toEqual([pubLoad.id]);
		const woItems = itemsOf(await executionRun(session!, woExec.id), 'Datatruck Trigger');
		expect(woItems.map((i) => i.id)).toEqual([pubWorkOrder.id]);
		expect(woItems.some((item) => 'created_datetime' in item)).toBe(false); // as published: no creation time

		// Every poll a GET of its own list on the credential's API path (a relative `next` followed as such would
		// arrive without /api/v1/openapi), each answered.
		expect(pubPolls(PUB_LOAD_TOKEN).every((e) => e.method === 'GET' && e.path === ORDERS && e.status === 200)).toBe(true);
		expect(pubPolls(PUB_WO_TOKEN).every((e) => e.method === 'GET' && e.path === WORK_ORDERS && e.status === 200)).toBe(true);
		// By id, a quiet poll of New Work Order is one request: each poll after the execution sent exactly one.
		const quiet = pollsOf(pubPolls(PUB_WO_TOKEN, Date.parse(woExec.stoppedAt!)));
		expect(quiet.length).toBeGreaterThanOrEqual(2);
		expect(quiet.map((poll) => poll.length)).toEqual(quiet.map(() => 1));
	});

	it('example "alert on flagged loads": the same flagged load is posted to Slack exactly once', async () => {
		expect(flagged).toBeDefined(); // flagged above; the trigger test also waited two polls past the event
		const [message] = await waitFor('a Slack post', () => (slackPosts(SLACK_PATH).length ? slackPosts(SLACK_PATH) : undefined));
		// As for the trigger: once two more polls have arrived, a duplicate post would have been made.
		await waitFor('a later poll of the alert workflow', () =>
			alertPolls().filter((e) => e.at > slack.lastAt).length >= 2 ? true : undefined,
		);
		expect(slackPosts(SLACK_PATH)).toHaveLength(1);
		expect(message.method).toBe('POST');
		expect(message.path).toBe(SLACK_PATH);
		expect(message.headers['content-type']).toMatch(/^application\/json/);
		const text = (message.body as { text: string }).text;
		expect(text).toContain(
			`Load ${flagged.load_id ?? flagged.id} for ${flagged.customer__company_name ?? 'unknown customer'} was flagged: ${REASON}`,
		);
		expect(text).toContain(`dispatcher ${flagged.dispatcher__full_name ?? 'unassigned'}`);
		expect(authCheck(alertPolls(), EXAMPLE_TOKEN).every((l) => l.endsWith('Token ok'))).toBe(true);
	});

	it('example "alert on flagged loads" against a spec-only Datatruck: its flagged load is posted to Slack exactly once', async () => {
		expect(specFlagged).toBeDefined();
		const specAlertPolls = (after = 0) => specPolls(SPEC_ALERT_TOKEN, after).filter((e) => e.method === 'GET' && e.path === ORDERS);
		const [message] = await waitFor('a Slack post from the spec-only copy', () => (slackPosts(SPEC_SLACK_PATH).length ? slackPosts(SPEC_SLACK_PATH) : undefined));
		const postedAt = Date.now();
		await waitFor('two later polls of the spec-only alert workflow', () => (specAlertPolls(postedAt).length >= 2 ? true : undefined));
		expect(slackPosts(SPEC_SLACK_PATH)).toHaveLength(1);
		expect((message.body as { text: string }).text).toContain(`Load ${specFlagged.load_id ?? specFlagged.id} for`);
		expect((await executionsOf(session!, specAlertWfId)).map((e) => e.status)).toEqual(['success']);
		// Every poll a GET of the loads list, the two-field ordering refused once a finding lifetime, every line short.
		expect(specAlertPolls().filter((e) => e.status !== 200).length).toBeLessThanOrEqual(refusalsAllowed(specAlertPolls()));
		expect(authCheck(specPolls(SPEC_ALERT_TOKEN), SPEC_ALERT_TOKEN).every((l) => l.endsWith('Token ok'))).toBe(true);
	});

	it('example "alert on flagged loads" against a published Datatruck: its flagged load is posted to Slack exactly once', async () => {
		expect(pubFlagged).toBeDefined();
		const pubAlertPolls = (after = 0) => pubPolls(PUB_ALERT_TOKEN, after).filter((e) => e.method === 'GET' && e.path === ORDERS);
		const [message] = await waitFor('a Slack post from the published copy', () => (slackPosts(PUB_SLACK_PATH).length ? slackPosts(PUB_SLACK_PATH) : undefined));
		// Counted from the execution that posted (not from now), so the polls the tests above waited for count.
		const exec = await firstFinished(pubAlertWfId);
		await waitFor('two later polls of the published alert workflow', () => (pubAlertPolls(Date.parse(exec.stoppedAt!)).length >= 2 ? true : undefined));
		expect(slackPosts(PUB_SLACK_PATH)).toHaveLength(1);
		expect((message.body as { text: string }).text).toContain(`Load ${pubFlagged.load_id ?? pubFlagged.id} for`);
		expect((message.body as { text: string }).text).toContain(REASON);
		expect((await executionsOf(session!, pubAlertWfId)).map((e) => e.status)).toEqual(['success']);
		// Every poll a GET of the loads list on the API path, answered; the token right on every one.
		expect(pubPolls(PUB_ALERT_TOKEN).every((e) => e.method === 'GET' && e.path === ORDERS && e.status === 200)).toBe(true);
		expect(authCheck(pubPolls(PUB_ALERT_TOKEN), PUB_ALERT_TOKEN).every((l) => l.endsWith('Token ok'))).toBe(true);
	});

	it(`${POD_EXAMPLE_FILE}: a delivered load’s POD arrives by email, byte for byte, and only the API saw the token`, async () => {
		expect(delivered).toBeDefined(); // delivered above
		const { load, podLink, deliveredAt } = delivered;
		const [mail] = await waitFor('the proof-of-delivery email', () => (smtp.received.length ? smtp.received : undefined));
		// A duplicate would come from a later poll: once two more have arrived after the execution, count.
		const exec = await firstFinished(podWfId);
		await waitFor('two later polls', () => (podPolls(Date.parse(exec.stoppedAt!)).length >= 2 ? true : undefined));
		expect(smtp.received).toHaveLength(1);
		expect((await executionsOf(session!, podWfId)).map((e) => e.status)).toEqual(['success']);

		expect(smtp.envelopes[0]).toEqual({ from: 'dispatch@prairie-line.example', to: ['ap@customer.example'] });
		expect(mail.subject).toBe(`Proof of delivery for load ${load.load_id}`);
		expect(mail.text).toContain(`Load ${load.load_id} for Heartland Foods Distribution was delivered on ${deliveredAt}`);
		expect(mail.attachments.map((a) => [a.filename, a.contentType, a.contentDisposition])).toEqual([
			['proof_of_delivery_204518.pdf', 'application/pdf', 'attachment'],
		]);
		expect(Buffer.compare(mail.attachments[0].content, podSb.documents.fileAt(podLink).bytes)).toBe(0);

		// Only the POD was downloaded (the rate confirmation was not chosen), and without the token.
		expect(podSb.documents.log.map((e) => [e.path, e.status, e.authorization])).toEqual([
			[new URL(podLink).pathname, 200, undefined],
		]);
		expect(podSb.log.filter((e) => e.path === `${ORDERS}${load.id}`)).toHaveLength(1);
		expect(authCheck(podSb.log, POD_TOKEN).every((line) => line.endsWith('Token ok'))).toBe(true);
	});

	it('stops n8n by its pid', async () => {
		const { pid } = session!.proc;
		const exit = await session!.stop();
		// A graceful shutdown on SIGTERM (exit code 0): not our SIGKILL, a crash, or n8n's own shutdown timeout (code 1).
		if (exit?.code !== 0 || exit.signal !== null) {
			throw new Error(`n8n ended with ${JSON.stringify(exit)}; the end of its log:\n${readFileSync(session!.proc.logFile, 'utf8').slice(-3000)}`);
		}
		expect(() => process.kill(pid, 0)).toThrow(expect.objectContaining({ code: 'ESRCH' }));
	});
});

/**
 * A trigger's requests grouped by poll: n8n polls once a minute and a poll's requests follow one another within
 * seconds, so a gap of more than 20 s starts the next poll.
 */
function pollsOf(requests: RequestLogEntry[]): RequestLogEntry[][] {
	const polls: RequestLogEntry[][] = [];
	for (const request of requests) {
		const last = polls[polls.length - 1];
		if (last && request.at - last[last.length - 1].at <= 20_000) last.push(request);
		else polls.push([request]);
	}
	return polls;
}
