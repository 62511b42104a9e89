/**
 * The Dispatcher dropdown in the real n8n editor (Chromium): Load › Get Many lists the company's dispatchers from
 * the sandbox, one is picked, the node runs, and the sandbox received the dispatcher condition.
 */
import type { Page } from 'playwright-core';
import type { PersonRef, RequestLogEntry } from '../sandbox/index.cts';
import { direct } from '../e2e/lib/suite.cts';
import { launchUi, type Ui } from './lib/browser.cts';
import { unexpectedErrors } from './lib/console.cts';
import {
	creatorItem,
	fillParam,
	newWorkflow,
	openDropdown,
	outputColumn,
	outputPanel,
	param,
	pickAction,
	runFromNdv,
	screenshot,
	searchFirstStep,
	signIn,
	useCredential,
} from './lib/editor.cts';
import { startInstance, type Instance } from './lib/instance.cts';

const API = '/api/v1/openapi';

describe('Dispatcher dropdown in the n8n editor (Chromium)', () => {
	let inst: Instance;
	let ui: Ui;
	let page: Page;
	let credentialId: string;

	beforeAll(async () => {
		inst = await startInstance('dispatchers');
		credentialId = await inst.createCredential('Datatruck (sandbox)');
		ui = await launchUi();
		page = ui.page;
		await signIn(page, inst.url, inst.owner);
	}, 240_000);

	afterEach(async () => {
		await screenshot(page, 'after/dispatchers-01', { keepToasts: true }).catch(() => undefined);
	});

	afterAll(async () => {
		await ui?.close();
		await inst?.stop();
	});

	it('Load › Get Many: the dropdown lists the dispatchers of the company\'s drivers; the one picked filters the run', async () => {
		const dispatchers = new Map<number, PersonRef>();
		for (const { assigned_dispatcher: dispatcher } of inst.sb.data.drivers) if (dispatcher) dispatchers.set(dispatcher.id, dispatcher);
		const expected = [...dispatchers.values()].map((d) => `${d.full_name} (ID ${d.id})`).sort((a, b) => a.localeCompare(b));
		expect(expected.length).toBeGreaterThan(2);

		await newWorkflow(page, inst.url);
		await searchFirstStep(page, 'Datatruck');
		await creatorItem(page, 'Datatruck').click();
		inst.sb.clearLog();
		await pickAction(page, 'Get many loads');
		await useCredential(page, credentialId);

		const select = param(page, 'dispatcherIds');
		const list = await openDropdown(page, select);
		// A multiOptions list has no test ids on its entries: they are the list box's options.
		const options = list.getByRole('option');
		const option = (name: string) => options.filter({ hasText: name }).first();
		await option(expected[0]).waitFor();
		const shown = (await options.allInnerTexts()).map((n) => n.trim());
		expect(shown).toEqual(expected);
		// The editor asks for the options when the form shows and again when the dropdown opens: the driver list was
		// read once, whole, and nothing else was sent.
		expect(inst.sb.log.map((e) => `${e.method} ${e.path} ${JSON.stringify(e.query)}`)).toEqual([
			`GET ${API}/drivers/list/ {"page_size":"all"}`,
		]);

		const picked = [...dispatchers.values()].find((d) => `${d.full_name} (ID ${d.id})` === expected[1])!;
		await option(expected[1]).click();
		await screenshot(page, 'dispatcher-dropdown');
		await page.keyboard.press('Escape');
		await list.waitFor({ state: 'hidden' });

		// Few enough rows for the output table to show them all on its first page.
		await fillParam(page, 'limit', '5');
		inst.sb.clearLog();
		expect(await runFromNdv(page)).toBe('success');
		const log: RequestLogEntry[] = [...inst.sb.log];
		const term = { column: 'dispatcher__id', value: [picked.id], contains: 'is_in' };
		expect(log.map((e) => `${e.method} ${e.path} ${e.status}`)).toEqual([`GET ${API}/orders/ 200`]);
		expect(JSON.parse(String(log[0].query.filter))).toEqual([term]);

		// What n8n shows is the page Datatruck returns for that filter: only the picked dispatcher's loads.
		const reply = await direct(inst.sb, `/orders/?filter=${encodeURIComponent(JSON.stringify([term]))}&ordering=-created_datetime,-id&page_size=${log[0].query.page_size}`);
		expect(reply.results).toHaveLength(5);
		for (const load of reply.results) expect(load.dispatcher__full_name).toBe(picked.full_name);
		expect(await outputColumn(outputPanel(page), 'id')).toEqual(reply.results.map((load: { id: number }) => String(load.id)));
		expect(unexpectedErrors(ui.errors, inst.url)).toEqual([]);
	});
});
