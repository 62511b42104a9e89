/**
 * What every resource test needs: a sandbox, the run's shared n8n (sharedN8n.cts) with the package and a
 * "Datatruck" credential of the file's own, and a way to run one workflow and get its result together with the
 * requests the sandbox received meanwhile.
 */
import type { RequestLogEntry, Sandbox } from '../../sandbox/index.cts';
import { httpJson } from '../../../scripts/n8n-runtime.cjs';
import { runManually } from './manualRun.cts';
import { expectSuccess, type Session } from './n8n.cts';
import type { ExecutionRun } from './output.cts';
import { saveDatatruckCredential, startE2eSandbox } from './sandbox.cts';
import { sharedSession } from './sharedN8n.cts';
import { workflow, type CredentialRef, type NodeSpec } from './workflow.cts';

export interface Suite {
	sb: Sandbox;
	/** Saves a Manual Trigger workflow in the running n8n and runs it, as the editor does; the run must succeed. */
	run(id: string, specs: NodeSpec[]): Promise<{ run: ExecutionRun; log: RequestLogEntry[] }>;
	/** Same, but the run may fail (for error-path tests). */
	runAllowingFailure(id: string, specs: NodeSpec[]): Promise<{ run: ExecutionRun; log: RequestLogEntry[] }>;
	close(): Promise<void>;
}

export async function startSuite(name: string): Promise<Suite> {
	const sb = await startE2eSandbox();
	let session: Session;
	let credential: CredentialRef;
	try {
		session = await sharedSession();
		const credentialName = `Datatruck (${name} sandbox)`;
		credential = { id: await saveDatatruckCredential((...args) => session.rest(...args), sb, credentialName), name: credentialName };
	} catch (e) {
		await sb.close(); // else its open server keeps jest from exiting
		throw e;
	}
	const running = session;
	const runAllowingFailure = async (id: string, specs: NodeSpec[]) => {
		sb.clearLog();
		const run = await runManually(running, workflow(id, `E2E ${name} ${id}`, specs, credential));
		return { run, log: [...sb.log] };
	};
	return {
		sb,
		runAllowingFailure,
		async run(id, specs) {
			const result = await runAllowingFailure(id, specs);
			expectSuccess(result.run);
			return result;
		},
		async close() {
			await sb.close();
		},
	};
}

/** The log entries of one path (under the API prefix), e.g. forPath(log, 'GET', '/orders/'). */
export function forPath(log: RequestLogEntry[], method: string, path: string): RequestLogEntry[] {
	return log.filter((e) => e.method === method && e.path === `/api/v1/openapi${path}`);
}

/** What the sandbox itself answers to a direct GET (the reference the node's output is compared with). */
export async function direct(sb: Sandbox, pathAndQuery: string): Promise<any> {
	const r = await httpJson('GET', `${sb.baseUrl}${pathAndQuery}`, { headers: { authorization: `Token ${sb.token}` } });
	if (r.status !== 200) throw new Error(`direct GET ${pathAndQuery} → ${r.status}`);
	return r.json;
}
