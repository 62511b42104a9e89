/**
 * The run's one n8n for the editor suite, started by the first file that asks and written down in the run folder,
 * reused by the later files of the run (they run one at a time, maxWorkers 1) and stopped by globalTeardown.js. A
 * file that finds it dead (a crash in an earlier file) starts another, so one crash fails one file. What a file
 * shares is n8n's process, its owner and its node types; sandboxes, credentials and workflows stay the file's own.
 */
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import * as runtime from '../../../scripts/n8n-runtime.cjs';
import { answers, readRecord, stopRecorded, writeRecord } from '../../e2e/lib/sharedRecord.cjs';

export const ROOT = resolve(__dirname, '../../..');
/** `DATATRUCK_UI_RUN` names the folder of one of several runs side by side (scripts/e2e-lines.cjs). */
export const RUN_DIR = join(runtime.WORK_DIR, process.env.DATATRUCK_UI_RUN || 'ui');
/** Git-ignored; `npm run screenshots` copies the chosen ones from here to docs/screenshots/. */
export const SHOTS_DIR = join(ROOT, 'test-results', 'ui');

export interface RunInfo {
	tarball: string;
	chromium: string;
}

export function runInfo(): RunInfo {
	const file = join(RUN_DIR, 'run.json');
	if (!existsSync(file)) throw new Error('the UI globalSetup did not run (use jest -c jest.ui.config.js)');
	return JSON.parse(readFileSync(file, 'utf8'));
}

export interface SharedN8n {
	url: string;
	cookie: string;
	owner: runtime.Owner;
	userFolder: string;
}

let starts = 0;

/** The shared n8n, started for `name` (the first file) when none answers. */
export async function sharedN8n(name: string): Promise<SharedN8n> {
	const known = readRecord(RUN_DIR) as (SharedN8n & { pid: number }) | undefined;
	if (known && (await answers(known.url))) return known;
	if (known) await stopRecorded(RUN_DIR, 5000);
	const userFolder = join(RUN_DIR, `n8n-${name}-${process.pid}-${++starts}`);
	rmSync(userFolder, { recursive: true, force: true });
	mkdirSync(userFolder, { recursive: true });
	runtime.ensureRuntime();
	runtime.installPackage(userFolder, runInfo().tarball);
	const env = runtime.n8nEnv(userFolder, {
		N8N_PORT: await runtime.freePort(),
		N8N_RUNNERS_BROKER_PORT: await runtime.freePort(),
		N8N_LOG_LEVEL: 'warn',
	});
	const proc = await runtime.startN8n(env, { newPortsIfTaken: true });
	try {
		const { owner, cookie } = await runtime.setupOwner(proc.url);
		const shared: SharedN8n = { url: proc.url, cookie, owner, userFolder };
		writeRecord(RUN_DIR, { ...shared, pid: proc.pid, logFile: proc.logFile });
		return shared;
	} catch (e) {
		await proc.stop();
		throw e;
	}
}
