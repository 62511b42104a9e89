/**
 * The first minutes of a newcomer in the real n8n editor (Chromium, n8n 2.41.1, the packed package, the sandbox as
 * `npm start` leaves it: no switch), issue 42: Sort shows its Direction; Work Order › Create returns the work order;
 * a bad date is the node's own error, not Datatruck's; a Birth Date typed as 1986-04-12 is kept. Expectations come
 * from the sandbox's data and request log and from the execution n8n stored.
 */
import type { Page } from 'playwright-core';
import type { RequestLogEntry } from '../sandbox/index.cts';
import { executionRun } from '../e2e/lib/executions.cts';
import { direct } from '../e2e/lib/suite.cts';
import { unexpectedErrors } from './lib/console.cts';
import {
	fillParam,
	ndv,
	outputColumn,
	outputPanel,
	outputTable,
	param,
	parameterRow,
	runFromNdv,
	screenshot,
	scrollToTop,
	selectedOption,
	selectOption,
	tid,
	workflowIdOf,
} from './lib/editor.cts';
import { addCollectionField } from './lib/pickers.cts';
import type { Instance } from './lib/instance.cts';
import { useEditorSession } from './lib/session.cts';

const API = '/api/v1/openapi';

describe('A newcomer’s first minutes in the n8n editor (Chromium)', () => {
	const session = useEditorSession('newcomer-editor');
	const openAction = (action: string) => session.openAction(action);
	let page: Page;
	let inst: Instance;
	beforeAll(() => {
		({ page, inst } = session);
	});

	/** The newest execution n8n stored for the workflow open in the editor. */
	async function lastExecution() {
		const filter = encodeURIComponent(JSON.stringify({ workflowId: workflowIdOf(page) }));
		const list = await inst.rest('GET', `/executions?filter=${filter}&limit=1`);
		return executionRun(inst, list.data.results[0].id);
	}

	/**
	 * Leaves the focused field as a person moving on does: the editor commits what was typed, and the field's
	 * "Tip" popup, which covers the next row, closes.
	 */
	async function leaveField(): Promise<void> {
		await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
		await page.mouse.move(1, 1);
		await page.waitForTimeout(200);
	}

	it('Load › Get Many: Sort shows Sort By with its Direction, Ascending by default, and the run sorts that way', async () => {
		await openAction('Get many loads');
		const sort = ndv(page).locator(tid('fixed-collection-sort'));
		await sort.locator(tid('fixed-collection-add')).click();
		// Sort By and Direction stand side by side as soon as a sort is added, the direction shown.
		await param(page, 'sort.rule.direction').waitFor();
		expect(await selectedOption(param(page, 'sort.rule.field'))).toBe('Created At');
		expect(await selectedOption(param(page, 'sort.rule.direction'))).toBe('Ascending');
		expect(await param(page, 'sort.rule.customField').count()).toBe(0);
		await selectOption(page, param(page, 'sort.rule.field'), 'Load Pay');
		await fillParam(page, 'limit', '5');

		inst.sb.clearLog();
		expect(await runFromNdv(page)).toBe('success');
		const log: RequestLogEntry[] = [...inst.sb.log];
		// Page 1 in the order asked; where it could also be Datatruck's order by id (loads tied at the lowest pay), the
		// same question the other way round follows, once an hour (orderProbe.ts).
		const asked = log.map((e) => `${e.method} ${e.path} ${e.status} ${String(e.query.ordering)}`);
		expect(asked).toEqual([`GET ${API}/orders/ 200 load_pay,id`, ...(log.length > 1 ? [`GET ${API}/orders/ 200 -load_pay,-id`] : [])]);
		const lowest = await direct(inst.sb, '/orders/?ordering=load_pay,id&page_size=5');
		expect(await outputColumn(outputPanel(page), 'id')).toEqual(lowest.results.map((load: { id: number }) => String(load.id)));
		await scrollToTop(page, parameterRow(sort));
		await screenshot(page, 'load-get-many-sort');

		// Descending, picked from the Direction dropdown: the highest pay first.
		await selectOption(page, param(page, 'sort.rule.direction'), 'Descending');
		inst.sb.clearLog();
		const highest = await direct(inst.sb, '/orders/?ordering=-load_pay,-id&page_size=5');
		const highestIds = highest.results.map((load: { id: number }) => String(load.id));
		expect(await runFromNdv(page, async () => (await outputColumn(outputPanel(page), 'id'))[0] === highestIds[0])).toBe('success');
		// Descending puts loads without pay first (PostgreSQL's NULLs): the node may read those as a part of their own,
		// one request more, in the order asked, and may ask once the other way round as above.
		const orderings = inst.sb.log.map((e) => e.query.ordering);
		expect(orderings[0]).toBe('-load_pay,-id');
		expect(orderings.filter((ordering) => ordering !== '-load_pay,-id').length).toBeLessThanOrEqual(1);
		expect(orderings.every((ordering) => ordering === '-load_pay,-id' || ordering === 'load_pay,id')).toBe(true);
		expect(await outputColumn(outputPanel(page), 'id')).toEqual(highestIds);
	});

	it('Work Order › Create returns the work order as sent, with its new ID', async () => {
		await openAction('Create a work order');
		await selectOption(page, param(page, 'procedureName'), 'TRK Brake Issue');
		await addCollectionField(page, 'Additional Fields', 'Reference Number');
		await fillParam(page, 'additionalFields.referenceNumber', 'WO-NEWCOMER-7');
		await leaveField();
		await addCollectionField(page, 'Additional Fields', 'Vendor');
		await fillParam(page, 'additionalFields.vendor', 'TA Truck Service');
		await leaveField();

		inst.sb.clearLog();
		expect(await runFromNdv(page)).toBe('success');
		const log: RequestLogEntry[] = [...inst.sb.log];
		expect(log.map((e) => `${e.method} ${e.path} ${e.status}`)).toEqual([`POST ${API}/work-orders/create/ 201`]);
		const created = inst.sb.data.workOrders[inst.sb.data.workOrders.length - 1];
		expect(created).toMatchObject({ procedure_name: 'TRK Brake Issue', reference_number: 'WO-NEWCOMER-7', vendor: 'TA Truck Service' });

		// What the editor shows and n8n stored: the work order as sent, with the ID Datatruck gave it.
		const { columns, rows } = await outputTable(outputPanel(page));
		expect(columns).toEqual(expect.arrayContaining(['id', 'procedure_name', 'reference_number', 'vendor']));
		expect(rows).toHaveLength(1);
		expect(rows[0][columns.indexOf('id')]).toBe(String(created.id));
		expect(rows[0][columns.indexOf('reference_number')]).toBe('WO-NEWCOMER-7');
		const run = await lastExecution();
		const [item] = (run.data.resultData.runData['Create a work order'][0].data?.main?.[0] ?? []).map((i) => i.json);
		expect(item).toEqual({ id: created.id, ...(log[0].body as object) });
		await leaveField();
		await screenshot(page, 'work-order-create-output');
	});

	/** Driver › Create for Maria Lopez, with Birth Date typed key by key as a person types it; returns the field. */
	async function hireWithBirthDate(typed: string) {
		await openAction('Create a driver');
		await fillParam(page, 'firstName', 'Maria');
		await fillParam(page, 'lastName', 'Lopez');
		await fillParam(page, 'contactNumber', '+1 312 555 0142');
		await leaveField();
		await addCollectionField(page, 'Additional Fields', 'Birth Date');
		const birthDate = param(page, 'additionalFields.birthDate').locator('input, textarea').first();
		await birthDate.click();
		await birthDate.pressSequentially(typed, { delay: 50 });
		await leaveField();
		return birthDate;
	}

	it('Driver › Create: a Birth Date typed as 1986-04-12 is kept and sent; the driver comes back as sent', async () => {
		const birthDate = await hireWithBirthDate('1986-04-12');
		// What was typed stays in the field (a date-time picker dropped it).
		expect(await birthDate.inputValue()).toBe('1986-04-12');

		inst.sb.clearLog();
		expect(await runFromNdv(page)).toBe('success');
		expect(inst.sb.log.map((e) => `${e.method} ${e.path} ${e.status}`)).toEqual([`POST ${API}/drivers/create/ 201`]);
		expect(inst.sb.log[0].body).toMatchObject({ first_name: 'Maria', last_name: 'Lopez', birth_date: '1986-04-12' });
		expect(inst.sb.data.drivers[inst.sb.data.drivers.length - 1].brith_date).toBe('1986-04-12');
		expect(await outputColumn(outputPanel(page), 'brith_date')).toEqual(['1986-04-12']);
		expect(await outputColumn(outputPanel(page), 'detail')).toEqual(['Driver created successfully.']);
		// The JSON view, where every field of the driver as sent shows (the table scrolls past brith_date).
		await outputPanel(page).getByText('JSON', { exact: true }).first().click();
		await outputPanel(page).getByText(/"?brith_date"?\s*:\s*"1986-04-12"/).first().waitFor();
		await scrollToTop(page, parameterRow(param(page, 'firstName')));
		await screenshot(page, 'driver-create-birth-date');
	});

	it('a bad date is the node’s own error: named, shown without "From Datatruck", and nothing is sent', async () => {
		const birthDate = await hireWithBirthDate('12/04/1986');
		expect(await birthDate.inputValue()).toBe('12/04/1986');

		inst.sb.clearLog();
		expect(await runFromNdv(page)).toBe('danger');
		expect(inst.sb.log).toEqual([]);
		const message = 'Additional Fields › Birth Date: "12/04/1986" is not a date in the form YYYY-MM-DD';
		const shown = outputPanel(page);
		await shown.getByText(message).first().waitFor();
		const text = await shown.innerText();
		expect(text).toContain('For example: 1986-04-12');
		expect(text).not.toMatch(/From Datatruck/i);
		expect(text).not.toMatch(/Error code/i);

		const run = await lastExecution();
		const error = run.data.resultData.runData['Create a driver'][0].error as Record<string, unknown> | undefined;
		expect(error).toEqual(expect.objectContaining({ name: 'NodeOperationError', message }));
		expect(error?.httpCode ?? null).toBeNull();
		await screenshot(page, 'bad-date-node-error');
		expect(unexpectedErrors(session.ui.errors, inst.url)).toEqual([]);
	});
});
