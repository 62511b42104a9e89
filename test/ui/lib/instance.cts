/**
 * The n8n a UI test file drives: a fresh user folder under .cache/ui/, the packed package installed where n8n's
 * community installer puts it, `n8n start`, the owner created through n8n's REST API, and the Datatruck sandbox
 * running in this process so that tests read its data and request log directly.
 */
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import * as runtime from '../../../scripts/n8n-runtime.cjs';
import type { Sandbox } from '../../sandbox/index.cts';
import { saveDatatruckCredential, startE2eSandbox } from '../../e2e/lib/sandbox.cts';

export const ROOT = resolve(__dirname, '../../..');
export const RUN_DIR = join(runtime.WORK_DIR, 'ui');
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

export interface Instance {
	url: string;
	owner: runtime.Owner;
	sb: Sandbox;
	userFolder: string;
	/** n8n's internal REST API with the owner's session (what the editor itself calls). */
	rest<T = any>(method: string, path: string, body?: unknown): Promise<T>;
	/** Any path of the instance with the owner's session, e.g. /types/nodes.json (the node types the editor loads). */
	request<T = any>(method: string, path: string, body?: unknown): Promise<T>;
	/** Stores a Datatruck API credential pointing at the sandbox; returns its id. */
	createCredential(name: string, apiToken?: string): Promise<string>;
	stop(): Promise<void>;
}

export async function startInstance(name: string): Promise<Instance> {
	runtime.ensureRuntime();
	const userFolder = join(RUN_DIR, name);
	rmSync(userFolder, { recursive: true, force: true });
	mkdirSync(userFolder, { recursive: true });
	const env = runtime.n8nEnv(userFolder, {
		N8N_PORT: await runtime.freePort(),
		N8N_RUNNERS_BROKER_PORT: await runtime.freePort(),
		N8N_LOG_LEVEL: 'warn',
	});
	runtime.installPackage(userFolder, runInfo().tarball);

	const sb = await startE2eSandbox();
	let proc: runtime.RunningN8n | undefined;
	try {
		proc = await runtime.startN8n(env, { newPortsIfTaken: true });
		const { owner, cookie } = await runtime.setupOwner(proc.url);
		const url = proc.url;
		const request = async <T = any,>(method: string, path: string, body?: unknown): Promise<T> => {
			const r = await runtime.httpJson(method, `${url}${path}`, { body, headers: { cookie } });
			if (r.status < 200 || r.status >= 300) throw new Error(`${method} ${path} → ${r.status}: ${r.text.slice(0, 1000)}`);
			return r.json as T;
		};
		const rest = <T = any,>(method: string, path: string, body?: unknown) => request<T>(method, `/rest${path}`, body);
		const running = proc;
		return {
			url,
			owner,
			sb,
			userFolder,
			rest,
			request,
			createCredential: (credName, apiToken = sb.token) => saveDatatruckCredential(rest, sb, credName, apiToken),
			async stop() {
				await running.stop();
				await sb.close();
			},
		};
	} catch (e) {
		await proc?.stop();
		await sb.close();
		throw e;
	}
}
