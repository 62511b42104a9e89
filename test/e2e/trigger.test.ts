/**
 * The Datatruck Trigger in a running n8n: two published workflows (New Load, Load Flagged) poll the sandbox;
 * one new load and one newly flagged load must give exactly one execution each, and no more on later polls.
 * Each workflow has its own token, so the sandbox log tells their polls apart.
 */
import { startSandbox, type RequestLogEntry, type Sandbox } from '../sandbox';
import { executionRun, executionsOf, waitFor, type ExecutionSummary } from './lib/executions';
import { N8n, type Session } from './lib/n8n';
import { itemsOf } from './lib/output';
import { authCheck, datatruckCredential, E2E_RATE_LIMIT } from './lib/sandbox';
import { triggerWorkflow } from './lib/workflow';

const NEW_TOKEN = 'dtk_e2e_trigger_new_loads';
const FLAG_TOKEN = 'dtk_e2e_trigger_flagged';
const NEW_WF = 'e2eTriggerNewLd1';
const FLAG_WF = 'e2eTriggerFlag01';

describe('Datatruck Trigger in a running n8n', () => {
	let sb: Sandbox;
	let n8n: N8n;
	let session: Session | undefined;

	const polls = (token: string, after = 0): RequestLogEntry[] =>
		sb.log.filter((e) => e.headers.authorization === `Token ${token}` && e.at > after);

	beforeAll(async () => {
		sb = await startSandbox({ rateLimit: E2E_RATE_LIMIT, tokens: [NEW_TOKEN, FLAG_TOKEN] });
		n8n = await N8n.create('trigger');
		await n8n.importCredentials([
			datatruckCredential(sb, 'e2eTrigNewCred01', 'Datatruck (new loads)', NEW_TOKEN),
			datatruckCredential(sb, 'e2eTrigFlagCred1', 'Datatruck (flags)', FLAG_TOKEN),
		]);
		await n8n.importWorkflow(
			triggerWorkflow(NEW_WF, 'E2E trigger: new load', { event: 'newLoad' }, { id: 'e2eTrigNewCred01', name: 'Datatruck (new loads)' }),
		);
		await n8n.importWorkflow(
			triggerWorkflow(FLAG_WF, 'E2E trigger: load flagged', { event: 'loadFlagged', simplify: true }, { id: 'e2eTrigFlagCred1', name: 'Datatruck (flags)' }),
		);
		await n8n.publish(NEW_WF);
		await n8n.publish(FLAG_WF);
		session = await n8n.start();
	});

	afterAll(async () => {
		await session?.stop();
		await sb?.close();
	});

	it('emits exactly one execution for one new load and one for one newly flagged load', async () => {
		// Activation polls once and only records where things stand.
		await waitFor('the activation poll of both workflows', () =>
			polls(NEW_TOKEN).length > 0 && polls(FLAG_TOKEN).length > 0 ? true : undefined,
		);
		expect(await executionsOf(session!, NEW_WF)).toEqual([]);
		expect(await executionsOf(session!, FLAG_WF)).toEqual([]);

		const now = Date.now();
		const newLoad = sb.createLoad({ is_flagged: false, flagging_reason: null });
		const toFlag = sb.data.orders.find(
			(o) => !o.is_flagged && o.id !== newLoad.id && now - Date.parse(o.created_datetime) < 10 * 86_400_000,
		)!;
		expect(toFlag).toBeDefined();
		sb.updateLoad(toFlag.id, { is_flagged: true, flagging_reason: 'Receiver refused: temperature out of range' });

		const [newExec, flagExec] = await Promise.all(
			[NEW_WF, FLAG_WF].map((wf) =>
				waitFor<ExecutionSummary>(`an execution of ${wf}`, async () => {
					const list = (await executionsOf(session!, wf)).filter((e) => e.stoppedAt);
					return list.length ? list[0] : undefined;
				}),
			),
		);

		// Two more polls of each workflow after its execution: the first of them has surely finished (and would
		// have started any duplicate execution) by the time the second one arrives.
		await waitFor('two later polls of each workflow', () =>
			polls(NEW_TOKEN, Date.parse(newExec.stoppedAt!)).length >= 2 &&
			polls(FLAG_TOKEN, Date.parse(flagExec.stoppedAt!)).length >= 2
				? true
				: undefined,
		);
		expect((await executionsOf(session!, NEW_WF)).map((e) => e.status)).toEqual(['success']);
		expect((await executionsOf(session!, FLAG_WF)).map((e) => e.status)).toEqual(['success']);

		const newItems = itemsOf(await executionRun(session!, newExec.id), 'Datatruck Trigger');
		expect(newItems.map((i) => i.id)).toEqual([newLoad.id]);
		const flagItems = itemsOf(await executionRun(session!, flagExec.id), 'Datatruck Trigger');
		expect(flagItems).toEqual([
			expect.objectContaining({ id: toFlag.id, is_flagged: true, flagging_reason: 'Receiver refused: temperature out of range' }),
		]);

		// Every poll was a GET of the loads list, authenticated with its own workflow's token.
		for (const [token, name] of [[NEW_TOKEN, 'new'], [FLAG_TOKEN, 'flag']] as const) {
			const own = polls(token);
			expect(own.map((e) => `${name} ${e.method} ${e.path}`)).toEqual(own.map(() => `${name} GET /api/v1/openapi/orders/`));
			expect(authCheck(own, token).every((l) => l.endsWith('Token ok'))).toBe(true);
		}
		expect(sb.log.every((e) => e.status === 200)).toBe(true);
	});

	it('stops n8n by its pid', async () => {
		const { pid } = session!.proc;
		const exit = await session!.stop();
		// A graceful shutdown on SIGTERM (exit code 0), not a kill or a crash.
		expect(exit).toEqual({ code: 0, signal: null });
		expect(() => process.kill(pid, 0)).toThrow(expect.objectContaining({ code: 'ESRCH' }));
	});
});
