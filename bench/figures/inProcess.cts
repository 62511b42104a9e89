/**
 * Figure 5: what the node costs in process, with the rate limit out of the way: Get Many (Return
 * All) of 10,000 loads through the node vs. the same 400 pages fetched and parsed by a bare
 * node:http client. Each run is a fresh process (inProcessWorker.ts) so that peak memory is its
 * own; the sandbox runs here, in another process, so its work is not counted. The two kinds of
 * run alternate and the median of each is compared.
 */
import { join } from 'node:path';
import { startSandbox } from '../../test/sandbox/index.cts';
import { fmtBytes, fmtInt, fmtRatio, LOAD_PAGE, median, say, writeResult, type FigureResult } from '../lib/common.cts';
import { runTs } from '../lib/tsProcess.cts';

const LOADS = 10_000;
const PAIRS = Number(process.env.BENCH_FIG5_PAIRS ?? 3);

interface WorkerResult {
	mode: 'node' | 'bare';
	loads: number;
	wallMs: number;
	cpuMs: number;
	peakHeapAboveBaseline: number;
	peakRssAboveBaseline: number;
	baselineHeap: number;
	baselineRss: number;
}

async function main(): Promise<void> {
	const sb = await startSandbox({ rateLimit: false, loads: LOADS });
	const runs: WorkerResult[] = [];
	try {
		const env = { BENCH_SANDBOX_URL: sb.baseUrl, BENCH_TOKEN: sb.token };
		for (let pair = 0; pair < PAIRS; pair++) {
			// Alternate which goes first, so a noisy neighbour hits both alike.
			const order: Array<'node' | 'bare'> = pair % 2 ? ['node', 'bare'] : ['bare', 'node'];
			for (const mode of order) {
				say(`figure 5: ${mode} run ${pair + 1} of ${PAIRS}`);
				const out = await runTs(join(__dirname, 'inProcessWorker.cts'), [mode], env, ['--expose-gc']);
				const result = JSON.parse(out.trim().split('\n').pop() ?? '{}') as WorkerResult;
				if (result.loads !== LOADS) throw new Error(`${mode} returned ${result.loads} loads, not ${LOADS}`);
				runs.push(result);
			}
		}
	} finally {
		await sb.close();
	}
	const of = (mode: WorkerResult['mode'], key: keyof WorkerResult) => median(runs.filter((r) => r.mode === mode).map((r) => r[key] as number));
	const ratio = (key: keyof WorkerResult) => of('node', key) / of('bare', key);
	const result: FigureResult = {
		figure: '5',
		headline: `node ÷ bare client: ${fmtRatio(ratio('cpuMs'), 2)} × the CPU time, ${fmtRatio(ratio('wallMs'), 2)} × the wall time, ${fmtRatio(ratio('peakHeapAboveBaseline'), 2)} × the peak heap`,
		title: `In-process cost, rate limit off: Get Many of ${fmtInt(LOADS)} loads (${LOADS / LOAD_PAGE} pages)`,
		columns: ['Measure', 'Node ÷ bare client', 'Node (median)', 'Bare client (median)'],
		rows: [
			['Client CPU time', fmtRatio(ratio('cpuMs'), 2), '', ''],
			['Wall time (sandbox answers included)', fmtRatio(ratio('wallMs'), 2), '', ''],
			['Peak JS heap above baseline', fmtRatio(ratio('peakHeapAboveBaseline'), 2), fmtBytes(of('node', 'peakHeapAboveBaseline')), fmtBytes(of('bare', 'peakHeapAboveBaseline'))],
			['Peak RSS above baseline', fmtRatio(ratio('peakRssAboveBaseline'), 2), fmtBytes(of('node', 'peakRssAboveBaseline')), fmtBytes(of('bare', 'peakRssAboveBaseline'))],
		],
		notes: [
			`Median of ${PAIRS} runs of each, alternating; each run in a fresh process after a 4-page warm-up; the sandbox serves from another process.`,
			'The node runs through n8n-core\'s WorkflowExecute and RoutingNode with the package\'s transport; its limiter is set to 1,000,000 requests per second so it never waits. The bare client is node:http + JSON.parse following `next`, keeping every load in one array.',
			'Memory: the highest process.memoryUsage() sampled every 5 ms during the run, minus the value after a forced GC just before it. The node keeps each load once more as an n8n item ({json, pairedItem}).',
		],
		raw: runs,
	};
	writeResult(result);
}

main().catch((error) => {
	console.error(error);
	process.exit(1);
});
