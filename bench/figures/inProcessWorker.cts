/**
 * One measured Get Many of every load, in a fresh process, either through the node (n8n-core's
 * engine, the package's transport, the rate limiter set out of the way) or with a bare node:http
 * client following `next` and JSON.parse-ing each page. Prints one JSON line with wall time, CPU
 * time and peak memory above the baseline. Started by inProcess.ts; the sandbox runs in that
 * parent process, so only client-side work is counted here.
 *
 *   BENCH_SANDBOX_URL=… BENCH_TOKEN=… node --expose-gc -r ts-node/register inProcessWorker.ts node|bare
 */
import '../../test/harness/env.cts';
import http from 'node:http';
import { runDatatruck, sandboxCredentials } from '../../test/harness/run.cts';
import { gc, LOAD_PAGE, MemorySampler } from '../lib/common.cts';

const mode = process.argv[2];
const baseUrl = process.env.BENCH_SANDBOX_URL ?? '';
const token = process.env.BENCH_TOKEN ?? '';

/** The limiter stays in the path but never waits: far more requests per second than the job makes. */
const NO_LIMIT = { rateLimitRequests: 1_000_000, rateLimitWindowSeconds: 1 };

function getJson(url: string): Promise<{ results: unknown[]; next: string | null }> {
	return new Promise((resolve, reject) => {
		http
			.get(url, { headers: { authorization: `Token ${token}`, accept: 'application/json' } }, (res) => {
				const chunks: Buffer[] = [];
				res.on('data', (chunk: Buffer) => chunks.push(chunk));
				res.on('end', () => {
					if (res.statusCode !== 200) return reject(new Error(`status ${res.statusCode}`));
					try {
						resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')));
					} catch (error) {
						reject(error);
					}
				});
				res.on('error', reject);
			})
			.on('error', reject);
	});
}

async function bare(limit?: number): Promise<number> {
	const loads: unknown[] = [];
	let url: string | null = `${baseUrl}/orders/?page_size=${LOAD_PAGE}`;
	while (url) {
		const page: { results: unknown[]; next: string | null } = await getJson(url);
		loads.push(...page.results);
		if (limit !== undefined && loads.length >= limit) break;
		url = page.next;
	}
	return loads.length;
}

async function node(limit?: number): Promise<number> {
	const result = await runDatatruck({
		parameters: { resource: 'load', operation: 'getMany', ...(limit ? { returnAll: false, limit } : { returnAll: true }) },
		credentials: sandboxCredentials(baseUrl, token, NO_LIMIT),
	});
	if (result.error) throw result.error;
	return result.json.length;
}

async function main(): Promise<void> {
	const job = mode === 'node' ? node : mode === 'bare' ? bare : undefined;
	if (!job) throw new Error('mode must be node or bare');
	// Warm up the code paths (JIT, n8n-core's lazy parts) on a few pages, as in a running n8n.
	await job(4 * LOAD_PAGE);
	gc();
	const before = process.memoryUsage();
	const sampler = new MemorySampler().start(5);
	const cpu0 = process.cpuUsage();
	const t0 = process.hrtime.bigint();
	const loads = await job();
	const wallMs = Number(process.hrtime.bigint() - t0) / 1e6;
	const cpu = process.cpuUsage(cpu0);
	sampler.stop();
	process.stdout.write(
		`${JSON.stringify({
			mode,
			loads,
			wallMs,
			cpuMs: (cpu.user + cpu.system) / 1000,
			peakHeapAboveBaseline: sampler.peakHeapUsed - before.heapUsed,
			peakRssAboveBaseline: sampler.peakRss - before.rss,
			baselineHeap: before.heapUsed,
			baselineRss: before.rss,
		})}\n`,
	);
}

main().catch((error) => {
	console.error(error);
	process.exit(1);
});
