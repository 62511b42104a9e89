/**
 * The output schemas as the editor uses them (Chromium, n8n 2.41.1, the packed package installed as the community
 * installer does): a node placed after a Datatruck node that has never run shows, in its input panel, the fields of
 * the Datatruck operation's shipped schema, ready to drag into a parameter, with no request sent to Datatruck.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { ROOT } from '../schemas/targets.cts';
import { launchUi, type Ui } from './lib/browser.cts';
import { goInEditor, ndv, screenshot, signIn, tid } from './lib/editor.cts';
import { startInstance, type Instance } from './lib/instance.cts';

const NODE = 'n8n-nodes-datatruck.datatruck';
const TRIGGER = 'n8n-nodes-datatruck.datatruckTrigger';

const schemaFields = (file: string) =>
	Object.keys((JSON.parse(readFileSync(join(ROOT, file), 'utf8')) as { properties: object }).properties);

describe('output schema preview in the n8n editor (Chromium)', () => {
	let inst: Instance;
	let ui: Ui;
	let page: Page;
	let credentialId: string;
	const schemaRequests: string[] = [];

	beforeAll(async () => {
		inst = await startInstance('schema-preview');
		credentialId = await inst.createCredential('Datatruck (sandbox)');
		ui = await launchUi();
		page = ui.page;
		page.on('request', (request) => {
			const path = new URL(request.url()).pathname;
			if (path.startsWith('/schemas/')) schemaRequests.push(path);
		});
		await signIn(page, inst.url, inst.owner);
	}, 480_000);

	let shotIndex = 0;
	afterEach(async () => {
		// What the window showed when each test ended: the first thing to look at when one fails.
		const name = (expect.getState().currentTestName ?? 'test').replace(/[^a-z0-9]+/gi, '-').slice(0, 60);
		await screenshot(page, `schema-preview/${String(++shotIndex).padStart(2, '0')}-${name}`).catch(() => undefined);
	});

	afterAll(async () => {
		await ui?.close();
		await inst?.stop();
	});

	/** Saves `first → No Operation` through n8n's REST API (nothing runs) and opens the No Operation node. */
	async function openNodeAfter(first: { type: string; parameters: Record<string, unknown> }, name: string) {
		const nodes = [
			{ id: 'first', name: 'First', type: first.type, typeVersion: first.type === NODE ? 1.1 : 1, position: [0, 0], parameters: first.parameters, credentials: { datatruckApi: { id: credentialId, name: 'Datatruck (sandbox)' } } },
			{ id: 'after', name: 'After', type: 'n8n-nodes-base.noOp', typeVersion: 1, position: [300, 0], parameters: {} },
		];
		const workflow = await inst.rest('POST', '/workflows', {
			name,
			nodes,
			connections: { First: { main: [[{ node: 'After', type: 'main', index: 0 }]] } },
			settings: { executionOrder: 'v1' },
			active: false,
		});
		schemaRequests.length = 0;
		inst.sb.clearLog();
		const path = `/workflow/${workflow.data.id}/after`;
		await goInEditor(page, inst.url, path, (to) => to.pathname === path);
		await ndv(page).waitFor();
		return ndv(page).locator(tid('ndv-input-panel'));
	}

	it('a node after Load › Get that never ran offers the load’s fields from the shipped schema, nested ones too', async () => {
		const input = await openNodeAfter({ type: NODE, parameters: { resource: 'load', operation: 'get', loadId: '10008' } }, 'Schema preview: load get');
		await input.getByText('Usually outputs the following fields', { exact: false }).waitFor({ timeout: 60_000 });
		const fields = schemaFields('nodes/Datatruck/__schema__/v1.1.0/load/get.json');
		for (const field of ['created_datetime', 'customer__company_name', 'assigned_driver_n_truck', 'driver_full_name']) {
			await input.getByText(field, { exact: true }).first().waitFor();
		}
		expect(fields).toEqual(expect.arrayContaining(['created_datetime', 'customer__company_name', 'trip']));
		await screenshot(page, 'schema-preview-load-get');
		// The list is virtual: at its end, the trip (an object that is null before dispatch) is open, with its fields.
		await input.locator('.vue-recycle-scroller').first().evaluate((el) => el.scrollTo(0, el.scrollHeight));
		for (const field of ['driver__full_name', 'settlement__status', 'team_driver__full_name', 'truck__unit_number']) {
			await input.getByText(field, { exact: true }).first().waitFor();
		}
		// Datatruck 1.1, what the editor adds today, reads the schemas of its own version's folder.
		expect(schemaRequests).toContain(`/schemas/${NODE}/1.1.0/load/get.json`);
		expect(inst.sb.log).toEqual([]);
	});

	it('with Simplify on, the editor still asks for the operation’s file (n8n passes only resource and operation)', async () => {
		const input = await openNodeAfter(
			{ type: NODE, parameters: { resource: 'load', operation: 'getMany', limit: 5, simplify: true } },
			'Schema preview: load get many simplified',
		);
		await input.getByText('customer__company_name', { exact: true }).first().waitFor({ timeout: 60_000 });
		expect(schemaRequests).toEqual([`/schemas/${NODE}/1.1.0/load/getMany.json`]);
	});

	it('after the Datatruck Trigger the editor offers no preview (n8n 2.41 gives trigger nodes none)', async () => {
		const input = await openNodeAfter({ type: TRIGGER, parameters: { event: 'newLoad' } }, 'Schema preview: trigger');
		await input.waitFor();
		await page.waitForTimeout(2_000);
		// It asks for the node's version-level file only (no resource/operation), which n8n resolves to
		// `__schema__/v1.0.0.json`; even with one, its schema view refuses previews of trigger nodes.
		expect(schemaRequests).toEqual([`/schemas/${TRIGGER}/1.0.0.json`]);
		expect(await input.getByText('Usually outputs the following fields', { exact: false }).count()).toBe(0);
		expect(await input.getByText('customer__company_name', { exact: true }).count()).toBe(0);
	});
});
