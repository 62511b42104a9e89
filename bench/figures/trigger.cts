/**
 * Figure 3: the Datatruck Trigger (New Load) polled the way n8n's poll engine does (the in-process
 * poll harness over n8n-core's PollContext): requests per poll in steady state, and the requests
 * and polls it takes to drain a backlog of 100 and of 1,000 new loads, each emitted exactly once.
 *
 * One clock drives the sandbox (created_datetime of new loads) and the trigger; it moves by n8n's
 * shortest poll interval (1 minute) between polls, so the bench does not wait for real minutes.
 */
import '../../test/harness/env.cts';
import type { IDataObject } from 'n8n-workflow';
import { resetLimiters } from '../../nodes/Datatruck/shared/transport/rateLimiter';
import { triggerSettings } from '../../nodes/DatatruckTrigger/settings';
import { PollHarness } from '../../test/harness/poll.cts';
import { sandboxCredentials } from '../../test/harness/run.cts';
import { startSandbox, type Sandbox } from '../../test/sandbox/index.cts';
import { fmtInt, fmtRatio, LOAD_PAGE, RATE, RATE_WINDOW_SECONDS, say, writeResult, type FigureResult } from '../lib/common.cts';

const MINUTE = 60_000;
const QUIET_POLLS = 10;
const TRICKLE = { polls: 10, perPoll: 10 };
const BACKLOGS = [100, 1_000];
/** A backlog piles up while n8n is down or the workflow inactive; it is spread over this much time. */
const BACKLOG_SPREAD_MS = 10 * MINUTE;
const MAX_DRAIN_POLLS = 200;

let now = Math.floor((Date.now() - 86_400_000) / 1000) * 1000;

const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

interface Row {
	scenario: string;
	newLoads: number;
	polls: number;
	requests: number;
	emitted: number;
	distinct: number;
	missed: number;
	/** The fewest requests any poller of pages of 25 could use for the same polls and loads. */
	fewest: number;
	failed?: string;
}

function addLoads(sb: Sandbox, count: number, spreadMs: number): Set<number> {
	const ids = new Set<number>();
	for (let i = 0; i < count; i++) {
		const created = now - spreadMs + Math.floor(((i + 1) * spreadMs) / (count + 1));
		ids.add(sb.createLoad({ created_datetime: iso(created), pickup_time: null, delivery_time: null, is_flagged: false, flagging_reason: null }).id);
	}
	return ids;
}

async function poll(harness: PollHarness, sb: Sandbox) {
	now += MINUTE;
	const before = sb.log.length;
	const result = await harness.poll();
	return { result, requests: sb.log.length - before };
}

async function main(): Promise<void> {
	const sb = await startSandbox({ rateLimit: { ...RATE }, now: () => new Date(now) });
	const saved = { ...triggerSettings };
	Object.assign(triggerSettings, { now: () => now });
	resetLimiters();
	const rows: Row[] = [];
	const credentials = sandboxCredentials(sb.baseUrl, sb.token, { rateLimitRequests: RATE.limit, rateLimitWindowSeconds: RATE_WINDOW_SECONDS });
	try {
		const fresh = async () => {
			sb.reset({ loads: 1200 });
			sb.clearLog();
			const harness = new PollHarness({ parameters: { event: 'newLoad' }, credentials });
			const activation = await poll(harness, sb);
			if (activation.result.error) throw activation.result.error;
			return { harness, activationRequests: activation.requests };
		};

		say('figure 3: steady state, no new loads');
		{
			const { harness, activationRequests } = await fresh();
			let requests = 0;
			let emitted = 0;
			let failed: string | undefined;
			for (let i = 0; i < QUIET_POLLS; i++) {
				const { result, requests: sent } = await poll(harness, sb);
				requests += sent;
				emitted += result.json.length;
				failed ??= result.error?.message;
			}
			rows.push({ scenario: `steady state, quiet (after an activation of ${activationRequests} request)`, newLoads: 0, polls: QUIET_POLLS, requests, emitted, distinct: emitted, missed: 0, fewest: QUIET_POLLS, failed });
		}

		say('figure 3: steady state, a trickle of new loads');
		{
			const { harness } = await fresh();
			let requests = 0;
			const emittedIds: number[] = [];
			const expected = new Set<number>();
			let failed: string | undefined;
			for (let i = 0; i < TRICKLE.polls; i++) {
				for (const id of addLoads(sb, TRICKLE.perPoll, MINUTE)) expected.add(id);
				const { result, requests: sent } = await poll(harness, sb);
				requests += sent;
				emittedIds.push(...result.json.map((record: IDataObject) => Number(record.id)));
				failed ??= result.error?.message;
			}
			const distinct = new Set(emittedIds);
			rows.push({
				scenario: `steady state, ${TRICKLE.perPoll} new loads per poll`,
				newLoads: expected.size,
				polls: TRICKLE.polls,
				requests,
				emitted: emittedIds.length,
				distinct: distinct.size,
				missed: [...expected].filter((id) => !distinct.has(id)).length,
				fewest: TRICKLE.polls * Math.ceil(TRICKLE.perPoll / LOAD_PAGE),
				failed,
			});
		}

		for (const backlog of BACKLOGS) {
			say(`figure 3: draining a backlog of ${fmtInt(backlog)} new loads`);
			const { harness } = await fresh();
			now += BACKLOG_SPREAD_MS;
			const expected = addLoads(sb, backlog, BACKLOG_SPREAD_MS);
			now -= MINUTE; // poll() moves the clock on by the poll interval
			const emittedIds: number[] = [];
			let requests = 0;
			let polls = 0;
			let failed: string | undefined;
			while (polls < MAX_DRAIN_POLLS) {
				const { result, requests: sent } = await poll(harness, sb);
				polls++;
				requests += sent;
				emittedIds.push(...result.json.map((record: IDataObject) => Number(record.id)));
				failed ??= result.error?.message;
				const caughtUp = harness.state?.scan === undefined;
				if (caughtUp && [...expected].every((id) => emittedIds.includes(id))) break;
				if (result.error) break;
			}
			const distinct = new Set(emittedIds);
			rows.push({
				scenario: `backlog of ${fmtInt(backlog)} new loads`,
				newLoads: backlog,
				polls,
				requests,
				emitted: emittedIds.length,
				distinct: distinct.size,
				missed: [...expected].filter((id) => !distinct.has(id)).length,
				fewest: Math.ceil(backlog / LOAD_PAGE),
				failed,
			});
		}
	} finally {
		Object.assign(triggerSettings, saved);
		await sb.close();
	}

	const rowOf = (prefix: string) => rows.find((row) => row.scenario.startsWith(prefix));
	const quiet = rowOf('steady state, quiet');
	const drains = rows.filter((row) => row.scenario.startsWith('backlog'));
	const clean = rows.every((row) => !row.failed && row.emitted === row.distinct && row.missed === 0);
	const result: FigureResult = {
		figure: '3',
		headline: `${quiet ? fmtRatio(quiet.requests / quiet.polls, 2) : '—'} request per quiet poll; ${drains
			.map((row) => `${fmtInt(row.newLoads)} new loads drained in ${row.polls} polls / ${row.requests} requests (${fmtRatio(row.requests / row.fewest, 2)} × the fewest)`)
			.join('; ')}; ${clean ? 'every load emitted once' : 'DUPLICATES OR MISSED LOADS'}`,
		title: 'Trigger (New Load): requests per poll and to drain a backlog',
		columns: ['Scenario', 'Polls', 'Requests', 'Requests per poll', 'Requests ÷ fewest possible', 'Emitted (each once? missed)'],
		rows: rows.map((row) => [
			row.scenario,
			row.polls,
			row.requests,
			fmtRatio(row.requests / row.polls, 2),
			fmtRatio(row.requests / row.fewest, 2),
			row.failed
				? `failed: ${row.failed}`
				: `${fmtInt(row.emitted)} (${row.emitted === row.distinct ? 'each once' : `${row.emitted - row.distinct} DUPLICATES`}; ${row.missed} missed)`,
		]),
		notes: [
			`Polled through n8n-core's PollContext with the node's static data kept between polls; one clock for the sandbox and the trigger, moved by 1 minute (n8n's shortest poll interval) before each poll. Default parameters (Late Entry Window 10 minutes, ${triggerSettings.pagesPerPoll} requests per poll at most).`,
			`A backlog is ${BACKLOG_SPREAD_MS / MINUTE} minutes of loads created while nothing polled; drained = the trigger caught up (no read in progress) and emitted every one of them.`,
			`Fewest possible: one request per poll when nothing or less than a page is new, ⌈new loads ÷ ${LOAD_PAGE}⌉ for a backlog (a reader with no per-poll cap that knew exactly where the new loads start).`,
			'Each poll re-reads the Late Entry Window (records can commit late), so with a steady flow of new loads a poll reads the last 10 minutes\' loads again: its cost grows with the flow, up to the per-poll cap.',
		],
		raw: rows,
	};
	writeResult(result);
}

main().catch((error) => {
	console.error(error);
	process.exit(1);
});
