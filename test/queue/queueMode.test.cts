/**
 * n8n in queue mode with one token: Redis, Postgres, a main process and two workers (scripts/queue-mode.js),
 * the packed package installed in each, the sandbox limited to 20 requests per 3 s (Datatruck's minute scaled).
 *
 * At once: a Return All of every delivered load (≥ 1,000) on each worker, and a 100-item Work Order › Create;
 * meanwhile the published Datatruck Trigger polls on the main process while new loads appear. Each worker has
 * its own limiter and none knows the others: they must find their shares from Datatruck's 429s alone.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { buildAndPack } from '../../scripts/pack.cjs';
import { startSandbox, type RequestLogEntry, type Sandbox } from '../sandbox/index.cts';
import { executionRun, executionsOf, waitFor } from '../e2e/lib/executions.cts';
import type { Session } from '../e2e/lib/n8n.cts';
import { itemsOf } from '../e2e/lib/output.cts';
import { triggerWorkflow } from '../e2e/lib/workflow.cts';
import {
	DELIVERED,
	executionsRunBy,
	finishedExecutions,
	perWindow,
	postWebhook,
	QUEUE_RATE,
	queueCredential,
	sessionOf,
	startQueueMode,
	tokenUse,
	webhookWorkflow,
	type QueueMode,
} from './lib/queue.cts';

const ORDERS = '/api/v1/openapi/orders/';
const WORK_ORDERS = '/api/v1/openapi/work-orders/create/';
const RETURN_ALL_WF = 'queueReturnAll01';
const WORK_ORDER_WF = 'queueWorkOrder01';
const TRIGGER_WF = 'queueTriggerNew1';
const CREDENTIAL = { id: 'queueDatatruck01', name: 'Datatruck (queueDatatruck01)' };
const WORK_ORDER_COUNT = 100;

/**
 * The queue-mode target, decided in issue 27: in every run the token is used at ≥ 0.85 of the rate limit's bound,
 * ≤ 5 % of the token's requests are answered 429, and no execution fails. Why 0.85 and not more: the measured
 * ceiling of this very test, with the remaining worker told the moment its neighbour's Return All finished (an
 * experiment build; bench/results.md, figure 7's notes), is 0.91–0.92 of the bound with 4.7 % 429. The committed
 * limiter learns its neighbour's end only from Datatruck's 429s and read 0.847–0.927 over the runs recorded there, so
 * the earlier 0.9 sat too close to the ceiling to hold in every run.
 */
const QUEUE_TARGET = { minOfBound: 0.85, maxTooManyShare: 0.05, failedExecutions: 0 } as const;

const failedOf = (executions: { id: string; status: string }[]) =>
	executions.filter((e) => e.status !== 'success').map((e) => `${e.id}: ${e.status}`);

const isReturnAll = (e: RequestLogEntry) => e.path === ORDERS && JSON.stringify(e.query).includes('delivered');
const isTriggerPoll = (e: RequestLogEntry) => e.path === ORDERS && !isReturnAll(e);
const isWork = (e: RequestLogEntry) => isReturnAll(e) || e.path === WORK_ORDERS;

describe('queue mode: main + 2 workers on one token', () => {
	let sb: Sandbox;
	let queue: QueueMode | undefined;
	let session: Session;
	let delivered: number[];
	const newLoads: number[] = [];

	beforeAll(async () => {
		sb = await startSandbox({ rateLimit: QUEUE_RATE, loads: 1400 });
		delivered = sb.data.orders.filter((o) => o.status === 'delivered').map((o) => o.id);
		const tarball = process.env.QUEUE_TARBALL ?? buildAndPack(resolve(__dirname, '../../.cache/queue/pack'));
		const returnAll = webhookWorkflow(
			RETURN_ALL_WF,
			'queue-return-all',
			[{ name: 'Datatruck', parameters: { resource: 'load', operation: 'getMany', returnAll: true, filters: DELIVERED } }],
			CREDENTIAL,
		);
		const workOrders = webhookWorkflow(
			WORK_ORDER_WF,
			'queue-work-orders',
			[
				{ name: 'Split Out', type: 'n8n-nodes-base.splitOut', parameters: { fieldToSplitOut: 'body.orders', include: 'noOtherFields' } },
				{
					name: 'Datatruck',
					parameters: {
						resource: 'workOrder',
						operation: 'create',
						procedureName: 'TRK Brake Issue',
						additionalFields: { referenceNumber: '={{ $json.reference }}', status: 'Pending', truck: 'T142' },
					},
				},
			],
			CREDENTIAL,
		);
		const trigger = triggerWorkflow(TRIGGER_WF, 'Queue: new load', { event: 'newLoad' }, CREDENTIAL);
		queue = await startQueueMode({
			tarball,
			workers: 2,
			credentials: [queueCredential(CREDENTIAL.id, sb)],
			workflows: [returnAll, workOrders, trigger],
			publish: [RETURN_ALL_WF, WORK_ORDER_WF, TRIGGER_WF],
		});
		session = sessionOf(queue);
	}, 900_000);

	afterAll(async () => {
		// What the sandbox saw, for reading after a failure (the token is not in it: headers are left out).
		mkdirSync(resolve(__dirname, '../../.cache/queue'), { recursive: true });
		writeFileSync(
			resolve(__dirname, '../../.cache/queue/sandbox-log.json'),
			JSON.stringify((sb?.log ?? []).map((e) => ({ at: e.at, method: e.method, path: e.path, query: e.query, status: e.status, work: isWork(e) }))),
		);
		await queue?.stop();
		await sb?.close();
	});

	test('two Return Alls and a 100-item create at once: nothing fails, nothing twice, the token shared', async () => {
		await waitFor('the trigger\'s activation poll', () => (sb.log.some(isTriggerPoll) ? true : undefined));
		newLoads.push(sb.createLoad({ status: 'booked' }).id);

		const references = Array.from({ length: WORK_ORDER_COUNT }, (_, i) => `QM-${String(i + 1).padStart(3, '0')}`);
		await postWebhook(queue!, 'queue-return-all');
		await postWebhook(queue!, 'queue-return-all');
		await postWebhook(queue!, 'queue-work-orders', { orders: references.map((reference) => ({ reference })) });
		// New loads while the workers are busy: the trigger on the main process must still see each once.
		for (let i = 0; i < 3; i++) {
			await new Promise((r) => setTimeout(r, 5000));
			newLoads.push(sb.createLoad({ status: 'booked' }).id);
		}

		const returnAlls = await finishedExecutions(session, RETURN_ALL_WF, 2);
		const [workOrderRun] = await finishedExecutions(session, WORK_ORDER_WF, 1);
		const work = [...returnAlls, workOrderRun];
		const byWorker = queue!.workers.map((w) => executionsRunBy(w));

		// The figure first, so that a run that misses the target still says by how much.
		const use = tokenUse(sb.log, isWork);
		const tooManyShare = use.tooMany / use.requests;
		const kind = (e: RequestLogEntry) => (isReturnAll(e) ? 'pages' : e.path === WORK_ORDERS ? 'creates' : 'other');
		console.log(
			`queue mode: ${use.ofBound.toFixed(3)} of the bound (target ≥ ${QUEUE_TARGET.minOfBound}), ` +
				`${(tooManyShare * 100).toFixed(1)} % answered 429 (${use.tooMany} of ${use.requests}; target ≤ ${QUEUE_TARGET.maxTooManyShare * 100} %), ` +
				`${failedOf(work).length} of ${work.length} executions failed (target ${QUEUE_TARGET.failedExecutions}), ${use.seconds.toFixed(1)} s of work\n` +
				`${JSON.stringify(use)}; executions by worker: ${JSON.stringify(byWorker)}\n${perWindow(sb.log, isWork, kind).join('\n')}`,
		);

		expect(work).toHaveLength(3);
		expect(failedOf(work)).toHaveLength(QUEUE_TARGET.failedExecutions);

		// Each Return All ran on its own worker.
		expect(returnAlls.map((e) => byWorker.findIndex((ids) => ids.includes(e.id))).sort()).toEqual([0, 1]);

		for (const execution of returnAlls) {
			const ids = itemsOf(await executionRun(session, execution.id), 'Datatruck').map((load) => Number(load.id));
			expect(ids.length).toBeGreaterThanOrEqual(1000);
			expect(ids).toHaveLength(delivered.length);
			expect(new Set(ids)).toEqual(new Set(delivered));
		}
		const created = itemsOf(await executionRun(session, workOrderRun.id), 'Datatruck');
		expect(created).toHaveLength(WORK_ORDER_COUNT);
		const stored = sb.data.workOrders.filter((w) => String(w.reference_number).startsWith('QM-'));
		expect(stored.map((w) => w.reference_number).sort()).toEqual(references);
		expect(sb.log.filter((e) => e.path === WORK_ORDERS && e.status < 300)).toHaveLength(WORK_ORDER_COUNT);

		expect(use.ofBound).toBeGreaterThanOrEqual(QUEUE_TARGET.minOfBound);
		expect(tooManyShare).toBeLessThanOrEqual(QUEUE_TARGET.maxTooManyShare);
	});

	test('the published trigger on the main process emitted every new load exactly once meanwhile', async () => {
		const lastCreated = Date.now();
		// Two polls after the last new load: the first has surely finished (and started any execution) by the second.
		await waitFor('two trigger polls after the last new load', () =>
			sb.log.filter((e) => isTriggerPoll(e) && e.at > lastCreated).length >= 2 ? true : undefined,
		);
		const executions = await waitFor('the trigger executions to finish', async () => {
			const all = await executionsOf(session, TRIGGER_WF);
			return all.every((e) => e.stoppedAt) ? all : undefined;
		});
		expect(failedOf(executions)).toHaveLength(QUEUE_TARGET.failedExecutions);
		const emitted: number[] = [];
		for (const execution of executions) {
			emitted.push(...itemsOf(await executionRun(session, execution.id), 'Datatruck Trigger').map((load) => Number(load.id)));
		}
		expect(emitted.sort((a, b) => a - b)).toEqual([...newLoads].sort((a, b) => a - b));
	});
});
