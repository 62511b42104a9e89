import type { IDataObject, INodeParameters } from 'n8n-workflow';
import { findingsFor, resetSupport } from '../../nodes/Datatruck/shared/lists';
import { coreLogger } from '../harness/coreLogger.cts';
import { useSandbox } from '../harness/sandbox.cts';
import type { ListSwitch } from '../sandbox/config.cts';
import type { WorkOrder } from '../sandbox/types.cts';

/**
 * Options › Check for Existing Work Order (issue 41 follow-up) through n8n's RoutingNode against the sandbox, where
 * Datatruck ignores the filter on reference_number: the look-up checks the order the work orders come in instead of
 * trusting `ordering=-id`, reads where the newest are (the last pages of an oldest-first list, by its count and the
 * page size Datatruck answered), fails saying why where it cannot know, says when it stopped before the end of the
 * list, and reads without the filter after a 400. Check Unit is off: the look-up's requests are the only ones.
 */
const dt = useSandbox();

const WORK_ORDERS = '/api/v1/openapi/work-orders/';
const DEFAULTS = { typeWorkOrder: 'Repair', paymentType: 'Credit Card', assignedTo: 'Tony Mechanic', status: 'Pending', invoiceId: 'TBD' };
/** Datatruck as its published page reads: `page` and `status` only, 10 work orders a page. */
const PUBLISHED_QUERY: ListSwitch = { ignoreFilter: true, ignoreOrdering: true, ignorePageSize: true };
const OLDEST_FIRST: ListSwitch = { ...PUBLISHED_QUERY, ignoreOrdering: 'id' };

const extract = (checkExisting: boolean): INodeParameters =>
	({
		resource: 'workOrder',
		operation: 'extractFromText',
		options: { timeZone: 'America/Chicago', now: '2026-11-26T15:00:00Z', defaults: { values: DEFAULTS }, checkUnit: false, checkExisting },
	}) as INodeParameters;

let seeded: WorkOrder[];
let mails = 0;
let info: jest.SpyInstance;
let warn: jest.SpyInstance;

beforeAll(() => {
	seeded = [...dt.sandbox.data.workOrders];
});
beforeEach(() => {
	resetSupport();
	dt.sandbox.configure({ profile: 'default' });
	dt.sandbox.data.workOrders.splice(0, Infinity, ...seeded);
	const logger = coreLogger() as unknown as Record<'info' | 'warn', () => void>;
	info = jest.spyOn(logger, 'info').mockImplementation(() => undefined);
	warn = jest.spyOn(logger, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
	info.mockRestore();
	warn.mockRestore();
});
afterAll(() => dt.sandbox.configure({ profile: 'default' }));

/** A ready repair mail of its own, and the reference Extract From Text gives it (no request: the check off). */
async function readyMail(): Promise<{ mail: IDataObject; reference: string }> {
	mails += 1;
	const mail = { subject: `T-112 brakes (${mails})`, textPlain: `Truck 112 brakes grinding, booked tomorrow 8am, odometer 412,870. Note ${mails}` };
	const result = await dt.run({ parameters: extract(false), items: [mail] });
	expect(result.json[0]).toMatchObject({ ready: true, existingCheck: null });
	expect(dt.sandbox.log).toEqual([]);
	return { mail, reference: String((result.json[0].workOrder as IDataObject).reference_number) };
}

/** Work orders added until the list holds `total`; the one at `position` (1 = oldest) carries `reference`. */
function listOf(total: number, reference?: string, position = total): WorkOrder | undefined {
	let target: WorkOrder | undefined;
	while (dt.sandbox.data.workOrders.length < total) {
		const at = dt.sandbox.data.workOrders.length + 1;
		const created = dt.sandbox.createWorkOrder(at === position && reference ? { reference_number: reference } : {});
		if (at === position) target = created;
	}
	return target;
}

/** The look-up's reads as [filter sent, page asked, page size asked]. */
const reads = () =>
	dt.sandbox.log.map((entry) => {
		expect([entry.method, entry.path]).toEqual(['GET', WORK_ORDERS]);
		return [entry.query.filter === undefined ? 'unfiltered' : 'filtered', entry.query.page ?? '1', entry.query.page_size];
	});
const said = (spy: jest.SpyInstance) => spy.mock.calls.map((call) => String(call[0]));

async function check(mail: IDataObject) {
	dt.sandbox.clearLog();
	return await dt.run({ parameters: extract(true), items: [mail] });
}

test('Datatruck filters: one request, complete, none found', async () => {
	const { mail, reference } = await readyMail();
	listOf(40);
	const result = await check(mail);
	expect(result.json[0]).toMatchObject({ ready: true, alreadyCreated: null, existingCheck: { complete: true, workOrdersChecked: null } });
	expect(reads()).toEqual([['filtered', '1', '25']]);
	expect(JSON.parse(String(dt.sandbox.log[0].query.filter))).toEqual([{ column: 'reference_number', value: reference, contains: 'is' }]);
	expect(said(info)).toEqual([]);
});

describe('Datatruck ignores the filter and answers oldest first (ids ascending), 10 a page', () => {
	beforeEach(() => dt.sandbox.configure({ lists: { workOrders: OLDEST_FIRST } }));

	test('the work order of a recent answer is found on the last pages, by count and the served page size, not on the oldest', async () => {
		const { mail, reference } = await readyMail();
		// 66 work orders, 7 pages of 10 (the last holds 6); the reference's is 12th newest: on page 6.
		const target = listOf(66, reference, 55)!;
		const result = await check(mail);
		expect(result.error).toBeUndefined();
		expect(result.json[0]).toMatchObject({ ready: false, alreadyCreated: { id: target.id }, existingCheck: { complete: true, workOrdersChecked: null } });
		// Page 1 tells the order and the count; then the last page, then the one before it: 25 asked, 10 answered.
		expect(reads()).toEqual([
			['filtered', '1', '25'],
			['unfiltered', '7', '25'],
			['unfiltered', '6', '25'],
		]);
		expect(dt.sandbox.log.every((entry) => entry.query.ordering === '-id')).toBe(true);
		const findings = findingsFor(new URL(dt.sandbox.baseUrl).origin);
		expect(findings.map((finding) => [finding.key, finding.assumption])).toEqual([
			['workOrders.filter', 'A6'],
			['workOrders.ordering', 'A22'],
		]);
		expect(said(warn).filter((line) => /assumption A22: it answered the work order list oldest first/.test(line))).toHaveLength(1);

		// The next look-up on this origin: the filter is not sent, the order is checked again and said no more.
		const again = await check(mail);
		expect(again.json[0]).toMatchObject({ alreadyCreated: { id: target.id } });
		expect(reads()).toEqual([
			['unfiltered', '1', '25'],
			['unfiltered', '7', '25'],
			['unfiltered', '6', '25'],
		]);
		expect(said(warn).filter((line) => /A22/.test(line))).toHaveLength(1);
	});

	test('none found: the newest 3 pages (26 work orders) and page 1, 4 requests, incomplete, said in the log', async () => {
		const { mail, reference } = await readyMail();
		// An older work order of the same reference, out of the budget's reach.
		listOf(66, reference, 20);
		const result = await check(mail);
		expect(result.json[0]).toMatchObject({ ready: true, alreadyCreated: null, existingCheck: { complete: false, workOrdersChecked: 36 } });
		expect(reads().map(([, page]) => page)).toEqual(['1', '7', '6', '5']);
		expect(said(info)).toEqual([
			`Check for Existing Work Order found no work order with reference ${reference} among the 36 work orders it read of 66 in Datatruck: only the newest were read (at most 4 requests a look-up, as Datatruck ignores the filter), so an older work order with this reference would not be seen.`,
		]);
	});

	test('pages of 25 where Datatruck takes page_size: 3 pages, the whole list read, complete', async () => {
		dt.sandbox.configure({ lists: { workOrders: { ...OLDEST_FIRST, ignorePageSize: false } } });
		const { mail } = await readyMail();
		listOf(66);
		const result = await check(mail);
		expect(result.json[0]).toMatchObject({ ready: true, alreadyCreated: null, existingCheck: { complete: true, workOrdersChecked: null } });
		expect(reads().map(([, page]) => page)).toEqual(['1', '3', '2']);
		expect(said(info)).toEqual([]);
	});
});

describe('Datatruck ignores the filter and answers in no order by id', () => {
	const BY_PROCEDURE: ListSwitch = { ...PUBLISHED_QUERY, ignoreOrdering: 'procedure_name' };

	test('longer than 4 pages: an error saying why and what to do after one request, never "none"', async () => {
		dt.sandbox.configure({ lists: { workOrders: BY_PROCEDURE } });
		const { mail, reference } = await readyMail();
		listOf(66, reference, 66);
		const result = await check(mail);
		expect(result.json).toEqual([]);
		expect(result.error?.message).toBe(`Check for Existing Work Order could not look for reference ${reference} in Datatruck`);
		expect(result.error?.description).toMatch(/answers its work order list neither newest nor oldest first, so the newest work orders could be on any of its 7 pages/);
		expect(result.error?.description).toMatch(/turn off Options › Check for Existing Work Order \(an answer sent twice could then create a second work order\)/);
		expect(reads()).toEqual([['filtered', '1', '25']]);
		expect(said(warn).filter((line) => /assumption A22: it answered the work order list in no order by id/.test(line))).toHaveLength(1);
	});

	test('within 4 pages: the whole list read and matched, wherever the work order is', async () => {
		dt.sandbox.configure({ lists: { workOrders: { ...BY_PROCEDURE, ignorePageSize: false } } });
		const { mail, reference } = await readyMail();
		const target = listOf(66, reference, 40)!;
		const result = await check(mail);
		expect(result.json[0]).toMatchObject({ ready: false, alreadyCreated: { id: target.id }, existingCheck: { complete: true } });
		expect(reads().length).toBeLessThanOrEqual(3);
	});
});

describe('Datatruck ignores the filter and answers newest first (its published page)', () => {
	beforeEach(() => dt.sandbox.configure({ lists: { workOrders: PUBLISHED_QUERY } }));

	test('none among the newest 3 pages of a longer list: incomplete, the newest 30 checked, said in the log', async () => {
		const { mail, reference } = await readyMail();
		listOf(66);
		const result = await check(mail);
		expect(result.json[0]).toMatchObject({ ready: true, alreadyCreated: null, existingCheck: { complete: false, workOrdersChecked: 30 } });
		expect(reads().map(([, page]) => page)).toEqual(['1', '2', '3']);
		expect(said(info)).toEqual([expect.stringContaining(`no work order with reference ${reference} among the 30 work orders it read of 66 in Datatruck`)]);
		// Newest first is the order asked: no ordering finding.
		expect(said(warn).filter((line) => /A22/.test(line))).toEqual([]);
	});

	test('work orders created while it reads shift the next page: the repeated ones are no disorder, still newest first', async () => {
		const { mail } = await readyMail();
		listOf(66);
		// Two work orders created after every page answered: page 2 starts with the last two of page 1, and so on.
		dt.sandbox.live.configure({ create: 2, seed: 13 });
		try {
			const result = await check(mail);
			expect(result.error).toBeUndefined();
			expect(result.json[0]).toMatchObject({ ready: true, existingCheck: { complete: false, workOrdersChecked: 26 } });
			expect(reads().map(([, page]) => page)).toEqual(['1', '2', '3']);
			expect(said(warn).filter((line) => /A22/.test(line))).toEqual([]);
		} finally {
			dt.sandbox.live.off();
		}
	});

	test('a list of 3 pages or fewer is read to its end: complete, nothing said', async () => {
		const { mail } = await readyMail();
		listOf(28);
		const result = await check(mail);
		expect(result.json[0]).toMatchObject({ ready: true, existingCheck: { complete: true, workOrdersChecked: null } });
		expect(reads().map(([, page]) => page)).toEqual(['1', '2', '3']);
		expect(said(info)).toEqual([]);
	});

	test('work orders without a reference_number field (the published read fields): an error, never "none"', async () => {
		const { mail, reference } = await readyMail();
		dt.sandbox.data.workOrders.splice(0, Infinity, ...seeded.map(({ reference_number: _, ...read }) => read as WorkOrder));
		const result = await check(mail);
		expect(result.error?.message).toBe(`Check for Existing Work Order could not look for reference ${reference} in Datatruck`);
		expect(result.error?.description).toMatch(/^Datatruck ignores the filter on reference_number and its work orders carry no reference_number field/);
		expect(reads()).toEqual([['filtered', '1', '25']]);
	});

	test('a page number Datatruck ignores: an error, not a look at page 1 three times', async () => {
		dt.sandbox.configure({ lists: { workOrders: { ...PUBLISHED_QUERY, ignorePage: true } } });
		const { mail, reference } = await readyMail();
		listOf(66);
		const result = await check(mail);
		expect(result.error?.message).toBe(`Check for Existing Work Order could not look for reference ${reference} in Datatruck`);
		expect(result.error?.description).toMatch(/^Datatruck answered page 2 of the work order list with work orders of a page already read/);
		expect(reads().map(([, page]) => page)).toEqual(['1', '2']);
	});
});

describe('Datatruck refuses the filter on reference_number with a 400', () => {
	test('page 1 is read again without it, the work order found; the next look-up sends no filter', async () => {
		dt.sandbox.configure({ lists: { workOrders: { rejectUnknownColumns: true } } });
		const { mail, reference } = await readyMail();
		const target = listOf(40, reference, 35)!;
		const result = await check(mail);
		expect(result.error).toBeUndefined();
		expect(result.json[0]).toMatchObject({ ready: false, alreadyCreated: { id: target.id }, existingCheck: { complete: true, workOrdersChecked: null } });
		expect(reads()).toEqual([
			['filtered', '1', '25'],
			['unfiltered', '1', '25'],
		]);
		expect(dt.sandbox.log.map((entry) => entry.status)).toEqual([400, 200]);
		expect(said(warn).filter((line) => /assumption A6: it refused a work order list filtered on reference_number with a 400/.test(line))).toHaveLength(1);

		const again = await check(mail);
		expect(again.json[0]).toMatchObject({ alreadyCreated: { id: target.id } });
		expect(reads()).toEqual([['unfiltered', '1', '25']]);
		expect(dt.sandbox.log.map((entry) => entry.status)).toEqual([200]);
	});
});
