/**
 * What a newcomer meets first (issue 42), through n8n-core's real WorkflowExecute and RoutingNode against the
 * sandbox: Sort with its Direction (node version 1.2) while saved workflows of 1 and 1.1 keep their order; the
 * creates returning the record as sent; the node's own checks reaching n8n as its own error (`NodeOperationError`),
 * Datatruck's answers as `NodeApiError`; the driver's dates kept as typed.
 */
import type { INodeParameters } from 'n8n-workflow';
import { useSandbox } from '../harness/sandbox.cts';
import { driverCreateParameters, workOrderCreateParameters } from './fixtures.cts';

const dt = useSandbox();
const API = '/api/v1/openapi';

describe('Sort: Direction shown from version 1.2, the order of saved workflows kept', () => {
	const loads = (sort: INodeParameters): INodeParameters => ({ resource: 'load', operation: 'getMany', limit: 10, sort });
	const orderingSent = () => dt.sandbox.log.map((entry) => String(entry.query.ordering));
	const opposite = (ordering: string) => ordering.split(',').map((term) => (term.startsWith('-') ? term.slice(1) : `-${term}`)).join(',');
	/**
	 * The ordering asked for; on a page 1 that could also be Datatruck's order by id (loads tied at the lowest pay, or
	 * without pay), the same question the other way round follows, once an hour (orderProbe.ts).
	 */
	const expectAsked = (ordering: string) => {
		const [asked, ...then] = orderingSent();
		expect(asked).toBe(ordering);
		expect(then).toEqual(then.length ? [opposite(ordering)] : []);
	};

	test.each([
		// A workflow saved with version 1 or 1.1 and only Sort By set: newest (highest) first, as it always did.
		['1, Sort By alone', 1, { field: 'load_pay' }, '-load_pay,-id', true],
		['1.1, Sort By alone', 1.1, { field: 'load_pay' }, '-load_pay,-id', true],
		['1.1, Descending off', 1.1, { field: 'load_pay', descending: false }, 'load_pay,id', false],
		// Version 1.2: Sort By with the Direction it shows, Ascending unless changed.
		['1.2, Sort By with its default Direction', 1.2, { rule: { field: 'load_pay', direction: 'ascending' } }, 'load_pay,id', false],
		['1.2, Sort By as the editor saves it (Direction left at its default)', 1.2, { rule: { field: 'load_pay' } }, 'load_pay,id', false],
		['1.2, Descending', 1.2, { rule: { field: 'load_pay', direction: 'descending' } }, '-load_pay,-id', true],
	] as const)('version %s', async (_name, typeVersion, sort, ordering, descending) => {
		const result = await dt.run({ parameters: loads(sort), typeVersion });
		expect(result.error).toBeUndefined();
		expectAsked(ordering);
		const pays = result.json.map((load) => Number(load.load_pay ?? 0));
		expect(result.json).toHaveLength(10);
		expect(pays).toEqual([...pays].sort((a, b) => (descending ? b - a : a - b)));
	});

	test('1.2: a custom sort field with its Direction; no sort keeps Datatruck’s own order', async () => {
		const custom = await dt.run({
			parameters: loads({ rule: { field: '__custom', customField: 'total_miles', direction: 'descending' } }),
			typeVersion: 1.2,
		});
		expect(custom.error).toBeUndefined();
		expectAsked('-total_miles,-id');
		dt.sandbox.clearLog();
		const none = await dt.run({ parameters: loads({}), typeVersion: 1.2 });
		expect(none.error).toBeUndefined();
		expect(orderingSent()).toEqual(['-created_datetime,-id']);
	});

	test('1.2: a custom sort field left empty is the node’s own error, before any request', async () => {
		const result = await dt.run({ parameters: loads({ rule: { field: '__custom', customField: '' } }), typeVersion: 1.2 });
		expect(result.error?.message).toBe('Sort › Custom Sort Field: must not be empty');
		expect(result.error?.name).toBe('NodeOperationError');
		expect(dt.sandbox.log).toEqual([]);
	});
});

describe('Creates return the record as sent, at no request more', () => {
	test('Work Order › Create from JSON: the work order as sent (the contract’s form), with its new id', async () => {
		const jsonBody = { procedure_name: 'TRL Wash', trailer: 'TR512', total_price: 99.9, notes: [{ body: 'Monthly wash' }], tags: [{ name: 'Wash' }] };
		const result = await dt.run({
			parameters: { resource: 'workOrder', operation: 'create', specifyBody: 'json', jsonBody: JSON.stringify(jsonBody) },
		});
		expect(result.error).toBeUndefined();
		expect(dt.requestLines()).toEqual([`POST ${API}/work-orders/create/`]);
		const stored = dt.sandbox.data.workOrders[dt.sandbox.data.workOrders.length - 1];
		expect(result.json).toEqual([{ id: stored.id, ...jsonBody, total_price: '99.9' }]);
	});

	test('Work Order › Create where Datatruck takes its published form: the output keeps Get Many’s form', async () => {
		dt.sandbox.configure({ workOrderCreate: 'published' });
		try {
			const form = workOrderCreateParameters('WO-NEWCOMER-1');
			// The seven fields Datatruck's published page requires.
			const published = { typeWorkOrder: 'Repair', paymentType: 'Company', invoiceId: 'VINV-1', assignedTo: 'Tony Mechanic' };
			const additionalFields = { ...(form.additionalFields as object), ...published };
			const result = await dt.run({ parameters: { ...form, additionalFields } });
			expect(result.error).toBeUndefined();
			// Two requests, as before: the contract's form refused, the published one (strings) taken.
			expect(dt.requestLines()).toEqual([`POST ${API}/work-orders/create/`, `POST ${API}/work-orders/create/`]);
			expect((dt.sandbox.log[1].body as { notes: unknown }).notes).toEqual(['Driver reported a bent rim at pre-trip.']);
			const stored = dt.sandbox.data.workOrders[dt.sandbox.data.workOrders.length - 1];
			expect(result.json[0]).toMatchObject({ id: stored.id, reference_number: 'WO-NEWCOMER-1', notes: stored.notes, tags: stored.tags });
		} finally {
			dt.sandbox.configure({ workOrderCreate: 'spec' });
		}
	});

	test('Driver › Create with only the required fields: those fields, named as a listed driver’s, and the confirmation', async () => {
		const result = await dt.run({
			parameters: { resource: 'driver', operation: 'create', firstName: 'Dwayne', lastName: 'Okafor', contactNumber: '(312) 555-0188', driverType: 'owner_operator' },
		});
		expect(result.error).toBeUndefined();
		expect(dt.requestLines()).toEqual([`POST ${API}/drivers/create/`]);
		expect(result.json).toEqual([
			{
				account: { first_name: 'Dwayne', last_name: 'Okafor' },
				contact_number: '(312) 555-0188',
				driver_type: 'owner_operator',
				detail: 'Driver created successfully.',
			},
		]);
		const listed = dt.sandbox.data.drivers[dt.sandbox.data.drivers.length - 1];
		expect(listed).toMatchObject(result.json[0].account ? { account: result.json[0].account, contact_number: '(312) 555-0188' } : {});
	});
});

describe('The node’s own checks are its own errors; Datatruck’s answers are Datatruck’s', () => {
	test('a check made before any request is a NodeOperationError, without an HTTP code, and nothing is sent', async () => {
		const result = await dt.run({
			parameters: { ...workOrderCreateParameters('WO-BAD-DATE'), additionalFields: { scheduledOnDate: '31/12/2026' } },
		});
		expect(result.error?.name).toBe('NodeOperationError');
		expect(result.error?.message).toBe('Additional Fields › Scheduled On: "31/12/2026" is not a date and time');
		expect(result.error?.description).toBe('For example: 2026-11-21T09:00:00Z');
		expect(result.error?.httpCode).toBeUndefined();
		expect(dt.sandbox.log).toEqual([]);
	});

	test('a check of the request step (Limit) and of the credential are the node’s own too', async () => {
		const limit = await dt.run({ parameters: { resource: 'load', operation: 'getMany', limit: 0 } });
		expect(limit.error?.name).toBe('NodeOperationError');
		expect(limit.error?.message).toMatch(/^Limit: "0" is not a whole number of at least 1/);
		const company = await dt.run({ parameters: { resource: 'load', operation: 'getMany', limit: 5 }, credentials: dt.credentials({ company: 'acme trucking' }) });
		expect(company.error?.name).toBe('NodeOperationError');
		expect(dt.sandbox.log).toEqual([]);
	});

	test('Datatruck’s answer stays a NodeApiError with its status', async () => {
		const result = await dt.run({ parameters: { resource: 'load', operation: 'get', loadId: '99999' } });
		expect(result.error?.name).toBe('NodeApiError');
		expect(result.error?.httpCode).toBe('404');
		expect(dt.requestLines()).toEqual([`GET ${API}/orders/99999`]);
	});

	test('Continue On Fail: the bad item’s error is paired with it and keeps its class; the good items are sent', async () => {
		const result = await dt.run({
			parameters: { resource: 'load', operation: 'get', loadId: '={{ $json.load }}' },
			items: [{ load: '10001' }, { load: 'LD-7' }, { load: '10002' }],
			continueOnFail: true,
		});
		expect(result.items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
		expect(result.json.map((item) => item.id ?? item.error)).toEqual([10001, 'Load: "LD-7" is not a whole number of at least 1', 10002]);
		expect((result.items[1].error as { name?: string } | undefined)?.name).toBe('NodeOperationError');
		expect(dt.requestLines()).toEqual([`GET ${API}/orders/10001`, `GET ${API}/orders/10002`]);
	});

	test('several items, the second bad: the run stops on the node’s own error', async () => {
		const result = await dt.run({
			parameters: { resource: 'load', operation: 'get', loadId: '={{ $json.load }}' },
			items: [{ load: '10001' }, { load: 'LD-7' }],
		});
		expect(result.error?.name).toBe('NodeOperationError');
		expect(result.error?.message).toBe('Load: "LD-7" is not a whole number of at least 1');
		expect(result.error?.context).toEqual(expect.objectContaining({ itemIndex: 1 }));
	});
});

describe('Driver dates keep what was typed', () => {
	const hire = (additionalFields: INodeParameters) => driverCreateParameters(additionalFields);
	const sent = () => dt.sandbox.log[0].body as Record<string, unknown>;

	test('Birth Date and the license dates typed as YYYY-MM-DD are sent as typed', async () => {
		const result = await dt.run({
			parameters: hire({ birthDate: '1986-04-12', driverLicenseIssueDate: '2022-06-30', driverLicenseExpiration: '2028-06-30' }),
		});
		expect(result.error).toBeUndefined();
		expect(sent()).toMatchObject({ birth_date: '1986-04-12', driver_license_issue_date: '2022-06-30', driver_license_expiration: '2028-06-30' });
		expect(dt.sandbox.data.drivers[dt.sandbox.data.drivers.length - 1].brith_date).toBe('1986-04-12');
		expect(result.json[0].brith_date).toBe('1986-04-12');
	});

	test('a date and time, as a saved date-time picker or an expression gives it, is cut to its date', async () => {
		const result = await dt.run({ parameters: hire({ birthDate: '1986-04-12T00:00:00', driverLicenseExpiration: '={{ "2028-06-30T00:00:00.000-05:00" }}' }) });
		expect(result.error).toBeUndefined();
		expect(sent()).toMatchObject({ birth_date: '1986-04-12', driver_license_expiration: '2028-06-30' });
	});

	test.each([
		['12/04/1986', 'Birth Date'],
		['1986-04-12 and some', 'Birth Date'],
		['April 12, 1986', 'Birth Date'],
		['1986-13-01', 'Birth Date'],
		['next June', 'Driver License Expiration'],
	])('"%s" is an error naming %s, before any request', async (typed, label) => {
		const field = label === 'Birth Date' ? 'birthDate' : 'driverLicenseExpiration';
		const result = await dt.run({ parameters: hire({ [field]: typed }) });
		expect(result.error?.name).toBe('NodeOperationError');
		expect(result.error?.message).toBe(`Additional Fields › ${label}: "${typed}" is not a date in the form YYYY-MM-DD`);
		expect(dt.sandbox.log).toEqual([]);
	});
});
