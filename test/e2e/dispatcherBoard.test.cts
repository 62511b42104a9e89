/** Dispatcher Board › Get (Return All and Limit), run by a real n8n. */
import { authCheck } from './lib/sandbox.cts';
import { direct, startSuite, type Suite } from './lib/suite.cts';
import { itemsOf } from './lib/output.cts';

describe('Dispatcher Board resource in n8n', () => {
	let s: Suite;
	beforeAll(async () => {
		s = await startSuite('dispatcher-board');
	});
	afterAll(() => s?.close());

	/** A window over the middle of the seeded trips, so that several dispatchers have rows. */
	function seededWindow(): { start: string; end: string } {
		const dates = s.sb.data.orders
			.filter((o) => o.trip !== null && o.status !== 'cancelled')
			.map((o) => (o.pickup_time ?? o.pickup_appointment_time ?? '').slice(0, 10))
			.filter(Boolean)
			.sort();
		return { start: dates[Math.floor(dates.length * 0.3)], end: dates[Math.floor(dates.length * 0.6)] };
	}

	it('runs every operation: Get, all rows and the first two', async () => {
		const { start, end } = seededWindow();
		const { run, log } = await s.run('e2eDispBoard0001', [
			{
				name: 'Whole window',
				parameters: { resource: 'dispatcherBoard', operation: 'get', startDate: `${start}T00:00:00`, endDate: `${end}T00:00:00`, returnAll: true },
			},
			{ name: 'First two rows', parameters: { resource: 'dispatcherBoard', operation: 'get', startDate: start, endDate: end, limit: 2 } },
		]);
		const path = '/api/v1/openapi/orders/dispatcher-board/list/';
		expect(log.map((e) => [e.method, e.path, e.query])).toEqual([
			['GET', path, { start_date: start, end_date: end, page_size: 'all' }],
			['GET', path, { start_date: start, end_date: end, page_size: '2' }],
		]);
		expect(authCheck(log, s.sb.token).every((l) => l.endsWith('Token ok'))).toBe(true);

		const rows = (await direct(s.sb, `/orders/dispatcher-board/list/?start_date=${start}&end_date=${end}&page_size=all`)).results;
		expect(rows.length).toBeGreaterThan(2);
		expect(itemsOf(run, 'Whole window')).toEqual(rows);
		expect(itemsOf(run, 'First two rows')).toEqual(rows.slice(0, 2));
	});
});
