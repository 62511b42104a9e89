/**
 * Load › Get Documents in the real editor: the files of a load downloaded from the sandbox's storage host and shown
 * in the output panel's Binary view (the README's screenshot). Expectations come from the sandbox's data and logs
 * and from the execution n8n stored.
 */
import type { Page } from 'playwright-core';
import { launchUi, type Ui } from './lib/browser.cts';
import {
	creatorItem,
	ndv,
	newWorkflow,
	outputItemCount,
	outputPanel,
	param,
	pickAction,
	runFromNdv,
	screenshot,
	searchFirstStep,
	selectedOption,
	selectOption,
	signIn,
	tid,
	useCredential,
	workflowIdOf,
} from './lib/editor.cts';
import { lastRunItems } from './lib/executions.cts';
import { openPicker, typeInPicker } from './lib/pickers.cts';
import { startInstance, type Instance } from './lib/instance.cts';

describe('Load › Get Documents in the n8n editor (Chromium)', () => {
	let inst: Instance;
	let ui: Ui;
	let page: Page;
	let credentialId: string;

	beforeAll(async () => {
		inst = await startInstance('documents');
		credentialId = await inst.createCredential('Datatruck (sandbox)');
		ui = await launchUi();
		page = ui.page;
	}, 480_000);

	afterAll(async () => {
		await ui?.close();
		await inst?.stop();
	});

	it('downloads a load’s documents into one item and shows them in the Binary view', async () => {
		const load = inst.sb.data.orders.find((o) => o.documents.length === 4)!;
		await signIn(page, inst.url, inst.owner);
		await newWorkflow(page, inst.url);
		await searchFirstStep(page, 'Datatruck');
		await creatorItem(page, 'Datatruck').click();
		await pickAction(page, 'Get the documents of a load');
		await useCredential(page, credentialId);
		expect(await selectedOption(param(page, 'operation'))).toBe('Get Documents');
		// The load is picked the way a dispatcher does: typed load number, then the list entry.
		const search = await openPicker(page, 'loadId');
		await (await typeInPicker(page, search, String(load.load_id), `Load ${load.load_id}`)).click();
		await selectOption(page, param(page, 'output'), 'One Item per Load');

		inst.sb.clearLog();
		inst.sb.documents.clearLog();
		expect(await runFromNdv(page)).toBe('success');
		expect(await outputItemCount(outputPanel(page))).toBe(1);
		expect(inst.sb.log.map((e) => `${e.method} ${e.path} ${e.status}`)).toEqual([`GET /api/v1/openapi/orders/${load.id} 200`]);
		expect(inst.sb.documents.log.map((e) => [e.status, e.authorization])).toEqual(load.documents.map(() => [200, undefined]));

		const modes = outputPanel(page).locator(tid('ndv-run-data-display-mode'));
		await modes.getByText('Binary', { exact: true }).click();
		const names = load.documents.map((d) => new URL(d.file_link).pathname.split('/').pop()!);
		for (const name of names) await outputPanel(page).getByText(name).first().waitFor();
		await page.mouse.move(1, 1);
		await screenshot(page, 'load-get-documents-binary');

		// What n8n stored: one binary field per document type, each the size of the file the host served.
		const [item] = await lastRunItems(inst, workflowIdOf(page), 'Get the documents of a load');
		const binary = item.binary ?? {};
		expect(Object.keys(binary)).toEqual(load.documents.map((d) => d.file_type));
		for (const [index, document] of load.documents.entries()) {
			const served = inst.sb.documents.fileAt(document.file_link);
			expect(binary[document.file_type]).toMatchObject({
				fileName: names[index],
				mimeType: served.contentType,
				bytes: served.bytes.length,
			});
		}
		await ndv(page).locator(tid('ndv-close-button')).click();
	});
});
