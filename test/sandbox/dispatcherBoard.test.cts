import { AxiosInstance } from 'axios';
import { DispatcherBoardRow, DriverRecord, Order, PersonRef, Sandbox, SandboxData, Trip } from './index.cts';
import { apiClient, startTestSandbox } from './testClient.cts';

const BOARD = '/orders/dispatcher-board/list/';

/** The board worked out directly from the store, written independently of the sandbox's code. */
function handBoard(data: SandboxData, start: string, end: string, by: 'pickup' | 'delivery') {
	const rows = new Map<number, { dispatcher: PersonRef; trips: number; gross: number; miles: number; pay: number; drivers: Map<number, string> }>();
	for (const order of data.orders) {
		if (order.status === 'cancelled' || order.trip === null) continue;
		const moment = by === 'pickup' ? order.pickup_time ?? order.pickup_appointment_time : order.delivery_time ?? order.delivery_appointment_time;
		if (moment === null || moment.slice(0, 10) < start || moment.slice(0, 10) > end) continue;
		const dispatcher = data.dispatchers.find((d) => d.full_name === order.dispatcher__full_name);
		if (!dispatcher) continue;
		const driver = data.drivers.find((d) => d.account.full_name === order.trip?.driver__full_name);
		const gross = Number(order.load_pay ?? 0);
		const miles = Number(order.trip.mile ?? 0);
		const tariff = driver?.payment_tariff;
		const pay = !tariff ? 0 : tariff.name === 'Percentage' ? (gross * Number(tariff.tariff)) / 100 : miles * Number(tariff.tariff);
		const row = rows.get(dispatcher.id) ?? { dispatcher, trips: 0, gross: 0, miles: 0, pay: 0, drivers: new Map() };
		row.trips += 1;
		row.gross += Math.round(gross * 100);
		row.miles += Math.round(miles * 100);
		row.pay += Math.round(pay * 100);
		if (driver) row.drivers.set(driver.id, driver.account.full_name);
		rows.set(dispatcher.id, row);
	}
	return [...rows.values()]
		.sort((a, b) => a.dispatcher.id - b.dispatcher.id)
		.map((row) => ({
			total_driver_pay: row.pay / 100,
			total_gross: row.gross / 100,
			total_mile: row.miles / 100,
			total_rpm: row.miles === 0 ? 0 : Math.round((row.gross / row.miles) * 100) / 100,
			total_trips: row.trips,
			dispatcher: { id: row.dispatcher.id, full_name: row.dispatcher.full_name },
			drivers: [...row.drivers.entries()].sort((a, b) => a[0] - b[0]).map(([id, full_name]) => ({ id, full_name })),
		}));
}

describe('sandbox dispatcher board', () => {
	let sandbox: Sandbox;
	let client: AxiosInstance;
	beforeAll(async () => {
		sandbox = await startTestSandbox();
		client = apiClient(sandbox);
	});
	afterAll(() => sandbox.close());
	beforeEach(() => sandbox.configure({ payrollDateBy: 'pickup' }));

	const board = async (start: string, end: string): Promise<DispatcherBoardRow[]> => {
		const response = await client.get(BOARD, { params: { start_date: start, end_date: end, page_size: 'all' } });
		expect(response.status).toBe(200);
		return response.data.results;
	};

	it.each(['pickup', 'delivery'] as const)('matches a hand computation over the seeded store (payroll by %s)', async (by) => {
		sandbox.configure({ payrollDateBy: by });
		for (const [start, end] of [
			['2025-05-01', '2025-05-14'],
			['2025-05-20', '2025-05-20'],
			['2025-02-01', '2025-06-30'],
		]) {
			const expected = handBoard(sandbox.data, start, end, by);
			expect(expected.length).toBeGreaterThan(0);
			expect(await board(start, end)).toEqual(expected);
		}
	});

	it('pickup and delivery settings count different trips', async () => {
		const byPickup = await board('2025-05-01', '2025-05-07');
		sandbox.configure({ payrollDateBy: 'delivery' });
		const byDelivery = await board('2025-05-01', '2025-05-07');
		expect(byDelivery).not.toEqual(byPickup);
	});

	it('numbers are JSON numbers and rows carry the published shape', async () => {
		const [row] = await board('2025-04-01', '2025-04-30');
		expect(Object.keys(row).sort()).toEqual(['dispatcher', 'drivers', 'total_driver_pay', 'total_gross', 'total_mile', 'total_rpm', 'total_trips']);
		for (const key of ['total_driver_pay', 'total_gross', 'total_mile', 'total_rpm', 'total_trips'] as const) expect(typeof row[key]).toBe('number');
		expect(Number.isInteger(row.total_trips)).toBe(true);
		expect(row.dispatcher).toEqual({ id: expect.any(Number), full_name: expect.any(String) });
	});

	it.each([
		['no dates', {}],
		['no end_date', { start_date: '2025-05-01' }],
		['no start_date', { end_date: '2025-05-01' }],
		['an impossible date', { start_date: '2025-02-30', end_date: '2025-03-01' }],
		['a US-style date', { start_date: '05/01/2025', end_date: '2025-05-02' }],
		['a date-time', { start_date: '2025-05-01T00:00:00Z', end_date: '2025-05-02' }],
		['start after end', { start_date: '2025-05-03', end_date: '2025-05-02' }],
	])('rejects %s with 400', async (_, params) => {
		const response = await client.get(BOARD, { params });
		expect(response.status).toBe(400);
		expect(response.data).toMatchObject({ error: 400, message: expect.stringMatching(/start_date|end_date/) });
	});

	describe('a hand-built week', () => {
		let small: Sandbox;
		let smallClient: AxiosInstance;
		let perMile: DriverRecord;
		let percentage: DriverRecord;
		let first: PersonRef;
		let second: PersonRef;

		beforeAll(async () => {
			small = await startTestSandbox({ loads: 0 });
			smallClient = apiClient(small);
			[first, second] = small.data.dispatchers;
			[perMile, percentage] = small.data.drivers;
			perMile.payment_tariff = { id: 1, name: 'Per mile', tariff: '0.60' };
			percentage.payment_tariff = { id: 3, name: 'Percentage', tariff: '25' };
			const trip = (driver: DriverRecord, mile: string): Trip => ({
				id: 1,
				status: 'completed',
				trip_id: null,
				mile,
				empty_mile: null,
				total_load_pay: null,
				carrier__name: null,
				driver__full_name: driver.account.full_name,
				team_driver__full_name: null,
				truck__unit_number: null,
				pickup: null,
				delivery: null,
				settlement: null,
			});
			const load = (fields: Partial<Order>) => small.createLoad({ status: 'delivered', pickup_time: null, delivery_time: null, ...fields });
			load({ dispatcher__full_name: first.full_name, trip: trip(perMile, '1000.00'), load_pay: '2000.00', pickup_time: '2025-05-10T08:00:00Z', delivery_time: '2025-05-12T08:00:00Z' });
			// No actual pickup yet: the appointment places it.
			load({ dispatcher__full_name: first.full_name, trip: trip(percentage, '500.00'), load_pay: '1500.00', pickup_appointment_time: '2025-05-11T23:30:00Z', delivery_appointment_time: '2025-05-20T10:00:00Z' });
			load({ dispatcher__full_name: first.full_name, trip: trip(perMile, '300.00'), load_pay: '900.00', status: 'cancelled', pickup_time: '2025-05-11T08:00:00Z' });
			load({ dispatcher__full_name: second.full_name, trip: trip(perMile, '400.00'), load_pay: '800.00', pickup_time: '2025-05-09T23:59:59Z', delivery_time: '2025-05-10T00:00:00Z' });
			load({ dispatcher__full_name: second.full_name, trip: null, load_pay: '700.00', pickup_time: '2025-05-12T08:00:00Z' });
		});
		afterAll(() => small.close());

		const smallBoard = async (start: string, end: string) =>
			(await smallClient.get(BOARD, { params: { start_date: start, end_date: end } })).data.results;

		it('by pickup date: cancelled loads and loads without a trip are left out, the window is inclusive', async () => {
			expect(await smallBoard('2025-05-10', '2025-05-11')).toEqual([
				{
					total_driver_pay: 975, // 1000 mi x 0.60 + 25% of 1500
					total_gross: 3500,
					total_mile: 1500,
					total_rpm: 2.33,
					total_trips: 2,
					dispatcher: first,
					drivers: [
						{ id: perMile.id, full_name: perMile.account.full_name },
						{ id: percentage.id, full_name: percentage.account.full_name },
					].sort((a, b) => a.id - b.id),
				},
			]);
			expect(await smallBoard('2025-05-09', '2025-05-09')).toEqual([
				expect.objectContaining({ total_driver_pay: 240, total_gross: 800, total_mile: 400, total_rpm: 2, total_trips: 1, dispatcher: second }),
			]);
			expect(await smallBoard('2025-05-13', '2025-05-19')).toEqual([]);
		});

		it('by delivery date', async () => {
			small.configure({ payrollDateBy: 'delivery' });
			const rows = await smallBoard('2025-05-10', '2025-05-12');
			expect(rows.map((r: DispatcherBoardRow) => [r.dispatcher.id, r.total_trips, r.total_gross, r.total_mile, r.total_driver_pay, r.total_rpm])).toEqual([
				[first.id, 1, 2000, 1000, 600, 2],
				[second.id, 1, 800, 400, 240, 2],
			]);
		});
	});
});
