/**
 * What every resource test needs: a sandbox, a fresh n8n with the package and a "Datatruck" credential, and a
 * way to run one workflow and get its result together with the requests the sandbox received meanwhile.
 */
import type { RequestLogEntry, Sandbox } from '../../sandbox/index.cts';
import { httpJson } from '../../../scripts/n8n-runtime.cjs';
import { N8n, expectSuccess } from './n8n.cts';
import type { ExecutionRun } from './output.cts';
import { datatruckCredential, startE2eSandbox } from './sandbox.cts';
import { workflow, type CredentialRef, type NodeSpec } from './workflow.cts';

export const CREDENTIAL: CredentialRef = { id: 'e2eDatatruck0001', name: 'Datatruck (sandbox)' };

export interface Suite {
	sb: Sandbox;
	n8n: N8n;
	/** Imports and executes a Manual Trigger workflow; the run must succeed. */
	run(id: string, specs: NodeSpec[]): Promise<{ run: ExecutionRun; log: RequestLogEntry[] }>;
	/** Same, but the run may fail (for error-path tests). */
	runAllowingFailure(id: string, specs: NodeSpec[]): Promise<{ run: ExecutionRun; log: RequestLogEntry[] }>;
	close(): Promise<void>;
}

export async function startSuite(name: string): Promise<Suite> {
	const sb = await startE2eSandbox();
	let n8n: N8n;
	try {
		n8n = await N8n.create(name);
		await n8n.importCredentials([datatruckCredential(sb, CREDENTIAL.id, CREDENTIAL.name)]);
	} catch (e) {
		await sb.close(); // else its open server keeps jest from exiting
		throw e;
	}
	const runAllowingFailure = async (id: string, specs: NodeSpec[]) => {
		await n8n.importWorkflow(workflow(id, `E2E ${name} ${id}`, specs, CREDENTIAL));
		sb.clearLog();
		const run = await n8n.execute(id);
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
		close: () => sb.close(),
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
