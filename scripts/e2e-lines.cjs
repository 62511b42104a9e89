'use strict';
/**
 * The real-n8n suite on every n8n line carriers run, side by side: n8n 2.41.1 (Node 24) and 1.123.81 (Node 20).
 * Most of a run is n8n waiting (for its own start, a trigger's poll schedule), so two runs at once take little more
 * than one on 2 cores. The package is built and packed once here and handed to both. Each run's output is printed
 * whole when it ends, so the two never interleave, and again in short at the end (closingSummary); the exit code is
 * non-zero when either failed. The 2.41.1 line's published workflows (published.test.cts) run in a jest run of their
 * own beside the rest of that line (runLines).
 *
 * `npm run test:e2e:lines`; one line alone: `npm run test:e2e` or `npm run test:e2e:1x`.
 *
 * `--with-ui` (what `npm test` uses) also runs the editor suite (jest.ui.config.js, split in two runs) with the same
 * tarball, beside the two lines from the start: much of each line is n8n waiting (its start, a trigger's poll schedule), which the editor
 * suite fills instead of running after a line, which kept `.ci/run` over its 30 minutes.
 *
 * `--with-unit` (also `npm test`) runs the in-process suite (jest.config.js) beside them too. It is CPU work, while the
 * real-n8n runs mostly wait for their runtimes to be provisioned, for n8n to start and for poll schedules: run after
 * them it put about nine minutes in front of the real-n8n runs on CI's 2 cores.
 *
 * `--with-checks` (also `npm test`) runs lint and the type check beside them too, once the package is built: in-process
 * tests need the build, lint and the type check do not, and run in front of everything they kept the in-process suite,
 * the last to end on CI, about a minute later (docs/development.md). The package is built once, here.
 *
 * `--with-day` runs the short carrier day (`npm run day:short`, docs/carrier-day.md) beside them with the same
 * tarball: n8n in queue mode through a scaled day, mostly waiting on its clock. `npm test` does not: its 429 check
 * fails (issue 40).
 */
const { spawn } = require('child_process');
const os = require('os');
const path = require('path');
const fs = require('fs');
const { build, buildAndPack } = require('./pack.cjs');

const ROOT = path.resolve(__dirname, '..');
const LINES = ['2.41.1', '1.123.81'];

/**
 * With the in-process suite beside them (`--with-unit`), the real-n8n and editor runs go at nice 5, so the in-process
 * suite is scheduled first. Its longest files wait on the scheduler, not on CPU: each of their thousands of loopback
 * round trips waited its turn behind a dozen busy processes, and they took 200-280 s each in CI against 20-60 s alone,
 * which made the suite the last to end (docs/development.md).
 */
const BESIDE = process.argv.includes('--with-unit') ? ['nice', '-n', '5'] : [];

function run(version, tarball, config = 'jest.e2e.config.js', title = `real n8n ${version}`, options = []) {
	const env = { ...process.env, DATATRUCK_N8N: version, DATATRUCK_E2E_TARBALL: tarball };
	if (!version) delete env.DATATRUCK_N8N;
	if (!tarball) delete env.DATATRUCK_E2E_TARBALL;
	const command = [...(version ? BESIDE : []), path.join(ROOT, 'node_modules', '.bin', 'jest'), '-c', config, ...options];
	return runChild(command[0], command.slice(1), env, title);
}

/**
 * One jest run per line, but the published workflows' file (published.test.cts, its own n8n) runs on its own beside
 * the rest of the 2.41.1 line. That line's runtime (Node 24 and n8n 2.41.1) is provisioned last, and the file is most
 * of its minutes, n8n waiting on poll schedules: in one run the line ended last, its last 2.3 minutes with the
 * machine three quarters idle (docs/development.md, session 6).
 */
const WAITS_ON_POLLS = require('../test/e2e/lib/sequencer.cjs').WAITS_ON_POLLS.source;

function runLines(tarball) {
	const [last, ...others] = LINES;
	return [
		run(last, tarball, 'jest.e2e.config.js', `real n8n ${last}, published workflows`, [WAITS_ON_POLLS]),
		run(last, tarball, 'jest.e2e.config.js', `real n8n ${last}, the rest`, ['--testPathIgnorePatterns', '/node_modules/', WAITS_ON_POLLS]),
		...others.map((version) => run(version, tarball)),
	];
}

/**
 * The editor suite in two runs side by side, each with its own n8n and Chromium (DATATRUCK_UI_RUN): one run was the
 * longest part of CI, and it waits for the n8n runtime to be provisioned first, while the two lines beside it mostly
 * wait on poll schedules, leaving a core to spare. The first run takes the longest file; the second, every other.
 */
const UI_FIRST = ['/test/ui/editor\\.test\\.cts$', '/test/ui/documents\\.test\\.cts$'];

function runUi(tarball) {
	fs.rmSync(path.join(ROOT, 'test-results', 'ui'), { recursive: true, force: true });
	const env = { ...process.env, DATATRUCK_N8N: LINES[0], DATATRUCK_E2E_TARBALL: tarball };
	const [command, ...prefix] = [...BESIDE, path.join(ROOT, 'node_modules', '.bin', 'jest'), '-c', 'jest.ui.config.js'];
	return [
		runChild(command, [...prefix, ...UI_FIRST], { ...env, DATATRUCK_UI_RUN: 'ui-1' }, `editor 1 of 2 (n8n ${LINES[0]})`),
		runChild(command, [...prefix, '--testPathIgnorePatterns', '/node_modules/', ...UI_FIRST], { ...env, DATATRUCK_UI_RUN: 'ui-2' }, `editor 2 of 2 (n8n ${LINES[0]})`),
	];
}

/** The short carrier day on n8n 2.41.1 with the tarball packed here. */
function runDay(tarball) {
	return runChild(process.execPath, [path.join(ROOT, 'scripts', 'day.cjs'), '--short'], { ...process.env, DATATRUCK_N8N: '2.41.1', DAY_TARBALL: tarball }, 'carrier day (short)');
}

/** `npm run lint`, then `npm run typecheck`, as one run. */
function runChecks() {
	return runChild('sh', ['-c', 'npm run lint && npm run typecheck'], process.env, 'lint and type check');
}

function runChild(command, args, env, title) {
	return new Promise((resolve) => {
		const started = Date.now();
		const child = spawn(command, args, {
			cwd: ROOT,
			env,
			stdio: ['ignore', 'pipe', 'pipe'],
		});
		const output = [];
		child.stdout.on('data', (d) => output.push(d));
		child.stderr.on('data', (d) => output.push(d));
		child.on('close', (code) => {
			const minutes = ((Date.now() - started) / 60000).toFixed(1);
			const text = Buffer.concat(output);
			process.stdout.write(`\n== ${title}: exit ${code} after ${minutes} min\n`);
			process.stdout.write(text);
			ended.push({ title, code, minutes, text: text.toString('utf8') });
			resolve(code);
		});
	});
}

/** Every run of this process as it ended: printed again in short at the end (closingSummary). */
const ended = [];

/**
 * One line a run, then the last lines of each failed one: CI's report shows a window of the output, and a failed
 * run's own output may be long (a runtime installed again prints npm's progress), so its failure is repeated last.
 */
function closingSummary() {
	const lines = ['', '== summary'];
	for (const run of ended) lines.push(`${run.code === 0 ? 'passed' : 'FAILED'}: ${run.title} (exit ${run.code}, ${run.minutes} min)`);
	for (const run of ended.filter((r) => r.code !== 0)) {
		const tail = run.text.split('\n').filter((line) => line.trim() && !/^npm warn/.test(line)).slice(-40);
		lines.push(`== the end of ${run.title}`, ...tail);
	}
	process.stdout.write(`${lines.join('\n')}\n`);
}

async function main() {
	const packDir = fs.mkdtempSync(path.join(os.tmpdir(), 'datatruck-e2e-pack-'));
	const runs = [];
	try {
		build();
		// Two workers: beside the runs at nice 5, one worker had about 40 % of a core (one nice-0 task against three
		// nice-5 ones on its core) and took 14.5 min for 5.4 min of work alone, the last to end with the other core idle
		// (docs/development.md, session 6). Before the nice 5, two workers only delayed everything beside them (session 4).
		if (process.argv.includes('--with-unit')) runs.push(run(undefined, undefined, 'jest.config.js', 'in-process', ['--maxWorkers=2']));
		if (process.argv.includes('--with-checks')) runs.push(runChecks());
		let packed = 0;
		try {
			const tarball = buildAndPack(packDir, { build: false });
			runs.push(...runLines(tarball));
			if (process.argv.includes('--with-ui')) runs.push(...runUi(tarball));
			if (process.argv.includes('--with-day')) runs.push(runDay(tarball));
		} catch (error) {
			process.stderr.write(`${error.stack || error}\n`);
			packed = 1;
		}
		const codes = await Promise.all(runs);
		closingSummary();
		process.exitCode = packed || codes.some((code) => code !== 0) ? 1 : 0;
	} finally {
		fs.rmSync(packDir, { recursive: true, force: true });
	}
}

main().catch((error) => {
	process.stderr.write(`${error.stack || error}\n`);
	process.exit(1);
});
