/**
 * Figure 1: Return All of ~5,000 loads (a filter and an ordering), how close each contender gets to
 * the rate limit's bound, whether the execution fails, and how many 429s the API had to send.
 *
 *   ours, in process (n8n-core's engine)            ours, in the real n8n
 *   HTTP Request node in the real n8n, following `next`:
 *     (a) as first configured   (b) with the interval a careful user sets   (c) with Retry On Fail
 *   then with a second client spending 25 % of the token's budget: ours in process, and (b).
 *   ours in process against a sandbox with the spec-only profile (only what the specification publishes, issue 28):
 *   its requests against the fewest any client needs.
 */
import '../../test/harness/env.cts';
import type { IDataObject } from 'n8n-workflow';
import { resetLimiters } from '../../nodes/Datatruck/shared/transport/rateLimiter';
import { runDatatruck, sandboxCredentials } from '../../test/harness/run.cts';
import type { N8n } from '../../test/e2e/lib/n8n.cts';
import type { ExecutionRun } from '../../test/e2e/lib/output.cts';
import { workflow, type NodeSpec } from '../../test/e2e/lib/workflow.cts';
import type { RequestLogEntry, SandboxProfile } from '../../test/sandbox/index.cts';
import {
	API_PREFIX,
	arrivalsOf,
	cycleExcess,
	fmtInt,
	fmtRatio,
	LOAD_PAGE,
	RATE,
	RATE_WINDOW_SECONDS,
	runLabel,
	SCALE,
	say,
	sleep,
	statusCounts,
	steadyStateRatio,
	wholeJobRatio,
	writeResult,
	type FigureResult,
} from '../lib/common.cts';
import { LimiterProbe } from '../lib/limiterProbe.cts';
import { describeForms, queryForms, type QueryForm } from '../lib/queryForms.cts';
import { benchN8n, tarballFromEnv } from '../lib/n8n.cts';
import { SandboxProcess } from '../lib/sandboxProcess.cts';
import { SECOND_CLIENT_PATH, startSecondClient, type SecondClientStats } from '../lib/secondClient.cts';

/** Seeded loads; about 90 % are delivered, so the filter matches about 5,000 (the exact count is reported). */
const SEEDED_LOADS = 5570;
const FILTER = { conditions: [{ field: 'status', operator: 'is', value: 'delivered' }] };
/** The same filter as the API takes it (for the expected answer). */
const API_FILTER = [{ column: 'status', value: 'delivered', contains: 'is' }];
const SORT = { field: 'load_pay', descending: true };
/** The second client's share: 25 % of the token's 20 requests per window. */
const SECOND_SHARE = 0.25;

/** For working on the bench: BENCH_FIG1_ONLY=oursInProcess,benchOursN8n,… runs only those contenders. */
const ONLY = process.env.BENCH_FIG1_ONLY?.split(',');
const wanted = (id: string): boolean => !ONLY || ONLY.includes(id);

const ORDERS_PATH = `${API_PREFIX}/orders/`;
const pct = (share: number): string => (Number.isFinite(share) ? `${(share * 100).toFixed(1)} %` : '—');
const isOrders = (entry: RequestLogEntry): boolean => entry.path === ORDERS_PATH;

interface Contender {
	name: string;
	setting: string;
	where: 'in process' | 'real n8n';
	/** Set when not the bench's window. */
	windowMs?: number;
	failed: boolean;
	error?: string;
	loadsReturned: number;
	distinctLoads: number;
	complete: boolean;
	orderKept?: boolean;
	requests: ReturnType<typeof statusCounts>;
	/** ⌈loads to return ÷ the largest page the loads list honours (25)⌉: the fewest requests any client needs. */
	minimum: number;
	/** The node's requests grouped by the form of their query (ours, in process). */
	forms?: QueryForm[];
	perWindow: number;
	steady?: number;
	wholeJob?: number;
	excess?: ReturnType<typeof cycleExcess>;
	limiter?: ReturnType<LimiterProbe['summary']>;
	arrivals?: number[];
	/** The query of the first page the node sent (the HTTP Request node gets the same). */
	firstQuery?: Record<string, string | string[]>;
	elapsedMs?: number;
	second?: SecondClientStats & { share?: number; apiUse?: number };
}

/** Every expected load exactly once (or, with a Limit, that many distinct expected loads), in the API's order. */
function checkLoads(loads: IDataObject[], expected: Set<number>, limit?: number) {
	const ids = loads.map((load) => Number(load.id));
	const distinct = new Set(ids);
	const complete =
		limit === undefined
			? distinct.size === expected.size && ids.length === expected.size && [...expected].every((id) => distinct.has(id))
			: distinct.size === limit && ids.length === limit && ids.every((id) => expected.has(id));
	const pays = loads.filter((load) => load.load_pay !== null && load.load_pay !== undefined).map((load) => Number(load.load_pay));
	const orderKept = pays.every((pay, i) => i === 0 || pays[i - 1] >= pay);
	return { loadsReturned: ids.length, distinctLoads: distinct.size, complete, orderKept };
}

/** A fresh window on the API side and an empty log, so each contender starts alike. */
async function freshWindow(sb: SandboxProcess, windowMs: number = RATE.windowMs): Promise<void> {
	await sb.configure({ rateLimit: { limit: RATE.limit, windowMs } });
	await sb.clearLog();
}

function measure(log: RequestLogEntry[], perWindow: number, elapsedMs: number | undefined, windowMs: number = RATE.windowMs) {
	const arrivals = arrivalsOf(log, isOrders);
	return {
		arrivals,
		forms: queryForms(log, isOrders),
		excess: cycleExcess(arrivals, perWindow, windowMs),
		requests: statusCounts(log, isOrders),
		steady: steadyStateRatio(arrivals, perWindow, windowMs),
		wholeJob: elapsedMs === undefined ? undefined : wholeJobRatio(arrivals.length, perWindow, windowMs, elapsedMs),
	};
}

interface InProcessOptions {
	withSecond?: boolean;
	/** Another window length (whole seconds), to see how the per-window cost scales. */
	windowMs?: number;
	/** A Limit instead of Return All (keeps a longer window's run short). */
	limit?: number;
	/** The credential's Rate Limit (Requests) when not the bound, e.g. a user who leaves the other app its share. */
	credentialLimit?: number;
	/** The profile `sb` was started with, when not the default (names the row). */
	profile?: SandboxProfile;
}

/** The largest page the loads list honours: 25, or the 10 Datatruck's own pages publish under the `published` profile. */
const pageOf = (profile?: SandboxProfile): number => (profile === 'published' ? 10 : LOAD_PAGE);
const minimumRequests = (loads: number, profile?: SandboxProfile): number => Math.ceil(loads / pageOf(profile));

async function oursInProcess(sb: SandboxProcess, expected: Set<number>, options: InProcessOptions = {}): Promise<Contender> {
	const { withSecond = false, windowMs = RATE.windowMs, limit, credentialLimit = RATE.limit, profile } = options;
	resetLimiters();
	await freshWindow(sb, windowMs);
	let second: ReturnType<typeof startSecondClient> | undefined;
	const perWindow = withSecond ? Math.round(RATE.limit * (1 - SECOND_SHARE)) : RATE.limit;
	if (withSecond) {
		second = startSecondClient(sb.baseUrl, sb.token, Math.round(RATE.limit * SECOND_SHARE), RATE.windowMs);
		// Let the other app hold its share of the window before the node starts.
		await sleep(RATE.windowMs);
	}
	const probe = new LimiterProbe().attach();
	const result = await runDatatruck({
		parameters: {
			resource: 'load',
			operation: 'getMany',
			...(limit ? { returnAll: false, limit } : { returnAll: true }),
			filters: FILTER,
			sort: SORT,
		},
		credentials: sandboxCredentials(sb.baseUrl, sb.token, {
			rateLimitRequests: credentialLimit,
			rateLimitWindowSeconds: windowMs / 1000,
		}),
	}).finally(() => probe.detach());
	const secondStats = second ? await second.stop() : undefined;
	const elapsedMs = result.run?.data.resultData.runData.Datatruck?.[0]?.executionTime;
	const log = await sb.log();
	return {
		name: profile ? `Datatruck node (ours), ${profile} profile` : 'Datatruck node (ours)',
		setting: withSecond
			? credentialLimit !== RATE.limit
				? `credential Rate Limit set to ${credentialLimit} (the share left); another app spends 25 % of the token`
				: 'no configuration; another app spends 25 % of the token'
			: windowMs !== RATE.windowMs
				? `no configuration; window ${windowMs / 1000} s (sandbox and credential), Limit ${fmtInt(limit ?? 0)}`
				: 'no configuration',
		where: 'in process',
		windowMs,
		failed: !!result.error,
		error: result.error?.message,
		...checkLoads(result.json, expected, limit),
		...measure(log, perWindow, elapsedMs, windowMs),
		minimum: minimumRequests(limit ?? expected.size, profile),
		perWindow,
		elapsedMs,
		limiter: probe.summary(credentialLimit, windowMs),
		firstQuery: log.find(isOrders)?.query,
		second: secondStats && describeSecond(secondStats, log, firstAndLast(log).from, firstAndLast(log).to),
	};
}

/** When the node's first and last requests reached the API. */
function firstAndLast(log: RequestLogEntry[]): { from: number; to: number } {
	const orders = log.filter(isOrders);
	return { from: orders[0]?.at ?? 0, to: orders[orders.length - 1]?.at ?? 0 };
}

/**
 * While the node ran: the other app's share of the bound, and the token's use by both together
 * (the steady-state ratio over the merged arrivals of both clients' successful requests).
 */
function describeSecond(stats: SecondClientStats, log: RequestLogEntry[], from: number, to: number) {
	const during = log.filter((entry) => entry.status === 200 && entry.at >= from && entry.at <= to);
	const secondOk = during.filter((entry) => entry.path === SECOND_CLIENT_PATH).length;
	const windows = (to - from) / RATE.windowMs;
	const both = during.filter((entry) => entry.path === SECOND_CLIENT_PATH || isOrders(entry)).map((entry) => entry.at);
	return {
		...stats,
		share: windows > 0 ? secondOk / windows / RATE.limit : undefined,
		apiUse: steadyStateRatio(both, RATE.limit, RATE.windowMs),
	};
}

function nodeRunOf(run: ExecutionRun, name: string) {
	return run.data.resultData.runData[name]?.[0] as
		| (ExecutionRun['data']['resultData']['runData'][string][number] & { executionTime?: number })
		| undefined;
}

function runError(run: ExecutionRun, name: string): string | undefined {
	if (run.status === 'success') return undefined;
	const nodeRun = nodeRunOf(run, name);
	return nodeRun?.error?.message ?? run.data.resultData.error?.message ?? run.status;
}

async function inN8n(
	n8n: N8n,
	sb: SandboxProcess,
	expected: Set<number>,
	id: string,
	spec: NodeSpec,
	extraNode: Record<string, unknown>,
	label: { name: string; setting: string },
	withSecond = false,
): Promise<Contender> {
	const wf = workflow(id, `Bench ${id}`, [spec], { id: 'benchDatatruck01', name: 'Datatruck (bench)' });
	Object.assign(wf.nodes[1], extraNode);
	await n8n.importWorkflow(wf);
	await freshWindow(sb);
	const perWindow = withSecond ? Math.round(RATE.limit * (1 - SECOND_SHARE)) : RATE.limit;
	const second = withSecond ? startSecondClient(sb.baseUrl, sb.token, Math.round(RATE.limit * SECOND_SHARE), RATE.windowMs) : undefined;
	const run = await n8n.execute(id, 300_000);
	const secondStats = second ? await second.stop() : undefined;
	const log = await sb.log();
	const nodeRun = nodeRunOf(run, spec.name);
	const items = (nodeRun?.data?.main?.[0] ?? []).map((item) => item.json as IDataObject);
	// The HTTP Request node returns one item per page; ours one per load.
	const loads = spec.type ? items.flatMap((page) => (Array.isArray(page.results) ? (page.results as IDataObject[]) : [])) : items;
	const elapsedMs = nodeRun?.executionTime;
	const { from, to } = firstAndLast(log);
	const error = runError(run, spec.name);
	return {
		...label,
		where: 'real n8n',
		failed: run.status !== 'success',
		error,
		...checkLoads(loads, expected),
		...measure(log, perWindow, error ? undefined : elapsedMs),
		minimum: minimumRequests(expected.size),
		perWindow,
		elapsedMs,
		second: secondStats && describeSecond(secondStats, log, from, to),
	};
}

/** The HTTP Request node as a user builds it for this API: header auth, the query, pagination following `next`. */
function httpRequestSpec(firstQuery: Record<string, string | string[]>, sb: SandboxProcess, requestInterval?: number): NodeSpec {
	const single = (value: string | string[] | undefined) => (Array.isArray(value) ? value[value.length - 1] : value ?? '');
	return {
		name: 'HTTP Request',
		type: 'n8n-nodes-base.httpRequest',
		typeVersion: 4.5,
		parameters: {
			method: 'GET',
			url: `${sb.baseUrl}/orders/`,
			authentication: 'genericCredentialType',
			genericAuthType: 'httpHeaderAuth',
			sendQuery: true,
			queryParameters: {
				parameters: [
					{ name: 'filter', value: single(firstQuery.filter) },
					{ name: 'ordering', value: single(firstQuery.ordering) },
					{ name: 'page_size', value: String(LOAD_PAGE) },
				],
			},
			options: {
				pagination: {
					pagination: {
						paginationMode: 'responseContainsNextURL',
						nextURL: '={{ $response.body.next }}',
						paginationCompleteWhen: 'other',
						completeExpression: '={{ !$response.body.next }}',
						...(requestInterval ? { requestInterval } : {}),
					},
				},
			},
		},
		credentials: { httpHeaderAuth: { id: 'benchHeaderAuth1', name: 'Datatruck token (header)' } },
	};
}

/** The ids of the loads the filter matches, read with the published query only (so any profile answers it). */
async function expectedLoadsOf(sb: SandboxProcess): Promise<Set<number>> {
	const loads = await sb.listAll(`/orders/?page_size=${LOAD_PAGE}&filter=${encodeURIComponent(JSON.stringify(API_FILTER))}`);
	return new Set(loads.map((order) => Number(order.id)));
}

const costOf = (c: Contender): number => c.requests.total / c.minimum;

async function main(): Promise<void> {
	const label = runLabel();
	const sb = await SandboxProcess.start({ loads: SEEDED_LOADS, ...RATE });
	const contenders: Contender[] = [];
	const notes: string[] = [];
	const missing: string[] = [];
	try {
		const seeded = (await sb.health()).orders;
		const expected = await expectedLoadsOf(sb);
		const pages = Math.ceil(expected.size / LOAD_PAGE);
		say(`figure 1: ${expected.size} delivered loads of ${seeded} (${pages} pages)`);

		say('figure 1: ours, in process');
		if (wanted('oursInProcess')) contenders.push(await oursInProcess(sb, expected));
		// The query the node sent is the one the HTTP Request node is configured with.
		const firstQuery = contenders[0]?.firstQuery ?? { filter: JSON.stringify(API_FILTER), ordering: '-load_pay' };

		const useN8n = !ONLY || ONLY.some((id) => id.startsWith('bench'));
		let n8n: N8n | undefined;
		if (useN8n) say('figure 1: real n8n (package installed from the packed tarball)');
		try {
			if (useN8n) n8n = await benchN8n('return-all', tarballFromEnv());
			await n8n?.importCredentials([
				{
					id: 'benchDatatruck01',
					name: 'Datatruck (bench)',
					type: 'datatruckApi',
					data: { company: sb.origin, apiToken: sb.token, rateLimitRequests: RATE.limit, rateLimitWindowSeconds: RATE_WINDOW_SECONDS },
				},
				{
					id: 'benchHeaderAuth1',
					name: 'Datatruck token (header)',
					type: 'httpHeaderAuth',
					data: { name: 'Authorization', value: `Token ${sb.token}` },
				},
			]);
		} catch (error) {
			missing.push(`real n8n could not be prepared: ${(error as Error).message.split('\n')[0]}`);
			n8n = undefined;
		}
		if (n8n) {
			const careful = Math.round((60_000 / RATE.limit) * SCALE);
			const retry = { retryOnFail: true, maxTries: 5, waitBetweenTries: Math.round(5000 * SCALE) };
			const runs: Array<[string, NodeSpec, Record<string, unknown>, { name: string; setting: string }, boolean?]> = [
				[
					'benchOursN8n',
					{
						name: 'Datatruck',
						parameters: { resource: 'load', operation: 'getMany', returnAll: true, filters: FILTER, sort: SORT },
					},
					{},
					{ name: 'Datatruck node (ours)', setting: 'no configuration' },
				],
				['benchHttpA', httpRequestSpec(firstQuery, sb), {}, { name: 'HTTP Request node (a)', setting: 'pagination follows `next`, nothing else' }],
				[
					'benchHttpB',
					httpRequestSpec(firstQuery, sb, careful),
					{},
					{ name: 'HTTP Request node (b)', setting: `+ Interval Between Requests ${careful} ms (= 60 s ÷ 20, scaled)` },
				],
				[
					'benchHttpC',
					httpRequestSpec(firstQuery, sb),
					retry,
					{
						name: 'HTTP Request node (c)',
						setting: `(a) + Retry On Fail: ${retry.maxTries} tries, ${retry.waitBetweenTries} ms apart (n8n's maximum, scaled)`,
					},
				],
				[
					'benchHttpB2',
					httpRequestSpec(firstQuery, sb, careful),
					retry,
					{ name: 'HTTP Request node (b)+(c)', setting: 'interval and Retry On Fail; another app spends 25 % of the token' },
					true,
				],
			];
			for (const [id, spec, extra, label, withSecond] of runs.filter(([id]) => wanted(id))) {
				say(`figure 1: real n8n, ${label.name} — ${label.setting}`);
				try {
					contenders.push(await inN8n(n8n, sb, expected, id, spec, extra, label, withSecond));
				} catch (error) {
					missing.push(`${label.name} in real n8n: ${(error as Error).message.split('\n')[0]}`);
					say(`figure 1: ${label.name} could not be measured: ${(error as Error).message.slice(0, 2000)}`);
				}
			}
		}

		if (wanted('oursSecond')) {
			say('figure 1: ours, in process, with a second client spending 25 % of the budget');
			contenders.push(await oursInProcess(sb, expected, { withSecond: true }));
		}
		// The same, with the credential told what the other app leaves: how much of the shortfall above
		// is the 429s (and their Retry-After pauses) of a limiter that assumes the whole budget is its own.
		const share = Math.round(RATE.limit * (1 - SECOND_SHARE));
		if (wanted('oursSecondConfigured')) {
			say(`figure 1: ours, in process, second client, credential limit ${share}`);
			contenders.push(await oursInProcess(sb, expected, { withSecond: true, credentialLimit: share }));
		}

		// The same client with a window 10/3 as long: if what each cycle loses is a fixed answer time,
		// the shortfall shrinks in proportion (at Datatruck's real 60 s it would be 20 times smaller).
		const longWindow = { windowMs: 10_000, limit: 2_500 };
		if (wanted('oursLongWindow')) {
			say(`figure 1: ours, in process, with a ${longWindow.windowMs / 1000} s window (Limit ${longWindow.limit})`);
			contenders.push(await oursInProcess(sb, expected, longWindow));
		}

		// The same Return All against a Datatruck that supports only what the specification publishes, and against the
		// one Datatruck's own pages describe (10 a page, `next` relative to the API). Each its own sandbox process: a
		// fresh origin, so nothing the node learns about it carries over to the rows above.
		for (const [id, profile] of [['oursSpecOnly', 'spec-only'], ['oursPublished', 'published']] as const) {
			if (!wanted(id)) continue;
			say(`figure 1: ours, in process, against a sandbox with the ${profile} profile`);
			const otherSb = await SandboxProcess.start({ loads: SEEDED_LOADS, ...RATE, profile });
			try {
				const otherExpected = await expectedLoadsOf(otherSb);
				const row = await oursInProcess(otherSb, otherExpected, { profile });
				const sameData = otherExpected.size === expected.size && [...expected].every((loadId) => otherExpected.has(loadId));
				if (!sameData) notes.push(`The ${profile} sandbox matched ${fmtInt(otherExpected.size)} loads, not the default's ${fmtInt(expected.size)}: its row is checked against its own.`);
				// Beside the default in-process row it compares with, after any profile row already there.
				const at = contenders.findIndex((c) => c.name === 'Datatruck node (ours)' && c.where === 'in process');
				const after = contenders.slice(at + 1).findIndex((c) => !c.name.endsWith(' profile'));
				contenders.splice(after < 0 ? contenders.length : at + 1 + after, 0, row);
			} finally {
				await otherSb.close();
			}
		}

		notes.push(
			`This figure measured on ${label}.`,
			`${fmtInt(expected.size)} loads match (status is delivered, of ${fmtInt(seeded)} seeded), ordered by load pay descending: ${pages} pages of ${LOAD_PAGE}.`,
			`Bound: ${RATE.limit} requests × ${LOAD_PAGE} loads per ${RATE.windowMs / 1000} s window (Datatruck's 20 per minute with the window scaled by ${SCALE}); with the second client, the ${Math.round(RATE.limit * (1 - SECOND_SHARE))} requests per window it leaves.`,
			'Achieved ÷ bound (steady state): from the arrival times at the API of this client\'s requests that got a 200, t_1 … t_N, with L requests per window available to it: W ÷ the mean of (t_k − t_{k−L}) over k > L, i.e. how soon on average each slot of the window was used again. 1.000 is every window fully used; the first window (a burst an empty window gives for free) is left out.',
			'Ideal ÷ actual job time: ((⌈N ÷ L⌉ − 1) × W) ÷ the node\'s own execution time (n8n\'s run data), i.e. the fastest any client could finish the same N requests from an empty window, over what it took.',
			'"each once" means every matching load is in the output exactly once; for the HTTP Request node the loads are counted inside the page items it returns.',
			`User-set times are scaled like the window: the careful interval is 60,000 ms ÷ 20 × ${SCALE}; Retry On Fail uses n8n's largest settings (5 tries, 5,000 ms) × ${SCALE}.`,
		);
		for (const c of contenders.filter((c) => !c.failed && c.excess)) {
			const probe = c.limiter;
			notes.push(
				`${c.name}, ${c.where}, ${c.setting}: each cycle of ${c.perWindow} requests took 1 window + ${pct(c.excess!.mean)} on average (median + ${pct(c.excess!.median)}, 90th percentile + ${pct(c.excess!.p90)}).` +
					(probe?.answerShare !== undefined && !probe.pauses
						? ` The limiter's own record, on average: an answer took ${pct(probe.answerShare)} of a window, which the limiter holds before it counts the request as done (Datatruck counts a request when it arrives, which the client cannot see: somewhere between sending and the answer); the next request of that slot went ${pct(probe.lateShare ?? NaN)} after the earliest moment the limiter allows (90th percentile ${pct(probe.lateP90 ?? NaN)}): ${pct(probe.chainShare ?? NaN)} waiting for the previous page's answer (an anchored page needs the last record of the one before), ${pct(probe.restShare ?? NaN)} the 10 ms margin, timer lateness and the node's work between pages.`
						: '') +
					(probe?.pauses
						? ` The limiter paused ${probe.pauses} times after a 429, for the Retry-After the API sent (whole seconds, at least 1 s = ${fmtRatio(1000 / (c.windowMs ?? RATE.windowMs), 2)} window): ${fmtRatio(probe.pausedMs / (c.windowMs ?? RATE.windowMs), 1)} windows in all, while the run lasted ${fmtRatio((c.elapsedMs ?? 0) / (c.windowMs ?? RATE.windowMs), 1)}.`
						: ''),
			);
		}
		notes.push(
			`Requests ÷ minimum: every request the client sent for the list (any answer) ÷ the fewest any client needs, ⌈loads returned ÷ the largest page the loads list honours⌉ (${LOAD_PAGE}; under the published profile 10, Datatruck's published maximum). Goals: at most 2 × under the spec-only profile (issue 28), at most 1.1 × under the published profile (issue 33).`,
		);
		for (const c of contenders.filter((c) => c.where === 'in process' && c.forms && (c.windowMs ?? RATE.windowMs) === RATE.windowMs && !c.second)) {
			notes.push(`${c.name}, ${c.where}, ${c.setting}: where the ${c.requests.total} requests went, by the form of their query: ${describeForms(c.forms!)}.`);
		}
		const specOnly = contenders.find((c) => c.name.endsWith('spec-only profile'));
		if (specOnly) {
			notes.push(
				'spec-only profile (test/sandbox/config.cts): the loads list takes one ordering field (400 on two), a filter only on the columns the specification publishes (no dispatcher__id), request lines up to 4,094 bytes (gunicorn\'s 400). The node is given the same parameters as the default row (filter status is delivered, sort by load pay descending): both are published forms (column `status` with `is`; `ordering` one ORM field), so nothing had to be changed for this profile; the tie-breaker the node adds itself is not, and the forms listed above show what it sent instead.',
			);
		}
		if (contenders.some((c) => c.name.endsWith('published profile'))) {
			notes.push(
				'published profile (test/sandbox/config.cts, issue 33): Datatruck as its own reference pages describe it: 10 loads a page whatever `page_size` asks, `next` written relative to the API. The node reads on exactly in the size answered (remembered per origin) and asks for every page by number from the credential\'s address.',
			);
		}
		for (const c of contenders.filter((c) => c.second)) {
			const s = c.second!;
			notes.push(
				`${c.name}, ${c.where}, ${c.setting}: the other app got ${s.ok} of ${s.sent} requests through (${s.tooMany} answered 429), ${fmtRatio(s.share, 2)} of the bound while the node ran; the token was used at ${fmtRatio(s.apiUse, 3)} of the bound by the two together.`,
			);
		}
		for (const c of contenders.filter((c) => c.error)) notes.push(`${c.name} (${c.where}, ${c.setting}) failed: "${c.error}"`);
	} finally {
		await sb.close();
	}

	const describe = (c: Contender | undefined): string =>
		!c
			? 'not measured'
			: c.failed
				? `failed after ${c.requests.ok} pages (${c.requests.tooMany} × 429)`
				: `${fmtRatio(c.steady)}${c.second ? ' of what the other app leaves' : ''}, ${c.complete ? '0 failed' : 'INCOMPLETE'}, ${c.requests.tooMany} × 429`;
	const costRatio = (c: Contender | undefined): string =>
		!c ? 'not measured' : c.failed ? `failed (${c.error ?? 'no message'})` : `${fmtRatio(costOf(c), 3)} × (${c.requests.total} for ${c.minimum}${c.complete ? '' : ', INCOMPLETE'})`;
	const find = (name: string, where: Contender['where'], second = false) =>
		contenders.find(
			(c) => c.name === name && c.where === where && !!c.second === second && (c.windowMs ?? RATE.windowMs) === RATE.windowMs && !c.setting.startsWith('credential'),
		);
	const headline = [
		`ours ${describe(find('Datatruck node (ours)', 'in process'))} (in process); ${describe(find('Datatruck node (ours)', 'real n8n'))} (real n8n)`,
		`HTTP Request node (a) ${describe(find('HTTP Request node (a)', 'real n8n'))}; (b) ${describe(find('HTTP Request node (b)', 'real n8n'))}; (c) ${describe(find('HTTP Request node (c)', 'real n8n'))}`,
		`with another app spending 25 %: ours ${describe(find('Datatruck node (ours)', 'in process', true))}; with the credential's limit set to the 15 left: ${describe(
			contenders.find((c) => c.second && c.setting.startsWith('credential')),
		)}`,
		`ours with a 10 s window: ${describe(contenders.find((c) => c.windowMs !== undefined && c.windowMs !== RATE.windowMs))}`,
		`requests ÷ minimum: ours ${costRatio(find('Datatruck node (ours)', 'in process'))} (default profile), ${costRatio(
			contenders.find((c) => c.name.endsWith('spec-only profile')),
		)} (spec-only profile; goal ≤ 2 ×), ${costRatio(contenders.find((c) => c.name.endsWith('published profile')))} (published profile; goal ≤ 1.1 ×)`,
	].join(' · ');
	const result: FigureResult = {
		figure: '1',
		title: 'Return All of ~5,000 loads (filter + ordering) against the rate limit',
		headline,
		columns: [
			'Contender',
			'Where',
			'Setting',
			'Failed executions',
			'Loads returned',
			'Requests 200 / 400 / 429',
			'Requests ÷ minimum',
			'Achieved ÷ bound (steady state)',
			'Ideal ÷ actual job time',
		],
		rows: contenders.map((c) => [
			c.name,
			c.where,
			c.setting,
			`${c.failed ? 1 : 0} of 1`,
			c.failed ? `${fmtInt(c.loadsReturned)} (failed)` : `${fmtInt(c.loadsReturned)}${c.complete ? ', each once' : ', INCOMPLETE'}${c.orderKept === false ? ', ORDER LOST' : ''}`,
			`${c.requests.ok} / ${c.requests.badRequest} / ${c.requests.tooMany}${c.requests.other > c.requests.badRequest ? ` (+${c.requests.other - c.requests.badRequest} other)` : ''}`,
			c.failed ? '— (failed)' : `${fmtRatio(costOf(c), 3)} (${c.requests.total} ÷ ${c.minimum})`,
			c.failed ? '— (failed)' : `${fmtRatio(c.steady)}${c.perWindow !== RATE.limit ? ` (of the ${c.perWindow} left)` : ''}`,
			c.failed ? '—' : fmtRatio(c.wholeJob),
		]),
		notes,
		missing,
		raw: contenders,
	};
	writeResult(result);
}

main().catch((error) => {
	console.error(error);
	process.exit(1);
});
