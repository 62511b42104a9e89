/**
 * The n8n a UI test file drives: the run's one n8n (a user folder under .cache/ui/, the packed package installed
 * where n8n's community installer puts it, the owner created through n8n's REST API), and the file's own Datatruck
 * sandbox running in this process so that tests read its data and request log directly.
 */
import * as runtime from '../../../scripts/n8n-runtime.cjs';
import type { Sandbox } from '../../sandbox/index.cts';
import { saveDatatruckCredential, startE2eSandbox } from '../../e2e/lib/sandbox.cts';
import { sharedN8n } from './sharedInstance.cts';

export { ROOT, RUN_DIR, SHOTS_DIR, runInfo, type RunInfo } from './sharedInstance.cts';

export interface Instance {
	url: string;
	owner: runtime.Owner;
	sb: Sandbox;
	userFolder: string;
	/** n8n's internal REST API with the owner's session (what the editor itself calls). */
	rest<T = any>(method: string, path: string, body?: unknown): Promise<T>;
	/** Any path of the instance with the owner's session, e.g. /types/nodes.json (the node types the editor loads). */
	request<T = any>(method: string, path: string, body?: unknown): Promise<T>;
	/** Stores a Datatruck API credential pointing at the sandbox; returns its id. */
	createCredential(name: string, apiToken?: string): Promise<string>;
	stop(): Promise<void>;
}

/**
 * The file's own sandbox on the run's one n8n (sharedInstance.cts): a start of n8n per file was about 20 s of CPU
 * on CI's 2 busy cores, six times over. The credentials a file stores are deleted when it stops, so each file
 * finds the n8n with no Datatruck credential but its own, as `npm start` leaves it.
 */
export async function startInstance(name: string): Promise<Instance> {
	const sb = await startE2eSandbox();
	try {
		const shared = await sharedN8n(name);
		const request = async <T = any,>(method: string, path: string, body?: unknown): Promise<T> => {
			const r = await runtime.httpJson(method, `${shared.url}${path}`, { body, headers: { cookie: shared.cookie } });
			if (r.status < 200 || r.status >= 300) throw new Error(`${method} ${path} → ${r.status}: ${r.text.slice(0, 1000)}`);
			return r.json as T;
		};
		const rest = <T = any,>(method: string, path: string, body?: unknown) => request<T>(method, `/rest${path}`, body);
		const stored: string[] = [];
		return {
			url: shared.url,
			owner: shared.owner,
			sb,
			userFolder: shared.userFolder,
			rest,
			request,
			async createCredential(credName, apiToken = sb.token) {
				const id = await saveDatatruckCredential(rest, sb, credName, apiToken);
				stored.push(id);
				return id;
			},
			async stop() {
				for (const id of stored) await rest('DELETE', `/credentials/${id}`).catch(() => undefined);
				await sb.close();
			},
		};
	} catch (e) {
		await sb.close();
		throw e;
	}
}
