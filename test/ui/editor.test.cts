/**
 * The Datatruck node as a person meets it: Debian's Chromium drives the real n8n editor (n8n 2.41.1, the packed
 * package installed as the community installer does, a fresh user folder) against the sandbox in this process.
 *
 * Expectations come from outside the UI wherever possible: the node types n8n serves to the editor, the sandbox's
 * own data and request log, and the execution n8n stored. Screenshots go to test-results/ui/.
 */
import type { Page } from 'playwright-core';
import { FILTER_OPERATORS } from '../../nodes/Datatruck/shared/lists/filters';
import { LOAD_FIELDS } from '../../nodes/Datatruck/resources/load/fields';
import { PROCEDURE_NAMES, type Order, type RequestLogEntry } from '../sandbox/index.cts';
import { example } from '../e2e/lib/examples.cts';
import { saveCredential } from '../e2e/lib/n8n.cts';
import { direct } from '../e2e/lib/suite.cts';
import { launchUi, type Ui } from './lib/browser.cts';
import { unexpectedErrors } from './lib/console.cts';
import {
	closeNdv,
	creatorCategory,
	creatorItem,
	dropdownOptions,
	exactly,
	fillParam,
	goInEditor,
	ndv,
	newWorkflow,
	nodeCreator,
	openDropdown,
	outputColumn,
	outputItemCount,
	settledItemCount,
	outputPanel,
	outputTable,
	param,
	parameterRow,
	pickAction,
	runFromNdv,
	screenshot,
	scrollToTop,
	searchFirstStep,
	selectedOption,
	selectOption,
	signIn,
	tid,
	useCredential,
	workflowIdOf,
} from './lib/editor.cts';
import { lastRunItems as lastRunItemsOf } from './lib/executions.cts';
import { startInstance, type Instance } from './lib/instance.cts';

const NODE = 'n8n-nodes-datatruck.datatruck';
const TRIGGER = 'n8n-nodes-datatruck.datatruckTrigger';
const ICON_PATH = '/icons/n8n-nodes-datatruck/dist/icons/datatruck.svg';
/** n8n adds this option to the resources and operations of a declarative node with a credential. */
const CUSTOM_API_CALL = '__CUSTOM_API_CALL__';

interface NodeTypeJson {
	name: string;
	displayName: string;
	properties: Array<{
		name: string;
		type: string;
		displayName: string;
		displayOptions?: { show?: Record<string, unknown[]>; hide?: Record<string, unknown[]> };
		options?: Array<{ name: string; value: string; action?: string }>;
	}>;
}

/** What the editor should offer, read from the node types n8n itself serves to the editor. */
function expectedFrom(types: NodeTypeJson[]) {
	const node = types.find((t) => t.name === NODE);
	const trigger = types.find((t) => t.name === TRIGGER);
	if (!node || !trigger) throw new Error(`n8n does not serve ${NODE} and ${TRIGGER}`);
	const resources = node.properties.find((p) => p.name === 'resource')?.options ?? [];
	const operations = resources.map((resource) => ({
		resource,
		operations: node.properties.find(
			(p) => p.name === 'operation' && (p.displayOptions?.show?.resource ?? []).includes(resource.value),
		)?.options ?? [],
	}));
	const events = trigger.properties.find((p) => p.name === 'event')?.options ?? [];
	return {
		resources,
		operations: operations.filter((r) => r.resource.value !== CUSTOM_API_CALL),
		// The node panel lists the operations that have an action name (n8n's Custom API Call has none).
		actions: operations.flatMap((r) => r.operations.filter((o) => o.action).map((o) => o.action as string)),
		events,
		/** Labels of the Datatruck node's parameters that these resource and operation values alone show. */
		nodeShows: (resource: string, operation: string) => shownBy(node, { resource, operation }),
		/** Labels of the trigger's parameters that this event alone shows. */
		triggerShows: (event: string) => shownBy(trigger, { event }),
		/** Node parameters that no resource and operation the editor offers would show: dead displayOptions. */
		nodeNeverShown: (combos: Array<Record<string, string>>) => neverShown(node, ['resource', 'operation'], combos),
		triggerNeverShown: (combos: Array<Record<string, string>>) => neverShown(trigger, ['event'], combos),
	};
}

/**
 * The labels of the top-level parameters whose displayOptions depend only on the given values and are met by them
 * (plus those without displayOptions). Notices and hidden parameters have no label; the selector itself is skipped.
 */
function shownBy(type: NodeTypeJson, values: Record<string, string>): string[] {
	return shownProperties(type, values).map((p) => p.displayName);
}

function shownProperties(type: NodeTypeJson, values: Record<string, string>): NodeTypeJson['properties'] {
	return type.properties.filter((p) => {
		if (p.name in values || ['notice', 'hidden'].includes(p.type)) return false;
		const { show, hide } = p.displayOptions ?? {};
		const keys = [...Object.keys(show ?? {}), ...Object.keys(hide ?? {})];
		if (!keys.every((k) => k in values)) return false;
		const shown = Object.entries(show ?? {}).every(([k, allowed]) => allowed.includes(values[k]));
		const hidden = Object.entries(hide ?? {}).some(([k, denied]) => denied.includes(values[k]));
		return shown && !hidden;
	});
}

/**
 * The parameters whose displayOptions depend only on `keys` but that none of `combos` (the values the editor's
 * dropdowns actually offer) shows, e.g. a parameter shown for an operation value that no operation has.
 */
function neverShown(type: NodeTypeJson, keys: string[], combos: Array<Record<string, string>>): string[] {
	return type.properties
		.filter((p) => {
			if (keys.includes(p.name) || ['notice', 'hidden'].includes(p.type)) return false;
			const conditionKeys = Object.keys({ ...p.displayOptions?.show, ...p.displayOptions?.hide });
			if (conditionKeys.length === 0 || !conditionKeys.every((k) => keys.includes(k))) return false;
			return !combos.some((values) => shownProperties(type, values).includes(p));
		})
		.map((p) => `${p.displayName} (${JSON.stringify(p.displayOptions)})`);
}

describe('Datatruck in the n8n editor (Chromium)', () => {
	let inst: Instance;
	let ui: Ui;
	let page: Page;
	let credentialId: string;
	let expected: ReturnType<typeof expectedFrom>;

	beforeAll(async () => {
		inst = await startInstance('editor');
		credentialId = await inst.createCredential('Datatruck (sandbox)');
		expected = expectedFrom(await inst.request<NodeTypeJson[]>('GET', '/types/nodes.json'));
		ui = await launchUi();
		page = ui.page;
	}, 480_000);

	afterAll(async () => {
		await ui?.close();
		await inst?.stop();
	});

	let shotIndex = 0;
	afterEach(async () => {
		// What the window showed when each test ended: the first thing to look at when one fails.
		const name = (expect.getState().currentTestName ?? 'test').replace(/[^a-z0-9]+/gi, '-').slice(0, 60);
		await screenshot(page, `after/${String(++shotIndex).padStart(2, '0')}-${name}`, { keepToasts: true }).catch(() => undefined);
	});

	/**
	 * Signed in once per session: by the sign-in test, or by the first test that needs it when that one is filtered
	 * out (`-t`), so every test can also run on its own.
	 */
	let signedIn = false;
	async function ensureSignedIn(): Promise<void> {
		if (signedIn) return;
		await signIn(page, inst.url, inst.owner);
		signedIn = true;
	}

	/** The editor with a new workflow and the Datatruck app's detail view open in the node panel. */
	async function openDatatruckInNodePanel(): Promise<void> {
		await ensureSignedIn();
		await newWorkflow(page, inst.url);
		await searchFirstStep(page, 'Datatruck');
		await creatorItem(page, 'Datatruck').click();
	}

	it('signs in with the owner set up through n8n’s API', async () => {
		await ensureSignedIn();
		expect(new URL(page.url()).pathname).not.toMatch(/^\/(signin|setup)/);
		await page.locator(tid('project-home-menu-item')).waitFor();
	});

	it('the node panel finds the Datatruck node and trigger with their icon, and lists every action by name', async () => {
		await ensureSignedIn();
		// The panel renders only the rows that fit: 16 actions and 5 events need a taller window than the others' 900 px.
		const viewport = page.viewportSize();
		await page.setViewportSize({ width: viewport?.width ?? 1440, height: 1500 });
		await newWorkflow(page, inst.url);
		const creator = await searchFirstStep(page, 'Datatruck');
		const entry = creatorItem(page, 'Datatruck');
		await entry.waitFor();
		// n8n shows an app's node and trigger as one entry; both of ours carry the package's icon.
		const icon = creator.locator(`${tid('node-creator-action-item')} img[src$="${ICON_PATH}"]`).first();
		await icon.waitFor();
		expect(await icon.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
		await screenshot(page, 'node-panel-search');

		await entry.click();
		const triggers = await creatorCategory(page, 'Triggers');
		const actions = await creatorCategory(page, 'Actions');
		expect((await triggers.innerText()).trim()).toBe(`Triggers (${expected.events.length})`);
		expect((await actions.innerText()).trim()).toBe(`Actions (${expected.actions.length})`);
		if (!(await creatorItem(page, expected.actions[0]).isVisible())) await actions.click();

		// The rows render in batches after a category opens, and a busy machine can be caught between two: wait
		// (scrolling the last row rendered into view) until every event and action is there, for up to 15 s.
		const names = nodeCreator(page).locator(tid('node-creator-item-name'));
		const total = expected.events.length + expected.actions.length;
		for (const until = Date.now() + 15_000; (await names.count()) < total && Date.now() < until; ) {
			await names.last().scrollIntoViewIfNeeded().catch(() => undefined);
			await page.waitForTimeout(200);
		}
		const shown = (await names.allInnerTexts()).map((t) => t.trim());
		// Trigger events read "On <event>" (n8n lower-cases the event's name); actions read as the node names them.
		const shownEvents = shown.filter((t) => t.startsWith('On ')).map((t) => t.toLowerCase());
		expect(shownEvents).toEqual(expected.events.map((e) => `on ${e.name}`.toLowerCase()));
		expect(shown.filter((t) => !t.startsWith('On ')).sort()).toEqual([...expected.actions].sort());
		// Every row of the detail view shows the icon, and every copy of it loaded.
		const icons = nodeCreator(page).locator(`img[src$="${ICON_PATH}"]`);
		expect(await icons.count()).toBeGreaterThanOrEqual(shown.length);
		expect(await icons.evaluateAll((imgs) => imgs.every((img) => (img as HTMLImageElement).naturalWidth > 0))).toBe(true);
		await screenshot(page, 'node-panel');
		if (viewport) await page.setViewportSize(viewport);
	});

	it('Load › Get Many: two filter conditions run from the editor and return the loads the sandbox holds', async () => {
		await openDatatruckInNodePanel();
		await pickAction(page, 'Get many loads');
		await useCredential(page, credentialId);
		expect(await selectedOption(param(page, 'resource'))).toBe('Load');
		expect(await selectedOption(param(page, 'operation'))).toBe('Get Many');

		const filters = ndv(page).locator(tid('fixed-collection-filters'));
		await filters.locator(tid('fixed-collection-add')).click();
		expect(await dropdownOptions(page, param(page, 'filters.conditions[0].field'))).toEqual([
			...LOAD_FIELDS.map((f) => f.name).sort((a, b) => a.localeCompare(b)),
			'Custom Field Path',
		]);
		const operators = await dropdownOptions(page, param(page, 'filters.conditions[0].operator'));
		expect(operators).toHaveLength(15);
		expect(operators).toEqual(FILTER_OPERATORS.map((o) => o.name));

		await selectOption(page, param(page, 'filters.conditions[0].field'), 'Status');
		await selectOption(page, param(page, 'filters.conditions[0].operator'), 'Is');
		await fillParam(page, 'filters.conditions[0].value', 'booked');
		await filters.locator(tid('fixed-collection-add')).click();
		await selectOption(page, param(page, 'filters.conditions[1].field'), 'Load Pay');
		await selectOption(page, param(page, 'filters.conditions[1].operator'), 'Greater Than (≥)');
		await fillParam(page, 'filters.conditions[1].value', '4000');

		// The loads the sandbox holds that match, worked out from its data, not from its filter engine.
		const matching = inst.sb.data.orders.filter((o: Order) => o.status === 'booked' && Number(o.load_pay) >= 4000);
		const limit = Number(await param(page, 'limit').locator('input').inputValue());
		expect(matching.length).toBeGreaterThan(1);
		expect(matching.length).toBeLessThan(limit); // so the filter, not the limit, decides what comes back

		inst.sb.clearLog();
		expect(await runFromNdv(page)).toBe('success');
		const log: RequestLogEntry[] = [...inst.sb.log];

		expect(await outputItemCount(outputPanel(page))).toBe(matching.length);
		const shownIds = await outputColumn(outputPanel(page), 'id');
		expect(shownIds.map(Number).sort((a, b) => a - b)).toEqual(matching.map((o) => o.id).sort((a, b) => a - b));

		// One request, carrying both conditions as Datatruck's filter JSON.
		expect(log.map((e) => `${e.method} ${e.path} ${e.status}`)).toEqual(['GET /api/v1/openapi/orders/ 200']);
		expect(log[0].headers.authorization).toBe(`Token ${inst.sb.token}`);
		expect(JSON.parse(String(log[0].query.filter))).toEqual([
			{ column: 'status', value: 'booked', contains: 'is' },
			{ column: 'load_pay', value: '4000', contains: 'greater_than' },
		]);

		// The items n8n stored for this run are exactly the loads the API returns for that filter.
		const items = await lastRunItems(workflowIdOf(page), 'Get many loads');
		const reply = await direct(inst.sb, `/orders/?filter=${encodeURIComponent(String(log[0].query.filter))}&page_size=25`);
		expect(items).toEqual(reply.results);

		// Simplify on: the same loads as one flat row each (what the screenshots show).
		const simplify = param(page, 'simplify');
		await simplify.locator('.el-switch').click();
		expect(await simplify.getByRole('switch').getAttribute('aria-checked')).toBe('true');
		const simplified = async () => (await outputTable(outputPanel(page))).columns.includes('customer');
		expect(await simplified()).toBe(false);
		expect(await runFromNdv(page, simplified)).toBe('success');
		expect(await outputItemCount(outputPanel(page))).toBe(matching.length);
		expect((await outputColumn(outputPanel(page), 'customer')).sort()).toEqual(
			matching.map((o) => String(o.customer__company_name)).sort(),
		);
		await scrollToTop(page, parameterRow(filters));
		await screenshot(page, 'load-get-many-filters');

		// The same node in a whole run from the canvas.
		await closeNdv(page);
		// Clear the step's result first, so that the success mark waited for below is this run's.
		const nodeDone = page.locator(tid('canvas-node'), { hasText: 'Get many loads' }).locator(tid('canvas-node-status-success'));
		await page.locator(tid('clear-execution-data-button')).click();
		await nodeDone.waitFor({ state: 'detached' });
		inst.sb.clearLog();
		await page.locator(tid('execute-workflow-button')).click();
		await nodeDone.waitFor({ timeout: 60_000 });
		expect(inst.sb.log.map((e) => `${e.method} ${e.path} ${e.status}`)).toEqual(['GET /api/v1/openapi/orders/ 200']);
		await page.locator(tid('logs-overview-header')).click();
		const logs = page.locator(tid('log-details-output'));
		await logs.waitFor();
		expect(await settledItemCount(logs, matching.length)).toBe(matching.length);
		expect((await outputColumn(logs, 'customer')).sort()).toEqual(matching.map((o) => String(o.customer__company_name)).sort());
		await page.waitForTimeout(300); // the logs panel slides open
		await screenshot(page, 'execution-success');
	});

	it('Work Order › Create shows the 62 procedure names and a repeatable task group', async () => {
		await openDatatruckInNodePanel();
		await pickAction(page, 'Create a work order');
		expect(await selectedOption(param(page, 'resource'))).toBe('Work Order');
		expect(await selectedOption(param(page, 'operation'))).toBe('Create');

		const procedures = param(page, 'procedureName');
		const names = await dropdownOptions(page, procedures);
		expect(names).toHaveLength(62);
		expect([...names].sort()).toEqual([...PROCEDURE_NAMES].sort());
		await scrollToTop(page, parameterRow(param(page, 'specifyBody')));
		await openDropdown(page, procedures);
		await screenshot(page, 'work-order-procedures');
		await page.keyboard.press('Escape');
		await selectOption(page, procedures, 'TRK Brake Issue');
		expect(await selectedOption(procedures)).toBe('TRK Brake Issue');

		const tasks = ndv(page).locator(tid('fixed-collection-tasks'));
		await tasks.locator(tid('fixed-collection-add')).click();
		await tasks.locator(tid('fixed-collection-add')).click();
		await fillParam(page, 'tasks.task[0].customTask', 'Replace brake chamber');
		await fillParam(page, 'tasks.task[1].customTask', 'Adjust slack adjusters');
		await fillParam(page, 'tasks.task[1].laborHours', '1.5');
		const fieldsOf = async (i: number) =>
			(await tasks.locator(`[data-parameter-path^="parameters.tasks.task[${i}]."]`).evaluateAll((els) =>
				els.map((el) => el.getAttribute('data-parameter-path')!.replace(/^.*\]\./, '')),
			));
		const first = await fieldsOf(0);
		expect(first).toEqual(expect.arrayContaining(['customTask', 'laborHours', 'laborPrice']));
		expect(await fieldsOf(1)).toEqual(first);
		expect(await fieldsOf(2)).toEqual([]);
		await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
		await page.mouse.move(1, 1); // onto the NDV's backdrop: no hover controls in the picture
		await scrollToTop(page, parameterRow(procedures));
		await screenshot(page, 'work-order-tasks');
	});

	it('Datatruck Trigger: Fetch Test Event returns the newest load', async () => {
		await openDatatruckInNodePanel();
		await creatorItem(page, `On ${expected.events[0].name.toLowerCase()}`).click();
		await ndv(page).waitFor();
		await useCredential(page, credentialId);
		expect(await selectedOption(param(page, 'event'))).toBe(expected.events[0].name);

		// A load created just now; the sample must be the newest load the sandbox holds (by creation, then id).
		inst.sb.createLoad({ status: 'booked', load_pay: '2750.00' });
		const [newest] = [...inst.sb.data.orders].sort(
			(a, b) => Date.parse(b.created_datetime) - Date.parse(a.created_datetime) || b.id - a.id,
		);
		inst.sb.clearLog();
		expect(await runFromNdv(page)).toBe('success');
		expect(await outputItemCount(outputPanel(page))).toBe(1);
		expect(await outputColumn(outputPanel(page), 'id')).toEqual([String(newest.id)]);
		expect(await outputColumn(outputPanel(page), 'load_id')).toEqual([newest.load_id]);
		expect(inst.sb.log.length).toBeGreaterThan(0);
		expect(inst.sb.log.map((e) => `${e.method} ${e.path} ${e.status}`)).toEqual(
			inst.sb.log.map(() => 'GET /api/v1/openapi/orders/ 200'),
		);
		await screenshot(page, 'trigger-fetch-test-event');
	});

	it('a new Datatruck API credential: a good token connects, a bad one shows Datatruck’s reason', async () => {
		await ensureSignedIn();
		await goInEditor(page, inst.url, '/home/credentials', (to) => to.pathname === '/home/credentials');
		await page.locator(tid('add-resource-credential')).click();
		const typeSelect = page.locator(tid('new-credential-type-select'));
		const typeInput = typeSelect.locator('input').first();
		await typeInput.fill('Datatruck');
		const typeList = page.locator(`[id="${await typeInput.getAttribute('aria-controls')}"]`);
		await typeList.locator('li', { hasText: exactly('Datatruck API') }).click();
		await page.locator(tid('new-credential-type-button')).click();

		const modal = page.locator(tid('editCredential-modal'));
		await modal.waitFor();
		expect(await modal.locator(`img[src$="${ICON_PATH}"]`).count()).toBeGreaterThan(0);
		await modal.locator(`${tid('parameter-input-company')} input`).fill(inst.sb.baseUrl);
		await modal.locator(`${tid('parameter-input-apiToken')} input`).fill(inst.sb.token);
		inst.sb.clearLog();
		await modal.locator(tid('credential-save-button')).click();
		const success = modal.locator(tid('credentials-config-container-test-success'));
		await success.waitFor({ state: 'visible' });
		expect(await success.innerText()).toMatch(/Connection tested successfully/);
		expect(inst.sb.log.map((e) => `${e.method} ${e.path} ${e.status}`)).toContain('GET /api/v1/openapi/drivers/list/ 200');
		expect(inst.sb.log.every((e) => e.headers.authorization === `Token ${inst.sb.token}`)).toBe(true);
		// Cosmetic: the header's Save button turns into "Saved" a moment after the test result shows.
		await modal.getByText('Saved', { exact: true }).waitFor({ timeout: 5000 }).catch(() => undefined);
		await screenshot(page, 'credential-success');

		await modal.locator(`${tid('parameter-input-apiToken')} input`).fill('dtk_revoked_0000000000');
		inst.sb.clearLog();
		await modal.locator(tid('credential-save-button')).click();
		// n8n 2.41 gives this banner no data-test-id: its own heading, then "More details" shows the reason.
		await modal.getByText(/Couldn.t connect with these settings/).waitFor();
		expect(await success.isVisible()).toBe(false);
		await modal.getByText('More details').click();
		const reason = modal.getByText(/^Datatruck refused the API token/);
		await reason.waitFor();
		expect(await reason.innerText()).toBe(
			'Datatruck refused the API token: it is invalid, expired, or belongs to another company. Check the token and the Company field.',
		);
		expect(inst.sb.log.map((e) => e.status)).toContain(401);
		await screenshot(page, 'credential-error');
		// The good token back: the editor picks this newest credential for new nodes, and the dropdowns the
		// next test opens (Dispatcher on Get Many) must load with a working one.
		await modal.locator(`${tid('parameter-input-apiToken')} input`).fill(inst.sb.token);
		await modal.locator(tid('credential-save-button')).click();
		await success.waitFor();
		await page.keyboard.press('Escape');
	});

	it('every resource, operation and trigger event shows its parameters, with no browser console error', async () => {
		const before = ui.errors.length;
		await openDatatruckInNodePanel();
		await pickAction(page, 'Get many loads');
		expect(await dropdownOptions(page, param(page, 'resource'))).toEqual(expected.resources.map((r) => r.name));
		let checked = 0;
		const combos: Array<Record<string, string>> = [];
		for (const { resource, operations } of expected.operations) {
			await selectOption(page, param(page, 'resource'), resource.name);
			expect(await dropdownOptions(page, param(page, 'operation'))).toEqual(operations.map((o) => o.name));
			for (const operation of operations.filter((o) => o.value !== CUSTOM_API_CALL)) {
				await selectOption(page, param(page, 'operation'), operation.name);
				expect(await selectedOption(param(page, 'operation'))).toBe(operation.name);
				// Each parameter that only resource and operation decide on must be on screen (its displayOptions work).
				const wanted = expected.nodeShows(resource.value, operation.value);
				const labels = await parameterLabels(page);
				expect({ op: `${resource.name} › ${operation.name}`, missing: wanted.filter((l) => !labels.includes(l)) }).toEqual({
					op: `${resource.name} › ${operation.name}`,
					missing: [],
				});
				checked += wanted.length;
				combos.push({ resource: resource.value, operation: operation.value });
			}
		}
		expect(checked).toBeGreaterThanOrEqual(expected.actions.length); // the check above was not vacuous
		expect(expected.nodeNeverShown(combos)).toEqual([]);
		await closeNdv(page);

		await openDatatruckInNodePanel();
		await creatorItem(page, `On ${expected.events[0].name.toLowerCase()}`).click();
		await ndv(page).waitFor();
		expect(await dropdownOptions(page, param(page, 'event'))).toEqual(expected.events.map((e) => e.name));
		expect(expected.triggerNeverShown(expected.events.map((e) => ({ event: String(e.value) })))).toEqual([]);
		for (const event of expected.events) {
			await selectOption(page, param(page, 'event'), event.name);
			expect(await selectedOption(param(page, 'event'))).toBe(event.name);
			const wanted = expected.triggerShows(String(event.value));
			const labels = await parameterLabels(page);
			expect({ event: event.name, missing: wanted.filter((l) => !labels.includes(l)) }).toEqual({ event: event.name, missing: [] });
		}
		expect(unexpectedErrors(ui.errors.slice(before), inst.url)).toEqual([]);
	}, 600_000); // every operation of every resource, one after the other: over 180 s on CI's busy cores

	it('the mailbox example (examples/create-work-order-from-mailbox.json) opens on the canvas, every node in place', async () => {
		await ensureSignedIn();
		const wf = example('create-work-order-from-mailbox.json');
		const { rest } = inst;
		const login = { user: 'shop@carrier.example', password: 'app-password', host: '127.0.0.1', secure: true };
		const credentials: Record<string, { id: string; name: string }> = {
			datatruckApi: { id: credentialId, name: 'Datatruck (sandbox)' },
			imap: { id: await saveCredential(rest, { name: 'IMAP account', type: 'imap', data: { ...login, port: 993 } }), name: 'IMAP account' },
			smtp: { id: await saveCredential(rest, { name: 'SMTP account', type: 'smtp', data: { ...login, port: 465 } }), name: 'SMTP account' },
		};
		const nodes = wf.nodes.map((node) =>
			node.credentials ? { ...node, credentials: Object.fromEntries(Object.keys(node.credentials).map((type) => [type, credentials[type]])) } : node,
		);
		const { data: saved } = await rest('POST', '/workflows', { ...wf, nodes, active: false });
		await goInEditor(page, inst.url, `/workflow/${saved.id}`, (to) => to.pathname === `/workflow/${saved.id}`);
		const steps = wf.nodes.filter((n) => n.type !== 'n8n-nodes-base.stickyNote').map((n) => String(n.name));
		for (const name of steps) await page.locator(tid('canvas-node'), { hasText: name }).first().waitFor();
		expect(await page.locator(tid('canvas-node')).count()).toBeGreaterThanOrEqual(steps.length);
		await page.waitForTimeout(500); // the canvas fits the view after the nodes appear
		await screenshot(page, 'mailbox-example');
	});

	it('the whole session logged no browser console error beyond n8n’s own known noise', async () => {
		// First prove the recording and the filter: an error logged in the page must come out as unexpected.
		const probe = `ui-suite probe ${Date.now()}`;
		await page.evaluate((text) => console.error(text), probe);
		for (let i = 0; i < 50 && !ui.errors.some((e) => e.text === probe); i++) await page.waitForTimeout(100);
		const reported = unexpectedErrors(ui.errors, inst.url);
		expect(reported.filter((line) => line.includes(probe))).toHaveLength(1);
		expect(reported.filter((line) => !line.includes(probe))).toEqual([]);
	});

	/** The labels of the parameters the NDV shows (first line: a label also holds its Fixed/Expression switch). */
	async function parameterLabels(p: Page): Promise<string[]> {
		const texts = await ndv(p).locator(tid('input-label')).allInnerTexts();
		return texts.map((t) => t.split('\n')[0].replace(/\s*\*$/, '').trim());
	}

	/** The items a node emitted in the newest execution of a workflow, as n8n stored them. */
	async function lastRunItems(workflowId: string, nodeName: string): Promise<unknown[]> {
		return (await lastRunItemsOf(inst, workflowId, nodeName)).map((item) => item.json);
	}
});
