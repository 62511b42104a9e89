/**
 * What every resource test needs: a sandbox, a running n8n with the package and a "Datatruck" credential, and a
 * way to run one workflow and get its result together with the requests the sandbox received meanwhile.
 */
import type { RequestLogEntry, Sandbox } from '../../sandbox/index.cts';
import { httpJson } from '../../../scripts/n8n-runtime.cjs';
import { runManually } from './manualRun.cts';
import { N8n, expectSuccess, type Session } from './n8n.cts';
import type { ExecutionRun } from './output.cts';
import { saveDatatruckCredential, startE2eSandbox } from './sandbox.cts';
import { workflow, type CredentialRef, type NodeSpec } from './workflow.cts';

const CREDENTIAL_NAME = 'Datatruck (sandbox)';

export interface Suite {
	sb: Sandbox;
	n8n: N8n;
	/** Saves a Manual Trigger workflow in the running n8n and runs it, as the editor does; the run must succeed. */
	run(id: string, specs: NodeSpec[]): Promise<{ run: ExecutionRun; log: RequestLogEntry[] }>;
	/** Same, but the run may fail (for error-path tests). */
	runAllowingFailure(id: string, specs: NodeSpec[]): Promise<{ run: ExecutionRun; log: RequestLogEntry[] }>;
	close(): Promise<void>;
}

export async function startSuite(name: string): Promise<Suite> {
	const sb = await startE2eSandbox();
	let n8n: N8n;
	let session: Session | undefined;
	let credential: CredentialRef;
	try {
		n8n = await N8n.create(name);
		const started = await n8n.start();
		session = started;
		credential = { id: await saveDatatruckCredential((...args) => started.rest(...args), sb, CREDENTIAL_NAME), name: CREDENTIAL_NAME };
	} catch (e) {
		await session?.stop();
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
		n8n,
		runAllowingFailure,
		async run(id, specs) {
			const result = await runAllowingFailure(id, specs);
			expectSuccess(result.run);
			return result;
		},
		async close() {
			await running.stop();
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
