/**
 * Figure 4: 200 input items → Work Order › Create, through n8n-core's engine in process: creates per
 * window ÷ the bound, duplicates (work orders in the sandbox per item reference), failures. Then
 * the same with another app spending 25 % of the token's budget, which makes the API answer 429 to
 * some creates: the transport retries a create only after a 429 (the request was not processed),
 * so there must still be no duplicate.
 */
import '../../test/harness/env.cts';
import { resetLimiters } from '../../nodes/Datatruck/shared/transport/rateLimiter';
import { runDatatruck, sandboxCredentials } from '../../test/harness/run.cts';
import { startSandbox, type RequestLogEntry, type Sandbox } from '../../test/sandbox/index.cts';
import {
	API_PREFIX,
	arrivalsOf,
	fmtRatio,
	RATE,
	RATE_WINDOW_SECONDS,
	say,
	sleep,
	statusCounts,
	steadyStateRatio,
	writeResult,
	type FigureResult,
} from '../lib/common.cts';
import { startSecondClient, type SecondClientStats } from '../lib/secondClient.cts';

const ITEMS = 200;
const SECOND_SHARE = 0.25;
const CREATE_PATH = `${API_PREFIX}/work-orders/create/`;
const isCreate = (entry: RequestLogEntry) => entry.method === 'POST' && entry.path === CREATE_PATH;

interface Row {
	setting: string;
	items: number;
	outputItems: number;
	failed?: string;
	created: number;
	duplicates: number;
	missing: number;
	requests: ReturnType<typeof statusCounts>;
	perWindow: number;
	steady?: number;
	second?: SecondClientStats;
}

async function run(sb: Sandbox, withSecond: boolean): Promise<Row> {
	sb.reset();
	resetLimiters();
	sb.configure({ rateLimit: { ...RATE } });
	sb.clearLog();
	const before = sb.data.workOrders.length;
	const tag = withSecond ? 'B' : 'A';
	const items = Array.from({ length: ITEMS }, (_, i) => ({ ref: `BENCH-${tag}-${String(i + 1).padStart(4, '0')}` }));
	const second = withSecond ? startSecondClient(sb.baseUrl, sb.token, Math.round(RATE.limit * SECOND_SHARE), RATE.windowMs) : undefined;
	if (second) await sleep(RATE.windowMs);
	const result = await runDatatruck({
		parameters: {
			resource: 'workOrder',
			operation: 'create',
			procedureName: 'TRK Brake Issue',
			additionalFields: { referenceNumber: '={{ $json.ref }}', status: 'Pending', totalPrice: '357.50' },
		},
		items,
		credentials: sandboxCredentials(sb.baseUrl, sb.token, { rateLimitRequests: RATE.limit, rateLimitWindowSeconds: RATE_WINDOW_SECONDS }),
	});
	const secondStats = second ? await second.stop() : undefined;
	const made = sb.data.workOrders.slice(before) as Array<{ reference_number?: string | null }>;
	const perRef = new Map<string, number>();
	for (const workOrder of made) perRef.set(String(workOrder.reference_number), (perRef.get(String(workOrder.reference_number)) ?? 0) + 1);
	const perWindow = withSecond ? Math.round(RATE.limit * (1 - SECOND_SHARE)) : RATE.limit;
	const log = [...sb.log];
	return {
		setting: withSecond ? 'another app spends 25 % of the token' : 'no configuration',
		items: ITEMS,
		outputItems: result.json.length,
		failed: result.error?.message,
		created: made.length,
		duplicates: [...perRef.values()].reduce((sum, n) => sum + Math.max(0, n - 1), 0),
		missing: items.filter((item) => !perRef.has(item.ref)).length,
		requests: statusCounts(log, isCreate),
		perWindow,
		steady: steadyStateRatio(arrivalsOf(log, isCreate), perWindow, RATE.windowMs),
		second: secondStats,
	};
}

async function main(): Promise<void> {
	const sb = await startSandbox({ rateLimit: { ...RATE } });
	const rows: Row[] = [];
	try {
		say(`figure 4: ${ITEMS} items → Work Order › Create`);
		rows.push(await run(sb, false));
		say(`figure 4: ${ITEMS} items → Work Order › Create, with a second client spending 25 % of the budget`);
		rows.push(await run(sb, true));
	} finally {
		await sb.close();
	}
	const describeRow = (row: Row) =>
		`${fmtRatio(row.steady)}${row.perWindow !== RATE.limit ? ' of what the other app leaves' : ' of the bound'}, ${row.failed ? 'FAILED' : '0 failed'}, ${row.duplicates} duplicates, ${row.created}/${row.items} created`;
	const result: FigureResult = {
		figure: '4',
		headline: rows.map((row) => `${row.setting}: ${describeRow(row)}`).join(' · '),
		title: `Bulk create: ${ITEMS} input items → Work Order › Create`,
		columns: ['Setting', 'Failed executions', 'Created (of 200)', 'Duplicates', 'Requests 201 / 429', 'Creates per window ÷ bound (steady state)'],
		rows: rows.map((row) => [
			row.setting,
			`${row.failed ? 1 : 0} of 1`,
			`${row.created}${row.missing ? ` (${row.missing} missing)` : ''}`,
			row.duplicates,
			`${row.requests.ok} / ${row.requests.tooMany}${row.requests.other ? ` (+${row.requests.other} other)` : ''}`,
			`${fmtRatio(row.steady)}${row.perWindow !== RATE.limit ? ` (of the ${row.perWindow} left)` : ''}`,
		]),
		notes: [
			`One execution, ${ITEMS} items, each with its own reference number; duplicates = work orders in the sandbox beyond one per reference. Bound: ${RATE.limit} creates per ${RATE.windowMs / 1000} s window; steady state measured as in figure 1.`,
			...rows
				.filter((row) => row.second)
				.map(
					(row) =>
						`With the second client: the other app got ${row.second!.ok} of ${row.second!.sent} requests through (${row.second!.tooMany} answered 429).` +
						((row.steady ?? 0) > 1
							? ` The node took more than the ${row.perWindow} requests per window it was left: its limiter sends the moment a slot of the window frees, and the other app, on a fixed schedule, then meets a full window.`
							: ''),
				),
			...rows.filter((row) => row.failed).map((row) => `${row.setting}: the execution failed: "${row.failed}"`),
		],
		raw: rows,
	};
	writeResult(result);
}

main().catch((error) => {
	console.error(error);
	process.exit(1);
});
