/**
 * An answer to the reply's question (issue 41), alone: the reply is quoted under the answer as mail apps quote it,
 * and the request it answers is read back from there. Nothing else holds the pending request.
 */
import {
	type Defaults,
	extraction,
	type Extraction,
	type FoundUnit,
	readText,
	sameUnit,
	type UnitFinder,
} from '../../nodes/Datatruck/resources/workOrder/repairRequest';

const CHICAGO = { now: new Date('2026-11-26T15:00:00Z'), timeZone: 'America/Chicago' };
/** The answer comes a day later: "Friday" in the quoted request must not move a week on. */
const NEXT_DAY = { now: new Date('2026-11-27T20:00:00Z'), timeZone: 'America/Chicago' };
const DEFAULTS: Defaults = { typeWorkOrder: 'Repair', paymentType: 'Credit Card', assignedTo: 'Tony Mechanic', invoiceId: 'TBD' };
const FLEET = { truck: ['T101', 'T142'], trailer: ['TR1005'] };

const finder: UnitFinder = async (mention, kinds): Promise<FoundUnit | null> => {
	for (const kind of kinds) {
		const label = FLEET[kind].find((unit) => sameUnit(unit, mention));
		if (label) return { kind, label };
	}
	return null;
};

async function fromText(text: string, clock = CHICAGO, defaults = DEFAULTS): Promise<Extraction> {
	return await extraction(readText(text, clock), clock, finder, defaults);
}

/** The example's reply, as the sender's mail app quotes it under the answer (Gmail, Apple Mail: `> ` lines). */
function answerTo(subject: string, first: Extraction, answer: string[]): string {
	const sent = `Hello,\n\nNo work order was created from your email.\n\n${first.reply}\n\nShop team`;
	return [
		`Re: Re: ${subject} [${first.requestReference}]`,
		...answer,
		'',
		'On Thu, Nov 26, 2026 at 9:05 AM Shop <shop@your-company.example> wrote:',
		...sent.split('\n').map((line) => `> ${line}`),
	].join('\n');
}

const TRUCK_MAIL = 'truck 101 check engine light on\nBooked at Rush Truck Center Houston on Friday 8am';

describe('a one-line answer completes the request it quotes', () => {
	test.each([['412870'], ['odo 412,870'], ['412,870 mi'], ['Odometer is 412870. Thanks']])('"%s"', async (line) => {
		const first = await fromText(TRUCK_MAIL);
		expect(first.question).toBe("What is truck 101's odometer reading? Reply with the number, e.g. 412870.");
		const answered = await fromText(answerTo('truck 101 check engine light on', first, [line]), NEXT_DAY);
		expect(answered).toMatchObject({ ready: true, missing: [], question: null, requestReference: first.requestReference });
		expect(answered.workOrder).toMatchObject({
			procedure_name: 'TRK Check Engine Light',
			truck: 'T101',
			scheduled_on_date: '2026-11-27T08:00:00-06:00',
			vendor: 'Rush Truck Center Houston',
			odometer: 412870,
			reference_number: first.requestReference,
		});
		expect(answered.workOrder.notes[0].body).toBe(`From email: truck 101 check engine light on\nAnswer: ${line}`);
		expect(answered.understood.procedureWords).toEqual(first.understood.procedureWords);
	});

	test('a trailer\'s number alone is its hub odometer', async () => {
		const first = await fromText("Trailer TR-1005 flat tire, booked at Love's Tire Care today 3 pm");
		expect(first.question).toBe("What is trailer TR-1005's hub odometer reading? Reply with the number, e.g. 123456.");
		const answered = await fromText(answerTo('Trailer TR-1005 flat tire', first, ['hub 98,112']), NEXT_DAY);
		expect(answered.workOrder).toMatchObject({ trailer: 'TR1005', odometer: 98112, scheduled_on_date: '2026-11-26T15:00:00-06:00' });
		expect(answered.understood.odometerFrom).toBe('hub');
		const bare = await fromText(answerTo('Trailer TR-1005 flat tire', first, ['98112']), NEXT_DAY);
		expect(bare).toMatchObject({ ready: true, understood: { odometer: 98112, odometerFrom: 'hub' } });
	});

	test('"Friday 8am" answers the day; the reading given before stays', async () => {
		const first = await fromText('Truck 142 brakes grinding, odometer 412,870');
		expect(first.missing).toEqual(['the day and time the work is booked']);
		const answered = await fromText(answerTo('Truck 142 brakes', first, ['Friday 8am']));
		expect(answered).toMatchObject({ ready: true, workOrder: { truck: 'T142', odometer: 412870, scheduled_on_date: '2026-11-27T08:00:00-06:00' } });
	});

	test('two questions answered in one line', async () => {
		const first = await fromText('Truck 142 brakes grinding');
		const answered = await fromText(answerTo('Truck 142 brakes', first, ['Friday 8am, 412870']));
		expect(answered).toMatchObject({ ready: true, workOrder: { scheduled_on_date: '2026-11-27T08:00:00-06:00', odometer: 412870 } });
	});

	test('a number alone answers the unit when the unit was asked for', async () => {
		const first = await fromText('Truck 999 brakes grinding tomorrow 9am, odometer 412,870');
		expect(first.question).toContain('Truck 999 is not in Datatruck');
		const answered = await fromText(answerTo('brakes', first, ['142']));
		expect(answered).toMatchObject({ ready: true, workOrder: { truck: 'T142', odometer: 412870, scheduled_on_date: '2026-11-27T09:00:00-06:00' } });
	});

	test('an answer that corrects what was understood wins', async () => {
		const first = await fromText(TRUCK_MAIL);
		const answered = await fromText(answerTo('truck 101', first, ['It is truck 142, odometer 412870']), NEXT_DAY);
		expect(answered.workOrder).toMatchObject({ truck: 'T142', odometer: 412870, procedure_name: 'TRK Check Engine Light' });
	});

	test('an answer still short of a fact asks only for that, under the same reference', async () => {
		const first = await fromText('Truck 142 brakes grinding');
		const answered = await fromText(answerTo('Truck 142 brakes', first, ['412870']));
		expect(answered).toMatchObject({ ready: false, missing: ['the day and time the work is booked'], requestReference: first.requestReference });
		expect(answered.question).toBe('When is truck T142 booked at the shop? Reply with the day and time, e.g. Friday 8am.');
		const last = await fromText(answerTo('Truck 142 brakes', answered, ['tomorrow 10am']));
		expect(last).toMatchObject({ ready: true, requestReference: first.requestReference, workOrder: { odometer: 412870, reference_number: first.requestReference } });
	});

	test('Outlook\'s way: the reply under a From: header block, not quoted', async () => {
		const first = await fromText(TRUCK_MAIL);
		const text = [
			`RE: truck 101 check engine light on [${first.requestReference}]`,
			'412870',
			'',
			'From: Shop <shop@your-company.example>',
			'Sent: Thursday, November 26, 2026 9:05 AM',
			'Subject: Re: truck 101 check engine light on',
			'',
			first.reply,
		].join('\n');
		expect(await fromText(text, NEXT_DAY)).toMatchObject({ ready: true, workOrder: { truck: 'T101', odometer: 412870, scheduled_on_date: '2026-11-27T08:00:00-06:00' } });
	});

	test('an answer under the whole guide is read as a new request, without the guide\'s example', async () => {
		const first = await fromText('Hello, can you call me back?');
		expect(first.question).toBeNull();
		const resent = await fromText(answerTo('Hello', first, ['Truck 101 brakes grinding tomorrow 9am, odometer 401,200']));
		expect(resent).toMatchObject({ ready: true, workOrder: { truck: 'T101', odometer: 401200 } });
		expect(resent.requestReference).not.toBe(first.requestReference);
	});

	test('a driver\'s own mail quoted under a forward is still the request (no reply of ours in it)', async () => {
		const result = await fromText(['Re: brakes', 'Booked tomorrow 9am', '', 'On Wed, Nov 25, 2026 at 6:02 PM Mike <mike@example.com> wrote:', '> Truck 142 brakes grinding, odometer 412,870'].join('\n'));
		expect(result).toMatchObject({ ready: true, workOrder: { truck: 'T142', odometer: 412870 } });
	});

	test('a "thanks" under the reply that the work order was created is no new request: the quoted work order is not read again', async () => {
		const created = await fromText('Truck 142 brakes grinding tomorrow 9am, odometer 412,870');
		expect(created.ready).toBe(true);
		const thanks = await fromText(answerTo('Truck 142 brakes', created, ['Thanks!']));
		expect(thanks.ready).toBe(false);
		expect(thanks.understood.unit).toBeNull();
		expect(thanks.question).toBeNull();
	});
});
