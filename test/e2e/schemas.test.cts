/**
 * The output schemas inside a running n8n, as the editor fetches them: with the packed package installed the
 * way the community-node installer does, `GET /schemas/<node type>/<version>/<resource>/<operation>.json`
 * (no session: the editor sends none) must serve the shipped file of every operation of the Datatruck node.
 * n8n's editor asks for it when a node before the one being edited has not run, and shows its fields for
 * mapping; it asks for nothing for a trigger node ("Trigger nodes do not have schema previews", n8n 2.41).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as runtime from '../../scripts/n8n-runtime.cjs';
import { padVersion, ROOT, schemaTargets } from '../schemas/targets.cts';
import type { Session } from './lib/n8n.cts';
import { sharedSession } from './lib/sharedN8n.cts';

const PACKAGE = 'n8n-nodes-datatruck';

describe('output schemas in n8n', () => {
	let session: Session;

	beforeAll(async () => {
		session = await sharedSession();
	});
	afterAll(() => session?.stop());

	const get = (path: string) => runtime.httpJson('GET', `${session.url}${path}`);

	it('serves every operation’s schema at the path the editor asks for, with no session', async () => {
		const actions = schemaTargets().filter((t) => t.node === 'datatruck' && !t.variant);
		expect(actions).toHaveLength(16);
		// 1.2 is what new workflows get; 1 and 1.1 are kept for workflows saved before Driver › Update and Sort changed.
		for (const version of [1, 1.1, 1.2]) {
			for (const target of actions) {
				const reply = await get(`/schemas/${PACKAGE}.datatruck/${padVersion(version)}/${target.operation}.json`);
				expect({ version, operation: target.operation, status: reply.status }).toEqual({ version, operation: target.operation, status: 200 });
				expect(reply.json).toEqual(JSON.parse(readFileSync(join(ROOT, target.file), 'utf8')));
			}
		}
	});

	it('the node type the editor knows has the version and resource/operation values the paths are built from', async () => {
		// The editor's node-type list: the type name and version it passes to the schema request.
		const types = await session.request<Array<{ name: string; version: number | number[]; properties: Array<{ name: string }> }>>(
			'GET',
			'/types/nodes.json',
		);
		const datatruck = types.find((t) => t.name === `${PACKAGE}.datatruck`);
		expect(datatruck?.version).toEqual([1, 1.1, 1.2]);
		expect(datatruck?.properties.map((p) => p.name)).toEqual(expect.arrayContaining(['resource', 'operation']));
	});

	it('answers 404 for an operation without a schema, and never serves a file outside __schema__', async () => {
		expect((await get(`/schemas/${PACKAGE}.datatruck/1.0.0/load/archive.json`)).status).toBe(404);
		const outside = await get(`/schemas/${PACKAGE}.datatruck/1.0.0/..%2F..%2FDatatruck.node.json`);
		// n8n 1.123's schema route does not keep the path inside __schema__: it serves the package's own codex file
		// (n8n's behaviour, fixed in 2.x; the README says so). 2.x answers 404.
		expect(outside.status).toBe(runtime.VERSIONS.n8n.startsWith('1.') ? 200 : 404);
	});

	it('also serves a trigger event’s file by its name, though the editor does not ask for triggers', async () => {
		const reply = await get(`/schemas/${PACKAGE}.datatruckTrigger/1.0.0/newLoad.json`);
		expect(reply.status).toBe(200);
		const shipped = JSON.parse(readFileSync(join(ROOT, 'nodes/DatatruckTrigger/__schema__/v1.0.0/newLoad.json'), 'utf8'));
		expect(reply.json).toEqual(shipped);
	});
});
