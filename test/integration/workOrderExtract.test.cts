import type { IDataObject, INodeParameters } from 'n8n-workflow';
import { findingsFor, resetSupport } from '../../nodes/Datatruck/shared/lists';
import { clearSearchCache } from '../../nodes/Datatruck/shared/pickers/searchCache';
import { useSandbox } from '../harness/sandbox.cts';
import { apiClient } from '../sandbox/testClient.cts';

/**
 * Work Order › Extract From Text through n8n's RoutingNode against the sandbox: its only requests
 * are the unit look-ups of the pickers' search (none with Check Unit off), it writes nothing, and
 * a request it cannot turn into a work order is an item with ready false, not an error.
 */
const dt = useSandbox();

const TRUCKS = '/api/v1/openapi/trucks/list/';
const TRAILERS = '/api/v1/openapi/trailers/list/';
// Thursday 2026-11-26 09:00 in Chicago.
const OPTIONS = { timeZone: 'America/Chicago', now: '2026-11-26T15:00:00Z' };

function extract(parameters: INodeParameters): INodeParameters {
	return { resource: 'workOrder', operation: 'extractFromText', ...parameters, options: { ...OPTIONS, ...(parameters.options as object) } };
}

/** An Email Trigger (IMAP) item, as the default Text expression reads it. */
const email = (subject: string, textPlain: string, messageId = `<${subject.replace(/\W+/g, '-')}@example.com>`) => ({
	subject,
	textPlain,
	from: 'mike@example.com',
	messageId,
});

/** Options › Defaults as the examples set them. */
const DEFAULTS = {
	values: {
		typeWorkOrder: 'Repair',
		paymentType: 'Credit Card',
		assignedTo: 'Tony Mechanic',
		status: 'Pending',
		invoiceId: 'TBD',
	},
};
/** What Datatruck's published page marks required on Work Order › Create. */
const PUBLISHED_REQUIRED = ['status', 'type_work_order', 'payment_type', 'invoice_id', 'scheduled_on_date', 'assigned_to', 'odometer'];
const CREATE = '/api/v1/openapi/work-orders/create/';
beforeEach(() => {
	clearSearchCache();
	resetSupport();
});

describe('Work Order › Extract From Text', () => {
	test('the email of the issue: one truck look-up, no write, a work order ready for Create', async () => {
		const result = await dt.run({
			parameters: extract({ options: { defaults: DEFAULTS } }),
			items: [
				email(
					'T-112 brakes',
					'Truck 112 brakes grinding bad, booked it at Big Rig Repair Dallas tomorrow 2pm. odometer 412,870. Shop # 214-555-0100 – Mike',
				),
			],
		});
		expect(result.error).toBeUndefined();
		expect(dt.sandbox.log.map((entry) => [entry.method, entry.path, entry.query])).toEqual([
			['GET', TRUCKS, { page_size: '25', search: '112' }],
		]);
		expect(result.items).toHaveLength(1);
		expect(result.items[0].pairedItem).toEqual({ item: 0 });
		expect(result.json[0]).toEqual({
			ready: true,
			missing: [],
			question: null,
			requestReference: expect.stringMatching(/^REQ-[0-9A-F]{12}$/),
			alreadyCreated: null,
			// The option is not set: Datatruck's work orders were not looked at.
			existingCheck: null,
			workOrder: {
				procedure_name: 'TRK Brake Issue',
				truck: 'T112',
				scheduled_on_date: '2026-11-27T14:00:00-06:00',
				vendor: 'Big Rig Repair Dallas',
				vendor_phone: '(214) 555-0100',
				odometer: 412870,
				reference_number: result.json[0].requestReference,
				invoice_id: 'TBD',
				type_work_order: 'Repair',
				payment_type: 'Credit Card',
				assigned_to: 'Tony Mechanic',
				status: 'Pending',
				notes: [{ body: 'From email: T-112 brakes' }],
			},
			understood: {
				unit: { kind: 'truck', number: 'T-112', label: 'T112' },
				procedure: 'TRK Brake Issue',
				procedureWords: ['brakes', 'grinding'],
				scheduledOn: '2026-11-27T14:00:00-06:00',
				vendor: 'Big Rig Repair Dallas',
				vendorPhone: '(214) 555-0100',
				odometer: 412870,
				odometerFrom: 'odometer',
				reference: null,
				invoice: null,
			},
			reply: expect.stringMatching(/^The work order can be created:\nUnit: truck T112\nWork: TRK Brake Issue/),
		});
	});

	test('one item per input item, paired; an unknown unit and a missing one are items, not errors', async () => {
		const result = await dt.run({
			parameters: extract({ options: { defaults: DEFAULTS } }),
			items: [
				email('trailer tire', 'Trailer TR-512 trailer tire flat, tomorrow 8am, odometer 88,120'),
				email('unit 999', 'unit 999 DEF warning'),
				email('help', 'brakes grinding, no idea which truck'),
			],
		});
		expect(result.error).toBeUndefined();
		expect(result.items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
		const [when, odometer] = ['the day and time the work is booked', 'the odometer reading'];
		expect(result.json.map((item) => [item.ready, item.missing])).toEqual([
			[true, []],
			[false, ['unit 999 is not a truck or trailer in Datatruck', when, odometer]],
			[false, ['the truck or trailer number', when, odometer]],
		]);
		expect(result.json[0].workOrder).toMatchObject({ procedure_name: 'TRL Tire Repair / Replacement', trailer: 'TR512' });
		expect(result.json[1].workOrder).not.toHaveProperty('truck');
		// The problem is understood: the sender is asked for what is missing, one question each, not for all of it.
		expect(result.json[1].reply).toContain('1. Unit 999 is not in Datatruck: which truck or trailer is it? Reply with its number as Datatruck lists it.');
		expect(result.json[2].reply).toContain('1. Which truck or trailer is it? Reply with its number, e.g. truck 142 or trailer TR-1005.');
		for (const item of result.json.slice(1)) expect(item.reply).not.toContain('Please resend');
		// A trailer by its kind; "unit 999" in both lists; nothing for no unit; and no write at all.
		expect(dt.sandbox.log.map((entry) => [entry.method, entry.path, entry.query.search])).toEqual([
			['GET', TRAILERS, '512'],
			['GET', TRUCKS, '999'],
			['GET', TRAILERS, '999'],
		]);
	});

	test('the same unit twice within a minute is looked up once (the pickers\' cache)', async () => {
		const item = email('T-112 brakes', 'Truck 112 brakes tomorrow 2pm, odo 412k');
		const result = await dt.run({ parameters: extract({ options: { defaults: DEFAULTS } }), items: [item, item] });
		expect(result.json.map((json) => json.ready)).toEqual([true, true]);
		expect(dt.requestLines()).toEqual([`GET ${TRUCKS}`]);
	});

	test('Check Unit off: no request at all, the unit taken as written', async () => {
		const result = await dt.run({
			parameters: extract({ options: { checkUnit: false, defaults: DEFAULTS } }),
			items: [email('T-999 brakes', 'T-999 brakes grinding tomorrow 2pm, odo 412k')],
		});
		expect(dt.sandbox.log).toEqual([]);
		expect(result.json[0]).toMatchObject({ ready: true, workOrder: { truck: 'T-999', procedure_name: 'TRK Brake Issue' } });
	});

	test('Fields From an AI Extractor: the same rules, the unit looked up', async () => {
		const output = {
			unit: 'trailer 505',
			procedure: 'TRL:tire repair / replacement',
			scheduledOn: '11/28 9:30am',
			vendor: 'Pilot Tire Care',
			vendorPhone: '+1 469 555 0177',
			odometer: '88k',
			reference: 'WO-104233',
			notes: 'Right side outer tire flat',
		};
		const result = await dt.run({ parameters: extract({ source: 'fields', options: { defaults: DEFAULTS } }), items: [{ output }] });
		expect(result.error).toBeUndefined();
		expect(dt.sandbox.log.map((entry) => [entry.path, entry.query.search])).toEqual([[TRAILERS, '505']]);
		expect(result.json[0]).toMatchObject({
			ready: true,
			workOrder: {
				procedure_name: 'TRL Tire Repair / Replacement',
				trailer: 'TR505',
				scheduled_on_date: '2026-11-28T09:30:00-06:00',
				vendor: 'Pilot Tire Care',
				vendor_phone: '(469) 555-0177',
				odometer: 88000,
				reference_number: 'WO-104233',
				type_work_order: 'Repair',
				status: 'Pending',
				notes: [{ body: 'Right side outer tire flat' }],
			},
		});
	});

	test('Fields that are not an object: an error naming the parameter, before any request', async () => {
		const result = await dt.run({ parameters: extract({ source: 'fields', fields: '={{ "brakes" }}' }) });
		expect(result.error?.message).toMatch(/^Fields: /);
		expect(dt.sandbox.log).toEqual([]);
	});

	test('a time zone that does not exist: an error naming the option, before any request', async () => {
		const result = await dt.run({ parameters: extract({ options: { timeZone: 'Mars/Olympus' } }), items: [email('T-112', 'brakes')] });
		expect(result.error?.message).toMatch(/^Options › Time Zone: "Mars\/Olympus" is not a time zone/);
		expect(dt.sandbox.log).toEqual([]);
	});

	test('the workflow\'s time zone when the option is empty', async () => {
		const result = await dt.run({
			parameters: { resource: 'workOrder', operation: 'extractFromText', options: { now: '2026-11-26T15:00:00Z', checkUnit: false } },
			items: [email('T-112', 'brakes tomorrow 2pm')],
			timezone: 'America/New_York',
		});
		expect(result.json[0].workOrder).toMatchObject({ scheduled_on_date: '2026-11-27T14:00:00-05:00' });
	});

	test('a Now picked without a zone is wall-clock time in the Time Zone option', async () => {
		// 09:00 in Chicago: 8am has passed, so it is tomorrow's; read as 09:00 UTC (03:00 Chicago) it would be today's.
		const result = await dt.run({
			parameters: extract({ options: { now: '2026-11-26T09:00:00', checkUnit: false } }),
			items: [email('T-112', 'brakes at 8am')],
		});
		expect(result.json[0].workOrder).toMatchObject({ scheduled_on_date: '2026-11-27T08:00:00-06:00' });
	});
});

/** Two complete requests, as the mailbox gets them: a truck at a bare hour, a trailer on a month/day @ hour. */
const COMPLETE_MAILS = [
	email('T-112 brakes', 'Truck 112 brakes grinding, booked at Big Rig Repair Dallas tomorrow morning 9. odometer 412,870. Shop # 214-555-0100'),
	email('Trailer TR-512 flat', 'Trailer TR-512 trailer tire flat. Shop: Pilot Tire Care, 11/28 @ 9, hub odometer 88,120 miles'),
];

describe('Extract From Text: Options › Defaults and an honest ready', () => {
	test('Defaults fill the body where the mail does not say; an Invoice ID expression gives each mail its own', async () => {
		const perMail = { values: { ...DEFAULTS.values, invoiceId: "={{ 'REQ-' + $json.messageId.replace(/[<>]/g, '') }}" } };
		const result = await dt.run({ parameters: extract({ options: { defaults: perMail } }), items: COMPLETE_MAILS });
		expect(result.error).toBeUndefined();
		expect(result.json.map((item) => [item.ready, item.missing])).toEqual([
			[true, []],
			[true, []],
		]);
		const [truck, trailer] = result.json.map((item) => item.workOrder as Record<string, unknown>);
		expect(truck).toEqual({
			procedure_name: 'TRK Brake Issue',
			truck: 'T112',
			scheduled_on_date: '2026-11-27T09:00:00-06:00',
			vendor: 'Big Rig Repair Dallas',
			vendor_phone: '(214) 555-0100',
			odometer: 412870,
			reference_number: result.json[0].requestReference,
			invoice_id: 'REQ-T-112-brakes@example.com',
			type_work_order: 'Repair',
			payment_type: 'Credit Card',
			assigned_to: 'Tony Mechanic',
			status: 'Pending',
			notes: [{ body: 'From email: T-112 brakes' }],
		});
		expect(trailer).toMatchObject({ trailer: 'TR512', scheduled_on_date: '2026-11-28T09:00:00-06:00', odometer: 88120, invoice_id: 'REQ-Trailer-TR-512-flat@example.com' });
		// An invoice the mail names wins over the Default.
		const named = await dt.run({
			parameters: extract({ options: { defaults: DEFAULTS } }),
			items: [email('T-112 brakes', `${COMPLETE_MAILS[0].textPlain} Invoice #: VINV-20431`)],
		});
		expect(named.json[0]).toMatchObject({ ready: true, workOrder: { invoice_id: 'VINV-20431' }, understood: { invoice: 'VINV-20431' } });
	});

	test('without Defaults, no date or no odometer: ready is false and missing says what Datatruck will require', async () => {
		const result = await dt.run({
			parameters: extract({}),
			items: [COMPLETE_MAILS[0], email('T-112 brakes', 'Truck 112 brakes grinding, booked at Big Rig Repair Dallas')],
		});
		expect(result.json[0]).toMatchObject({
			ready: false,
			missing: [
				expect.stringMatching(/^the invoice ID .*Options › Defaults › Invoice ID/),
				expect.stringMatching(/^the work order type: set Options › Defaults › Type/),
				expect.stringMatching(/^the payment type: set Options › Defaults › Payment Type/),
				expect.stringMatching(/^who the work is assigned to: set Options › Defaults › Assigned To/),
			],
		});
		expect(result.json[0].reply).not.toContain('Please resend');
		const withDefaults = await dt.run({ parameters: extract({ options: { defaults: DEFAULTS } }), items: [email('T-112 brakes', 'Truck 112 brakes grinding, booked at Big Rig Repair Dallas')] });
		expect(withDefaults.json[0]).toMatchObject({ ready: false, missing: ['the day and time the work is booked', 'the odometer reading'] });
		expect(withDefaults.json[0].question).toBe(
			"When is truck T-112 booked at the shop? Reply with the day and time, e.g. Friday 8am.\nWhat is truck T-112's odometer reading? Reply with the number, e.g. 412870.",
		);
	});

	test('a Default that is not text: an error naming it, before any request', async () => {
		const result = await dt.run({
			parameters: extract({ options: { defaults: { values: { typeWorkOrder: '={{ { kind: "Repair" } }}' } } } }),
			items: [COMPLETE_MAILS[0]],
		});
		expect(result.error?.message).toMatch(/^Options › Defaults › Type: must be text/);
		expect(dt.sandbox.log).toEqual([]);
	});
});

describe.each(['default', 'published'] as const)('Extract From Text → Work Order › Create, sandbox profile %s', (profile) => {
	beforeEach(() => dt.sandbox.configure({ profile }));
	afterAll(() => dt.sandbox.configure({ profile: 'default' }));

	/** Work Order › Create as the examples run it: the JSON body is Extract's workOrder. */
	const createFrom = (items: IDataObject[]) =>
		dt.run({
			parameters: { resource: 'workOrder', operation: 'create', specifyBody: 'json', jsonBody: '={{ JSON.stringify($json.workOrder) }}' },
			items,
		});

	test('a ready body is taken: Datatruck receives every published required field and stores the work order', async () => {
		const extracted = await dt.run({ parameters: extract({ options: { defaults: DEFAULTS } }), items: COMPLETE_MAILS });
		expect(extracted.json.map((item) => item.ready)).toEqual([true, true]);
		dt.sandbox.clearLog();
		const before = dt.sandbox.data.workOrders.length;

		const created = await createFrom(extracted.json);
		expect(created.error).toBeUndefined();
		// Each work order as sent (Extract's body, in the contract's form), with the id Datatruck gave it.
		expect(created.json).toEqual(
			// (the date as it was sent: the same moment, in UTC)
			extracted.json.map((item) => {
				const workOrder = item.workOrder as IDataObject;
				const sentAt = new Date(String(workOrder.scheduled_on_date)).toISOString().replace('.000', '');
				return { id: expect.any(Number), ...workOrder, scheduled_on_date: sentAt };
			}),
		);
		const accepted = dt.sandbox.log.filter((entry) => entry.method === 'POST' && entry.path === CREATE && entry.status === 201);
		expect(accepted).toHaveLength(2);
		expect(dt.sandbox.data.workOrders).toHaveLength(before + 2);
		for (const [index, entry] of accepted.entries()) {
			const sent = extracted.json[index].workOrder as Record<string, unknown>;
			const body = entry.body as Record<string, unknown>;
			for (const key of PUBLISHED_REQUIRED) expect({ key, value: body[key] }).toEqual({ key, value: expect.anything() });
			expect(body).toMatchObject({
				procedure_name: sent.procedure_name,
				type_work_order: 'Repair',
				payment_type: 'Credit Card',
				assigned_to: 'Tony Mechanic',
				status: 'Pending',
				invoice_id: sent.invoice_id,
				odometer: sent.odometer,
			});
			const stored = dt.sandbox.data.workOrders.find((workOrder) => workOrder.id === created.json[index].id)!;
			expect(stored).toMatchObject({
				procedure_name: sent.procedure_name,
				truck: sent.truck ?? null,
				trailer: sent.trailer ?? null,
				type_work_order: 'Repair',
				payment_type: 'Credit Card',
				assigned_to: 'Tony Mechanic',
				status: 'Pending',
				invoice_id: sent.invoice_id,
				odometer: sent.odometer,
			});
			expect(Date.parse(String(stored.scheduled_on_date))).toBe(Date.parse(String(sent.scheduled_on_date)));
		}
		// A 400 writes nothing: whatever form Create sent first, each work order was stored once.
		const statuses = dt.sandbox.log.filter((entry) => entry.method === 'POST').map((entry) => entry.status);
		expect(statuses.filter((status) => status !== 201 && status !== 400)).toEqual([]);
	});

	if (profile === 'published') {
		test('a body Extract calls not ready is one a strict Datatruck refuses: nothing is stored', async () => {
			const extracted = await dt.run({ parameters: extract({}), items: [COMPLETE_MAILS[0]] });
			expect(extracted.json[0].ready).toBe(false);
			const before = dt.sandbox.data.workOrders.length;
			const created = await createFrom(extracted.json);
			expect(created.error).toBeDefined();
			expect(dt.sandbox.log.filter((entry) => entry.method === 'POST' && entry.status === 201)).toEqual([]);
			expect(dt.sandbox.data.workOrders).toHaveLength(before);
		});
	}
});

describe('Extract From Text when Datatruck ignores the truck search (issue 28)', () => {
	const IGNORES_SEARCH = { lists: { trucks: { ignoreFilter: true as const, ignorePageSize: true } } };
	afterEach(() => dt.sandbox.configure({ lists: {} }));
	/** The pages of 10 the list serves whatever page_size says. */
	const pages = () => Math.ceil(dt.sandbox.data.trucks.length / 10);
	const wholeListReads = () => dt.sandbox.log.slice(1).map((entry) => [entry.method, entry.path, entry.query.search, entry.query.page ?? '1']);

	test('the issue\'s email: the truck is found in the whole list, read by page number, and nothing is written', async () => {
		dt.sandbox.configure(IGNORES_SEARCH);
		const result = await dt.run({
			parameters: extract({ options: { defaults: DEFAULTS } }),
			items: [email('T-112 brakes', 'Truck 112 brakes grinding bad, booked it at Big Rig Repair Dallas tomorrow 2pm, odometer 412,870')],
		});
		expect(result.error).toBeUndefined();
		expect(result.json[0]).toMatchObject({ ready: true, missing: [], workOrder: { truck: 'T112' }, understood: { unit: { label: 'T112' } } });
		expect(dt.sandbox.log[0]).toMatchObject({ method: 'GET', path: TRUCKS, query: { page_size: '25', search: '112' } });
		// Every page once: trucks come in ID order, with no ID missing at a page boundary, so no truck can have moved
		// back over one unseen and one pass proves the list read whole (passCoverage.ts).
		const pass = Array.from({ length: pages() }, (_, i) => ['GET', TRUCKS, undefined, String(i + 1)]);
		expect(wholeListReads().sort()).toEqual(pass.sort());
		expect(dt.sandbox.log.length).toBeLessThanOrEqual(1 + 2 * pages() + 3);
		expect(findingsFor(new URL(dt.sandbox.baseUrl).origin).map((finding) => finding.key)).toContain('trucks.search');
	});

	test('a truck the whole list lacks is reported missing, after every page was read; a second one costs no request', async () => {
		dt.sandbox.configure(IGNORES_SEARCH);
		const result = await dt.run({ parameters: extract({ options: { defaults: DEFAULTS } }), items: [email('T-999', 'Truck 999 brakes grinding tomorrow 2pm, odo 412k')] });
		expect(result.json[0]).toMatchObject({ ready: false, missing: [expect.stringContaining('is not a truck in Datatruck')] });
		const pass = Array.from({ length: pages() }, (_, i) => String(i + 1));
		expect(wholeListReads().map((read) => read[3]).sort()).toEqual(pass.sort());
		const requests = dt.sandbox.log.length;
		const again = await dt.run({ parameters: extract({}), items: [email('T-998', 'Truck 998 brakes grinding')] });
		expect(again.json[0]).toMatchObject({ ready: false });
		expect(dt.sandbox.log).toHaveLength(requests);
	});
});

test('Extract From Text: a unit past the first page of Datatruck\'s honoured search is still found (the whole list is read, not "missing")', async () => {
	const created = await apiClient(dt.sandbox).post('/trucks/create/', {
		unit_number: 'T1',
		vin: '5XKYD49X0KJ555555',
		make: 'Kenworth',
		model: 'T680',
		year: 2021,
		plate_number: 'IL55555',
		state: 'IL',
		status: 'Active',
	});
	expect(created.status).toBe(201);
	dt.sandbox.clearLog();
	const searched = await apiClient(dt.sandbox).get('/trucks/list/', { params: { search: '1', page_size: 25 } });
	// Preconditions: more matches than a page (T101–T135 all hold a 1), and T1 not on the first.
	expect(searched.data.count).toBeGreaterThan(25);
	expect(searched.data.results.map((truck: { unit_number: string }) => truck.unit_number)).not.toContain('T1');
	dt.sandbox.clearLog();

	const result = await dt.run({ parameters: extract({ options: { defaults: DEFAULTS } }), items: [email('T-1 brakes', 'Truck T-1 brakes grinding tomorrow 2pm, odo 412k')] });
	expect(result.json[0]).toMatchObject({ ready: true, workOrder: { truck: 'T1' } });
	expect(dt.sandbox.log[0].query).toEqual({ page_size: '25', search: '1' });
	expect(dt.sandbox.log.slice(1).every((entry) => entry.path === TRUCKS && entry.query.search === undefined)).toBe(true);
	expect(dt.sandbox.log.every((entry) => entry.method === 'GET')).toBe(true);
	expect(findingsFor(new URL(dt.sandbox.baseUrl).origin)).toEqual([]);
});
