/**
 * Figure 2: lists that take `page_size=all` (drivers, trailers, the dispatcher board): requests a
 * Return All uses at 10, 1,000 and 10,000 records.
 *
 * The sandbox seeds a fixed fleet (40 drivers, 30 trailers, 6 dispatchers) and its control API
 * can change only the number of loads. So the records are made in the sandbox's live store, in
 * this process: drivers and trailers cloned from seeded ones with new ids, unit numbers and names;
 * for the board, that many dispatchers, each given trips of seeded loads. The API code that lists
 * and pages them is the sandbox's own, unchanged.
 */
import '../../test/harness/env.cts';
import type { INodeParameters } from 'n8n-workflow';
import { resetLimiters } from '../../nodes/Datatruck/shared/transport/rateLimiter';
import { runDatatruck, sandboxCredentials } from '../../test/harness/run.cts';
import { startSandbox, type Sandbox } from '../../test/sandbox/index.cts';
import { fmtInt, RATE, RATE_WINDOW_SECONDS, say, writeResult, type FigureResult } from '../lib/common.cts';

const SIZES = [10, 1_000, 10_000];
/** The API's default page size for these lists, which a client that does not ask for `all` gets. */
const DEFAULT_PAGE = 10;

const clone = <T,>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

function makeDrivers(sb: Sandbox, n: number): void {
	const seeded = sb.data.drivers;
	const made = Array.from({ length: n }, (_, i) => {
		const driver = clone(seeded[i % seeded.length]);
		driver.id = i + 1;
		const first = `${driver.account.first_name}${Math.floor(i / seeded.length) || ''}`;
		driver.account = { ...driver.account, first_name: first, full_name: `${first} ${driver.account.last_name}`, username: `bench.driver.${i + 1}`, email: `bench.driver.${i + 1}@drivers.example` };
		return driver;
	});
	seeded.splice(0, seeded.length, ...made);
}

function makeTrailers(sb: Sandbox, n: number): void {
	const seeded = sb.data.trailers;
	const made = Array.from({ length: n }, (_, i) => ({ ...clone(seeded[i % seeded.length]), id: i + 1, unit_number: `BT${String(i + 1).padStart(5, '0')}` }));
	seeded.splice(0, seeded.length, ...made);
}

/** n dispatchers, each with at least one trip of a non-cancelled load; returns the window that covers them all. */
function makeBoard(sb: Sandbox, n: number): { start: string; end: string } {
	sb.reset({ loads: Math.max(1200, Math.ceil(n * 1.3)) });
	const eligible = sb.data.orders.filter((order) => order.status !== 'cancelled' && order.trip !== null);
	if (eligible.length < n) throw new Error(`only ${eligible.length} loads with trips for ${n} dispatchers`);
	const dispatchers = Array.from({ length: n }, (_, i) => ({ id: 1000 + i, full_name: `Bench Dispatcher ${i + 1}` }));
	sb.data.dispatchers.splice(0, sb.data.dispatchers.length, ...dispatchers);
	eligible.forEach((order, j) => (order.dispatcher__full_name = dispatchers[j % n].full_name));
	return { start: '2000-01-01', end: '2099-12-31' };
}

interface Row {
	list: string;
	records: number;
	returned: number;
	requests: number;
	pageSizes: string[];
	failed?: string;
}

async function measure(sb: Sandbox, list: string, records: number, parameters: INodeParameters): Promise<Row> {
	resetLimiters();
	sb.configure({ rateLimit: { ...RATE } });
	sb.clearLog();
	const result = await runDatatruck({
		parameters,
		credentials: sandboxCredentials(sb.baseUrl, sb.token, { rateLimitRequests: RATE.limit, rateLimitWindowSeconds: RATE_WINDOW_SECONDS }),
	});
	return {
		list,
		records,
		returned: result.json.length,
		requests: sb.log.length,
		pageSizes: sb.log.map((entry) => String(entry.query.page_size)),
		failed: result.error?.message,
	};
}

async function main(): Promise<void> {
	const sb = await startSandbox({ rateLimit: { ...RATE } });
	const rows: Row[] = [];
	try {
		for (const n of SIZES) {
			say(`figure 2: ${fmtInt(n)} records`);
			sb.reset({ loads: 1200 });
			makeDrivers(sb, n);
			rows.push(await measure(sb, 'Driver › Get Many', n, { resource: 'driver', operation: 'getMany', returnAll: true }));
			makeTrailers(sb, n);
			rows.push(await measure(sb, 'Trailer › Get Many', n, { resource: 'trailer', operation: 'getMany', returnAll: true }));
			const window = makeBoard(sb, n);
			rows.push(
				await measure(sb, 'Dispatcher Board › Get', n, {
					resource: 'dispatcherBoard',
					operation: 'get',
					startDate: window.start,
					endDate: window.end,
					returnAll: true,
				}),
			);
		}
	} finally {
		await sb.close();
	}
	const requestsAt = (n: number) => [...new Set(rows.filter((row) => row.records === n).map((row) => row.requests))].join('/');
	const allReturned = rows.every((row) => !row.failed && row.returned === row.records);
	const result: FigureResult = {
		figure: '2',
		title: 'Lists with page_size `all`: requests for Return All',
		headline: `drivers, trailers, board: ${SIZES.map((n) => `${requestsAt(n)} request at ${fmtInt(n)} records`).join(', ')}${allReturned ? ', every record returned' : ', SOME RECORDS MISSING'}`,
		columns: ['List', 'Records', 'Returned', 'Requests used', 'page_size sent', `Requests at the API's default page size (${DEFAULT_PAGE})`],
		rows: rows.map((row) => [
			row.list,
			fmtInt(row.records),
			row.failed ? `failed: ${row.failed}` : `${fmtInt(row.returned)}${row.returned === row.records ? '' : ' (MISMATCH)'}`,
			row.requests,
			[...new Set(row.pageSizes)].join(', '),
			fmtInt(Math.ceil(row.records / DEFAULT_PAGE)),
		]),
		notes: [
			'The sandbox cannot seed more than its fixed fleet (40 drivers, 30 trailers, 6 dispatchers) through its control API, so the records are made in its live store in this process (clones with new ids; for the board, that many dispatchers with trips of seeded loads). The listing, filtering and paging code is the sandbox\'s own.',
			`The last column is arithmetic (⌈records ÷ ${DEFAULT_PAGE}⌉), for scale: what a client that follows \`next\` at the API's default page size would send.`,
		],
		raw: rows,
	};
	writeResult(result);
}

main().catch((error) => {
	console.error(error);
	process.exit(1);
});
