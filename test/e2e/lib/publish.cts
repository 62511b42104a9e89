/**
 * Credentials and published workflows saved in a running n8n the way the editor saves them: each credential through
 * POST /rest/credentials, each workflow through POST /rest/workflows, then published (activated) with the version
 * it was saved as, as the editor's Publish button does (POST /rest/workflows/:id/activate, on 1.123 and 2.x; n8n
 * 1.85 has no such route, and its Active toggle saved `active: true`). The CLI's import and publish commands each
 * boot n8n once, about 5 s of CPU apiece on a busy 2-core machine.
 *
 * n8n assigns its own ids to new credentials (and, on 1.123, to new workflows), so the workflows are pointed at the
 * credentials' new ids before they are saved, and the workflows' ids come back keyed by the ids they asked for.
 */
import { saveCredential, type CredentialImport, type Session, type WorkflowJson } from './n8n.cts';

type NodeCredentials = Record<string, { id: string; name: string }>;

/** Saves `credentials` and `workflows` and publishes the workflows; resolves with each workflow's id by the id it asked for. */
export async function saveAndPublish(session: Session, credentials: CredentialImport[], workflows: WorkflowJson[]): Promise<Map<string, string>> {
	return publishWorkflows(session, await saveCredentials(session, credentials), workflows);
}

/** Saves each credential; the ids n8n gave them, keyed by the ids the workflows name. */
export async function saveCredentials(session: Session, credentials: CredentialImport[]): Promise<Map<string, string>> {
	const credentialIds = new Map<string, string>();
	for (const credential of credentials) credentialIds.set(credential.id, await saveCredential((...args) => session.rest(...args), credential));
	return credentialIds;
}

/** Saves and publishes each workflow with its credentials saved before (saveCredentials); n8n's ids by the workflows' own. */
export async function publishWorkflows(session: Session, credentialIds: Map<string, string>, workflows: WorkflowJson[]): Promise<Map<string, string>> {
	const workflowIds = new Map<string, string>();
	for (const wf of workflows) {
		const { data: saved } = await session.rest('POST', '/workflows', { ...withCredentials(wf, credentialIds), active: false });
		await activate(session, saved);
		workflowIds.set(wf.id, saved.id);
	}
	return workflowIds;
}

async function activate(session: Session, saved: { id: string; versionId: string }): Promise<void> {
	try {
		await session.rest('POST', `/workflows/${saved.id}/activate`, { versionId: saved.versionId });
	} catch (e) {
		if (!/→ 404\b/.test(String(e))) throw e;
		// n8n before the Publish button (1.85): the editor's Active toggle saved the workflow with `active: true`.
		await session.rest('PATCH', `/workflows/${saved.id}`, { active: true, versionId: saved.versionId });
	}
}

/** `wf` with its nodes' credentials pointed at the ids n8n gave them (keyed by the ids the workflow names). */
export function withCredentials(wf: WorkflowJson, ids: Map<string, string>): WorkflowJson {
	return { ...wf, nodes: wf.nodes.map((node) => ({ ...node, credentials: pointedAt(node.credentials as NodeCredentials | undefined, ids) })) };
}

function pointedAt(refs: NodeCredentials | undefined, ids: Map<string, string>): NodeCredentials | undefined {
	if (!refs) return undefined;
	const entries = Object.entries(refs).map(([type, ref]) => {
		const id = ids.get(ref.id);
		if (!id) throw new Error(`a workflow names credential ${ref.name} (${ref.id}), which is not among the credentials to save`);
		return [type, { id, name: ref.name }];
	});
	return Object.fromEntries(entries);
}
