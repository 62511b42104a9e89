import type { IDataObject, INodeParameters } from 'n8n-workflow';
import { resetSupport } from '../../nodes/Datatruck/shared/lists';
import { clearSearchCache } from '../../nodes/Datatruck/shared/pickers/searchCache';
import { useSandbox } from '../harness/sandbox.cts';

/**
 * Issue 41 through n8n's RoutingNode against the sandbox: a trailer takes Options › Defaults › Trailer Odometer, a
 * truck mail without a reading gets one question, the driver's one-line answer (the reply quoted under it, as a mail
 * app sends it) gives a work order Work Order › Create stores, and with Check for Existing Work Order a second answer
 * is not ready: it names the work order the first one created, and nothing more is written.
 */
const dt = useSandbox();

const TRAILERS = '/api/v1/openapi/trailers/list/';
const WORK_ORDERS = '/api/v1/openapi/work-orders/';
const CREATE = '/api/v1/openapi/work-orders/create/';
// Thursday 2026-11-26 09:00 in Chicago; the answer comes the next day.
const ASKED = '2026-11-26T15:00:00Z';
const ANSWERED = '2026-11-27T20:00:00Z';
const DEFAULTS = { typeWorkOrder: 'Repair', paymentType: 'Credit Card', assignedTo: 'Tony Mechanic', status: 'Pending', invoiceId: 'TBD' };

function extract(now: string, options: IDataObject = {}): INodeParameters {
	return {
		resource: 'workOrder',
		operation: 'extractFromText',
		options: { timeZone: 'America/Chicago', now, defaults: { values: DEFAULTS }, ...options },
	} as INodeParameters;
}

const email = (subject: string, textPlain: string) => ({ subject, textPlain, from: 'driver105@example.com' });

/** The mailbox example's reply, quoted under the driver's answer as Gmail or Apple Mail quote it. */
function answer(subject: string, asked: IDataObject, line: string) {
	const sent = `Hello,\n\nNo work order was created from your email.\n\n${String(asked.reply)}\n\nShop team`;
	const quoted = sent.split('\n').map((text) => `> ${text}`);
	return email(`Re: Re: ${subject} [${String(asked.requestReference)}]`, [line, '', 'On Thu, Nov 26, 2026 at 9:05 AM Shop <shop@example.com> wrote:', ...quoted].join('\n'));
}

const createFrom = (items: IDataObject[]) =>
	dt.run({ parameters: { resource: 'workOrder', operation: 'create', specifyBody: 'json', jsonBody: '={{ JSON.stringify($json.workOrder) }}' }, items });

beforeEach(() => {
	clearSearchCache();
	resetSupport();
});

describe('a trailer has no odometer', () => {
	const TRAILER_MAIL = email("Trailer TR-512 flat tire", "Trailer TR-512 flat tire, booked at Love's Tire Care today 3 pm");

	test.each([[0], ['0'], [15]])('Options › Defaults › Trailer Odometer %p: ready, with that value', async (value) => {
		const result = await dt.run({ parameters: extract(ASKED, { defaults: { values: { ...DEFAULTS, trailerOdometer: value } } }), items: [TRAILER_MAIL] });
		expect(result.error).toBeUndefined();
		expect(result.json[0]).toMatchObject({ ready: true, missing: [], question: null, understood: { odometer: Number(value), odometerFrom: 'default' } });
		expect(result.json[0].workOrder).toMatchObject({ trailer: 'TR512', odometer: Number(value), scheduled_on_date: '2026-11-26T15:00:00-06:00' });
		expect(dt.requestLines()).toEqual([`GET ${TRAILERS}`]);
	});

	test('without it: the hub odometer is the one question', async () => {
		const result = await dt.run({ parameters: extract(ASKED), items: [TRAILER_MAIL] });
		expect(result.json[0]).toMatchObject({ ready: false, missing: ['the hub odometer reading (or set Options › Defaults › Trailer Odometer)'] });
		expect(result.json[0].question).toBe("What is trailer TR-512's hub odometer reading? Reply with the number, e.g. 123456.");
		expect(result.json[0].workOrder).not.toHaveProperty('odometer');
	});

	test.each([['-5'], ['12.5'], ['zero']])('Trailer Odometer %p: an error naming it, before any request', async (value) => {
		const result = await dt.run({ parameters: extract(ASKED, { defaults: { values: { ...DEFAULTS, trailerOdometer: value } } }), items: [TRAILER_MAIL] });
		expect(result.error?.message).toMatch(/^Options › Defaults › Trailer Odometer: must be a whole number of miles, 0 or more/);
		expect(dt.sandbox.log).toEqual([]);
	});
});

describe.each(['default', 'published'] as const)('one question, one answer, one work order (sandbox profile %s)', (profile) => {
	beforeEach(() => dt.sandbox.configure({ profile }));
	afterAll(() => dt.sandbox.configure({ profile: 'default' }));

	test('a truck mail without a reading → one question → "412870" → one work order; a second answer creates nothing', async () => {
		const subject = 'truck 105 check engine light on';
		const mail = email(subject, 'Check engine light on in truck 105, booked at Rush Truck Center Houston on Friday 8am');
		const checked = { checkExisting: true };
		// Each profile's mail arrives at its own moment: its own request, its own reference.
		const arrived = profile === 'default' ? ASKED : '2026-11-26T15:00:30Z';
		const [asked] = (await dt.run({ parameters: extract(arrived, checked), items: [mail] })).json;
		expect(asked).toMatchObject({ ready: false, missing: ['the odometer reading'], alreadyCreated: null });
		expect(asked.question).toBe("What is truck 105's odometer reading? Reply with the number, e.g. 412870.");
		expect(String(asked.reply).split('\n').slice(0, 3)).toEqual([
			'The work order could not be created yet.',
			"What is truck 105's odometer reading? Reply with the number, e.g. 412870.",
			`Understood so far (request ${String(asked.requestReference)}), correct anything wrong in your answer:`,
		]);
		// Not ready: Datatruck's work orders are not read for it.
		expect(dt.requestLines().filter((line) => line.includes(WORK_ORDERS))).toEqual([]);

		dt.sandbox.clearLog();
		const before = dt.sandbox.data.workOrders.length;
		const first = await dt.run({ parameters: extract(ANSWERED, checked), items: [answer(subject, asked, '412870')] });
		expect(first.error).toBeUndefined();
		expect(first.json[0]).toMatchObject({
			ready: true,
			requestReference: asked.requestReference,
			workOrder: { truck: 'T105', procedure_name: 'TRK Check Engine Light', odometer: 412870, scheduled_on_date: '2026-11-27T08:00:00-06:00', reference_number: asked.requestReference },
		});
		// Ready: the work orders with this reference are read (read-only; checked record by record where Datatruck ignores the filter).
		const reads = dt.sandbox.log.filter((entry) => entry.path === WORK_ORDERS);
		const filter = [{ column: 'reference_number', value: asked.requestReference, contains: 'is' }];
		expect(JSON.parse(String(reads[0].query.filter))).toEqual(filter);
		expect(reads.every((entry) => entry.method === 'GET' && entry.query.ordering === '-id')).toBe(true);
		if (profile === 'default') expect(reads).toHaveLength(1);
		// Datatruck as published ignores the filter: the newest work orders are matched in the node, at most 3 pages, the
		// filter not sent again (remembered for the origin).
		else expect(reads.slice(1).map((entry) => [entry.query.filter, entry.query.page])).toEqual(reads.slice(1).map((_, index) => [undefined, String(index + 2)]));
		expect(reads.length).toBeLessThanOrEqual(3);
		const created = await createFrom(first.json);
		expect(created.error).toBeUndefined();
		// One work order stored (the published form may first answer 400 to the spec's notes, which writes nothing).
		expect(dt.sandbox.log.filter((entry) => entry.method === 'POST' && entry.status === 201).map((entry) => entry.path)).toEqual([CREATE]);
		expect(dt.sandbox.data.workOrders).toHaveLength(before + 1);
		const stored = dt.sandbox.data.workOrders.find((workOrder) => workOrder.id === created.json[0].id)!;
		expect(stored).toMatchObject({ truck: 'T105', odometer: 412870, reference_number: asked.requestReference });

		// The same answer again (sent twice, or its execution run again): not ready, nothing to create.
		dt.sandbox.clearLog();
		const second = await dt.run({ parameters: extract(ANSWERED, checked), items: [answer(subject, asked, 'odo 412,870')] });
		expect(second.json[0]).toMatchObject({ ready: false, alreadyCreated: { id: stored.id } });
		expect(String(second.json[0].reply)).toMatch(new RegExp(`^Work order .*ID ${String(stored.id)}\\)? was already created for this request \\(reference ${String(asked.requestReference)}\\); nothing new was created\\.`));
		expect(dt.sandbox.log.filter((entry) => entry.method !== 'GET')).toEqual([]);
		expect(dt.sandbox.data.workOrders).toHaveLength(before + 1);
	});
});

test('Options › Now from the Email Trigger (IMAP)\'s date, a Date object: taken as that instant, the same reference every run', async () => {
	const date = new Date('2026-11-26T15:00:00Z');
	const mail = { ...email('T-112 brakes', 'Truck 112 brakes grinding at 8am, odometer 412,870'), date: date as unknown as string };
	const run = async () => await dt.run({ parameters: extract('={{ $json.date }}'), items: [mail] });
	const [first, again] = [await run(), await run()];
	expect(first.error).toBeUndefined();
	// 8am had passed at 09:00 in Chicago: tomorrow's.
	expect(first.json[0]).toMatchObject({ ready: true, workOrder: { scheduled_on_date: '2026-11-27T08:00:00-06:00' } });
	expect(again.json[0].requestReference).toBe(first.json[0].requestReference);
});
