/**
 * The proof-of-delivery example ships twice: n8n 2.x's Send Email node takes the file in "Attachments (File)"
 * (`fileAttachments`), n8n 1.x's only in "Attachments" (`attachments`), and an option a line does not know is
 * dropped on import, so the email would go out without the file. The 1.x copy must stay the same workflow otherwise.
 * The three work-order-from-email examples share one shape, checked here; the mailbox one runs in test/e2e/mailbox.test.cts.
 * The rate-confirmation example (a load from a broker's mail, its PDF attached) is checked here and runs in test/e2e/examples.test.cts.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './pack.cts';

interface WorkflowNode {
	type: string;
	parameters: Record<string, any>;
	[key: string]: unknown;
}

const read = (file: string) => JSON.parse(readFileSync(join(ROOT, 'examples', file), 'utf8'));
const mailNode = (wf: { nodes: WorkflowNode[] }) => wf.nodes.find((n) => n.type === 'n8n-nodes-base.emailSend')!;

describe('the proof-of-delivery example for n8n 2.x and its 1.x copy', () => {
	const forTwo = read('email-proof-of-delivery.json');
	const forOne = read('email-proof-of-delivery-n8n-1x.json');

	test('each names the file in the attachment option its n8n line has, and only there', () => {
		expect(mailNode(forTwo).parameters.options).toEqual(
			expect.objectContaining({ fileAttachments: '={{ $json.binary_fields }}' }),
		);
		expect(mailNode(forTwo).parameters.options).not.toHaveProperty('attachments');
		expect(mailNode(forOne).parameters.options).toEqual(
			expect.objectContaining({ attachments: '={{ $json.binary_fields }}' }),
		);
		expect(mailNode(forOne).parameters.options).not.toHaveProperty('fileAttachments');
	});

	test('both can be imported side by side', () => {
		expect(forOne.id).not.toBe(forTwo.id);
		expect(forOne.name).not.toBe(forTwo.name);
		expect(mailNode(forOne).webhookId).not.toBe(mailNode(forTwo).webhookId);
	});

	test('the 1.x copy is the same workflow otherwise: trigger, download, email text, connections', () => {
		const comparable = (wf: { nodes: WorkflowNode[]; connections: unknown; settings: unknown }) => ({
			connections: wf.connections,
			settings: wf.settings,
			nodes: wf.nodes
				.filter((n) => n.type !== 'n8n-nodes-base.stickyNote')
				.map(({ webhookId, notes, ...node }) => {
					const { attachments, fileAttachments, ...options } = node.parameters.options ?? {};
					return { ...node, parameters: { ...node.parameters, options } };
				}),
		});
		expect(comparable(forOne)).toEqual(comparable(forTwo));
	});
});

/** The mail examples (issue 29): a mailbox, an inbound-mail webhook, an AI extractor; each checked, then created, then answered. */
describe('the work-order-from-email examples', () => {
	const mailbox = read('create-work-order-from-mailbox.json');
	const webhook = read('create-work-order-from-email.json');
	const ai = read('create-work-order-with-ai.json');
	type Workflow = { id: string; name: string; nodes: WorkflowNode[]; connections: Record<string, { main?: Array<Array<{ node: string }>> }> };
	const byName = (wf: Workflow, name: string) => wf.nodes.find((n) => n.name === name)!;
	const next = (wf: Workflow, name: string, output = 0) => (wf.connections[name]?.main?.[output] ?? []).map((c) => c.node);
	const AI_KEYS = ['unit', 'procedure', 'scheduledOn', 'vendor', 'vendorPhone', 'odometer', 'reference', 'notes'];

	test.each([
		['mailbox', mailbox, 'New repair email'],
		['webhook', webhook, 'Repair email received'],
		['AI', ai, 'Information Extractor'],
	])('%s: Extract From Text → ready? → Create (JSON body from workOrder) → reply; not ready → reply, nothing created', (_, wf: Workflow, first) => {
		expect(next(wf, first)).toEqual(['Extract work order']);
		expect(byName(wf, 'Extract work order').parameters).toEqual(expect.objectContaining({ resource: 'workOrder', operation: 'extractFromText' }));
		expect(next(wf, 'Extract work order')).toEqual(['Ready to create?']);
		expect(JSON.stringify(byName(wf, 'Ready to create?').parameters.conditions)).toContain('$json.ready');
		expect(next(wf, 'Ready to create?', 0)).toEqual(['Create work order']);
		expect(next(wf, 'Ready to create?', 1)).toEqual(['Reply: what is missing']);
		expect(byName(wf, 'Create work order').parameters).toEqual({
			resource: 'workOrder',
			operation: 'create',
			specifyBody: 'json',
			jsonBody: '={{ JSON.stringify($json.workOrder) }}',
		});
		expect(next(wf, 'Create work order')).toEqual(['Reply: work order created']);
		const [created, missing] = ['Reply: work order created', 'Reply: what is missing'].map((name) => byName(wf, name));
		for (const reply of [created, missing]) {
			expect(reply.type).toBe('n8n-nodes-base.emailSend');
			expect(reply.parameters.toEmail).toMatch(/from/);
		}
		expect(created.parameters.subject).toMatch(/^=Re: \{\{ .*\.subject \}\}$/);
		expect(created.parameters.text).toContain('{{ $json.id }}');
		expect(missing.parameters.text).toContain('{{ $json.reply }}');
		expect(next(wf, 'Reply: what is missing')).toEqual([]);
		// The AI example reads an Information Extractor's fields: an answer is not read back there (docs/work-orders-from-email.md).
		if (wf === ai) return;
		// The question's reply carries the request's reference, once, for the answer to come back with (issue 41).
		expect(missing.parameters.subject).toMatch(/^=Re: \{\{ \(.*\.subject \?\? ''\)\.replace\(.*\) \}\} \[\{\{ \$json\.requestReference \}\}\]$/);
		expect(byName(wf, 'Extract work order').parameters.options).toEqual(
			expect.objectContaining({ checkExisting: true, defaults: { values: expect.objectContaining({ trailerOdometer: '0' }) } }),
		);
	});

	test('the mailbox is read by n8n\'s Email Trigger (IMAP), resolved, and the reply goes to Reply-To or From', () => {
		const trigger = byName(mailbox, 'New repair email');
		expect(trigger).toEqual(expect.objectContaining({ type: 'n8n-nodes-base.emailReadImap', typeVersion: 2.1 }));
		expect(trigger.parameters).toEqual(expect.objectContaining({ format: 'resolved', postProcessAction: 'read' }));
		expect(byName(mailbox, 'Extract work order').parameters.source).toBe('text');
		expect(byName(mailbox, 'Reply: what is missing').parameters.toEmail).toContain('.replyTo ??');
		const notes = mailbox.nodes.filter((n: WorkflowNode) => n.type === 'n8n-nodes-base.stickyNote').map((n: WorkflowNode) => n.parameters.content).join('\n');
		for (const setup of ['imap.gmail.com', 'app password', '993', 'outlook.office365.com', 'Any other mail server']) expect(notes).toContain(setup);
	});

	test('the webhook version reads the inbound-mail service\'s fields and answers its `from`', () => {
		expect(byName(webhook, 'Extract work order').parameters.text).toContain('$json.body.text');
		expect(byName(webhook, 'Reply: work order created').parameters.toEmail).toContain('.body.from');
	});

	test('the AI version asks for the keys Extract From Text reads, and has it check them before Create', () => {
		const extractor = byName(ai, 'Information Extractor');
		expect(extractor.type).toBe('@n8n/n8n-nodes-langchain.informationExtractor');
		expect(extractor.parameters.attributes.attributes.map((a: { name: string }) => a.name)).toEqual(AI_KEYS);
		expect(ai.connections['OpenAI Chat Model']).toEqual({ ai_languageModel: [[{ node: 'Information Extractor', type: 'ai_languageModel', index: 0 }]] });
		expect(byName(ai, 'Extract work order').parameters).toEqual(expect.objectContaining({ source: 'fields', fields: '={{ $json.output }}' }));
	});

	test('all three can be imported side by side, with the credentials the other examples use', () => {
		const all = [mailbox, webhook, ai];
		expect(new Set(all.map((wf) => wf.id)).size).toBe(3);
		expect(new Set(all.map((wf) => wf.name)).size).toBe(3);
		const webhookIds = all.flatMap((wf) => wf.nodes.map((n: WorkflowNode) => n.webhookId).filter(Boolean));
		expect(new Set(webhookIds).size).toBe(webhookIds.length);
		const pod = read('email-proof-of-delivery.json');
		const credentialOf = (wf: Workflow, type: string) => wf.nodes.map((n) => (n.credentials as Record<string, unknown> | undefined)?.[type]).find(Boolean);
		for (const wf of all) {
			expect(credentialOf(wf, 'smtp')).toEqual(credentialOf(pod, 'smtp'));
			expect(credentialOf(wf, 'datatruckApi')).toEqual(credentialOf(read('weekly-dispatcher-board-report.json'), 'datatruckApi'));
		}
	});
});

/** Issue 33: a broker's rate confirmation by email becomes a load with the PDF attached; the AI extractor's place is a note. */
describe('the rate-confirmation example', () => {
	const wf = read('create-load-from-rate-confirmation.json');
	type Workflow = { nodes: WorkflowNode[]; connections: Record<string, { main?: Array<Array<{ node: string }>> }> };
	const byName = (name: string) => (wf as Workflow).nodes.find((n) => n.name === name)!;
	const next = (name: string, output = 0) => ((wf as Workflow).connections[name]?.main?.[output] ?? []).map((c) => c.node);
	const reader = byName('Read the load from the mail');
	/** The Code node's JavaScript, run as n8n runs it for one item (`$input.item`). */
	const readMail = (item: { json: Record<string, unknown>; binary?: Record<string, { mimeType: string; fileName?: string }> }) =>
		new Function('$input', reader.parameters.jsCode)({ item }) as { json: { ready: boolean; missing: string[]; rateConfirmationField?: string; load: Record<string, any> }; binary?: unknown };
	const MAIL = {
		subject: 'Rate Confirmation - Load 4481233',
		from: { value: [{ name: 'Coyote Logistics', address: 'loads@coyote-logistics.example' }] },
		textPlain: [
			'Hello,',
			'Please find the rate confirmation attached. Sign and return.',
			'Load #: 4481233',
			'Rate: $2,450.00',
			'Pickup: Midwest Cold Storage | 1200 W 35th St, Chicago, IL 60609 | 12/01/2026 08:00-12:00 | PU-88412 | SL-448213',
			'Delivery: Lone Star Foods | 2500 N Stemmons Fwy, Dallas, TX 75207 | 12/02/2026 14:00-18:00 | PO-55120',
		].join('\n'),
	};

	test('Email Trigger (IMAP) → read the mail → complete? → Load › Create with the PDF as Rate Confirmation; not complete → nothing created', () => {
		const trigger = byName('New rate confirmation');
		expect(trigger).toEqual(expect.objectContaining({ type: 'n8n-nodes-base.emailReadImap', typeVersion: 2.1 }));
		expect(trigger.parameters).toEqual(expect.objectContaining({ format: 'resolved', postProcessAction: 'read' }));
		expect(next('New rate confirmation')).toEqual(['Read the load from the mail']);
		expect(reader).toEqual(expect.objectContaining({ type: 'n8n-nodes-base.code', typeVersion: 2 }));
		expect(reader.parameters.mode).toBe('runOnceForEachItem');
		expect(next('Read the load from the mail')).toEqual(['Rate confirmation and stops?']);
		expect(JSON.stringify(byName('Rate confirmation and stops?').parameters.conditions)).toContain('$json.ready');
		expect(next('Rate confirmation and stops?', 0)).toEqual(['Create load']);
		expect(next('Rate confirmation and stops?', 1)).toEqual(['Not a complete rate confirmation']);
		expect(byName('Not a complete rate confirmation').type).toBe('n8n-nodes-base.noOp');
		expect(byName('Create load')).toEqual(expect.objectContaining({ type: 'n8n-nodes-datatruck.datatruck', typeVersion: 1 }));
		expect(byName('Create load').parameters).toEqual({
			resource: 'load',
			operation: 'create',
			specifyBody: 'json',
			jsonBody: '={{ JSON.stringify($json.load) }}',
			rateConfirmation: 'binary',
			binaryPropertyName: '={{ $json.rateConfirmationField }}',
		});
		expect(next('Create load')).toEqual([]);
	});

	test('the mail reader finds the PDF among the attachments and reads the load in Datatruck\'s published keys', () => {
		const binary = { attachment_0: { mimeType: 'image/png', fileName: 'coyote-logo.png' }, attachment_1: { mimeType: 'application/pdf', fileName: 'RC-4481233.pdf' } };
		const out = readMail({ json: MAIL, binary });
		expect(out.binary).toBe(binary);
		expect(out.json).toEqual({
			ready: true,
			missing: [],
			rateConfirmationField: 'attachment_1',
			load: {
				customer: 'Coyote Logistics',
				load_id: '4481233',
				load_pay: '2450.00',
				stops: [
					{ stop_type: 'pickup', company_name: 'Midwest Cold Storage', address: '1200 W 35th St, Chicago, IL 60609', zip_code: '60609', enter_time: '2026-12-01T08:00:00', exit_time: '2026-12-01T12:00:00', reference_id: 'PU-88412', seal_number: 'SL-448213' },
					{ stop_type: 'delivery', company_name: 'Lone Star Foods', address: '2500 N Stemmons Fwy, Dallas, TX 75207', zip_code: '75207', enter_time: '2026-12-02T14:00:00', exit_time: '2026-12-02T18:00:00', reference_id: 'PO-55120' },
				],
			},
		});
		// A PDF sent as application/octet-stream is found by its name.
		expect(readMail({ json: MAIL, binary: { attachment_0: { mimeType: 'application/octet-stream', fileName: 'ratecon.PDF' } } }).json.rateConfirmationField).toBe('attachment_0');
	});

	test('a mail without the PDF or without its stops is not ready, and says what is missing', () => {
		expect(readMail({ json: { ...MAIL, textPlain: 'See attached.' }, binary: { attachment_0: { mimeType: 'application/pdf' } } }).json).toEqual(
			expect.objectContaining({ ready: false, missing: ['a Pickup line', 'a Delivery line'] }),
		);
		expect(readMail({ json: MAIL }).json).toEqual(expect.objectContaining({ ready: false, missing: ['the rate confirmation PDF'] }));
	});

	test('a note says the node does not read the PDF and where an AI extractor goes; the lines it reads are shown', () => {
		const notes = wf.nodes.filter((n: WorkflowNode) => n.type === 'n8n-nodes-base.stickyNote').map((n: WorkflowNode) => n.parameters.content).join('\n');
		for (const words of ['does not read the PDF', 'Extract From File', 'Information Extractor', 'Merge', 'imap.gmail.com', 'outlook.office365.com']) expect(notes).toContain(words);
		for (const line of MAIL.textPlain.split('\n').slice(2)) expect(notes).toContain(line);
	});

	test('it can be imported beside the other examples, with the credentials they use', () => {
		const others = ['create-work-order-from-mailbox.json', 'create-work-order-from-email.json', 'create-work-order-with-ai.json', 'weekly-dispatcher-board-report.json'].map(read);
		expect(others.map((other) => other.id)).not.toContain(wf.id);
		expect(others.map((other) => other.name)).not.toContain(wf.name);
		const nodeIds = [wf, ...others].flatMap((w) => w.nodes.map((n: WorkflowNode) => n.id));
		expect(new Set(nodeIds).size).toBe(nodeIds.length);
		const credentialOf = (w: { nodes: WorkflowNode[] }, type: string) => w.nodes.map((n) => (n.credentials as Record<string, unknown> | undefined)?.[type]).find(Boolean);
		expect(credentialOf(wf, 'imap')).toEqual(credentialOf(others[0], 'imap'));
		expect(credentialOf(wf, 'datatruckApi')).toEqual(credentialOf(others[3], 'datatruckApi'));
	});
});
