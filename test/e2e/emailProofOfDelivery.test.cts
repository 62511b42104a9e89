/**
 * The shipped example "email the proof of delivery", published unchanged in a running n8n: a load gets its
 * delivery time, the Datatruck Trigger (Load Delivered) emits it, Load › Get Documents downloads its POD from the
 * sandbox's storage host, and n8n's Send Email node mails it to a local SMTP server started here. The attachment
 * must be the very bytes the storage host served; the token must reach only the API.
 */
import { startSandbox, type Sandbox } from '../sandbox/index.cts';
import { example, exampleCredential } from './lib/examples.cts';
import { executionsOf, waitFor } from './lib/executions.cts';
import { N8n, type Session } from './lib/n8n.cts';
import { authCheck, datatruckCredential, E2E_RATE_LIMIT } from './lib/sandbox.cts';
import { SmtpStandIn } from './lib/smtp.cts';
import { VERSIONS } from '../../scripts/n8n-runtime.cjs';

/**
 * n8n 1.x's Send Email node has no "Attachments (File)" option (`fileAttachments`, new in 2.x): importing the 2.x
 * example there drops it and the email goes out without the file. 1.x runs the example's 1.x copy, which names the
 * file in "Attachments", the one option that line has.
 */
const EXAMPLE_FILE = VERSIONS.n8n.startsWith('1.') ? 'email-proof-of-delivery-n8n-1x.json' : 'email-proof-of-delivery.json';

describe('example "email the proof of delivery" in a running n8n', () => {
	let sb: Sandbox;
	let n8n: N8n;
	let session: Session | undefined;
	const smtp = new SmtpStandIn();
	const wf = example(EXAMPLE_FILE);
	const polls = () => sb.log.filter((e) => e.method === 'GET' && e.path === '/api/v1/openapi/orders/');

	beforeAll(async () => {
		sb = await startSandbox({ rateLimit: E2E_RATE_LIMIT });
		await smtp.start();
		n8n = await N8n.create('pod-email');
		const datatruck = exampleCredential();
		const mail = wf.nodes.find((n) => n.type === 'n8n-nodes-base.emailSend') as { credentials: { smtp: { id: string; name: string } } };
		await n8n.importCredentials([
			datatruckCredential(sb, datatruck.id, datatruck.name),
			smtp.credential(mail.credentials.smtp.id, mail.credentials.smtp.name),
		]);
		await n8n.importWorkflow(wf);
		await n8n.publish(wf.id);
		session = await n8n.start();
	});

	afterAll(async () => {
		await session?.stop();
		await smtp.stop();
		await sb?.close();
	});

	it(`${EXAMPLE_FILE}: a delivered load’s POD arrives by email, byte for byte, and only the API saw the token`, async () => {
		await waitFor('the activation poll', () => (polls().length ? true : undefined));
		const id = Math.max(...sb.data.orders.map((o) => o.id)) + 1;
		const podLink = sb.documents.link(id, 'proof_of_delivery_204518.pdf');
		const rateLink = sb.documents.link(id, 'rate_confirmation_204377.pdf');
		const deliveredAt = new Date(Math.floor(Date.now() / 1000) * 1000).toISOString().replace('.000Z', 'Z');
		const load = sb.createLoad({
			id,
			status: 'delivered',
			delivery_time: deliveredAt,
			customer__company_name: 'Heartland Foods Distribution',
			documents: [
				{ file_type: 'rate_confirmation', file_link: rateLink, uploaded_by: 'Dana Whitfield', uploaded_at: deliveredAt },
				{ file_type: 'proof_of_delivery', file_link: podLink, uploaded_by: null, uploaded_at: deliveredAt },
			],
		});

		const [mail] = await waitFor('the proof-of-delivery email', () => (smtp.received.length ? smtp.received : undefined));
		// A duplicate would come from a later poll: wait for two more, then count.
		const after = sb.log[sb.log.length - 1].at;
		await waitFor('two later polls', () => (polls().filter((e) => e.at > after).length >= 2 ? true : undefined));
		expect(smtp.received).toHaveLength(1);
		expect((await executionsOf(session!, wf.id)).map((e) => e.status)).toEqual(['success']);

		expect(smtp.envelopes[0]).toEqual({ from: 'dispatch@prairie-line.example', to: ['ap@customer.example'] });
		expect(mail.subject).toBe(`Proof of delivery for load ${load.load_id}`);
		expect(mail.text).toContain(`Load ${load.load_id} for Heartland Foods Distribution was delivered on ${deliveredAt}`);
		expect(mail.attachments.map((a) => [a.filename, a.contentType, a.contentDisposition])).toEqual([
			['proof_of_delivery_204518.pdf', 'application/pdf', 'attachment'],
		]);
		expect(Buffer.compare(mail.attachments[0].content, sb.documents.fileAt(podLink).bytes)).toBe(0);

		// Only the POD was downloaded (the rate confirmation was not chosen), and without the token.
		expect(sb.documents.log.map((e) => [e.path, e.status, e.authorization])).toEqual([
			[new URL(podLink).pathname, 200, undefined],
		]);
		expect(sb.log.filter((e) => e.path === `/api/v1/openapi/orders/${id}`)).toHaveLength(1);
		expect(authCheck(sb.log, sb.token).every((line) => line.endsWith('Token ok'))).toBe(true);
	});
});
