/**
 * The real n8n of the end-to-end suite (scripts/n8n-runtime.cjs, test/e2e/lib/), in a user folder of
 * the bench's own: `<WORK_DIR>/bench/<name>`. The e2e suite wipes `<WORK_DIR>/e2e` at its start, so the
 * bench must not live there while both may run.
 */
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import * as runtime from '../../scripts/n8n-runtime.cjs';
import { N8n } from '../../test/e2e/lib/n8n.cts';

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
		N8N_PORT: await runtime.freePort(),
		N8N_RUNNERS_BROKER_PORT: await runtime.freePort(),
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
