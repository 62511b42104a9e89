'use strict';
/**
 * n8n in queue mode, as carriers that outgrow one process run it: Redis and Postgres (Debian's packages,
 * apt-installed when missing), one main process (`n8n start`: editor, REST, webhooks, trigger polling) and N
 * workers (`n8n worker`) with EXECUTIONS_MODE=queue, each with the packed package installed as the
 * community-node installer does. Used by the queue-mode test (test/queue/) and the bench (figure 7).
 *
 * Everything lives in one temporary folder and listens on loopback ports nobody else uses; `stop()` ends every
 * process it started by its pid (n8n by its process group) and removes the folder. Postgres refuses to run as
 * root, so when we are root it runs as Debian's `postgres` user, in a data folder of its own.
 *
 *   node scripts/queue-mode.js --check    says whether redis-server and postgres are there (exit 1 when not)
 */
const fs = require('fs');
const os = require('os');
const path = require('path');
const net = require('net');
const { spawn, spawnSync } = require('child_process');
const runtime = require('./n8n-runtime.cjs');

const PG_BIN = '/usr/lib/postgresql/15/bin';
const REDIS_BIN = '/usr/bin/redis-server';

function say(msg) {
	process.stderr.write(`[queue-mode] ${msg}\n`);
}

function pgBin(name) {
	const fixed = path.join(PG_BIN, name);
	if (fs.existsSync(fixed)) return fixed;
	// Another Debian release ships another major version under /usr/lib/postgresql/<n>/bin.
	const root = '/usr/lib/postgresql';
	const versions = fs.existsSync(root) ? fs.readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
	const found = versions.map((v) => path.join(root, v, 'bin', name)).find((p) => fs.existsSync(p));
	return found || name;
}

function missingServices() {
	const missing = [];
	if (!fs.existsSync(REDIS_BIN)) missing.push('redis-server');
	if (spawnSync(pgBin('postgres'), ['--version']).status !== 0) missing.push('postgresql');
	return missing;
}

/** Installs Debian's redis-server and postgresql when missing (CI runs as root with Debian's packages reachable). */
function ensureServices() {
	const missing = missingServices();
	if (!missing.length) return;
	if (typeof process.getuid === 'function' && process.getuid() !== 0) {
		throw new Error(`${missing.join(' and ')} missing: run "sudo apt-get update && sudo apt-get install -y ${missing.join(' ')}" once`);
	}
	// .ci/run installs Chromium, Dovecot and these at once: apt-get waits for, and is retried behind, the others' locks.
	const apt = (args) => require('./apt.cjs').aptGet(args, say);
	apt(['update']);
	apt(['install', '-y', '--no-install-recommends', ...missing]);
	const still = missingServices();
	if (still.length) throw new Error(`apt-get installed ${missing.join(', ')} but ${still.join(', ')} still does not run`);
}

function canConnect(port) {
	return new Promise((resolve) => {
		const socket = net.connect(port, '127.0.0.1');
		socket.once('connect', () => {
			socket.destroy();
			resolve(true);
		});
		socket.once('error', () => resolve(false));
	});
}

async function until(what, probe, timeoutMs = 60000) {
	const deadline = Date.now() + timeoutMs;
	while (!(await probe())) {
		if (Date.now() > deadline) throw new Error(`${what} did not come up within ${timeoutMs / 1000} s`);
		await new Promise((r) => setTimeout(r, 250));
	}
}

/** A child process we started, stopped by its own pid: SIGTERM, then SIGKILL after `graceMs`. */
function service(name, child, logFile) {
	const log = fs.createWriteStream(logFile, { flags: 'a' });
	child.stdout?.pipe(log);
	child.stderr?.pipe(log);
	let exited = false;
	const exit = new Promise((resolve) => child.once('exit', () => ((exited = true), resolve())));
	return {
		name,
		pid: child.pid,
		logFile,
		exited: () => exited,
		async stop(graceMs = 15000) {
			if (!exited) {
				child.kill('SIGTERM');
				const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
				await exit;
				clearTimeout(timer);
			}
			log.end();
		},
	};
}

async function startRedis(dir) {
	const port = await runtime.freePort();
	const child = spawn(
		REDIS_BIN,
		['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--save', '', '--appendonly', 'no', '--daemonize', 'no'],
		{ stdio: ['ignore', 'pipe', 'pipe'] },
	);
	const redis = { ...service('redis', child, path.join(dir, 'redis.log')), port };
	await until('redis', () => !redis.exited() && canConnect(port));
	return redis;
}

/** Postgres refuses root: as root, its data folder belongs to and the server runs as Debian's `postgres` user. */
function postgresUser() {
	if (typeof process.getuid !== 'function' || process.getuid() !== 0) return {};
	const id = (flag) => Number(spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' }).stdout.trim());
	const uid = id('-u');
	const gid = id('-g');
	if (!Number.isInteger(uid) || uid <= 0) throw new Error('running as root, and there is no "postgres" user to run Postgres as');
	return { uid, gid };
}

async function startPostgres(dir) {
	const user = postgresUser();
	// Its own folder: a temporary folder made by root is not open to the postgres user.
	const pgRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'datatruck-queue-pg-'));
	const data = path.join(pgRoot, 'data');
	if (user.uid !== undefined) fs.chownSync(pgRoot, user.uid, user.gid);
	const init = spawnSync(pgBin('initdb'), ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync'], {
		...user,
		cwd: pgRoot,
		encoding: 'utf8',
	});
	if (init.status !== 0) throw new Error(`initdb failed (${init.status}): ${init.stderr || init.error}`);
	const port = await runtime.freePort();
	const child = spawn(
		pgBin('postgres'),
		['-D', data, '-p', String(port), '-c', 'listen_addresses=127.0.0.1', '-c', `unix_socket_directories=${pgRoot}`, '-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off'],
		{ ...user, cwd: pgRoot, stdio: ['ignore', 'pipe', 'pipe'] },
	);
	const pg = service('postgres', child, path.join(dir, 'postgres.log'));
	await until('postgres', async () => !pg.exited() && (await canConnect(port)) && spawnSync(pgBin('pg_isready'), ['-h', '127.0.0.1', '-p', String(port)]).status === 0);
	const created = spawnSync(pgBin('createdb'), ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', 'n8n'], { encoding: 'utf8' });
	if (created.status !== 0) throw new Error(`createdb failed: ${created.stderr}`);
	return {
		...pg,
		port,
		async stop() {
			await pg.stop();
			fs.rmSync(pgRoot, { recursive: true, force: true });
		},
	};
}

/**
 * Starts Redis, Postgres, a main n8n and `workers` workers, with `credentials` and `workflows` imported and the
 * ids in `publish` published first. Resolves with the running set; its `stop()` undoes everything (also after a
 * partial start). `workerConcurrency` is n8n's --concurrency per worker.
 */
async function startQueueMode({ tarball, workers = 2, credentials = [], workflows = [], publish = [], workerConcurrency = 5, name = 'queue', env = {} }) {
	ensureServices();
	runtime.ensureRuntime();
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), `datatruck-${name}-`));
	const started = [];
	/**
	 * `n8nGraceMs` is how long each n8n process may take to shut down before it is killed (20 s by default, as n8n
	 * finishes its running jobs): a run whose results are already read (the carrier day) gives 0.
	 */
	const stop = async ({ n8nGraceMs } = {}) => {
		const stopping = started.splice(0).reverse();
		const stopOne = async (s) => {
			try {
				await s.stop(/^n8n /.test(s.name ?? '') ? n8nGraceMs : undefined);
			} catch (error) {
				say(`stopping ${s.name ?? 'a service'}: ${error.message}`);
			}
		};
		// The workers take a few seconds each to shut down: together, then the main process, Postgres and Redis, which
		// they use until then. With the main process stopped beside them, a worker waited out its whole grace.
		const isWorker = (s) => /^n8n (added )?worker /.test(s.name ?? '');
		await Promise.all(stopping.filter(isWorker).map(stopOne));
		for (const s of stopping.filter((s) => !isWorker(s))) await stopOne(s);
		fs.rmSync(dir, { recursive: true, force: true });
	};
	try {
		const redis = await startRedis(dir);
		started.push(redis);
		const pg = await startPostgres(dir);
		started.push(pg);
		say(`redis on ${redis.port} (pid ${redis.pid}), postgres on ${pg.port} (pid ${pg.pid}), in ${dir}`);
		const shared = {
			DB_TYPE: 'postgresdb',
			DB_POSTGRESDB_HOST: '127.0.0.1',
			DB_POSTGRESDB_PORT: pg.port,
			DB_POSTGRESDB_DATABASE: 'n8n',
			DB_POSTGRESDB_USER: 'postgres',
			DB_POSTGRESDB_PASSWORD: '',
			EXECUTIONS_MODE: 'queue',
			QUEUE_BULL_REDIS_HOST: '127.0.0.1',
			QUEUE_BULL_REDIS_PORT: redis.port,
			N8N_WORKER_SERVER_ADDRESS: '127.0.0.1',
			QUEUE_HEALTH_CHECK_ACTIVE: 'true',
			// n8n settings a caller adds for every process (the carrier day scales the Bull lock with its minute).
			...env,
		};
		const processEnv = async (folder, extra = {}) => {
			const userFolder = path.join(dir, folder);
			fs.mkdirSync(userFolder, { recursive: true });
			runtime.installPackage(userFolder, tarball);
			const port = await runtime.freePort();
			return runtime.n8nEnv(userFolder, {
				...shared,
				N8N_PORT: port,
				QUEUE_HEALTH_CHECK_PORT: port,
				N8N_RUNNERS_BROKER_PORT: await runtime.freePort(),
				...extra,
			});
		};
		const mainEnv = await processEnv('main');
		const cli = async (args, expect) => {
			const r = await runtime.runN8n(args, mainEnv, { timeoutMs: 300000 });
			if (r.code !== 0 || (expect && !expect.test(r.stdout))) {
				throw new Error(`n8n ${args.join(' ')} exited ${r.code}:\n${r.stdout.slice(-2000)}\n${r.stderr.slice(-2000)}`);
			}
		};
		if (credentials.length) {
			const file = path.join(dir, 'credentials.json');
			fs.writeFileSync(file, JSON.stringify(credentials));
			await cli(['import:credentials', `--input=${file}`], /Successfully imported/);
			fs.rmSync(file);
		}
		for (const wf of workflows) {
			const file = path.join(dir, `workflow-${wf.id}.json`);
			fs.writeFileSync(file, JSON.stringify(wf));
			await cli(['import:workflow', `--input=${file}`], /Successfully imported 1 workflow/);
		}
		for (const id of publish) await cli(['publish:workflow', `--id=${id}`]);

		// The main process migrates the database; workers start once it is ready, side by side.
		const main = await runtime.startN8n(mainEnv, { readyTimeoutMs: 240000, newPortsIfTaken: true });
		started.push({ name: 'n8n main', stop: (graceMs) => main.stop(graceMs) });
		const workerEnvs = [];
		for (let i = 1; i <= workers; i++) workerEnvs.push(await processEnv(`worker-${i}`));
		const startWorkerIn = (workerEnv) =>
			runtime.startN8n(workerEnv, { command: ['worker', `--concurrency=${workerConcurrency}`], readyTimeoutMs: 240000, newPortsIfTaken: true });
		const starting = workerEnvs.map(startWorkerIn);
		const results = await Promise.allSettled(starting);
		const workerProcs = [];
		results.forEach((result, i) => {
			if (result.status === 'fulfilled') {
				started.push({ name: `n8n worker ${i + 1}`, stop: (graceMs) => result.value.stop(graceMs) });
				workerProcs.push(result.value);
			}
		});
		const failed = results.find((result) => result.status === 'rejected');
		if (failed) throw failed.reason;
		const { cookie } = await runtime.setupOwner(main.url);
		say(`n8n main ${main.url} (pid ${main.pid}); workers ${workerProcs.map((w) => `pid ${w.pid}`).join(', ')}`);
		/**
		 * One more worker, in a folder of its own (a worker that was killed is replaced by this, as a supervisor
		 * restarts it): stopped with the rest by `stop()`.
		 */
		let added = 0;
		const startWorker = async () => {
			const worker = await startWorkerIn(await processEnv(addedWorkerFolder(++added)));
			started.push({ name: `n8n added worker ${added}`, stop: (graceMs) => worker.stop(graceMs) });
			return worker;
		};
		return { dir, main, workers: workerProcs, cookie, redis, postgres: pg, stop, startWorker };
	} catch (error) {
		await stop();
		throw error;
	}
}

/** Ids of the executions a worker ran, from its log ("Worker started execution 12 (job 3)"). */
function executionsRunBy(worker) {
	const text = fs.existsSync(worker.logFile) ? fs.readFileSync(worker.logFile, 'utf8') : '';
	return [...text.matchAll(/Worker started execution (\d+)/g)].map((m) => m[1]);
}

/** The user folder of the `n`th worker added after the start (a killed worker's replacement). */
function addedWorkerFolder(n) {
	return `worker-added-${n}`;
}

module.exports = { ensureServices, missingServices, startQueueMode, executionsRunBy, addedWorkerFolder };

if (require.main === module) {
	const missing = missingServices();
	if (process.argv.includes('--check')) {
		say(missing.length ? `missing: ${missing.join(', ')}` : 'redis-server and postgres are installed');
		process.exit(missing.length ? 1 : 0);
	}
	ensureServices();
	say('redis-server and postgres are installed');
}
