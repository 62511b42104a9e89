import type { INodeParameters } from 'n8n-workflow';
import { useSandbox } from '../harness/sandbox.cts';
import { dispatcherBoard, tripDate } from '../sandbox/resources/dispatcherBoard.cts';

const dt = useSandbox();

const BOARD_PATH = '/api/v1/openapi/orders/dispatcher-board/list/';

function board(parameters: INodeParameters): INodeParameters {
	return { resource: 'dispatcherBoard', operation: 'get', ...parameters };
}

/** A window over the middle of the seeded trips, so that several dispatchers have rows. */
function seededWindow(from = 0.3, to = 0.6): { start: string; end: string } {
	const dates = dt.sandbox.data.orders
		.filter((order) => order.trip !== null && order.status !== 'cancelled')
		.map((order) => tripDate(order, 'pickup'))
		.filter((date): date is string => date !== null)
		.sort();
	return { start: dates[Math.floor(dates.length * from)], end: dates[Math.floor(dates.length * to)] };
}

/** The rows the sandbox computes for a window, as JSON travels. */
function expectedRows(start: string, end: string) {
	return JSON.parse(JSON.stringify(dispatcherBoard(dt.sandbox.data, { start, end, dateBy: 'pickup' })));
}

describe('Dispatcher Board › Get', () => {
	test('Return All is one request with page_size=all, and the rows are the board for the window', async () => {
		const { start, end } = seededWindow();
		const expected = expectedRows(start, end);
		expect(expected.length).toBeGreaterThan(2);

		const result = await dt.run({
			parameters: board({ startDate: `${start}T00:00:00`, endDate: `${end}T00:00:00`, returnAll: true }),
		});

		expect(result.error).toBeUndefined();
		expect(dt.sandbox.log).toHaveLength(1);
		const [request] = dt.sandbox.log;
		expect(request.method).toBe('GET');
		expect(request.path).toBe(BOARD_PATH);
		expect(request.query).toEqual({ start_date: start, end_date: end, page_size: 'all' });
		expect(request.body).toBeUndefined();
		expect(result.json).toEqual(expected);
		// The API's numbers stay numbers.
		for (const row of result.json) {
			for (const key of ['total_driver_pay', 'total_gross', 'total_mile', 'total_rpm', 'total_trips']) {
				expect(typeof row[key]).toBe('number');
			}
		}
		const trips = dt.sandbox.data.orders.filter((order) => {
			const date = order.trip && order.status !== 'cancelled' ? tripDate(order, 'pickup') : null;
			return date !== null && date >= start && date <= end;
		});
		expect(result.json.reduce((sum, row) => sum + (row.total_trips as number), 0)).toBe(trips.length);
		expect(result.items.every((item) => JSON.stringify(item.pairedItem) === '{"item":0}')).toBe(true);
	});

	test('Limit 2 asks for a page of 2 and returns the first 2 rows', async () => {
		const { start, end } = seededWindow();
		const result = await dt.run({
			parameters: board({ startDate: start, endDate: end, returnAll: false, limit: 2 }),
		});
		expect(result.error).toBeUndefined();
		expect(dt.sandbox.log).toHaveLength(1);
		expect(dt.sandbox.log[0].query).toEqual({ start_date: start, end_date: end, page_size: '2' });
		expect(result.json).toEqual(expectedRows(start, end).slice(0, 2));
	});

	test('a one-day window (start = end) is accepted', async () => {
		const { start } = seededWindow();
		const result = await dt.run({ parameters: board({ startDate: start, endDate: start, returnAll: true }) });
		expect(result.error).toBeUndefined();
		expect(dt.sandbox.log[0].query).toEqual({ start_date: start, end_date: start, page_size: 'all' });
		expect(result.json).toEqual(expectedRows(start, start));
	});

	test('runs once per input item, each with its own window, keeping the pairing; Continue On Fail isolates a bad window', async () => {
		const early = seededWindow(0.1, 0.2);
		const late = seededWindow(0.7, 0.8);
		const result = await dt.run({
			parameters: board({ startDate: '={{ $json.start }}', endDate: '={{ $json.end }}', returnAll: true }),
			items: [early, { start: late.end, end: late.start }, late],
			continueOnFail: true,
		});
		expect(result.error).toBeUndefined();
		expect(dt.sandbox.log.map((entry) => entry.query)).toEqual([
			{ start_date: early.start, end_date: early.end, page_size: 'all' },
			{ start_date: late.start, end_date: late.end, page_size: 'all' },
		]);
		const earlyRows = expectedRows(early.start, early.end);
		const lateRows = expectedRows(late.start, late.end);
		expect(result.json).toEqual([
			...earlyRows,
			{ error: `Start Date: ${late.end} is after the End Date ${late.start}; the window must start on or before its end` },
			...lateRows,
		]);
		// Every row, and the error, is paired with the item it answers (n8n itself would leave the error
		// unpaired here, as the item counts differ).
		expect(result.items.map((item) => item.pairedItem)).toEqual([
			...earlyRows.map(() => ({ item: 0 })),
			{ item: 1 },
			...lateRows.map(() => ({ item: 2 })),
		]);
	});

	test('Continue On Fail: an error Datatruck answers for one item is paired with that item', async () => {
		const early = seededWindow(0.1, 0.2);
		const late = seededWindow(0.7, 0.8);
		dt.sandbox.injectFaults({ count: 1, kind: 'fieldErrors', match: { method: 'GET', path: 'dispatcher-board' } });
		const result = await dt.run({
			parameters: board({ startDate: '={{ $json.start }}', endDate: '={{ $json.end }}', returnAll: true }),
			items: [early, late],
			continueOnFail: true,
		});
		expect(dt.sandbox.log.map((entry) => [entry.status, entry.query.start_date])).toEqual([
			[400, early.start],
			[200, late.start],
		]);
		const lateRows = expectedRows(late.start, late.end);
		expect(result.json[0].error).toEqual(expect.stringMatching(/status: "bogus" is not a valid choice/));
		expect(result.json.slice(1)).toEqual(lateRows);
		expect(result.items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, ...lateRows.map(() => ({ item: 1 }))]);
	});

	describe('bad dates are refused before any request, naming the parameter', () => {
		const cases: Array<[string, INodeParameters, string]> = [
			['start after end', { startDate: '2026-11-30', endDate: '2026-11-01' }, 'Start Date: 2026-11-30 is after the End Date 2026-11-01; the window must start on or before its end'],
			['a day that does not exist', { startDate: '2026-02-30', endDate: '2026-03-05' }, 'Start Date: "2026-02-30" is not a date in the form YYYY-MM-DD'],
			['an end date in words', { startDate: '2026-11-01', endDate: 'end of month' }, 'End Date: "end of month" is not a date in the form YYYY-MM-DD'],
			['a US-style date', { startDate: '11/01/2026', endDate: '2026-11-30' }, 'Start Date: "11/01/2026" is not a date in the form YYYY-MM-DD'],
			['month 13', { startDate: '2026-11-01', endDate: '2026-13-01T00:00:00' }, 'End Date: "2026-13-01T00:00:00" is not a date in the form YYYY-MM-DD'],
			['an expression that gives nothing', { startDate: '={{ $json.start }}', endDate: '2026-11-30' }, 'Start Date: "" is not a date in the form YYYY-MM-DD'],
		];

		test.each(cases)('%s', async (_name, parameters, message) => {
			const result = await dt.run({ parameters: board({ returnAll: true, ...parameters }) });
			expect(result.error?.message).toBe(message);
			expect(result.error?.description).toMatch(/^For example: /);
			expect(dt.sandbox.log).toHaveLength(0);
		});
	});
});
