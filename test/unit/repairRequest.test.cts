/**
 * The extraction of Work Order › Extract From Text, alone: each row is a repair request as drivers
 * and shops write it, and the fields that matter in what comes out. Dates count from Thursday
 * 2026-11-26 09:00 in Chicago unless a row says otherwise.
 */
import { readFileSync } from 'node:fs';
import {
	type Defaults,
	extraction,
	type Extraction,
	type FoundUnit,
	readFields,
	readText,
	type UnitFinder,
} from '../../nodes/Datatruck/resources/workOrder/repairRequest';
import { MISSING_HUB, MISSING_ODOMETER, MISSING_WHEN } from '../../nodes/Datatruck/resources/workOrder/repairRequest/reply';
import { closestProcedureNames, matchProcedureName } from '../../nodes/Datatruck/resources/workOrder/procedureNames';
import { PROCEDURE_WORDS, sameUnit } from '../../nodes/Datatruck/resources/workOrder/repairRequest';

const CHICAGO = { now: new Date('2026-11-26T15:00:00Z'), timeZone: 'America/Chicago' };

/** The fleet the fake look-up knows, as Datatruck's lists label it. */
const FLEET: Record<'truck' | 'trailer', string[]> = {
	truck: ['T101', 'T142', 'T1420', 'T77'],
	trailer: ['TR1005', '53-118', 'TR512', 'TR77'],
};

function fleetFinder(lookups: string[] = []): UnitFinder {
	return async (mention, kinds): Promise<FoundUnit | null> => {
		for (const kind of kinds) {
			lookups.push(`${kind}:${mention.number}`);
			const label = FLEET[kind].find((unit) => sameUnit(unit, mention));
			if (label) return { kind, label };
		}
		return null;
	};
}

/** Options › Defaults as the examples set them: what a request never says. */
const DEFAULTS: Defaults = { typeWorkOrder: 'Repair', paymentType: 'Credit Card', assignedTo: 'Tony Mechanic', invoiceId: 'REQ-1001-1' };
const FROM_DEFAULTS = { type_work_order: 'Repair', payment_type: 'Credit Card', assigned_to: 'Tony Mechanic', invoice_id: 'REQ-1001-1' };
/** What Datatruck's published page marks required on Work Order › Create. */
const PUBLISHED_REQUIRED = ['status', 'type_work_order', 'payment_type', 'invoice_id', 'scheduled_on_date', 'assigned_to', 'odometer'];

async function fromText(text: string, clock = CHICAGO, defaults: Defaults = DEFAULTS): Promise<Extraction> {
	return await extraction(readText(text, clock), clock, fleetFinder(), defaults);
}

const BRAKES_EMAIL = 'T-142 brakes\nTruck 142 brakes grinding bad, booked it at Big Rig Repair Dallas tomorrow 2pm. odometer 412,870. Shop # 214-555-0100 – Mike';

describe('the email the issue starts from', () => {
	test('every field, ready for Work Order › Create', async () => {
		const result = await fromText(BRAKES_EMAIL);
		expect(result.ready).toBe(true);
		expect(result.missing).toEqual([]);
		expect(result.workOrder).toEqual({
			procedure_name: 'TRK Brake Issue',
			truck: 'T142',
			scheduled_on_date: '2026-11-27T14:00:00-06:00',
			vendor: 'Big Rig Repair Dallas',
			vendor_phone: '(214) 555-0100',
			odometer: 412870,
			reference_number: expect.stringMatching(/^REQ-[0-9A-F]{12}$/),
			...FROM_DEFAULTS,
			status: 'Pending',
			notes: [{ body: 'From email: T-142 brakes' }],
		});
		expect(result.understood).toEqual({
			unit: { kind: 'truck', number: 'T-142', label: 'T142' },
			procedure: 'TRK Brake Issue',
			procedureWords: ['brakes', 'grinding'],
			scheduledOn: '2026-11-27T14:00:00-06:00',
			vendor: 'Big Rig Repair Dallas',
			vendorPhone: '(214) 555-0100',
			odometer: 412870,
			odometerFrom: 'odometer',
			reference: null,
			invoice: null,
		});
		expect(result.reply).toMatch(/^The work order can be created:\n/);
		expect(result.reply).toContain('Unit: truck T142');
		expect(result.reply).toContain('Work: TRK Brake Issue');
		expect(result.reply).toContain('Scheduled: Fri, Nov 27, 2026, 2:00 PM CST');
		expect(result.reply).toContain('Vendor: Big Rig Repair Dallas, (214) 555-0100');
	});
});

interface Row {
	text: string;
	unit?: string | null;
	kind?: 'truck' | 'trailer';
	procedure?: string;
	when?: string | null;
	vendor?: string | null;
	phone?: string | null;
	odometer?: number | null;
	reference?: string | null;
	invoice?: string | null;
	missing?: string[];
}

const ROWS: Array<[string, Row]> = [
	// The unit, however it is written.
	['T-142', { text: 'T-142 needs brakes', unit: 'T142', kind: 'truck', procedure: 'TRK Brake Issue' }],
	['Truck 142', { text: 'Truck 142 brake chamber leaking', unit: 'T142', procedure: 'TRK Brake Issue' }],
	['unit 142', { text: 'unit 142 check engine light on', unit: 'T142', kind: 'truck', procedure: 'TRK Check Engine Light' }],
	['trk142', { text: 'trk142 CEL came on', unit: 'T142', procedure: 'TRK Check Engine Light' }],
	['tractor #142', { text: 'tractor #142 oil leak under the engine', unit: 'T142', procedure: 'TRK Oil Leakage' }],
	['trailer TR-1005', { text: 'trailer TR-1005 flat tire on the road side', unit: 'TR1005', kind: 'trailer', procedure: 'TRL Tire Repair / Replacement' }],
	['trl 1005', { text: 'trl 1005 lights out', unit: 'TR1005', kind: 'trailer', procedure: 'TRL Lights repair' }],
	['reefer 53-118', { text: 'reefer 53-118 needs a wash', unit: '53-118', kind: 'trailer', procedure: 'TRL Wash' }],
	['unit only in the subject', { text: 'TRK 142\nThe AC is not working, no cold air in the cab', unit: 'T142', procedure: 'TRK Air conditioner service' }],
	['unit named as "unit" on a trailer', { text: 'unit 512 has a flat on the trailer', unit: 'TR512', kind: 'trailer', procedure: 'TRL Tire Repair / Replacement' }],
	['same unit in subject and body', { text: 'T142 coolant\nTruck 142 losing coolant, overheating', unit: 'T142', procedure: 'TRK Coolant Leakage' }],
	// What is missing.
	['no unit', { text: 'brakes grinding, please book something', unit: null, procedure: 'TRK Brake Issue', missing: ['the truck or trailer number'] }],
	['unknown truck', { text: 'Truck 999 windshield crack', unit: null, procedure: 'TRK Windshield', missing: ['truck 999 is not a truck in Datatruck'] }],
	['unknown unit', { text: 'unit 999 DEF warning', unit: null, procedure: 'TRK Def system issue', missing: ['unit 999 is not a truck or trailer in Datatruck'] }],
	['two different units', { text: 'Truck 142 brakes, also trailer TR-1005 tires', unit: null, missing: ['one truck or trailer number: the message names 142 and TR-1005'] }],
	// The procedure words.
	['trailer tire', { text: 'Trailer 512 trailer tire low', unit: 'TR512', procedure: 'TRL Tire Repair / Replacement' }],
	['cab AC', { text: 'T-142 A/C blowing warm in the cab', unit: 'T142', procedure: 'TRK Air conditioner service' }],
	['def', { text: 'T101 def light and derate', procedure: 'TRK Def system issue' }],
	['windshield', { text: 'T101 windshield crack from a rock', procedure: 'TRK Windshield' }],
	['reefer not cooling', { text: 'reefer 53-118 reefer unit not cooling', unit: '53-118', procedure: 'TRL Inner appliances Issues' }],
	['5th wheel', { text: 'T101 fifth wheel will not lock', procedure: 'TRK 5th Wheel Repair' }],
	['nothing matched', { text: 'T101 making a weird noise', procedure: 'TRK Other Repair' }],
	// Dates.
	['11/28 9:30am', { text: 'T101 brakes 11/28 9:30am', when: '2026-11-28T09:30:00-06:00' }],
	['Nov 28 at 14:00', { text: 'T101 brakes Nov 28 at 14:00', when: '2026-11-28T14:00:00-06:00' }],
	['monday morning', { text: 'T101 brakes monday morning', when: '2026-11-30T08:00:00-06:00' }],
	['today 4:30 pm', { text: 'T101 brakes today 4:30 pm', when: '2026-11-26T16:30:00-06:00' }],
	['12/1/2026', { text: 'T101 brakes 12/1/2026', when: '2026-12-01T08:00:00-06:00' }],
	['in 2 days', { text: 'T101 brakes in 2 days at 10am', when: '2026-11-28T10:00:00-06:00' }],
	['in 5 days, across the month end', { text: 'T101 brakes in 5 days', when: '2026-12-01T08:00:00-06:00' }],
	['a time alone that has passed is tomorrow', { text: 'T101 brakes at 7am', when: '2026-11-27T07:00:00-06:00' }],
	['no date', { text: 'T101 brakes', when: null }],
	// A bare hour (issue 33): after a part of the day, or after @ or at.
	['tomorrow morning 9', { text: 'T101 brakes tomorrow morning 9', when: '2026-11-27T09:00:00-06:00' }],
	['11/28 @ 9', { text: 'T101 brakes 11/28 @ 9', when: '2026-11-28T09:00:00-06:00' }],
	['11/28@9, no spaces', { text: 'T101 brakes 11/28@9', when: '2026-11-28T09:00:00-06:00' }],
	['tomorrow morning 9am', { text: 'T101 brakes tomorrow morning 9am', when: '2026-11-27T09:00:00-06:00' }],
	['tomorrow morning at 9:30', { text: 'T101 brakes tomorrow morning at 9:30', when: '2026-11-27T09:30:00-06:00' }],
	['tomorrow afternoon 3', { text: 'T101 brakes tomorrow afternoon 3', when: '2026-11-27T15:00:00-06:00' }],
	['Nov 28 @ 2 is in the afternoon', { text: 'T101 brakes Nov 28 @ 2', when: '2026-11-28T14:00:00-06:00' }],
	['tomorrow at 9.', { text: 'T101 brakes tomorrow at 9. Thanks', when: '2026-11-27T09:00:00-06:00' }],
	['at 9 tomorrow morning', { text: 'T101 brakes at 9 tomorrow morning', when: '2026-11-27T09:00:00-06:00' }],
	['a count after "at" is no time', { text: 'T101 brakes tomorrow, parts at 2 locations', when: '2026-11-27T08:00:00-06:00' }],
	['a mail domain after @ is no time', { text: 'T101 brakes tomorrow, write to mike@12trucks.com', when: '2026-11-27T08:00:00-06:00' }],
	['a speed after @ is no time', { text: 'T101 brakes tomorrow, shakes @ 5 mph', when: '2026-11-27T08:00:00-06:00' }],
	['a mileage after "at" is no time', { text: 'T101 brakes tomorrow, at 412k miles', when: '2026-11-27T08:00:00-06:00', odometer: 412000 }],
	// Vendor, phone, odometer, reference.
	['shop: label', { text: 'T101 brakes\nshop: TA Truck Service Joliet, (815) 555-0142', vendor: 'TA Truck Service Joliet', phone: '(815) 555-0142' }],
	['vendor: label', { text: 'T101 brakes. Vendor: Lone Star Truck Repair', vendor: 'Lone Star Truck Repair' }],
	['phone with dots', { text: 'T101 brakes at Rush Truck Center, 214.555.0100', vendor: 'Rush Truck Center', phone: '(214) 555-0100' }],
	['phone with +1', { text: 'T101 brakes, shop +1 214 555 0100', phone: '(214) 555-0100' }],
	['the sender\'s phone is not the shop\'s', { text: 'T101 brakes, call me at 312-555-0199', phone: null }],
	['412870 miles', { text: 'T101 brakes 412870 miles', odometer: 412870 }],
	['odo 412k', { text: 'T101 brakes odo 412k', odometer: 412000 }],
	['odometer 412,331', { text: 'T101 brakes, odometer 412,331', odometer: 412331 }],
	['412,331 on the odometer', { text: 'T101 brakes, 412,331 on the odometer', odometer: 412331 }],
	['odo 412870', { text: 'T101 brakes, odo 412870', odometer: 412870 }],
	['412,870 mi', { text: 'T101 brakes, 412,870 mi', odometer: 412870 }],
	['a distance is no reading', { text: 'T101 brakes, shop is in 2 miles', odometer: null }],
	['a hub reading is not a truck\'s odometer', { text: 'T101 brakes, hub 98,112', odometer: null }],
	['hub 123,456 on a trailer', { text: 'Trailer TR-1005 lights out, hub 123,456', kind: 'trailer', unit: 'TR1005', odometer: 123456, procedure: 'TRL Lights repair' }],
	['hubometer 123456 on a trailer', { text: 'trl 1005 flat tire, hubometer 123456', odometer: 123456, procedure: 'TRL Tire Repair / Replacement' }],
	['a trailer\'s reading called its odometer', { text: 'Trailer TR-1005 flat tire, odometer 88,120', odometer: 88120 }],
	['invoice VINV-20431', { text: 'T101 brakes done, Invoice #: VINV-20431', invoice: 'VINV-20431' }],
	['inv 5521', { text: 'T101 brakes, inv 5521', invoice: '5521' }],
	['INV-5521', { text: 'T101 brakes, see inv-5521', invoice: 'INV-5521' }],
	['an invoice without a number is none', { text: 'T101 brakes, invoice to follow', invoice: null }],
	['WO reference', { text: 'T101 brakes, our WO-104233', reference: 'WO-104233' }],
	['no vendor named', { text: 'T101 brakes tomorrow', vendor: null, phone: null, odometer: null }],
];

describe.each(ROWS)('%s', (_name, row) => {
	test('reads what matters', async () => {
		const result = await fromText(row.text);
		if (row.unit !== undefined) expect(result.understood.unit?.label ?? null).toBe(row.unit);
		if (row.kind) {
			expect(result.understood.unit?.kind).toBe(row.kind);
			expect(result.workOrder[row.kind]).toBe(row.unit);
		}
		if (row.procedure) expect(result.workOrder.procedure_name).toBe(row.procedure);
		if (row.when !== undefined) {
			expect(result.understood.scheduledOn).toBe(row.when);
			expect(result.workOrder.scheduled_on_date).toBe(row.when ?? undefined);
		}
		if (row.vendor !== undefined) expect(result.understood.vendor).toBe(row.vendor);
		if (row.phone !== undefined) expect(result.understood.vendorPhone).toBe(row.phone);
		if (row.odometer !== undefined) expect(result.understood.odometer).toBe(row.odometer);
		if (row.reference !== undefined) expect(result.workOrder.reference_number).toBe(row.reference ?? undefined);
		if (row.invoice !== undefined) {
			expect(result.understood.invoice).toBe(row.invoice);
			// The invoice the request names wins over Options › Defaults › Invoice ID.
			expect(result.workOrder.invoice_id).toBe(row.invoice ?? DEFAULTS.invoiceId);
		}
		// The unit's findings; the date and the odometer a row may leave out are checked in "ready only when …".
		const aboutTheUnit = result.missing.filter((item) => item !== MISSING_WHEN && item !== MISSING_ODOMETER && item !== MISSING_HUB);
		expect(aboutTheUnit).toEqual(row.missing ?? []);
		expect(result.missing.includes(MISSING_WHEN)).toBe(result.understood.scheduledOn === null);
		// A trailer is asked for its hub odometer, anything else for its odometer.
		const reading = result.understood.unit?.kind === 'trailer' ? MISSING_HUB : MISSING_ODOMETER;
		expect(result.missing.includes(reading)).toBe(result.understood.odometer === null);
		if (row.missing) {
			expect(result.ready).toBe(false);
			expect(result.workOrder.truck).toBeUndefined();
			expect(result.workOrder.trailer).toBeUndefined();
			// The problem is known: the sender is asked for the unit, not for the whole request again.
			expect(result.reply).toMatch(/^The work order could not be created yet\.\n(1\. )?(Which|Truck|Unit) /);
			expect(result.reply).not.toContain('Please resend');
			for (const line of result.question?.split('\n') ?? ['(no question)']) expect(result.reply).toContain(line);
		}
	});
});

describe('mail as it arrives', () => {
	test('a forwarded mail with its headers: the forwarded request is read, the headers are not', async () => {
		const result = await fromText(
			[
				'Fwd: T-142 brakes',
				'Can you set this up?',
				'',
				'---------- Forwarded message ---------',
				'From: Mike Driver <mike@example.com>',
				'Date: Wed, Nov 25, 2026 at 6:02 PM',
				'Subject: T-142 brakes',
				'To: <fleet@example.com>',
				'',
				'Truck 142 brakes grinding, booked at Big Rig Repair Dallas tomorrow 2pm. Shop # 214-555-0100',
			].join('\n'),
		);
		// Nobody wrote the odometer: Datatruck requires it, so the sender is asked.
		expect(result.missing).toEqual([MISSING_ODOMETER]);
		expect(result.workOrder).toMatchObject({
			procedure_name: 'TRK Brake Issue',
			truck: 'T142',
			scheduled_on_date: '2026-11-27T14:00:00-06:00',
			vendor: 'Big Rig Repair Dallas',
			vendor_phone: '(214) 555-0100',
		});
		expect(result.workOrder.notes).toEqual([{ body: 'From email: T-142 brakes' }]);
	});

	test('a reply with a quoted thread and signatures: neither signature gives the phone or a unit', async () => {
		const result = await fromText(
			[
				'Re: trailer tire',
				'Booked at Pilot Tire Care 12/1 8am, shop (469) 555-0177',
				'',
				'Thanks,',
				'Dana Smith | Fleet Manager | T 312-555-0100 ext 142',
				'',
				'On Wed, Nov 25, 2026 at 6:02 PM Mike <mike@example.com> wrote:',
				'> Trailer TR-1005 trailer tire is flat, right side',
				'> --',
				'> Mike Driver, Truck 77, cell 312-555-0199',
			].join('\n'),
		);
		// A trailer has no odometer: without Options › Defaults › Trailer Odometer, its hub odometer is asked for.
		expect(result.missing).toEqual([MISSING_HUB]);
		expect(result.understood.unit).toEqual({ kind: 'trailer', number: 'TR-1005', label: 'TR1005' });
		expect(result.workOrder).toMatchObject({
			procedure_name: 'TRL Tire Repair / Replacement',
			trailer: 'TR1005',
			scheduled_on_date: '2026-12-01T08:00:00-06:00',
			vendor: 'Pilot Tire Care',
			vendor_phone: '(469) 555-0177',
		});
	});

	test('an HTML-only mail: tags and entities are taken off', async () => {
		const result = await fromText(
			'<html><head><style>p{color:red}</style></head><body><p>Truck&nbsp;142 <b>AC not working</b></p><div>Shop: Cool Cab A/C &amp; Repair</div><p>odometer 398,100</p><p>--<br>Sent from my iPhone</p></body></html>',
		);
		expect(result.missing).toEqual([MISSING_WHEN]);
		expect(result.workOrder).toMatchObject({
			procedure_name: 'TRK Air conditioner service',
			truck: 'T142',
			vendor: 'Cool Cab A/C & Repair',
			odometer: 398100,
		});
	});

	test('nothing matched: Other Repair with the whole text as the note', async () => {
		const result = await fromText('T101\nSomething rattles behind the seat when I go over bumps');
		expect(result.workOrder.procedure_name).toBe('TRK Other Repair');
		expect(result.understood.procedureWords).toEqual([]);
		expect(result.workOrder.notes).toEqual([{ body: 'T101\nSomething rattles behind the seat when I go over bumps' }]);
	});
});

describe('dates across a month end and a DST change', () => {
	test('"tomorrow" on the last day of the month is the 1st of the next', async () => {
		const clock = { now: new Date('2026-11-30T20:00:00Z'), timeZone: 'America/Chicago' };
		expect((await fromText('T101 brakes tomorrow 9am', clock)).understood.scheduledOn).toBe('2026-12-01T09:00:00-06:00');
	});

	test('"tomorrow" across the end of daylight saving time takes the new offset', async () => {
		const clock = { now: new Date('2026-10-31T15:00:00Z'), timeZone: 'America/Chicago' };
		expect((await fromText('T101 brakes tomorrow 2pm', clock)).understood.scheduledOn).toBe('2026-11-01T14:00:00-06:00');
		expect((await fromText('T101 brakes today 2pm', clock)).understood.scheduledOn).toBe('2026-10-31T14:00:00-05:00');
	});

	test('"in 2 days" across the start of daylight saving time', async () => {
		const clock = { now: new Date('2026-03-07T15:00:00Z'), timeZone: 'America/New_York' };
		expect((await fromText('T101 brakes in 2 days 10:00', clock)).understood.scheduledOn).toBe('2026-03-09T10:00:00-04:00');
	});

	test('a day after "since" or "last" is when the trouble began, not when the work is booked', async () => {
		const mail = 'T101 cab AC only blows warm air since Tuesday. Cool Cab Services can take it 12/7/2026 10am.';
		expect((await fromText(mail)).understood.scheduledOn).toBe('2026-12-07T10:00:00-06:00');
		const lastWeek = 'T101 brakes grinding since last Friday, booked tomorrow 2pm';
		expect((await fromText(lastWeek)).understood.scheduledOn).toBe('2026-11-27T14:00:00-06:00');
		expect((await fromText('T101 brakes bad since Monday')).understood.scheduledOn).toBeNull();
	});

	test('a time after "since" is when the trouble began: a mail that books no day gets the question (issue 40\'s day)', async () => {
		const mail = 'Truck T101 has the check engine light on since this morning.\nShop: TA Truck Service Joliet, (815) 555-0142.\nOdometer 394,896 miles.';
		const read = await fromText(mail);
		expect(read.understood.scheduledOn).toBeNull();
		expect(read.ready).toBe(false);
		expect(read.missing).toContain('the day and time the work is booked');
		expect((await fromText('T101 brakes grinding since 6am, booked tomorrow 2pm')).understood.scheduledOn).toBe('2026-11-27T14:00:00-06:00');
		expect((await fromText('T101 brakes grinding since this morning, booked tomorrow morning')).understood.scheduledOn).toBe('2026-11-27T08:00:00-06:00');
		expect((await fromText('T101 brakes, booked this afternoon')).understood.scheduledOn).not.toBeNull();
	});

	test('a month and day already past is next year\'s', async () => {
		expect((await fromText('T101 brakes 1/5 10am')).understood.scheduledOn).toBe('2027-01-05T10:00:00-06:00');
	});
});

describe('ready only when a Datatruck that enforces its published required fields takes the body', () => {
	const COMPLETE = 'T-142 brakes\nTruck 142 brakes grinding, booked at Big Rig Repair Dallas tomorrow morning 9, odometer 412,870';

	test('Options › Defaults fill what a request never says; Status is Pending unless set', async () => {
		const result = await fromText(COMPLETE);
		expect(result.ready).toBe(true);
		expect(result.workOrder).toEqual({
			procedure_name: 'TRK Brake Issue',
			truck: 'T142',
			scheduled_on_date: '2026-11-27T09:00:00-06:00',
			vendor: 'Big Rig Repair Dallas',
			odometer: 412870,
			reference_number: expect.stringMatching(/^REQ-[0-9A-F]{12}$/),
			...FROM_DEFAULTS,
			status: 'Pending',
			notes: [{ body: 'From email: T-142 brakes' }],
		});
		const set = await fromText(COMPLETE, CHICAGO, { ...DEFAULTS, status: ' In Progress ' });
		expect(set.workOrder.status).toBe('In Progress');
		expect((await fromText(COMPLETE, CHICAGO, { ...DEFAULTS, status: '' })).workOrder.status).toBe('Pending');
	});

	test('without Defaults: each field the workflow must give is missing, and the sender is not asked for it', async () => {
		const result = await fromText(COMPLETE, CHICAGO, { status: 'Pending' });
		expect(result.ready).toBe(false);
		expect(result.missing).toEqual([
			'the invoice ID (the message names none): set Options › Defaults › Invoice ID, e.g. TBD',
			'the work order type: set Options › Defaults › Type, e.g. Repair',
			'the payment type: set Options › Defaults › Payment Type, e.g. Credit Card',
			'who the work is assigned to: set Options › Defaults › Assigned To, e.g. Tony Mechanic',
		]);
		for (const key of ['invoice_id', 'type_work_order', 'payment_type', 'assigned_to']) expect(result.workOrder).not.toHaveProperty(key);
		expect(result.reply).toMatch(/^The work order could not be created yet\.\nNot set up in the shop's workflow yet \(nothing needed from you\):\n- the invoice ID/);
		expect(result.reply).not.toContain('Please resend');
		// A blank default is no default.
		expect((await fromText(COMPLETE, CHICAGO, { ...DEFAULTS, assignedTo: '  ' })).missing).toEqual([
			'who the work is assigned to: set Options › Defaults › Assigned To, e.g. Tony Mechanic',
		]);
	});

	test('an invoice the request names needs no Default Invoice ID', async () => {
		const { invoiceId, ...noInvoice } = DEFAULTS;
		expect(invoiceId).toBeDefined();
		const result = await fromText(`${COMPLETE}, invoice VINV-20431`, CHICAGO, noInvoice);
		expect(result.ready).toBe(true);
		expect(result.workOrder.invoice_id).toBe('VINV-20431');
		expect(result.reply).toContain('Invoice: VINV-20431');
	});

	test('no odometer, no date: the sender is asked for them, with the workflow\'s own gaps listed apart', async () => {
		const result = await fromText('Truck 142 brakes grinding at Big Rig Repair Dallas', CHICAGO, { ...DEFAULTS, paymentType: '' });
		expect(result.ready).toBe(false);
		expect(result.missing).toEqual([MISSING_WHEN, MISSING_ODOMETER, 'the payment type: set Options › Defaults › Payment Type, e.g. Credit Card']);
		expect(result.workOrder.truck).toBe('T142');
		expect(result.reply.split('\n').slice(0, 7)).toEqual([
			'The work order could not be created yet.',
			'1. When is truck 142 booked at the shop? Reply with the day and time, e.g. Friday 8am.',
			"2. What is truck 142's odometer reading? Reply with the number, e.g. 412870.",
			'Answer them in one reply, e.g. "Friday 8am, 412870".',
			"Not set up in the shop's workflow yet (nothing needed from you):",
			'- the payment type: set Options › Defaults › Payment Type, e.g. Credit Card',
			`Understood so far (request ${result.requestReference}), correct anything wrong in your answer:`,
		]);
		expect(result.reply).toContain('Scheduled: no date given');
		expect(result.reply).not.toContain('Please resend');
	});

	test.each([...ROWS.map(([name, row]) => [name, row.text] as const), ['complete', COMPLETE] as const])(
		'%s: ready exactly when every published required field is in the body',
		async (_name, text) => {
			for (const defaults of [DEFAULTS, {}]) {
				const result = await fromText(text, CHICAGO, defaults);
				const filled = PUBLISHED_REQUIRED.filter((key) => {
					const value = (result.workOrder as unknown as Record<string, unknown>)[key];
					return value !== undefined && value !== null && value !== '';
				});
				const hasUnit = Boolean(result.workOrder.truck ?? result.workOrder.trailer);
				expect({ ready: result.ready, missing: result.missing.length > 0 }).toEqual({
					ready: filled.length === PUBLISHED_REQUIRED.length && hasUnit,
					missing: !(filled.length === PUBLISHED_REQUIRED.length && hasUnit),
				});
			}
		},
	);
});

describe('unit checks', () => {
	test('a unit named without its kind is looked for in both lists; a stated kind only in its own', async () => {
		const lookups: string[] = [];
		await extraction(readText('unit 77 brakes', CHICAGO), CHICAGO, fleetFinder(lookups));
		await extraction(readText('trailer 999 lights', CHICAGO), CHICAGO, fleetFinder(lookups));
		expect(lookups).toEqual(['truck:77', 'trailer:999']);
		const both: string[] = [];
		await extraction(readText('unit 999 lights', CHICAGO), CHICAGO, fleetFinder(both));
		expect(both).toEqual(['truck:999', 'trailer:999']);
	});

	test('without a look-up the unit is taken as written and no unit is ever invented', async () => {
		const result = await extraction(readText(BRAKES_EMAIL, CHICAGO), CHICAGO);
		expect(result.workOrder.truck).toBe('T-142');
		expect(result.understood.unit).toEqual({ kind: 'truck', number: 'T-142' });
	});
});

describe('Fields From an AI Extractor', () => {
	test('the extractor\'s fields are checked by the same rules', async () => {
		const fields = {
			unit: 'truck 142',
			procedure: 'trk brake issue',
			scheduledOn: 'tomorrow 2pm',
			vendor: 'Big Rig Repair Dallas',
			vendorPhone: '214.555.0100',
			odometer: '412,870',
			reference: 'WO-104233',
			notes: 'Brakes grinding bad',
		};
		const result = await extraction(readFields(fields, CHICAGO), CHICAGO, fleetFinder(), DEFAULTS);
		expect(result.missing).toEqual([]);
		expect(result.ready).toBe(true);
		expect(result.workOrder).toEqual({
			procedure_name: 'TRK Brake Issue',
			truck: 'T142',
			scheduled_on_date: '2026-11-27T14:00:00-06:00',
			vendor: 'Big Rig Repair Dallas',
			vendor_phone: '(214) 555-0100',
			odometer: 412870,
			reference_number: 'WO-104233',
			...FROM_DEFAULTS,
			status: 'Pending',
			notes: [{ body: 'Brakes grinding bad' }],
		});
	});

	test('plain words for the procedure, an ISO date in UTC and an unknown unit', async () => {
		const fields = { unit: 'TR-999', procedure: 'flat on the trailer', scheduledOn: '2026-11-27T20:00:00Z', odometer: 88000 };
		const result = await extraction(readFields(fields, CHICAGO), CHICAGO, fleetFinder(), DEFAULTS);
		expect(result.ready).toBe(false);
		expect(result.missing).toEqual(['trailer TR-999 is not a trailer in Datatruck']);
		expect(result.workOrder.procedure_name).toBe('TRL Tire Repair / Replacement');
		expect(result.workOrder.scheduled_on_date).toBe('2026-11-27T14:00:00-06:00');
	});

	test('an empty extraction says the unit is missing and falls back to Other Repair', async () => {
		const result = await extraction(readFields({}, CHICAGO), CHICAGO, fleetFinder(), DEFAULTS);
		expect(result.missing).toEqual(['the truck or trailer number', MISSING_WHEN, MISSING_ODOMETER]);
		expect(result.workOrder.procedure_name).toBe('TRK Other Repair');
	});
});

describe('procedure name forgiveness (shared with Work Order › Create)', () => {
	test.each([
		['trk brake issue', undefined, 'TRK Brake Issue'],
		['TRK-Brake Issue', undefined, 'TRK Brake Issue'],
		['Truck Brake Issue', undefined, 'TRK Brake Issue'],
		['TRL:tire repair / replacement', undefined, 'TRL Tire Repair / Replacement'],
		['brake issue', 'truck', 'TRK Brake Issue'],
		['brake issue', 'trailer', 'TRL Brake Issue'],
		['  TRK   Wash ', undefined, 'TRK Wash'],
		['TRK Tire Rim Repair / Replacement', undefined, 'TRK TIre Rim Repair / Replacement'],
	] as const)('%s (unit %s) → %s', (value, kind, expected) => {
		expect(matchProcedureName(value, kind)).toBe(expected);
	});

	test('a name that matches none has three closest names', () => {
		expect(matchProcedureName('TRK Brake Isue')).toBeNull();
		expect(closestProcedureNames('TRK Brake Isue')).toHaveLength(3);
		expect(closestProcedureNames('TRK Brake Isue')[0]).toBe('TRK Brake Issue');
	});
});

describe('docs/work-orders-from-email.md', () => {
	test('its table of words names every procedure row of the code, in the same order', () => {
		const page = readFileSync(`${__dirname}/../../docs/work-orders-from-email.md`, 'utf8');
		const table = page.slice(page.indexOf('| Words (any case) |'), page.indexOf('**Procedure names are forgiven**'));
		const suffixes = [...table.matchAll(/^\|[^|]+\|\s*(.+?)\s*\|$/gm)].map(([, suffix]) => suffix.replace(/ \(a trailer\)$/, '')).slice(2);
		expect(suffixes).toEqual(PROCEDURE_WORDS.map((row) => row.suffix));
	});
});

describe('odometer by unit kind (issue 41)', () => {
	test('a reading in km is kept as written, and noted', async () => {
		const result = await fromText('T101 brakes tomorrow 9am, odometer 663,000 km');
		expect(result.ready).toBe(true);
		expect(result.workOrder.odometer).toBe(663000);
		expect(result.understood).toMatchObject({ odometer: 663000, odometerFrom: 'km' });
		expect(result.workOrder.notes[0].body).toBe('From email: T101 brakes tomorrow 9am, odometer 663,000 km\nOdometer as written: 663000 km (not converted to miles)');
		expect(result.reply).toContain('Odometer: 663000 km (as written)');
		expect((await fromText('T101 brakes, 412,870 km')).understood).toMatchObject({ odometer: 412870, odometerFrom: 'km' });
	});

	test('"hub 98,112" is a reading, not hub work', async () => {
		const result = await fromText('Trailer TR-1005 trailer tire flat, hub 98,112, tomorrow 9am');
		expect(result.workOrder).toMatchObject({ procedure_name: 'TRL Tire Repair / Replacement', odometer: 98112 });
		expect(result.understood.odometerFrom).toBe('hub');
		expect(result.reply).toContain('Hub odometer: 98112');
		// "hub seal" is still hub work.
		expect((await fromText('Trailer TR-1005 hub seal leaking')).workOrder.procedure_name).toBe('TRL Tire Hub Repair / Replacement/Oil refill');
	});

	test('a trailer without a reading: Options › Defaults › Trailer Odometer, else the hub odometer is asked for', async () => {
		const mail = "Trailer TR-1005 flat tire, Love's, today 3 pm";
		const withDefault = await fromText(mail, CHICAGO, { ...DEFAULTS, trailerOdometer: 0 });
		expect(withDefault).toMatchObject({ ready: true, missing: [], question: null });
		expect(withDefault.workOrder).toMatchObject({ trailer: 'TR1005', odometer: 0, scheduled_on_date: '2026-11-26T15:00:00-06:00' });
		expect(withDefault.understood).toMatchObject({ odometer: 0, odometerFrom: 'default' });
		expect(withDefault.reply).toContain("Odometer: 0 (the shop's Trailer Odometer for trailers)");
		// A hub reading the mail gives wins over the default.
		expect((await fromText(`${mail}, hub 98,112`, CHICAGO, { ...DEFAULTS, trailerOdometer: 0 })).workOrder.odometer).toBe(98112);
		const without = await fromText(mail);
		expect(without).toMatchObject({ ready: false, missing: [MISSING_HUB] });
		expect(without.workOrder.odometer).toBeUndefined();
		expect(without.question).toBe("What is trailer TR-1005's hub odometer reading? Reply with the number, e.g. 123456.");
		// A truck never takes the trailer default.
		const truck = await fromText('Truck 101 brakes today 3 pm', CHICAGO, { ...DEFAULTS, trailerOdometer: 0 });
		expect(truck).toMatchObject({ ready: false, missing: [MISSING_ODOMETER] });
		expect(truck.workOrder.odometer).toBeUndefined();
	});
});

describe('one precise question (issue 41)', () => {
	const TRUCK_MAIL = 'truck 101 check engine light on, Rush Houston Friday 8am';

	test('a truck mail without a reading: one question, in the sender\'s words, above what was understood', async () => {
		const result = await fromText(TRUCK_MAIL);
		expect(result).toMatchObject({ ready: false, missing: [MISSING_ODOMETER] });
		expect(result.question).toBe("What is truck 101's odometer reading? Reply with the number, e.g. 412870.");
		expect(result.reply.split('\n')).toEqual([
			'The work order could not be created yet.',
			"What is truck 101's odometer reading? Reply with the number, e.g. 412870.",
			`Understood so far (request ${result.requestReference}), correct anything wrong in your answer:`,
			'Unit: truck T101',
			'Work: TRK Check Engine Light (from "check engine")',
			'Scheduled: Fri, Nov 27, 2026, 8:00 AM CST',
			// A shop named without "at" or "shop:" is not read as one: said so, for the sender to correct.
			'Vendor: not given',
		]);
		// Nothing the mail gave is asked again.
		for (const asked of ['Which truck', 'When is', 'Please resend']) expect(result.reply).not.toContain(asked);
	});

	test('a date missing too: one question each, answered in one reply', async () => {
		const result = await fromText('Truck 101 brakes grinding');
		expect(result.question).toBe(
			["When is truck 101 booked at the shop? Reply with the day and time, e.g. Friday 8am.", "What is truck 101's odometer reading? Reply with the number, e.g. 412870."].join('\n'),
		);
	});

	test('an unknown unit is asked for by its number as Datatruck lists it', async () => {
		const result = await fromText('Truck 999 windshield crack tomorrow 9am odometer 412,870');
		expect(result.question).toBe('Truck 999 is not in Datatruck: which truck is it? Reply with its number as Datatruck lists it.');
		expect(result.reply).toContain('Unit: truck 999 (not in Datatruck)');
	});

	test('a mail with no unit and no problem still gets the whole guide', async () => {
		const result = await fromText('Hello, can you call me back?');
		expect(result.ready).toBe(false);
		expect(result.question).toBeNull();
		expect(result.reply).toMatch(/^The work order could not be created yet\. Missing:\n- the truck or trailer number\n/);
		expect(result.reply).toContain('Please resend with the truck or trailer number');
		expect(result.reply).not.toContain('Understood so far (request');
	});

	test('the request\'s reference: the same mail read at the same moment gives the same one; the sender\'s own wins in the work order', async () => {
		const [first, again] = [await fromText(TRUCK_MAIL), await fromText(TRUCK_MAIL)];
		expect(first.requestReference).toMatch(/^REQ-[0-9A-F]{12}$/);
		expect(again.requestReference).toBe(first.requestReference);
		expect((await fromText(TRUCK_MAIL, { ...CHICAGO, now: new Date('2026-11-26T15:00:01Z') })).requestReference).not.toBe(first.requestReference);
		expect(first.workOrder.reference_number).toBe(first.requestReference);
		expect((await fromText(`${TRUCK_MAIL}, our WO-104233`)).workOrder.reference_number).toBe('WO-104233');
	});
});

test('readings the Information Extractor gives: odometer in km, hub odometer', () => {
	expect(readFields({ unit: 'TR-1005', odometer: '663,000 km' }, CHICAGO).odometer).toEqual({ value: 663000, from: 'km' });
	expect(readFields({ unit: 'TR-1005', hubOdometer: '98,112' }, CHICAGO).hub).toEqual({ value: 98112, from: 'hub' });
});
