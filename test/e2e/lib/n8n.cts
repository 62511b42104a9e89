/**
 * A real n8n: a fresh user folder in the run's folder, the packed package installed as the community installer
 * does, credentials and workflows imported through the n8n CLI, or saved through the REST API of a running one
 * (saveCredential here, publish.cts, manualRun.cts). The files that need only the REST API share one
 * (sharedN8n.cts).
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as runtime from '../../../scripts/n8n-runtime.cjs';
import { parseRun, type ExecutionRun } from './output.cts';

/** This run's folder, made by globalSetup.js; set for every test process of the run. */
export function runDir(): string {
	const dir = process.env.DATATRUCK_E2E_RUN_DIR;
	if (!dir) throw new Error('DATATRUCK_E2E_RUN_DIR is not set: run the suite with jest -c jest.e2e.config.js');
	return dir;
}

export interface CredentialImport {
	id: string;
	name: string;
	type: string;
	data: Record<string, unknown>;
}

export interface WorkflowJson {
	id: string;
	name: string;
	nodes: Array<Record<string, unknown>>;
	connections: Record<string, unknown>;
	[key: string]: unknown;
}

function tarball(): string {
	const file = join(runDir(), 'run.json');
	if (!existsSync(file)) throw new Error(`no ${file}: the e2e globalSetup did not finish`);
	return JSON.parse(readFileSync(file, 'utf8')).tarball;
}

export class N8n {
	private constructor(
		readonly userFolder: string,
		readonly env: Record<string, string>,
	) {}

	static async create(name: string): Promise<N8n> {
		runtime.ensureRuntime();
		const userFolder = join(runDir(), name);
		rmSync(userFolder, { recursive: true, force: true });
		mkdirSync(userFolder, { recursive: true });
		const env = runtime.n8nEnv(userFolder, {
			N8N_PORT: await runtime.freePort(),
			N8N_RUNNERS_BROKER_PORT: await runtime.freePort(),
		});
		runtime.installPackage(userFolder, tarball());
		return new N8n(userFolder, env);
	}

	get port(): number {
		return Number(this.env.N8N_PORT);
	}

	/** Its ports came from freePort(): n8n moves to new ones should another process take one meanwhile. */
	async cli(args: string[], timeoutMs?: number) {
		return runtime.runN8n(args, this.env, { timeoutMs, newPortsIfTaken: true });
	}

	/** `expect`: a line n8n prints on success; needed because n8n can exit 0 after failing to load a package. */
	private async mustRun(args: string[], expect?: RegExp): Promise<string> {
		const r = await this.cli(args);
		if (r.code !== 0 || (expect && !expect.test(r.stdout))) {
			throw new Error(`n8n ${args.join(' ')} exited ${r.code}:\n${r.stdout.slice(-3000)}\n${r.stderr.slice(-3000)}`);
		}
		return r.stdout;
	}

	/** Plain `data` is encrypted by n8n with the instance's fixed key on import. */
	async importCredentials(creds: CredentialImport[]): Promise<void> {
		const file = join(this.userFolder, `credentials-${Date.now()}.json`);
		writeFileSync(file, JSON.stringify(creds));
		await this.mustRun(['import:credentials', `--input=${file}`], /Successfully imported/);
		rmSync(file);
	}

	async importWorkflow(wf: WorkflowJson): Promise<void> {
		await this.importWorkflows([wf]);
	}

	/** Several workflows in one CLI run (each run boots n8n, which takes seconds on a busy machine). */
	async importWorkflows(wfs: WorkflowJson[]): Promise<void> {
		const file = join(this.userFolder, `workflows-${Date.now()}.json`);
		writeFileSync(file, JSON.stringify(wfs));
		await this.mustRun(['import:workflow', `--input=${file}`], new RegExp(`Successfully imported ${wfs.length} workflows?\\b`));
		rmSync(file);
	}

	/**
	 * `n8n execute --id --rawOutput` and the run it printed. Resolves with the run even when it failed (tests look at
	 * the error); rejects only when no run could be read at all.
	 */
	async execute(id: string, timeoutMs?: number): Promise<ExecutionRun> {
		const r = await this.cli(['execute', `--id=${id}`, '--rawOutput'], timeoutMs);
		const run = parseRun(r.stdout);
		if (!run) {
			throw new Error(`no run in the output of n8n execute (exit ${r.code}):\n${r.stdout.slice(-3000)}\n${r.stderr.slice(-3000)}`);
		}
		return run;
	}

	async start(): Promise<Session> {
		const proc = await runtime.startN8n(this.env, { newPortsIfTaken: true });
		try {
			const { cookie } = await runtime.setupOwner(proc.url);
			return new Session(proc, cookie);
		} catch (e) {
			await proc.stop();
			throw e;
		}
	}
}

/** A running `n8n start` with an owner session for its REST API. */
export class Session {
	constructor(
		readonly proc: runtime.RunningN8n,
		/** The owner's session cookie (a throwaway local instance's; never a Datatruck token). */
		readonly cookie: string,
	) {}

	get url(): string {
		return this.proc.url;
	}

	/** n8n's internal REST API (what the editor uses); most replies are `{data: …}`. */
	rest<T = any>(method: string, path: string, body?: unknown): Promise<T> {
		return this.request<T>(method, `/rest${path}`, body);
	}

	/** Any path of the instance, with the owner's session cookie. */
	async request<T = any>(method: string, path: string, body?: unknown): Promise<T> {
		const r = await runtime.httpJson(method, `${this.proc.url}${path}`, { body, headers: { cookie: this.cookie } });
		if (r.status < 200 || r.status >= 300) throw new Error(`${method} ${path} → ${r.status}: ${r.text.slice(0, 1000)}`);
		return r.json as T;
	}

	stop() {
		return this.proc.stop();
	}
}

/** Saves a credential through n8n's REST API, as the editor does; resolves with the id n8n gave it. */
export async function saveCredential(
	rest: (method: string, path: string, body?: unknown) => Promise<any>,
	{ name, type, data }: Omit<CredentialImport, 'id'>,
): Promise<string> {
	return (await rest('POST', '/credentials', { name, type, data })).data.id;
}

/** Throws with every node error when the run did not succeed, so a failing test says why. */
export function expectSuccess(run: ExecutionRun): void {
	if (run.status === 'success') return;
	const errors = Object.entries(run.data.resultData.runData)
		.filter(([, runs]) => runs[0]?.error)
		.map(([node, runs]) => `${node}: ${runs[0].error?.message} ${runs[0].error?.description ?? ''}`);
	throw new Error(
		`execution ${run.status}: ${run.data.resultData.error?.message ?? ''}\n${errors.join('\n')}`,
	);
}
