/**
 * Does an n8n worker's memory follow the size of the Return All it runs, or grow with the runs themselves?
 *
 * Issue 40's full day checks that the RSS of n8n's processes grows at most 10 % after the first scaled hour, and
 * its workers fail it (docs/carrier-day.md, defect 4), while V8's heap in use holds. The day's sync reads every load
 * each hour, and the loads grow all day (1,258 at the first hour's end, 1,749 at the last sync: +39 %). This runs
 * the day's sync alone on one queue-mode worker (n8n 2.41.1, the published profile, 10 loads a page): ROUNDS syncs
 * of as many loads as the first hour's end, then as many more after adding loads up to the last sync's count, and
 * samples the worker after each run (RSS, anonymous RSS, V8 heap in use and committed).
 *
 *   TS_NODE_TRANSPILE_ONLY=1 TS_NODE_PROJECT=tsconfig.test.json node -r ts-node/register bench/workerMemory.cts
 *
 * `WORKER_MEMORY_ROUNDS` (default 10) syncs per step; `WORKER_MEMORY_STEPS` (default "1258,1749") the load counts.
 * Needs the n8n runtime (scripts/n8n-runtime.cjs) and Redis and Postgres (scripts/queue-mode.js installs them).
 */
import { resolve } from 'node:path';
import { buildAndPack } from '../scripts/pack.cjs';
import { startSandbox } from '../test/sandbox/index.cts';
import { heapOf, residentOf } from '../test/day/record.cts';
import { SYNC_NODES } from '../test/day/workflows.cts';
import { finishedExecutions, postWebhook, queueCredential, sessionOf, startQueueMode, webhookWorkflow } from '../test/queue/lib/queue.cts';

const ROUNDS = Number(process.env.WORKER_MEMORY_ROUNDS ?? 10);
const STEPS = (process.env.WORKER_MEMORY_STEPS ?? '1258,1749').split(',').map(Number);
const WORKFLOW = 'memSyncLoads0001';
const CREDENTIAL = { id: 'memCredential001', name: 'Datatruck (memCredential001)' };
const MB = 1 << 20;
const mb = (bytes: number | undefined) => (bytes === undefined ? '-' : (bytes / MB).toFixed(0));

async function main(): Promise<void> {
	// Three times the day's token (60 a 3 s window), so that a sync of 1,749 loads takes about 3 windows, not 9.
	const rate = { limit: 60, windowMs: 3000 };
	const sb = await startSandbox({ rateLimit: rate, loads: STEPS[0], profile: 'published' });
	const tarball = process.env.DAY_TARBALL ?? buildAndPack(resolve(__dirname, '../.cache/worker-memory/pack'));
	// The day's sync, started by a webhook instead of its schedule.
	const sync = webhookWorkflow(WORKFLOW, 'memory-sync', SYNC_NODES, CREDENTIAL);
	const queue = await startQueueMode({
		tarball,
		workers: 1,
		name: 'worker-memory',
		credentials: [queueCredential(CREDENTIAL.id, sb, rate.limit)],
		workflows: [sync],
		publish: [WORKFLOW],
		env: { N8N_METRICS: 'true' },
	} as never);
	const session = sessionOf(queue);
	const worker = queue.workers[0];
	let runs = 0;
	try {
		console.log('loads  run  RSS MB  anonymous MB  heap in use MB  heap committed MB');
		for (const loads of STEPS) {
			while (sb.data.orders.length < loads) sb.createLoad({ status: 'booked', pickup_time: null, delivery_time: null, is_flagged: false, flagging_reason: null, documents: [] });
			for (let round = 1; round <= ROUNDS; round++) {
				await postWebhook(queue, 'memory-sync');
				await finishedExecutions(session, WORKFLOW, ++runs);
				// The next sync in the day is an hour (20 windows) away: a few windows for V8 to settle after the run.
				await new Promise((r) => setTimeout(r, 9000));
				const resident = residentOf(worker.pid);
				const heap = await heapOf(worker.url);
				console.log(`${String(loads).padStart(5)}  ${String(round).padStart(3)}  ${mb(resident?.rss).padStart(6)}  ${mb(resident?.anon).padStart(12)}  ${mb(heap?.used).padStart(14)}  ${mb(heap?.total).padStart(17)}`);
			}
		}
	} finally {
		await queue.stop({ n8nGraceMs: 0 });
		await sb.close();
	}
}

main().catch((error) => {
	console.error(error);
	process.exit(1);
});
