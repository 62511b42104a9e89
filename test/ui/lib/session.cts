import type { Page } from 'playwright-core';
import { launchUi, type Ui } from './browser.cts';
import { openDatatruckAction, screenshot, signIn } from './editor.cts';
import { startInstance, type Instance } from './instance.cts';

/** What a test file of the editor suite works with: its n8n, its browser page, and one Datatruck credential. */
export interface EditorSession {
	inst: Instance;
	ui: Ui;
	page: Page;
	credentialId: string;
	/** A new workflow with the Datatruck node on `action` and the credential picked. */
	openAction(action: string): Promise<void>;
}

/**
 * Registers the file's hooks: its own n8n and a signed-in browser before the tests, a picture of the window after
 * each (`after/<name>-NN-<test>.png`, the first thing to look at when one fails), and both stopped after. The
 * returned object is filled in by `beforeAll`.
 */
export function useEditorSession(name: string): EditorSession {
	const session = {} as EditorSession;
	beforeAll(async () => {
		session.inst = await startInstance(name);
		session.credentialId = await session.inst.createCredential('Datatruck (sandbox)');
		session.ui = await launchUi();
		session.page = session.ui.page;
		// Leaving a workflow with unsaved changes asks "leave the page?": a new workflow is what the next test wants.
		session.page.on('dialog', (dialog) => void dialog.accept().catch(() => undefined));
		await signIn(session.page, session.inst.url, session.inst.owner);
		session.openAction = (action) => openDatatruckAction(session.page, session.inst.url, session.credentialId, action);
	}, 480_000);

	let shotIndex = 0;
	afterEach(async () => {
		const test = (expect.getState().currentTestName ?? 'test').replace(/[^a-z0-9]+/gi, '-').slice(0, 60);
		await screenshot(session.page, `after/${name}-${String(++shotIndex).padStart(2, '0')}-${test}`, { keepToasts: true }).catch(() => undefined);
	});

	afterAll(async () => {
		await session.ui?.close();
		await session.inst?.stop();
	});
	return session;
}
