'use strict';
/**
 * `npm run bench` (gulp bench): the figures of issues 9, 12 and 15, each in its own process, then one table
 * printed and written to bench/results.md with the machine, the sandbox settings and the command.
 * Not part of the test run; nothing here asserts on time.
 *
 *   BENCH_ONLY=1,5 node bench/run.js     only those figures (bench/results.md is then not rewritten
 *                                        unless BENCH_WRITE=1; BENCH_WRITE=merge replaces only their
 *                                        rows and sections in it)
 *   node bench/run.js --render           bench/results.md again from the last run's .cache/bench/results.json
 *
 * Figures run one after another (2 cores): 1, 6 and 7 start the pinned real n8n (scripts/n8n-runtime.cjs,
 * provisioned here if the test set-up has not done it yet) with the package packed as npm would ship it.
 */
const fs = require('fs');
const os = require('os');
const path = require('path');
const { spawn, execFileSync } = require('child_process');

const ROOT = path.resolve(__dirname, '..');
const OUT_DIR = path.join(ROOT, '.cache', 'bench');
const RESULTS_MD = path.join(__dirname, 'results.md');
const FIGURE_TIMEOUT_MS = 10 * 60 * 1000;

require('ts-node').register({
	transpileOnly: true,
	project: path.join(ROOT, 'tsconfig.test.json'),
	preferTsExts: true,
});
const { renderReport, mergeFigures } = require('./lib/report.cts');
const { RATE } = require('./lib/common.cts');
const { tsNodeEnv } = require('./lib/tsProcess.cts');
const runtime = require('../scripts/n8n-runtime.cjs');
const { buildAndPack } = require('../scripts/pack.cjs');

const FIGURES = [
	{ figure: '1', file: 'figures/returnAll.cts', title: 'Return All of ~5,000 loads vs the HTTP Request node', needsN8n: true },
	{ figure: '2', file: 'figures/allPages.cts', title: 'Lists with page_size `all`' },
	{ figure: '3', file: 'figures/trigger.cts', title: 'Trigger polls' },
	{ figure: '4', file: 'figures/bulkCreate.cts', title: 'Bulk create of 200 work orders' },
	{ figure: '5', file: 'figures/inProcess.cts', title: 'In-process cost vs a bare HTTP client' },
	{ figure: '6', file: 'figures/package.cts', title: 'Package', needsN8n: true },
	{ figure: '7', file: 'figures/queueMode.cts', title: 'One token, several processes (queue mode, another app)', needsN8n: true },
	{ figure: '8', file: 'figures/latency.cts', title: 'Time to 500 loads at 300 ms latency' },
];

const startedAt = Date.now();
function say(message) {
	process.stderr.write(`[bench ${Math.round((Date.now() - startedAt) / 1000)}s] ${message}\n`);
}

function runFigure(fig, env) {
	return new Promise((resolve) => {
		const out = path.join(OUT_DIR, `figure-${fig.figure}.json`);
		fs.rmSync(out, { force: true });
		const child = spawn(process.execPath, ['-r', 'ts-node/register', path.join(__dirname, fig.file)], {
			cwd: ROOT,
			env: tsNodeEnv({ ...env, BENCH_OUT: out }),
			stdio: ['ignore', 'inherit', 'pipe'],
		});
		let stderr = '';
		child.stderr.on('data', (chunk) => {
			stderr += chunk;
			process.stderr.write(chunk);
		});
		const timer = setTimeout(() => {
			say(`figure ${fig.figure} is still running after ${FIGURE_TIMEOUT_MS / 60000} min: stopping it`);
			child.kill('SIGKILL');
		}, FIGURE_TIMEOUT_MS);
		child.on('close', (code, signal) => {
			clearTimeout(timer);
			if (code === 0 && fs.existsSync(out)) return resolve({ result: JSON.parse(fs.readFileSync(out, 'utf8')) });
			const tail = stderr.trim().split('\n').filter((line) => !line.startsWith('[bench')).slice(-3).join(' ').slice(0, 400);
			resolve({ reason: `its process exited ${signal ? `on ${signal}` : `with ${code}`}${tail ? `: ${tail}` : ''}` });
		});
	});
}

function machine() {
	let nproc = String(os.cpus().length);
	try {
		nproc = execFileSync('nproc', { encoding: 'utf8' }).trim();
	} catch {
		/* os.cpus() then */
	}
	const load = os.loadavg().map((x) => x.toFixed(2)).join(', ');
	return [
		['nproc', nproc],
		['CPU', os.cpus()[0]?.model ?? 'unknown'],
		['Memory', `${(os.totalmem() / 1024 ** 3).toFixed(1)} GiB`],
		['Node (bench, in-process figures)', process.version],
		['Node / n8n (real n8n figures)', `${runtime.VERSIONS.node} / n8n ${runtime.VERSIONS.n8n}`],
		['OS', `${os.type()} ${os.release()}`],
		['Load average at start (1, 5, 15 min)', load],
	];
}

async function main() {
	fs.mkdirSync(OUT_DIR, { recursive: true });
	if (process.argv.includes('--render')) {
		// Writes bench/results.md again from the last run's results (after a change to the report's layout).
		const { info, results } = JSON.parse(fs.readFileSync(path.join(OUT_DIR, 'results.json'), 'utf8'));
		fs.writeFileSync(RESULTS_MD, renderReport(results, info));
		say('bench/results.md rendered again from .cache/bench/results.json');
		return;
	}
	const only = process.env.BENCH_ONLY ? process.env.BENCH_ONLY.split(',').map((s) => s.trim()) : undefined;
	const figures = FIGURES.filter((fig) => !only || only.includes(fig.figure));
	const machineRows = machine();
	const failures = [];
	const env = {};

	if (figures.some((fig) => fig.needsN8n)) {
		say('real n8n: making sure the pinned runtime is provisioned (a few minutes on first use)');
		try {
			runtime.ensureRuntime();
		} catch (error) {
			env.BENCH_N8N_UNAVAILABLE = String(error.message).split('\n')[0];
			say(`real n8n unavailable: ${env.BENCH_N8N_UNAVAILABLE}`);
		}
		say('packing the package as npm would publish it');
		try {
			env.BENCH_TARBALL = buildAndPack(path.join(OUT_DIR, 'pack'));
		} catch (error) {
			env.BENCH_N8N_UNAVAILABLE = `the package could not be built and packed: ${String(error.message).split('\n')[0]}`;
			say(env.BENCH_N8N_UNAVAILABLE);
		}
	}

	const results = [];
	for (const fig of figures) {
		say(`figure ${fig.figure}: ${fig.title}`);
		const { result, reason } = await runFigure(fig, env);
		if (result) results.push(result);
		else {
			failures.push({ figure: fig.figure, title: fig.title, reason });
			say(`figure ${fig.figure} produced no result: ${reason}`);
		}
	}

	const totalSeconds = (Date.now() - startedAt) / 1000;
	machineRows.push(['Load average at end (1, 5, 15 min)', os.loadavg().map((x) => x.toFixed(2)).join(', ')]);
	const info = {
		command: only ? `BENCH_ONLY=${only.join(',')} npm run bench` : 'npm run bench',
		startedAt: new Date(startedAt).toISOString().replace(/\.\d{3}Z$/, 'Z'),
		totalSeconds,
		machine: machineRows,
		settings: [
			['Sandbox', 'test/sandbox on 127.0.0.1, seed 42; figures 1 and 5 in a process of its own (so the API\'s work is not on the measured event loop), the others in the figure\'s process'],
			[
				'Rate limit',
				`${RATE.limit} requests per ${RATE.windowMs} ms rolling window per token (sandbox \`rateLimit: {limit: ${RATE.limit}, windowMs: ${RATE.windowMs}}\`; credential \`rateLimitRequests: ${RATE.limit}\`, \`rateLimitWindowSeconds: ${RATE.windowMs / 1000}\`): Datatruck's 20 per minute with the minute scaled down 20×. Figure 5: off.`,
			],
			['Loads seeded', 'figure 1: 5,570 (about 5,000 delivered); figure 5: 10,000; others: 1,200 (the default)'],
			['Real n8n', `n8n ${runtime.VERSIONS.n8n} (scripts/n8n-runtime.cjs), the packed tarball installed as the community-node installer does, \`n8n execute\` per workflow`],
		],
		failures,
	};
	const markdown = renderReport(results, info);
	fs.writeFileSync(path.join(OUT_DIR, 'results.json'), JSON.stringify({ info, results }, null, 2));
	if (!only || process.env.BENCH_WRITE === '1') fs.writeFileSync(RESULTS_MD, markdown);
	else if (process.env.BENCH_WRITE === 'merge') fs.writeFileSync(RESULTS_MD, mergeFigures(fs.readFileSync(RESULTS_MD, 'utf8'), markdown, only));
	process.stdout.write(`\n${markdown}\n`);
	const written = !only || process.env.BENCH_WRITE === '1' ? 'written to bench/results.md' : process.env.BENCH_WRITE === 'merge' ? `figure(s) ${only.join(', ')} merged into bench/results.md` : 'bench/results.md left as it was (BENCH_ONLY)';
	say(`done in ${Math.round(totalSeconds)} s; ${written}`);
	if (failures.length) process.exitCode = 1;
}

main().catch((error) => {
	console.error(error);
	process.exit(1);
});
