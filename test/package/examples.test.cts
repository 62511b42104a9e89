/**
 * The proof-of-delivery example ships twice: n8n 2.x's Send Email node takes the file in "Attachments (File)"
 * (`fileAttachments`), n8n 1.x's only in "Attachments" (`attachments`), and an option a line does not know is
 * dropped on import, so the email would go out without the file. The 1.x copy must stay the same workflow otherwise.
 * The three work-order-from-email examples share one shape, checked here; the mailbox one runs in test/e2e/mailbox.test.cts.
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
			expect(reply.parameters.subject).toMatch(/^=Re: \{\{ .*\.subject \}\}$/);
			expect(reply.parameters.toEmail).toMatch(/from/);
		}
		expect(created.parameters.text).toContain('{{ $json.id }}');
		expect(missing.parameters.text).toContain('{{ $json.reply }}');
		expect(next(wf, 'Reply: what is missing')).toEqual([]);
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
