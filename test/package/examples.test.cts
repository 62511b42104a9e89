/**
 * The proof-of-delivery example ships twice: n8n 2.x's Send Email node takes the file in "Attachments (File)"
 * (`fileAttachments`), n8n 1.x's only in "Attachments" (`attachments`), and an option a line does not know is
 * dropped on import, so the email would go out without the file. The 1.x copy must stay the same workflow otherwise.
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
