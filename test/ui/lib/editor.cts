/// <reference lib="dom" />
/**
 * What a person does in n8n's editor, in terms of the editor's own hooks: its `data-test-id` attributes (the ones
 * n8n's own end-to-end tests use) and `data-parameter-path` (the path of a node parameter, unambiguous even inside
 * repeated collections). Read off n8n 2.41.1's editor DOM; nothing here depends on CSS class names.
 */
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Locator, Page, Request } from 'playwright-core';
import type { Owner } from '../../../scripts/n8n-runtime.cjs';
import { consoleErrorsOf, failedRestCalls } from './browser.cts';
import { SHOTS_DIR } from './instance.cts';

export const tid = (id: string) => `[data-test-id="${id}"]`;

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** Matches the whole text, so "Is" does not also pick "Is Not". */
export const exactly = (s: string) => new RegExp(`^\\s*${escapeRegExp(s)}\\s*$`);

export async function signIn(page: Page, url: string, owner: Pick<Owner, 'email' | 'password'>): Promise<void> {
	await page.goto(`${url}/signin`);
	await page.locator(`${tid('emailOrLdapLoginId')} input`).fill(owner.email);
	await page.locator(`${tid('password')} input`).fill(owner.password);
	await page.locator(tid('form-submit-button')).click();
	await page.waitForURL((u) => !u.pathname.startsWith('/signin'));
}

/**
 * Goes to `path` of the editor the way its own links and buttons do once it is loaded: through its router, inside
 * the page. A reload (`page.goto`) makes Chromium load and start the whole editor again, 10-18 s of its CPU each on
 * CI's 2 cores, against well under one second this way (docs/development.md). Leaving a workflow with unsaved
 * changes, n8n asks first: the suite leaves without saving, as it accepts a reload's "leave the page?". Before the
 * editor is loaded (or signed in), it is a reload. Resolves once the URL satisfies `arrived`.
 */
export async function goInEditor(page: Page, url: string, path: string, arrived: (to: URL) => boolean): Promise<void> {
	const from = page.url();
	const inEditor = from.startsWith(url) && !/^\/(signin|setup)\b/.test(new URL(from).pathname);
	const push = () =>
		page.evaluate((to) => {
			const router = (document.querySelector('#app') as { __vue_app__?: { config: { globalProperties: { $router?: { push(to: string): Promise<unknown> } } } } } | null)
				?.__vue_app__?.config.globalProperties.$router;
			if (!router) return false;
			void router.push(to).catch(() => undefined);
			return true;
		}, path);
	if (!inEditor || !(await push())) {
		await page.goto(`${url}${path}`);
		await page.waitForURL(arrived);
		return;
	}
	const leave = page.locator('.el-message-box').getByRole('button', { name: 'Leave without saving' });
	const started = Date.now();
	let pushedAt = started;
	while (!arrived(new URL(page.url()))) {
		if (Date.now() - started > 60_000) throw new Error(`the editor did not go from ${from} to ${path} within 60 s`);
		if (await leave.isVisible()) {
			await leave.click();
			pushedAt = Date.now();
		} else if (page.url() === from && Date.now() - pushedAt > 5_000) {
			// Pushed while the editor was still settling on a page it had just been sent to (the home page right
			// after signing in), the router drops the push: push again.
			await push();
			pushedAt = Date.now();
		}
		await page.waitForTimeout(100);
	}
}

/** A new, empty workflow in the editor (n8n saves it at once and moves to /workflow/<id>). */
export async function newWorkflow(page: Page, url: string): Promise<void> {
	const from = page.url();
	await goInEditor(page, url, '/workflow/new', (to) => to.href !== from && /^\/workflow\/(?!new\b)[^/]+/.test(to.pathname));
	await page.locator(tid('canvas-add-button')).waitFor();
}

export function workflowIdOf(page: Page): string {
	const m = /\/workflow\/([^/?#]+)/.exec(page.url());
	if (!m || m[1] === 'new') throw new Error(`no saved workflow id in ${page.url()}`);
	return m[1];
}

// ---- node creator (the panel that opens on "+") -----------------------------------------------------------------

export const nodeCreator = (page: Page) => page.locator(tid('node-creator'));

/** Opens the node panel on an empty canvas ("Add first step") and types into its search. */
export async function searchFirstStep(page: Page, text: string): Promise<Locator> {
	await page.locator(tid('canvas-add-button')).click();
	await page.locator(tid('node-creator-search-bar')).fill(text);
	return nodeCreator(page);
}

export function creatorItem(page: Page, name: string): Locator {
	return nodeCreator(page).locator(tid('node-creator-item-name'), { hasText: exactly(name) });
}

/** The rows under one category ("Triggers (5)" / "Actions (13)") of an app's detail view, expanded if needed. */
export async function creatorCategory(page: Page, prefix: 'Triggers' | 'Actions'): Promise<Locator> {
	const header = nodeCreator(page).locator(tid('node-creator-category-item'), { hasText: new RegExp(`^\\s*${prefix}\\b`) });
	await header.waitFor();
	return header;
}

/** Picks an action or trigger event by its human name and waits for the node's parameter panel to open. */
export async function pickAction(page: Page, name: string): Promise<void> {
	const item = creatorItem(page, name);
	// The category header renders with its rows: once it is there, a hidden row means "collapsed", not "not yet".
	const actions = await creatorCategory(page, 'Actions');
	if (!(await item.isVisible())) await actions.click();
	await item.click();
	await ndv(page).waitFor();
}

// ---- node details view (NDV) -----------------------------------------------------------------------------------

export const ndv = (page: Page) => page.locator(tid('ndv'));

/** A node parameter by its path, e.g. `filters.conditions[1].operator`. */
export function param(page: Page, path: string): Locator {
	return ndv(page).locator(`[data-parameter-path="parameters.${path}"]`);
}

/** The whole row of a parameter (its label, switches and input), e.g. to scroll it into view. */
export function parameterRow(inner: Locator): Locator {
	return inner.locator(`xpath=ancestor::*[@data-test-id="parameter-item"][1]`);
}

/** Opens an options parameter's dropdown and returns its list box (linked by the combobox's aria-controls). */
export async function openDropdown(page: Page, select: Locator): Promise<Locator> {
	const combobox = select.locator('input[role="combobox"]').first();
	await combobox.click().catch(async (error: unknown) => {
		// Where the options could not be loaded the editor shows a plain input that says so ("Error fetching options",
		// "Set up credential to see options"), and the reason only in n8n's answer: a timeout alone would not tell why.
		const shown = await select
			.locator('input, textarea')
			.evaluateAll((inputs) => inputs.map((input) => `<${input.tagName.toLowerCase()} placeholder="${input.getAttribute('placeholder') ?? ''}" value="${(input as HTMLInputElement).value}">`))
			.catch(() => []);
		const where = shown.length ? `the parameter shows ${shown.join(', ')}` : `the node panel has ${await select.count()} such parameter(s)`;
		throw new Error(`No dropdown to open: ${where}. n8n's failed answers: ${JSON.stringify(failedRestCalls(page))}. ${String(error)}`);
	});
	const listId = await combobox.getAttribute('aria-controls');
	if (!listId) throw new Error('the dropdown has no list box');
	const list = page.locator(`[id="${listId}"]`);
	await list.waitFor({ state: 'visible' });
	return list;
}

/** The option names a parameter dropdown lists, in order; leaves the dropdown closed. */
export async function dropdownOptions(page: Page, select: Locator): Promise<string[]> {
	const list = await openDropdown(page, select);
	const names = (await list.locator(`${tid('parameter-input-item')} .option-headline`).allInnerTexts()).map((n) => n.trim());
	await page.keyboard.press('Escape');
	await list.waitFor({ state: 'hidden' });
	return names;
}

export async function selectOption(page: Page, select: Locator, name: string): Promise<void> {
	const list = await openDropdown(page, select);
	await list
		.locator(tid('parameter-input-item'))
		.filter({ has: page.locator('.option-headline', { hasText: exactly(name) }) })
		.click();
	await list.waitFor({ state: 'hidden' });
}

/** The value an options parameter shows. */
export async function selectedOption(select: Locator): Promise<string> {
	return (await select.locator('input[role="combobox"]').first().inputValue()).trim();
}

export async function fillParam(page: Page, path: string, value: string): Promise<void> {
	await param(page, path).locator('input, textarea').first().fill(value);
}

/** Picks a stored credential in the NDV's credential slot (by id: several may share a type). */
export async function useCredential(page: Page, credentialId: string): Promise<void> {
	const select = ndv(page).locator(tid('node-credentials-select'));
	const combobox = select.locator('input').first();
	await combobox.click();
	const list = page.locator(`[id="${await combobox.getAttribute('aria-controls')}"]`);
	await list.locator(tid(`node-credentials-select-item-${credentialId}`)).click();
	await list.waitFor({ state: 'hidden' });
}

/**
 * A new workflow whose first step is the Datatruck node on `action` (its name in the node panel, e.g. "Update a
 * driver"), with the credential picked; an open node panel is closed first.
 */
export async function openDatatruckAction(page: Page, url: string, credentialId: string, action: string): Promise<void> {
	if (await ndv(page).isVisible()) await closeNdv(page);
	await newWorkflow(page, url);
	await searchFirstStep(page, 'Datatruck');
	await creatorItem(page, 'Datatruck').click();
	const loads = watchOptionLoads(page);
	await pickAction(page, action);
	await useCredential(page, credentialId);
	// What a person does when a dropdown says "Error fetching options" though the credential is set: open the node again.
	if ((await loads.settle()) > 0) await reopenDatatruckNode(page);
}

export const OPTIONS_LOAD_PATH = '/rest/dynamic-node-parameters/options';
const WANTS_CREDENTIAL = 'Node does not have any credentials set';

/**
 * Watches the editor's loads of a parameter's options (a dropdown's list) until `settle`, which waits for them to end
 * and says how many n8n refused for want of the node's credential. On a busy machine n8n 2.41.1's editor can send the
 * first load before it has given a new node its credential (it reads the project's credentials again as the node
 * panel opens); n8n refuses that load, and the load the credential then asks for is dropped because one is under way
 * (its ParameterInput loads one at a time). The parameter then says "Error fetching options" with the credential set.
 * Chromium logs each refusal as a console error: that error is the editor's, and is set aside with this reason.
 */
function watchOptionLoads(page: Page): { settle(atLeast?: number): Promise<number> } {
	const pending = new Set<Request>();
	let sentCount = 0;
	let refused = 0;
	const sent = (request: Request) => {
		if (new URL(request.url()).pathname !== OPTIONS_LOAD_PATH) return;
		pending.add(request);
		sentCount++;
	};
	const ended = (request: Request) => {
		if (!pending.has(request)) return;
		void request
			.response()
			.then(async (response) => {
				if (response && response.status() >= 400 && (await response.text()).includes(WANTS_CREDENTIAL)) refused++;
			})
			.catch(() => undefined)
			.finally(() => pending.delete(request));
	};
	const failed = (request: Request) => void pending.delete(request);
	page.on('request', sent);
	page.on('requestfinished', ended);
	page.on('requestfailed', failed);
	return {
		/** `atLeast`: the loads that must have been sent (a panel sends its loads just after it shows). */
		async settle(atLeast = 0) {
			const deadline = Date.now() + 60_000;
			while ((pending.size > 0 || sentCount < atLeast) && Date.now() < deadline) await page.waitForTimeout(100);
			page.off('request', sent);
			page.off('requestfinished', ended);
			page.off('requestfailed', failed);
			if (pending.size > 0 || sentCount < atLeast) throw new Error(`a parameter's options: ${sentCount} load(s) sent, ${pending.size} still under way after 60 s`);
			await setAsideRefusedLoads(page, refused);
			return refused;
		},
	};
}

/** Marks the console errors of `count` refused option loads (Chromium may log one just after the answer ends). */
async function setAsideRefusedLoads(page: Page, count: number): Promise<void> {
	const reason = 'the editor loaded a parameter\'s options before it gave the new node its credential (lib/editor.cts watchOptionLoads)';
	const unmarked = () =>
		consoleErrorsOf(page).filter((e) => e.setAside === undefined && e.location.endsWith(OPTIONS_LOAD_PATH) && /status of 500/.test(e.text));
	const deadline = Date.now() + 5_000;
	while (unmarked().length < count && Date.now() < deadline) await page.waitForTimeout(100);
	for (const entry of unmarked().slice(0, count)) entry.setAside = reason;
}

/**
 * Closes the node panel and opens the Datatruck node again from the canvas; returns once the options its parameters
 * load anew are in (a dropdown is disabled while its options load, and its input is replaced when they arrive).
 */
async function reopenDatatruckNode(page: Page): Promise<void> {
	await closeNdv(page);
	const loads = watchOptionLoads(page);
	await page.locator(`${tid('canvas-node')}[data-node-type$=".datatruck"]`).dblclick();
	await ndv(page).waitFor();
	if ((await loads.settle(1)) > 0) throw new Error('n8n refused the options of the Datatruck node opened again for want of its credential');
}

export const outputPanel = (page: Page) => page.locator(tid('output-panel'));

/**
 * Clicks the NDV's run button ("Execute step", or "Fetch Test Event" for a trigger) and waits for a result. A node
 * that already shows a result keeps showing it while it runs again, so a re-run passes `until`: a check of the new
 * output, polled until it holds.
 */
export async function runFromNdv(page: Page, until?: () => Promise<boolean>): Promise<'success' | 'danger'> {
	await ndv(page).locator(tid('node-execute-button')).click();
	if (until) {
		const deadline = Date.now() + 60_000;
		while (!(await until().catch(() => false))) {
			if (Date.now() > deadline) throw new Error('the node ran, but its output never met the expected condition');
			await page.waitForTimeout(250);
		}
	}
	const status = outputPanel(page).locator(`${tid('node-run-status-success')}, ${tid('node-run-status-danger')}`);
	await status.first().waitFor({ timeout: 60_000 });
	return (await status.first().getAttribute('data-test-id')) === 'node-run-status-success' ? 'success' : 'danger';
}

/** "16 items" → 16, as the header of an output (the NDV's output panel, or the logs panel's) says. */
export async function outputItemCount(root: Locator): Promise<number> {
	const text = await root.locator(`${tid('ndv-items-count')}, ${tid('run-data-item-count')}`).first().innerText();
	const m = /(\d+)\s+items?/.exec(text);
	if (!m) throw new Error(`no item count in "${text}"`);
	return Number(m[1]);
}

/**
 * The item count a panel settles on: the logs panel shows its header before the run's data has reached it ("0 items"
 * on a busy machine), so the count is read again until it is `expected` or `limitMs` passes; the last one read is
 * returned either way, for the caller's expectation to compare.
 */
export async function settledItemCount(root: Locator, expected: number, limitMs = 30_000): Promise<number> {
	const deadline = Date.now() + limitMs;
	for (;;) {
		const count = await outputItemCount(root).catch(() => undefined);
		if (count === expected || (Date.now() > deadline && count !== undefined)) return count;
		if (Date.now() > deadline) return await outputItemCount(root);
		await root.page().waitForTimeout(250);
	}
}

/** The output table as shown (Table view): column names and each row's cell texts. */
export async function outputTable(root: Locator): Promise<{ columns: string[]; rows: string[][] }> {
	const container = root.locator(tid('ndv-data-container'));
	await container.locator('table').first().waitFor();
	return container.evaluate((el) => {
		const table = el.querySelector('table') as HTMLTableElement;
		const columns = Array.from(table.querySelectorAll(':scope > thead > tr > th')).map((th) => (th as HTMLElement).innerText.trim());
		const rows = Array.from(table.querySelectorAll(':scope > tbody > tr')).map((tr) =>
			Array.from(tr.querySelectorAll(':scope > td')).map((td) => (td as HTMLElement).innerText.trim()),
		);
		return { columns, rows };
	});
}

/** One column of the output table, e.g. every `id` shown. */
export async function outputColumn(root: Locator, column: string): Promise<string[]> {
	const { columns, rows } = await outputTable(root);
	const index = columns.indexOf(column);
	if (index < 0) throw new Error(`no column "${column}" in the output table (${columns.join(', ')})`);
	return rows.map((row) => row[index]);
}

export async function closeNdv(page: Page): Promise<void> {
	await ndv(page).locator(tid('ndv-close-button')).click();
	await ndv(page).waitFor({ state: 'hidden' });
}

// ---- screenshots -----------------------------------------------------------------------------------------------

/** Scrolls the element's scroll container so the element sits at its top (for a screenshot that shows what follows). */
export async function scrollToTop(page: Page, target: Locator): Promise<void> {
	await target.evaluate((el) => el.scrollIntoView({ block: 'start' }));
	await page.waitForTimeout(100); // one frame for sticky headers to settle
}

/** Saves a full-window PNG under test-results/ui/ (git-ignored); `npm run screenshots` picks from there. */
export async function screenshot(page: Page, name: string, { keepToasts = false } = {}): Promise<string> {
	const file = join(SHOTS_DIR, `${name}.png`);
	mkdirSync(dirname(file), { recursive: true });
	// The caret blinks and transitions run: freeze both so the picture is stable. Toasts ("Node executed
	// successfully", "Credential saved"…) come and go and cover the output: the pictures for the docs leave them out
	// (cosmetic only; element-plus' notification has no data-test-id).
	await page.screenshot({
		path: file,
		animations: 'disabled',
		caret: 'hide',
		style: keepToasts ? undefined : '.el-notification { visibility: hidden !important; }',
	});
	return file;
}
