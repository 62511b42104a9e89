/**
 * One editor session for a UI test file: its own n8n (instance.cts) with a sandbox credential, Chromium, the owner
 * signed in, a picture of the window after every test, and a new workflow with one Datatruck action opened as the
 * node panel adds it (so at the node's default version).
 */
import type { Page } from 'playwright-core';
import { launchUi, type Ui } from './browser.cts';
import { closeNdv, creatorItem, ndv, newWorkflow, pickAction, screenshot, searchFirstStep, signIn, useCredential } from './editor.cts';
import { startInstance, type Instance } from './instance.cts';

export interface EditorSession {
	readonly inst: Instance;
	readonly ui: Ui;
	readonly page: Page;
	readonly credentialId: string;
	/** A new workflow with the action's Datatruck node open and the sandbox credential chosen. */
	openAction(action: string): Promise<void>;
}

export function useEditorSession(name: string): EditorSession {
	let inst: Instance;
	let ui: Ui;
	let credentialId: string;

	beforeAll(async () => {
		inst = await startInstance(name);
		credentialId = await inst.createCredential('Datatruck (sandbox)');
		ui = await launchUi();
		// Leaving a workflow with unsaved changes asks "leave the page?": a new workflow is what the next test wants.
		ui.page.on('dialog', (dialog) => void dialog.accept().catch(() => undefined));
		await signIn(ui.page, inst.url, inst.owner);
	}, 240_000);

	let shotIndex = 0;
	afterEach(async () => {
		const test = (expect.getState().currentTestName ?? 'test').replace(/[^a-z0-9]+/gi, '-').slice(0, 60);
		await screenshot(ui.page, `after/${name}-${String(++shotIndex).padStart(2, '0')}-${test}`, { keepToasts: true }).catch(() => undefined);
	});

	afterAll(async () => {
		await ui?.close();
		await inst?.stop();
	});

	return {
		get inst() {
			return inst;
		},
		get ui() {
			return ui;
		},
		get page() {
			return ui.page;
		},
		get credentialId() {
			return credentialId;
		},
		async openAction(action: string) {
			const { page } = ui;
			if (await ndv(page).isVisible()) await closeNdv(page);
			await newWorkflow(page, inst.url);
			await searchFirstStep(page, 'Datatruck');
			await creatorItem(page, 'Datatruck').click();
			await pickAction(page, action);
			await useCredential(page, credentialId);
		},
	};
}
