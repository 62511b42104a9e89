'use strict';
/**
 * Orchestration that @n8n/node-cli does not do: the sandbox, the pinned n8n runtime, the demo and the benchmark.
 * Icons are NOT copied here: `n8n-node build` already does it.
 *
 *   gulp sandbox          the Datatruck stand-in on port 4010 (SANDBOX_PORT to change)
 *   gulp n8n:provision    Node 24 + n8n 2.41.1 into .cache/n8n-runtime (once)
 *   gulp start            the demo: n8n on http://localhost:5678 with the package, a credential and the examples
 *
 * DATATRUCK_N8N=1.123.81 before any of them selects the n8n 1.x runtime instead (see scripts/n8n-runtime.cjs).
 *   gulp bench            bench/run.js, when it exists
 */
const fs = require('fs');
const path = require('path');
const { spawn } = require('child_process');
const runtime = require('./scripts/n8n-runtime.cjs');
const { buildAndPack } = require('./scripts/pack.cjs');

const ROOT = __dirname;
const DEMO_DIR = path.join(runtime.WORK_DIR, 'demo');
const SANDBOX_PORT = Number(process.env.SANDBOX_PORT || 4010);
const N8N_PORT = Number(process.env.N8N_PORT || 5678);
/** The id the shipped examples reference, so that they open with the credential already selected. */
const DEMO_CREDENTIAL = { id: 'dtSandboxCred001', name: 'Datatruck Sandbox', type: 'datatruckApi' };

function say(msg) {
	process.stdout.write(`[demo] ${msg}\n`);
}

function sandbox() {
	const child = spawn(
		path.join(ROOT, 'node_modules', '.bin', 'ts-node'),
		['--transpile-only', 'test/sandbox/cli.cts', '--port', String(SANDBOX_PORT)],
		{ cwd: ROOT, stdio: 'inherit' },
	);
	const forward = (sig) => child.kill(sig);
	process.on('SIGINT', forward);
	process.on('SIGTERM', forward);
	return child;
}

async function provision() {
	runtime.ensureRuntime();
}

/** Starts the sandbox in this process (ts-node), so its base URL and token come back as values, not parsed text. */
async function startSandboxInProcess(port) {
	require('ts-node').register({ transpileOnly: true, project: path.join(ROOT, 'tsconfig.test.json') });
	const { startSandbox } = require('./test/sandbox/index.cts');
	return startSandbox({ port });
}

async function start() {
	const tarball = buildAndPack(path.join(ROOT, '.cache'));
	say(`packed ${path.relative(ROOT, tarball)}`);

	const sb = await startSandboxInProcess(SANDBOX_PORT);
	say(`sandbox on ${sb.baseUrl}`);

	let n8n;
	let finish;
	const finished = new Promise((resolve, reject) => (finish = { resolve, reject }));
	let stopping = false;
	const stopAll = async (why, error) => {
		if (stopping) return;
		stopping = true;
		say(`${why}: stopping n8n and the sandbox…`);
		if (n8n) await n8n.stop();
		await sb.close();
		say('stopped.');
		// Anything still holding the event loop (keep-alive sockets) must not keep the terminal.
		setTimeout(() => process.exit(error ? 1 : 0), 3000).unref();
		if (error) finish.reject(error);
		else finish.resolve();
	};
	process.on('SIGINT', () => stopAll('Ctrl-C'));
	process.on('SIGTERM', () => stopAll('SIGTERM'));
	// `npm start` dies on SIGTERM without passing it on; when our parent goes away, so do we.
	const parent = process.ppid;
	setInterval(() => process.ppid !== parent && stopAll('npm exited'), 1000).unref();

	try {
		say(`provisioning n8n ${runtime.VERSIONS.n8n} (first run only: a few minutes, about 3 GB in ${path.relative(ROOT, runtime.paths.root)})…`);
		runtime.ensureRuntime();

		// A fresh user folder every start: the demo is reproducible, and nothing of a previous run leaks in.
		const userFolder = path.join(DEMO_DIR, 'n8n');
		fs.rmSync(DEMO_DIR, { recursive: true, force: true });
		fs.mkdirSync(userFolder, { recursive: true });
		const env = runtime.n8nEnv(userFolder, {
			N8N_PORT,
			N8N_RUNNERS_BROKER_PORT: N8N_PORT + 1,
			N8N_LOG_LEVEL: 'info',
			N8N_EDITOR_BASE_URL: `http://localhost:${N8N_PORT}`,
			WEBHOOK_URL: `http://localhost:${N8N_PORT}/`,
		});
		runtime.installPackage(userFolder, tarball);

		const credFile = path.join(DEMO_DIR, 'credentials.json');
		fs.writeFileSync(
			credFile,
			JSON.stringify([{ ...DEMO_CREDENTIAL, data: { company: sb.baseUrl, apiToken: sb.token } }]),
		);
		await mustRun(['import:credentials', `--input=${credFile}`], env);
		if (fs.existsSync(path.join(ROOT, 'examples'))) {
			await mustRun(['import:workflow', '--separate', `--input=${path.join(ROOT, 'examples')}`], env);
		}

		say(`starting n8n on http://localhost:${N8N_PORT} (its log: ${userFolder}/n8n.log)…`);
		n8n = await runtime.startN8n(env);
		const { owner } = await runtime.setupOwner(n8n.url);
		banner(owner, sb);
	} catch (e) {
		say(`failed: ${e.message}`);
		await stopAll('error', e);
	}
	return finished;
}

async function mustRun(args, env) {
	const r = await runtime.runN8n(args, env);
	if (r.code !== 0) throw new Error(`n8n ${args[0]} failed:\n${r.stdout.slice(-2000)}\n${r.stderr.slice(-2000)}`);
}

function banner(owner, sb) {
	const lines = [
		'',
		'  n8n with n8n-nodes-datatruck is ready',
		`    open      http://localhost:${N8N_PORT}`,
		`    email     ${owner.email}`,
		`    password  ${owner.password}`,
		'',
		`  Credential "${DEMO_CREDENTIAL.name}" points at the sandbox:`,
		`    base URL  ${sb.baseUrl}`,
		`    token     ${sb.token}   (a sandbox token, not a real one)`,
		'',
		'  The example workflows are imported (inactive). Ctrl-C stops n8n and the sandbox.',
		`  Everything of this run is in ${DEMO_DIR}/ and is wiped on the next start.`,
		'',
	];
	process.stdout.write(`${lines.join('\n')}\n`);
}

function bench(done) {
	const script = path.join(ROOT, 'bench', 'run.js');
	if (!fs.existsSync(script)) {
		say('bench/run.js does not exist yet: nothing to benchmark.');
		return done();
	}
	const child = spawn(process.execPath, [script], { cwd: ROOT, stdio: 'inherit' });
	child.on('exit', (code) => done(code ? new Error(`bench/run.js exited with ${code}`) : undefined));
}

sandbox.description = `The Datatruck sandbox on port ${SANDBOX_PORT} (SANDBOX_PORT to change); prints its URL and token`;
provision.description = `Provision n8n ${runtime.VERSIONS.n8n} on Node ${runtime.VERSIONS.node} into ${path.relative(ROOT, runtime.paths.root)} (once; DATATRUCK_N8N=1.123.81 for the 1.x line)`;
start.description = 'The demo: n8n on http://localhost:5678 with the package, a sandbox credential and the examples';
bench.description = 'Run bench/run.js';

exports.sandbox = sandbox;
exports['n8n:provision'] = provision;
exports.start = start;
exports.bench = bench;
