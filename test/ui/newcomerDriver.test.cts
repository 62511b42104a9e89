/**
 * The first minutes of a newcomer in the real n8n editor (Chromium), on the demo's sandbox as `npm start` leaves it (no
 * sandbox switch: the published driver list, which lacks Main Driver, MC Number ID and Birth Date, and a driver update
 * that takes PATCH, as Django REST Framework's does). Issue 42: Driver › Update of one field succeeds and returns the
 * driver; Check Compatibility opens with a sentence a dispatcher understands. Expectations come from the sandbox's
 * data and request log.
 */
import type { DriverRecord, RequestLogEntry } from '../sandbox/index.cts';
import { unexpectedErrors } from './lib/console.cts';
import { fillParam, outputColumn, outputItemCount, outputPanel, runFromNdv, screenshot } from './lib/editor.cts';
import { addCollectionField, openPicker, typeInPicker } from './lib/pickers.cts';
import { useEditorSession } from './lib/session.cts';

const API = '/api/v1/openapi';

describe('A newcomer on the demo as npm start leaves it (Chromium)', () => {
	const session = useEditorSession('newcomer-driver');
	const stored = (id: number) => JSON.parse(JSON.stringify(session.inst.sb.data.drivers.find((d) => d.id === id))) as DriverRecord;

	it('Driver › Update: "ivan" picked, only Contact Number set, run: it succeeds, changes that alone and shows the driver', async () => {
		const { inst, page, ui, openAction } = session;
		// Nothing switched: the demo's sandbox as it starts.
		const config = (await (await fetch(`${inst.sb.origin}/__sandbox/config`)).json()) as Record<string, unknown>;
		expect({ list: config.driverListFields, patch: config.driverUpdatePatch, profile: config.profile }).toEqual({ list: 'published', patch: 'accepted', profile: 'default' });
		const target = inst.sb.data.drivers.find((d) => d.account.full_name.toLowerCase().includes('ivan'));
		if (!target) throw new Error('the demo has no driver named like "ivan"');
		const before = stored(target.id);

		await openAction('Update a driver');
		const search = await openPicker(page, 'driverId');
		const item = await typeInPicker(page, search, 'ivan', `ID ${target.id}`);
		await item.click();
		await addCollectionField(page, 'Update Fields', 'Contact Number');
		await fillParam(page, 'updateFields.contactNumber', '+1 773 555 0188');
		inst.sb.clearLog();
		expect(await runFromNdv(page)).toBe('success');
		const log: RequestLogEntry[] = [...inst.sb.log];
		await screenshot(page, 'newcomer-driver-update');

		// The driver read, then a partial update of the one field set: nothing else is sent, nothing guessed.
		expect(log.map((e) => `${e.method} ${e.path} ${e.status}`)).toEqual([
			`GET ${API}/drivers/list/ 200`,
			`PATCH ${API}/drivers/update/${target.id}/ 200`,
		]);
		expect(log[1].body).toEqual({ contact_number: '+1 773 555 0188' });
		expect(stored(target.id)).toEqual({ ...before, contact_number: '+1 773 555 0188' });
		// The output is the driver as saved, not Datatruck's bare confirmation.
		const output = outputPanel(page);
		expect(await outputItemCount(output)).toBe(1);
		expect(await outputColumn(output, 'id')).toEqual([String(target.id)]);
		expect(await outputColumn(output, 'contact_number')).toEqual(['+1 773 555 0188']);
		expect(await outputColumn(output, 'status')).toEqual([before.status]);
		expect(unexpectedErrors(ui.errors, inst.url)).toEqual([]);
	});

	it('Check Compatibility opens with a sentence a dispatcher understands, and says what Driver › Update will need', async () => {
		const { inst, page, ui, openAction } = session;
		await openAction('Check what this Datatruck supports');
		inst.sb.clearLog();
		expect(await runFromNdv(page)).toBe('success');
		const log: RequestLogEntry[] = [...inst.sb.log];
		await screenshot(page, 'check-compatibility');

		const output = outputPanel(page);
		expect(await outputItemCount(output)).toBe(22);
		// The first row of the table is the summary, in the rows' own columns.
		expect((await outputColumn(output, 'check'))[0]).toBe('Summary');
		const [summary] = await outputColumn(output, 'inPlainWords');
		expect(summary).toMatch(/^Your Datatruck works with this node as its contract says: 21 of 21 checks held\. /);
		expect(summary).toContain('Datatruck takes a partial update (PATCH), so an update sends only the fields you set');
		// Nothing that can write: 13 GETs and the one OPTIONS that asks the driver update's methods.
		expect(log.filter((e) => e.method !== 'GET').map((e) => e.method)).toEqual(['OPTIONS']);
		expect(log.length).toBeLessThanOrEqual(14);
		expect(unexpectedErrors(ui.errors, inst.url)).toEqual([]);
	});
});
