/** Types for scripts/n8n-runtime.cjs, so that the TypeScript e2e suite can use it. */
/** The selected runtime's versions: node, n8n and the packages its install overrides. */
export declare const VERSIONS: { readonly node: string; readonly n8n: string; readonly [override: string]: string };
/** Every n8n version this repository can provision (select one with DATATRUCK_N8N). */
export declare const RUNTIMES: string[];
export declare const ENCRYPTION_KEY: string;
/** Outside the repository: n8n user folders of the tests, the demo and the bench (n8n writes JavaScript into them). */
export declare const WORK_DIR: string;
/** How long stop() waits after SIGTERM before SIGKILL: longer than n8n's own graceful shutdown limit. */
export declare const STOP_GRACE_MS: number;
export declare const paths: {
	readonly root: string;
	readonly node: string;
	readonly nodeBinDir: string;
	readonly nodeDir: string | undefined;
	readonly n8nBin: string;
	readonly marker: string;
};
export interface Owner {
	email: string;
	password: string;
	firstName: string;
	lastName: string;
}
export declare const DEFAULT_OWNER: Readonly<Owner>;
export interface HttpReply {
	status: number;
	headers: Record<string, string | string[] | undefined>;
	text: string;
	json: any;
}
export interface RunningN8n {
	pid: number;
	url: string;
	logFile: string;
	stop(graceMs?: number): Promise<{ code: number | null; signal: string | null } | null>;
	exited(): { code: number | null; signal: string | null } | null;
}
export declare function ensureRuntime(): typeof paths;
export declare function isProvisioned(): boolean;
export declare function n8nEnv(userFolder: string, extra?: Record<string, string | number>): Record<string, string>;
export declare function installPackage(userFolder: string, tarballPath: string, packageName?: string): string;
export declare function runN8n(
	args: string[],
	env: Record<string, string>,
	opts?: { timeoutMs?: number; cwd?: string; newPortsIfTaken?: boolean },
): Promise<{ code: number | null; stdout: string; stderr: string }>;
/** A loopback port below the kernel's ephemeral range that nothing listens on right now (scripts/ports.cjs). */
export declare function freePort(): Promise<number>;
/** Whether a process with this pid exists (one of another user's counts). */
export declare function pidAlive(pid: number): boolean;
export declare function runToEnd(
	command: string,
	args: string[],
	opts: { env?: NodeJS.ProcessEnv; cwd?: string; timeoutMs: number; title?: string },
): Promise<{ code: number | null; stdout: string; stderr: string }>;
export declare function startN8n(
	env: Record<string, string>,
	opts?: { readyTimeoutMs?: number; command?: string | string[]; newPortsIfTaken?: boolean },
): Promise<RunningN8n>;
export declare function setupOwner(url: string, owner?: Owner): Promise<{ owner: Owner; cookie: string }>;
export declare function login(url: string, owner: Pick<Owner, 'email' | 'password'>): Promise<string>;
export declare function httpJson(
	method: string,
	url: string,
	opts?: { body?: unknown; headers?: Record<string, string>; timeoutMs?: number },
): Promise<HttpReply>;
