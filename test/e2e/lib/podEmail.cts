/**
 * The shipped example "email the proof of delivery" as published.test.cts runs it, beside the other published
 * workflows: the workflow for this n8n line, and the delivered load it reacts to.
 */
import { VERSIONS } from '../../../scripts/n8n-runtime.cjs';
import type { Sandbox } from '../../sandbox/index.cts';
import type { Order } from '../../sandbox/types.cts';
import { example } from './examples.cts';
import type { WorkflowJson } from './n8n.cts';
import type { CredentialRef } from './workflow.cts';

/**
 * n8n 1.x's Send Email node has no "Attachments (File)" option (`fileAttachments`, new in 2.x): importing the 2.x
 * example there drops it and the email goes out without the file. 1.x runs the example's 1.x copy, which names the
 * file in "Attachments", the one option that line has.
 */
export const POD_EXAMPLE_FILE = VERSIONS.n8n.startsWith('1.') ? 'email-proof-of-delivery-n8n-1x.json' : 'email-proof-of-delivery.json';

/**
 * The example with its Datatruck nodes on `credential` instead of the examples' shared one, so it can poll its own
 * sandbox; nothing else changes.
 */
export function podEmailWorkflow(credential: CredentialRef): WorkflowJson {
	const wf = example(POD_EXAMPLE_FILE);
	for (const node of wf.nodes as Array<{ credentials?: { datatruckApi?: CredentialRef } }>) {
		if (node.credentials?.datatruckApi) node.credentials.datatruckApi = credential;
	}
	return wf;
}

/** The SMTP credential the example names (the test points it at its local SMTP server). */
export function podEmailSmtp(wf: WorkflowJson): CredentialRef {
	const mail = wf.nodes.find((n) => n.type === 'n8n-nodes-base.emailSend') as { credentials: { smtp: CredentialRef } };
	return mail.credentials.smtp;
}

export interface DeliveredLoad {
	load: Order;
	podLink: string;
	deliveredAt: string;
}

/**
 * A new load, delivered just now (whole seconds, as Datatruck writes times), with a rate confirmation and a proof of
 * delivery in the sandbox's storage host: the example must download and mail the POD only.
 */
export function deliverLoadWithPod(sb: Sandbox): DeliveredLoad {
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
	return { load, podLink, deliveredAt };
}
