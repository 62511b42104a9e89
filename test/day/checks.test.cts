/** The day's checks: which flags no read of the flagged list could see (checks.cts `briefFlags`), the weekly report's. */
import { DATATRUCK_TRIGGER } from '../e2e/lib/workflow.cts';
import { startSandbox, type Sandbox } from '../sandbox/index.cts';
import { weeklyReportOf } from '../e2e/lib/examples.cts';
import { dispatcherBoard } from '../sandbox/resources/dispatcherBoard.cts';
import { briefFlags, weeklyReportCheck } from './checks.cts';
import type { DayInput } from './checks.cts';
import { createdWithinDaysOf } from './growth.cts';

const DAY_MS = 24 * 60 * 60 * 1000;
const T0 = Date.parse('2026-12-06T06:00:00Z');
const alert = { role: 'alertFlagged', id: 'a', json: { nodes: [{ type: DATATRUCK_TRIGGER, parameters: { event: 'loadFlagged' } }] } };
const windowStart = (at: number) => at - createdWithinDaysOf(alert as never) * DAY_MS;

/** One request of Load Flagged's read: `from` its window's start (a read starting) or a later bound (its next page). */
const page = (at: number, status: number, from: 'start' | number) => ({
	at,
	status,
	method: 'GET',
	path: '/api/v1/openapi/orders/',
	headers: { host: '127.0.0.1:1' },
	query: {
		filter: JSON.stringify([
			{ column: 'is_flagged', value: true, contains: 'is' },
			{ column: 'created_datetime', value: new Date(from === 'start' ? windowStart(at) : from).toISOString(), contains: 'after' },
		]),
		ordering: 'created_datetime,id',
		page: '1',
		page_size: '25',
	},
});

/** A read of three pages a poll apart (3 s), from `at`, each answered `statuses`. */
const read = (at: number, statuses = [200, 200, 200]) => statuses.map((status, i) => page(at + i * 3000, status, i === 0 ? 'start' : windowStart(at) + i * 5 * DAY_MS));

const dayOf = (changes: Array<{ at: number; move: 'flag' | 'unflag'; loadId: number }>, log: Array<ReturnType<typeof page>>) =>
	({ record: { changes, settledAt: T0 + 600_000 }, services: { sb: { log } }, workflows: [alert] }) as unknown as Pick<DayInput, 'record' | 'services' | 'workflows'>;

describe('briefFlags', () => {
	it('a load flagged while no complete read of the flagged list fell within the flag is not counted (full day 727112, session 16: load 11342, flagged after a read had passed it, cleared while Datatruck answered 401)', () => {
		const log = [...read(T0), ...read(T0 + 9000, [200, 401]), ...read(T0 + 15_000, [401]), ...read(T0 + 30_000)];
		const flags = dayOf([{ at: T0 + 4000, move: 'flag', loadId: 1 }, { at: T0 + 20_000, move: 'unflag', loadId: 1 }], log);
		expect([...briefFlags(flags)]).toEqual([1]);
	});

	it('a load flagged across a whole read is counted, 429s retried within it included, as is one still flagged after a read', () => {
		const log = [...read(T0, [200, 429, 200, 200]), ...read(T0 + 12_000), ...read(T0 + 30_000)];
		const flags = dayOf(
			[
				{ at: T0 - 1000, move: 'flag', loadId: 2 },
				{ at: T0 + 10_000, move: 'unflag', loadId: 2 },
				{ at: T0 + 11_000, move: 'flag', loadId: 3 },
			],
			log,
		);
		expect([...briefFlags(flags)]).toEqual([]);
	});

	it('a read cut by a 401 or not yet followed by the next is not complete; flagged again across a complete one, the load is counted', () => {
		const cut = [...read(T0, [200, 401]), ...read(T0 + 9000, [401])];
		expect([...briefFlags(dayOf([{ at: T0 - 1000, move: 'flag', loadId: 4 }, { at: T0 + 12_000, move: 'unflag', loadId: 4 }], cut))]).toEqual([4]);
		expect([...briefFlags(dayOf([{ at: T0 - 1000, move: 'flag', loadId: 5 }, { at: T0 + 12_000, move: 'unflag', loadId: 5 }], read(T0)))]).toEqual([5]);
		const again = dayOf(
			[
				{ at: T0 - 1000, move: 'flag', loadId: 5 },
				{ at: T0 + 2000, move: 'unflag', loadId: 5 },
				{ at: T0 + 20_000, move: 'flag', loadId: 5 },
			],
			[...read(T0), ...read(T0 + 21_000), ...read(T0 + 40_000)],
		);
		expect([...briefFlags(again)]).toEqual([]);
	});
});

describe('weeklyReportCheck', () => {
	let sb: Sandbox;
	beforeAll(async () => {
		sb = await startSandbox({ loads: 200 });
	});
	afterAll(() => sb.close());

	const MINUTE = 3000;
	/** A week of the seeded loads' pickups, Monday to Sunday, and what the example's Report makes of its board. */
	const weekWithTrips = () => {
		const pickup = sb.data.orders.find((o) => o.trip !== null && o.status !== 'cancelled' && o.pickup_time !== null)!.pickup_time!;
		const day = new Date(pickup.slice(0, 10));
		const monday = new Date(day.getTime() - ((day.getUTCDay() + 6) % 7) * DAY_MS);
		const start = monday.toISOString().slice(0, 10);
		const end = new Date(monday.getTime() + 6 * DAY_MS).toISOString().slice(0, 10);
		const report = { ...weeklyReportOf(dispatcherBoard(sb.data, { start, end, dateBy: 'pickup' }), start), text: 'Dispatcher board, week of …' };
		return { start, end, report };
	};
	const dayWith = (runs: Array<{ startedAt: number; status?: string; report: Record<string, unknown> }>, reads: number) => {
		const { start, end } = weekWithTrips();
		const log = Array.from({ length: reads }, () => ({
			at: T0 + MINUTE,
			status: 200,
			method: 'GET',
			path: '/api/v1/openapi/orders/dispatcher-board/list/',
			query: { start_date: start, end_date: end, page_size: 'all' },
			headers: {},
		}));
		return {
			plan: { weeklyReportAtMinute: 1, length: { minuteMs: MINUTE, minutes: 23 } },
			record: { dayStart: T0, executions: { weeklyReport: runs.map((run, i) => ({ id: String(i + 1), status: 'success', records: [run.report], ...run })) } },
			services: { sb: { data: sb.data, log } },
		} as unknown as Parameters<typeof weeklyReportCheck>[0];
	};

	it('passes one run at its minute whose Report sums the board Datatruck holds for the week it read', () => {
		const { report } = weekWithTrips();
		expect(report.trips).toBeGreaterThan(0);
		expect(weeklyReportCheck(dayWith([{ startedAt: T0 + MINUTE + 200, report }], 1))).toMatchObject({ pass: true });
	});

	it('fails a total that differs from the board, a second run, a run far from its minute, and a failed run', () => {
		const { report } = weekWithTrips();
		const wrong = weeklyReportCheck(dayWith([{ startedAt: T0 + MINUTE, report: { ...report, gross: report.gross + 1 } }], 1));
		expect(wrong).toMatchObject({ pass: false, detail: expect.stringContaining(`gross ${report.gross + 1}, Datatruck's board ${report.gross}`) });
		expect(weeklyReportCheck(dayWith([{ startedAt: T0 + MINUTE, report }, { startedAt: T0 + 2 * MINUTE, report }], 2))).toMatchObject({ pass: false, detail: expect.stringContaining('2 runs') });
		expect(weeklyReportCheck(dayWith([{ startedAt: T0 + 5 * MINUTE, report }], 1))).toMatchObject({ pass: false, detail: expect.stringContaining('from its minute') });
		expect(weeklyReportCheck(dayWith([{ startedAt: T0 + MINUTE, status: 'error', report }], 1))).toMatchObject({ pass: false });
	});
});
