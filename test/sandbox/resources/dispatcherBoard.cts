/**
 * GET /orders/dispatcher-board/list/ (spec 4, A21): per-dispatcher trip statistics over a date
 * window, computed from the stored loads so that tests can check the maths by hand.
 */
import { parseIsoDate, toIsoDate } from '../dates.cts';
import { ApiRequest, badRequest, lastParam } from '../http.cts';
import { OPEN_PAGE_SIZE } from '../pagination.cts';
import { Route } from '../router.cts';
import { driverPay } from '../seed.cts';
import { SandboxStore } from '../store.cts';
import { Order, PersonRef, SandboxData } from '../types.cts';
import { pageReply } from './listing.cts';
import { dispatcherOf } from './orders.cts';

export interface DispatcherBoardRow {
	total_driver_pay: number;
	total_gross: number;
	total_mile: number;
	total_rpm: number;
	total_trips: number;
	dispatcher: PersonRef;
	drivers: PersonRef[];
}

export interface BoardWindow {
	/** `YYYY-MM-DD`, inclusive. */
	start: string;
	/** `YYYY-MM-DD`, inclusive. */
	end: string;
	/** The payroll setting: which date of a trip places it in the window. */
	dateBy: 'pickup' | 'delivery';
}

const cents = (amount: number): number => Math.round(amount * 100);

/** The date a trip counts on: the actual time when known, else the appointment. */
export function tripDate(order: Order, dateBy: BoardWindow['dateBy']): string | null {
	const moment = dateBy === 'pickup' ? order.pickup_time ?? order.pickup_appointment_time : order.delivery_time ?? order.delivery_appointment_time;
	return moment === null ? null : toIsoDate(Date.parse(moment));
}

/**
 * One row per dispatcher with at least one trip in the window. A trip is a non-cancelled load's
 * `trip`; gross is the load pay, miles the trip's loaded miles, driver pay follows the driver's
 * tariff (rounded to the cent per trip), rpm is gross / miles to the cent (0 without miles).
 */
export function dispatcherBoard(data: SandboxData, window: BoardWindow): DispatcherBoardRow[] {
	const rows = new Map<number, { row: DispatcherBoardRow; gross: number; miles: number; pay: number; drivers: Map<number, PersonRef> }>();
	for (const order of data.orders) {
		if (order.status === 'cancelled' || order.trip === null) continue;
		const date = tripDate(order, window.dateBy);
		if (date === null || date < window.start || date > window.end) continue;
		const dispatcher = dispatcherOf(data, order);
		if (!dispatcher) continue;
		let entry = rows.get(dispatcher.id);
		if (!entry) {
			const row = { total_driver_pay: 0, total_gross: 0, total_mile: 0, total_rpm: 0, total_trips: 0, dispatcher: { ...dispatcher }, drivers: [] };
			entry = { row, gross: 0, miles: 0, pay: 0, drivers: new Map() };
			rows.set(dispatcher.id, entry);
		}
		const gross = Number(order.load_pay ?? 0);
		const miles = Number(order.trip.mile ?? 0);
		const driver = data.drivers.find((d) => d.account.full_name === order.trip?.driver__full_name);
		entry.row.total_trips += 1;
		entry.gross += cents(gross);
		entry.miles += cents(miles);
		entry.pay += cents(driverPay(driver?.payment_tariff ?? null, miles, gross));
		if (driver) entry.drivers.set(driver.id, { id: driver.id, full_name: driver.account.full_name });
	}
	return [...rows.values()]
		.sort((a, b) => a.row.dispatcher.id - b.row.dispatcher.id)
		.map(({ row, gross, miles, pay, drivers }) => ({
			...row,
			total_driver_pay: pay / 100,
			total_gross: gross / 100,
			total_mile: miles / 100,
			total_rpm: miles === 0 ? 0 : Math.round((gross / miles) * 100) / 100,
			drivers: [...drivers.values()].sort((a, b) => a.id - b.id),
		}));
}

function requiredDate(request: ApiRequest, name: string): string {
	const value = lastParam(request.query, name);
	if (value === null || value === '') throw badRequest(`${name}: this query parameter is required (YYYY-MM-DD).`);
	if (Number.isNaN(parseIsoDate(value))) throw badRequest(`${name}: must be a date in the form YYYY-MM-DD, got "${value}".`);
	return value;
}

export const dispatcherBoardRoutes: Route[] = [
	{
		method: 'GET',
		pattern: '/orders/dispatcher-board/list/',
		handler: (request: ApiRequest, store: SandboxStore) => {
			const start = requiredDate(request, 'start_date');
			const end = requiredDate(request, 'end_date');
			if (start > end) throw badRequest(`start_date (${start}) must not be after end_date (${end}).`);
			const rows = dispatcherBoard(store.data, { start, end, dateBy: store.config.payrollDateBy });
			return pageReply('dispatcherBoard', rows, request, store, OPEN_PAGE_SIZE);
		},
	},
];
