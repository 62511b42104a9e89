/** The workflows shipped in examples/, read as users import them. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { WorkflowJson } from './n8n.cts';
import type { CredentialRef } from './workflow.cts';

const EXAMPLES = join(__dirname, '../../../examples');

export function example(file: string): WorkflowJson {
	return JSON.parse(readFileSync(join(EXAMPLES, file), 'utf8'));
}

/** The credential the examples reference (the demo's "Datatruck Sandbox"), so that they open ready to run. */
export function exampleCredential(): CredentialRef {
	const node = example('weekly-dispatcher-board-report.json').nodes.find((n) => n.credentials) as {
		credentials: { datatruckApi: CredentialRef };
	};
	return node.credentials.datatruckApi;
}
