/** Proves the e2e machinery itself: the pinned n8n imports and executes a workflow and we read its result. */
import { N8n, expectSuccess } from './lib/n8n.cts';
import { itemsOf } from './lib/output.cts';
import { workflow } from './lib/workflow.cts';
import { VERSIONS } from '../../scripts/n8n-runtime.cjs';

describe('real n8n runtime', () => {
	let n8n: N8n;
	beforeAll(async () => {
		n8n = await N8n.create('smoke');
	});

	it(`runs n8n ${VERSIONS.n8n}`, async () => {
		const r = await n8n.cli(['--version']);
		expect(r.stdout).toContain(VERSIONS.n8n);
	});

	it('imports and executes a workflow with a built-in node, and its output is read back', async () => {
		await n8n.importWorkflow(
			workflow('smokeBuiltin0001', 'Smoke: built-in node', [
				{
					name: 'Compute',
					type: 'n8n-nodes-base.set',
					typeVersion: 3.4,
					parameters: {
						assignments: {
							assignments: [
								{ id: 'a', name: 'answer', value: '={{ 6 * 7 }}', type: 'number' },
							],
						},
						options: {},
					},
				},
			]),
		);
		const run = await n8n.execute('smokeBuiltin0001');
		expectSuccess(run);
		expect(itemsOf(run, 'Compute')).toEqual([expect.objectContaining({ answer: 42 })]);
	});

	it('the editor of a started n8n offers the Datatruck node, trigger and credential', async () => {
		const session = await n8n.start();
		try {
			const nodes: Array<{ name: string; displayName: string }> = await session.request('GET', '/types/nodes.json');
			const credentials: Array<{ name: string }> = await session.request('GET', '/types/credentials.json');
			const ours = nodes.filter((n) => n.name.startsWith('n8n-nodes-datatruck.'));
			// The node is usableAsTool, so n8n also derives an AI-agent tool from it.
			expect(ours.map((n) => [n.name, n.displayName]).sort()).toEqual([
				['n8n-nodes-datatruck.datatruck', 'Datatruck'],
				['n8n-nodes-datatruck.datatruckTool', 'Datatruck Tool'],
				['n8n-nodes-datatruck.datatruckTrigger', 'Datatruck Trigger'],
			]);
			expect(credentials.map((c) => c.name)).toContain('datatruckApi');
		} finally {
			await session.stop();
		}
	});

	it('installed the packed package where the community installer puts it', () => {
		// eslint-disable-next-line @typescript-eslint/no-require-imports
		const pkg = require(`${n8n.userFolder}/.n8n/nodes/node_modules/n8n-nodes-datatruck/package.json`);
		expect(pkg.name).toBe('n8n-nodes-datatruck');
		expect(pkg.n8n.nodes).toEqual(
			expect.arrayContaining(['dist/nodes/Datatruck/Datatruck.node.js', 'dist/nodes/DatatruckTrigger/DatatruckTrigger.node.js']),
		);
	});
});
