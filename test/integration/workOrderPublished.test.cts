/**
 * Work orders against a Datatruck that follows its own published pages (issue 33, requirements 4 and 5), end to end
 * through n8n-core's RoutingNode and the sandbox's `published` profile: Create's notes and tags retried once as
 * strings and remembered per origin, the published required fields named as the form names them, and Get Many's
 * Status Is sent as the published `status` parameter.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';
import { findingsFor, resetSupport } from '../../nodes/Datatruck/shared/lists';
import { coreLogger } from '../harness/coreLogger.cts';
import { useSandbox } from '../harness/sandbox.cts';

const dt = useSandbox();

const CREATE_PATH = '/api/v1/openapi/work-orders/create/';
const LIST_PATH = '/api/v1/openapi/work-orders/';
const STRING_NOTES = 'workOrders.create.stringNotes';

let warn: jest.SpyInstance;
beforeEach(() => {
	resetSupport();
	warn = jest.spyOn(coreLogger(), 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
	warn.mockRestore();
	dt.sandbox.configure({ profile: 'default' });
});

/** What n8n's log was told about this finding. */
const saidAbout = (key: string) => warn.mock.calls.filter(([, meta]) => (meta as { key?: string } | undefined)?.key === key);
const stored = (id: unknown) => dt.sandbox.data.workOrders.find((workOrder) => workOrder.id === id);

/** Every field Datatruck's published page marks required, in the form. */
const REQUIRED_FILLED: IDataObject = {
	status: 'Pending',
	typeWorkOrder: 'Repair',
	paymentType: 'Credit Card',
	invoiceId: 'VINV-20431',
	scheduledOnDate: '2026-11-21T09:00:00',
	assignedTo: 'Tony Mechanic',
	odometer: 412870,
};

function create(additionalFields: IDataObject, extra: INodeParameters = {}): INodeParameters {
	return {
		resource: 'workOrder',
		operation: 'create',
		procedureName: 'TRK Brake Issue',
		additionalFields: { truck: 'T142', totalPrice: '357.50', ...additionalFields },
		notes: { note: [{ body: 'Driver reported the issue at pre-trip.' }, { body: 'Parts on backorder.' }] },
		tags: { tag: [{ name: 'Urgent' }, { name: 'Warranty' }] },
		...extra,
	};
}

const SPEC_LISTS = {
	notes: [{ body: 'Driver reported the issue at pre-trip.' }, { body: 'Parts on backorder.' }],
	tags: [{ name: 'Urgent' }, { name: 'Warranty' }],
};
const PUBLISHED_LISTS = { notes: ['Driver reported the issue at pre-trip.', 'Parts on backorder.'], tags: ['Urgent', 'Warranty'] };
const REQUIRED_BODY = {
	status: 'Pending',
	type_work_order: 'Repair',
	payment_type: 'Credit Card',
	invoice_id: 'VINV-20431',
	scheduled_on_date: '2026-11-21T09:00:00Z',
	assigned_to: 'Tony Mechanic',
	odometer: 412870,
};
const BODY_WITHOUT_LISTS = { procedure_name: 'TRK Brake Issue', truck: 'T142', total_price: '357.50', ...REQUIRED_BODY };

describe("Work Order › Create against Datatruck's published page", () => {
	beforeEach(() => dt.sandbox.configure({ profile: 'published' }));

	test('notes and tags: one retry as strings, remembered for the origin, said once in the log without the token', async () => {
		const before = dt.sandbox.data.workOrders.length;
		const first = await dt.run({ parameters: create(REQUIRED_FILLED) });
		expect(first.error).toBeUndefined();
		// The spec's form first, refused with a 400 that writes nothing; then the same work order as strings.
		expect(dt.sandbox.log.map((entry) => [entry.method, entry.path, entry.status, entry.body])).toEqual([
			['POST', CREATE_PATH, 400, { ...BODY_WITHOUT_LISTS, ...SPEC_LISTS }],
			['POST', CREATE_PATH, 201, { ...BODY_WITHOUT_LISTS, ...PUBLISHED_LISTS }],
		]);
		expect(dt.sandbox.data.workOrders).toHaveLength(before + 1);
		// The work order as sent in the contract's form (notes and tags as Get Many returns them), with its new id.
		expect(first.json).toEqual([{ id: expect.any(Number), ...BODY_WITHOUT_LISTS, ...SPEC_LISTS }]);
		expect(stored(first.json[0].id)).toMatchObject({ ...SPEC_LISTS, type_work_order: 'Repair', odometer: 412870 });
		expect(first.items[0].pairedItem).toEqual({ item: 0 });
		expect(findingsFor(dt.sandbox.origin).map((finding) => finding.key)).toEqual([STRING_NOTES]);

		// The next creates on this credential send the published form at once: one request each, in order.
		dt.sandbox.clearLog();
		const next = await dt.run({
			parameters: create(REQUIRED_FILLED, { procedureName: '={{ $json.procedure }}' }),
			items: [{ procedure: 'TRK Wash' }, { procedure: 'TRK Oil Leakage' }],
		});
		expect(next.error).toBeUndefined();
		expect(dt.sandbox.log.map((entry) => [entry.status, entry.body])).toEqual([
			[201, { ...BODY_WITHOUT_LISTS, procedure_name: 'TRK Wash', ...PUBLISHED_LISTS }],
			[201, { ...BODY_WITHOUT_LISTS, procedure_name: 'TRK Oil Leakage', ...PUBLISHED_LISTS }],
		]);
		expect(next.json.map((json) => stored(json.id)?.procedure_name)).toEqual(['TRK Wash', 'TRK Oil Leakage']);
		expect(next.items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);

		// Said once, for this origin, naming the assumption and what the node does now; never the token.
		const said = saidAbout(STRING_NOTES);
		expect(said).toHaveLength(1);
		expect(said[0][0]).toMatch(/differs from assumption A9: .*notes and tags.* The node now sends them as arrays of strings/);
		expect(said[0][1]).toMatchObject({ origin: dt.sandbox.origin, assumption: 'A9' });
		expect(JSON.stringify(warn.mock.calls)).not.toContain(dt.sandbox.token);
		expect(JSON.stringify([first.json, next.json])).not.toContain(dt.sandbox.token);
	});

	test('three items in one run: the first retries, the next two go straight in the published form', async () => {
		const result = await dt.run({
			parameters: create(REQUIRED_FILLED, { procedureName: '={{ $json.procedure }}' }),
			items: [{ procedure: 'TRK Wash' }, { procedure: 'TRK TOW' }, { procedure: 'TRK Windshield' }],
		});
		expect(result.error).toBeUndefined();
		expect(dt.sandbox.log.map((entry) => [entry.status, (entry.body as IDataObject).procedure_name, typeof (entry.body as { notes: unknown[] }).notes[0]])).toEqual([
			[400, 'TRK Wash', 'object'],
			[201, 'TRK Wash', 'string'],
			[201, 'TRK TOW', 'string'],
			[201, 'TRK Windshield', 'string'],
		]);
		expect(result.json.map((json) => stored(json.id)?.procedure_name)).toEqual(['TRK Wash', 'TRK TOW', 'TRK Windshield']);
		expect(saidAbout(STRING_NOTES)).toHaveLength(1);
	});

	test('Using JSON: notes and tags given as strings or objects are both sent in the form this Datatruck takes', async () => {
		const json = { ...BODY_WITHOUT_LISTS, notes: ['Checked at the yard.', { body: 'Second opinion.' }], tags: ['Recurring'] };
		const result = await dt.run({ parameters: { resource: 'workOrder', operation: 'create', specifyBody: 'json', jsonBody: JSON.stringify(json) } });
		expect(result.error).toBeUndefined();
		expect(dt.sandbox.log.map((entry) => [entry.status, (entry.body as IDataObject).notes, (entry.body as IDataObject).tags])).toEqual([
			[400, [{ body: 'Checked at the yard.' }, { body: 'Second opinion.' }], [{ name: 'Recurring' }]],
			[201, ['Checked at the yard.', 'Second opinion.'], ['Recurring']],
		]);
		expect(stored(result.json[0].id)).toMatchObject({ notes: [{ body: 'Checked at the yard.' }, { body: 'Second opinion.' }], tags: [{ name: 'Recurring' }] });
	});

	test('missing required fields: one request, no retry, an error naming them by their display names', async () => {
		const before = dt.sandbox.data.workOrders.length;
		const result = await dt.run({ parameters: create({ status: 'Pending', scheduledOnDate: '2026-11-21T09:00:00' }) });
		expect(dt.sandbox.log).toHaveLength(1);
		expect(dt.sandbox.log[0]).toMatchObject({ method: 'POST', status: 400 });
		// Datatruck named the notes too; a retry would still lack the fields, so none is sent and nothing is remembered.
		expect(result.error?.message).toBe('Datatruck requires these fields: Type, Payment Type, Invoice ID, Assigned To, Odometer — set them under Additional Fields');
		expect(result.error?.description).toMatch(/^Datatruck's published API marks them required for a new work order; nothing was created\./);
		expect(result.error?.description).toContain('type_work_order');
		expect(result.error?.httpCode).toBe('400');
		expect(JSON.stringify([result.error?.message, result.error?.description])).not.toContain(dt.sandbox.token);
		expect(dt.sandbox.data.workOrders).toHaveLength(before);
		expect(findingsFor(dt.sandbox.origin)).toEqual([]);
		expect(saidAbout(STRING_NOTES)).toHaveLength(0);
	});

	test('one missing field without notes or tags: named alone; Using JSON it is named by its key', async () => {
		const { odometer: _, ...withoutOdometer } = REQUIRED_FILLED;
		const form = await dt.run({ parameters: { ...create(withoutOdometer), notes: {}, tags: {} } });
		expect(form.error?.message).toBe('Datatruck requires this field: Odometer — set it under Additional Fields');
		expect(dt.sandbox.log).toHaveLength(1);

		dt.sandbox.clearLog();
		const { invoice_id: __, ...withoutInvoice } = BODY_WITHOUT_LISTS;
		const json = await dt.run({ parameters: { resource: 'workOrder', operation: 'create', specifyBody: 'json', jsonBody: JSON.stringify(withoutInvoice) } });
		expect(json.error?.message).toBe('Datatruck requires this field: invoice_id — add it to JSON Body');
		expect(dt.sandbox.log.map((entry) => entry.status)).toEqual([400]);
	});

	test('Continue On Fail: the item without the fields gets the error, the others are created', async () => {
		const result = await dt.run({
			parameters: create({ ...REQUIRED_FILLED, typeWorkOrder: '={{ $json.type }}' }),
			items: [{ type: 'Repair' }, { type: '' }, { type: 'Inspection' }],
			continueOnFail: true,
		});
		expect(result.error).toBeUndefined();
		expect(result.items).toHaveLength(3);
		expect(result.items[1].json.error).toBe('Datatruck requires this field: Type — set it under Additional Fields');
		expect(stored(result.json[0].id)?.type_work_order).toBe('Repair');
		expect(stored(result.json[2].id)?.type_work_order).toBe('Inspection');
		expect(result.items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
		// The first item's retry taught the form: the second and third went straight as strings.
		expect(dt.sandbox.log.map((entry) => entry.status)).toEqual([400, 201, 400, 201]);
	});
});

describe("Work Order › Create against the API contract's form (default profile)", () => {
	test('notes and tags go in the spec form, once, and nothing is remembered', async () => {
		const result = await dt.run({ parameters: create(REQUIRED_FILLED) });
		expect(result.error).toBeUndefined();
		expect(dt.sandbox.log.map((entry) => [entry.status, entry.body])).toEqual([[201, { ...BODY_WITHOUT_LISTS, ...SPEC_LISTS }]]);
		expect(findingsFor(dt.sandbox.origin)).toEqual([]);
		expect(saidAbout(STRING_NOTES)).toHaveLength(0);
	});

	test('a 400 on something else is not retried and keeps its own message', async () => {
		dt.sandbox.injectFaults({ count: 1, kind: 'fieldErrors', match: { method: 'POST', path: 'work-orders' } });
		const refused = await dt.run({ parameters: create(REQUIRED_FILLED) });
		expect(dt.sandbox.log.map((entry) => entry.status)).toEqual([400]);
		expect(refused.error?.message).toBe('Datatruck rejected the request: status: "bogus" is not a valid choice.; load_pay: A valid number is required.');
		expect(findingsFor(dt.sandbox.origin)).toEqual([]);
	});
});

describe('Work Order › Get Many with Status Is', () => {
	const PENDING = 25;
	beforeAll(() => {
		// Exactly 25 pending work orders, three pages of 10 under the published profile, among 30 others.
		for (let index = 0; index < 30; index++) dt.sandbox.createWorkOrder({ status: index % 2 ? 'Completed' : 'In Progress' });
		let pending = 0;
		for (const workOrder of [...dt.sandbox.data.workOrders].sort((a, b) => a.id - b.id)) {
			if (workOrder.status !== 'Pending') continue;
			if (pending < PENDING) pending++;
			else workOrder.status = 'Completed';
		}
		for (; pending < PENDING; pending++) dt.sandbox.createWorkOrder({ status: 'Pending', total_price: pending % 2 ? '80.00' : '450.00' });
	});

	const pendingIds = () =>
		dt.sandbox.data.workOrders
			.filter((workOrder) => workOrder.status === 'Pending')
			.map((workOrder) => workOrder.id)
			.sort((a, b) => b - a);
	const statusIs = (value: string, more: INodeParameters[] = []): INodeParameters => ({
		resource: 'workOrder',
		operation: 'getMany',
		returnAll: true,
		filters: { conditions: [{ field: 'status', operator: 'is', value }, ...more] },
	});

	test.each([['default'], ['published']] as const)('under the %s profile: status=Pending on every request, exactly the pending work orders, newest first', async (profile) => {
		dt.sandbox.configure({ profile });
		const expected = pendingIds();
		expect(expected).toHaveLength(PENDING);
		const result = await dt.run({ parameters: statusIs('Pending') });
		expect(result.error).toBeUndefined();
		expect(result.json.map((workOrder) => workOrder.id)).toEqual(expected);
		expect(result.json.every((workOrder) => workOrder.status === 'Pending')).toBe(true);
		const requests = dt.sandbox.log;
		expect(requests.length).toBeGreaterThan(0);
		expect(requests.every((entry) => entry.method === 'GET' && entry.path === LIST_PATH && entry.query.status === 'Pending')).toBe(true);
		// The filter JSON still goes out: a Datatruck that applies both answers the same.
		expect(JSON.parse(String(requests[0].query.filter))).toEqual(expect.arrayContaining([{ column: 'status', value: 'Pending', contains: 'is' }]));
		if (profile === 'published') {
			// Ten a page: the pending work orders take three pages, each asked with the status.
			expect(new Set(requests.map((entry) => entry.query.page ?? '1'))).toEqual(new Set(['1', '2', '3']));
		}
	});

	test.each([['default'], ['published']] as const)('under the %s profile: another condition beside it is applied too (by Datatruck or in the node)', async (profile) => {
		dt.sandbox.configure({ profile });
		const result = await dt.run({ parameters: statusIs('Pending', [{ field: 'total_price', operator: 'greater_than', value: '100' }]) });
		expect(result.error).toBeUndefined();
		const expected = dt.sandbox.data.workOrders
			.filter((workOrder) => workOrder.status === 'Pending' && Number(workOrder.total_price) >= 100)
			.map((workOrder) => workOrder.id)
			.sort((a, b) => b - a);
		expect(expected.length).toBeGreaterThan(5);
		expect(result.json.map((workOrder) => workOrder.id)).toEqual(expected);
		expect(dt.sandbox.log.every((entry) => entry.query.status === 'Pending')).toBe(true);
	});

	test('no Status Is condition, no status parameter; Status Is Not is left to the filter and the node', async () => {
		const result = await dt.run({ parameters: { ...statusIs('Completed'), filters: { conditions: [{ field: 'status', operator: 'is_not', value: 'Completed' }] }, limit: 5, returnAll: false } });
		expect(result.error).toBeUndefined();
		expect(result.json).toHaveLength(5);
		expect(dt.sandbox.log.every((entry) => entry.query.status === undefined)).toBe(true);
	});

	test('Simplify: one flat row a dispatcher reads, with number, unit, totals and balance', async () => {
		const result = await dt.run({ parameters: { ...statusIs('Pending'), returnAll: false, limit: 3, simplify: true } });
		expect(result.error).toBeUndefined();
		const newest = pendingIds().slice(0, 3).map((id) => stored(id)!);
		expect(result.json).toEqual(
			newest.map((workOrder) => ({
				id: workOrder.id,
				number: workOrder.number,
				status: 'Pending',
				procedure_name: workOrder.procedure_name,
				unit: workOrder.truck ?? workOrder.trailer,
				vendor: workOrder.vendor,
				assigned_to: workOrder.assigned_to,
				scheduled_on_date: workOrder.scheduled_on_date,
				total_price: workOrder.total_price,
				paid_amount: workOrder.paid_amount,
				balance: workOrder.balance,
			})),
		);
		expect(result.json[0].number).toMatch(/^WO-\d{4}-\d{3}$/);
	});
});
