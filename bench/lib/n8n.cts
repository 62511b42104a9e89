/**
 * The real n8n of the end-to-end suite (scripts/n8n-runtime.cjs, test/e2e/lib/), in a user folder of
 * the bench's own: `<WORK_DIR>/bench/<name>`. The e2e suite wipes `<WORK_DIR>/e2e` at its start, so the
 * bench must not live there while both may run.
 */
import { spawn } from 'node:child_process';
import { closeSync, mkdirSync, openSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import * as runtime from '../../scripts/n8n-runtime.cjs';
import { freePort, N8n } from '../../test/e2e/lib/n8n.cts';
import { parseRun, type ExecutionRun } from '../../test/e2e/lib/output.cts';

export const BENCH_DIR = join(runtime.WORK_DIR, 'bench');

/** N8n's constructor takes the folder and environment; its factory is tied to the e2e folders. */
const N8nWith = N8n as unknown as new (userFolder: string, env: Record<string, string>) => N8n;

/** A fresh n8n user folder; the packed package installed as the community installer does when given. */
export async function benchN8n(name: string, tarball?: string, extraEnv: Record<string, string | number> = {}): Promise<N8n> {
	// bench/run.js already tried to provision (and pack); do not try again for every figure.
	if (process.env.BENCH_N8N_UNAVAILABLE) throw new Error(process.env.BENCH_N8N_UNAVAILABLE);
	runtime.ensureRuntime();
	const userFolder = join(BENCH_DIR, name);
	rmSync(userFolder, { recursive: true, force: true });
	mkdirSync(userFolder, { recursive: true });
	const env = runtime.n8nEnv(userFolder, {
		N8N_PORT: await freePort(),
		N8N_RUNNERS_BROKER_PORT: await freePort(),
		...extraEnv,
	});
	if (tarball) runtime.installPackage(userFolder, tarball);
	return new N8nWith(userFolder, env);
}

export function tarballFromEnv(): string {
	const tarball = process.env.BENCH_TARBALL;
	if (!tarball) throw new Error('BENCH_TARBALL is not set: run the bench through bench/run.js');
	return tarball;
}

/**
 * `n8n execute --id --rawOutput` with n8n's stdout going to a file. Through a pipe, the printed run is
 * cut short when it is large (tens of MB for thousands of loads): n8n exits before the pipe drains.
 * A file is written synchronously, so the whole run is there when the process ends.
 */
export async function executeToFile(n8n: N8n, id: string, timeoutMs = 300_000): Promise<{ run: ExecutionRun; seconds: number }> {
	const outFile = join(n8n.userFolder, `execute-${id}.out`);
	const out = openSync(outFile, 'w');
	const startedAt = Date.now();
	try {
		const code = await new Promise<number | null>((resolvePromise, reject) => {
			const child = spawn(runtime.paths.node, [runtime.paths.n8nBin, 'execute', `--id=${id}`, '--rawOutput'], {
				env: n8n.env,
				cwd: n8n.userFolder,
				stdio: ['ignore', out, out],
			});
			const timer = setTimeout(() => {
				child.kill('SIGKILL');
				reject(new Error(`n8n execute --id=${id} did not finish in ${timeoutMs} ms`));
			}, timeoutMs);
			child.on('error', (error) => {
				clearTimeout(timer);
				reject(error);
			});
			child.on('close', (exitCode) => {
				clearTimeout(timer);
				resolvePromise(exitCode);
			});
		});
		const text = readFileSync(outFile, 'utf8');
		const run = parseRun(text);
		if (!run) throw new Error(`no run in the output of n8n execute (exit ${code}): ${text.slice(-2000)}`);
		return { run, seconds: (Date.now() - startedAt) / 1000 };
	} finally {
		closeSync(out);
		rmSync(outFile, { force: true });
	}
}
