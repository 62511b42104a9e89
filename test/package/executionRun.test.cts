/**
 * The real-n8n suites read a finished run through n8n's REST API. n8n 1.x on SQLite stores the final status and the
 * run's data in two statements, so a read in between sees a finished status beside the empty placeholder `[]`.
 */
import { executionRun } from '../e2e/lib/executions.cts';
import { parseFlatted } from '../e2e/lib/flatted.cts';

const FINISHED_DATA = '[{"resultData":"1"},{"runData":"2"},{}]';

/** A REST API that answers each GET of the execution with the next of `replies` (the last one repeats). */
function restAnswering(replies: Array<{ status: string; data: string }>) {
	let reads = 0;
	return {
		reads: () => reads,
		session: {
			rest: async (method: string, path: string) => {
				expect(`${method} ${path}`).toBe('GET /executions/7');
				return { data: replies[Math.min(reads++, replies.length - 1)] };
			},
		},
	};
}

describe('executionRun', () => {
	it('the fixture is a run n8n would store', () => {
		expect(parseFlatted(FINISHED_DATA)).toEqual({ resultData: { runData: {} } });
		expect(parseFlatted('[]')).toBeUndefined();
	});

	it('waits for the data of an execution whose final status was stored before its data', async () => {
		const api = restAnswering([
			{ status: 'error', data: '[]' },
			{ status: 'error', data: '[]' },
			{ status: 'error', data: FINISHED_DATA },
		]);
		const run = await executionRun(api.session, '7');
		expect(run).toEqual({ status: 'error', data: { resultData: { runData: {} } } });
		expect(api.reads()).toBe(3);
	});

	it('returns a running execution as it is, for the caller to poll', async () => {
		const api = restAnswering([{ status: 'running', data: '[]' }]);
		expect(await executionRun(api.session, '7')).toEqual({ status: 'running', data: undefined });
		expect(api.reads()).toBe(1);
	});

	it('says which execution has no data when it never comes', async () => {
		const api = restAnswering([{ status: 'success', data: '[]' }]);
		await expect(executionRun(api.session, '7', 300)).rejects.toThrow('execution 7 is success but n8n holds no run data for it after 0.3 s');
	});
});
