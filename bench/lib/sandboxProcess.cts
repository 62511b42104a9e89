/**
 * The sandbox in a process of its own (test/sandbox/cli.ts), driven over its control API. Figure 1
 * uses it so that the API's work (filtering and sorting thousands of loads for every page) does not
 * run on the event loop of the node it measures, as it would not with the real Datatruck.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { httpJson } from '../../scripts/n8n-runtime.cjs';
import type { RequestLogEntry, SandboxProfile } from '../../test/sandbox/index.cts';
import { tsNodeEnv } from './tsProcess.cts';

const ROOT = resolve(__dirname, '../..');

export class SandboxProcess {
	private constructor(
		private readonly child: ChildProcess,
		readonly baseUrl: string,
		readonly token: string,
		readonly origin: string,
	) {}

	static start(options: {
		loads: number;
		limit: number;
		windowMs: number;
		retryAfterStepMs?: number;
		/** test/sandbox/config.cts: `spec-only` supports only what the specification publishes. */
		profile?: SandboxProfile;
	}): Promise<SandboxProcess> {
		const child = spawn(
			process.execPath,
			[
				'-r',
				'ts-node/register',
				resolve(ROOT, 'test/sandbox/cli.cts'),
				'--port',
				'0',
				'--loads',
				String(options.loads),
				'--limit',
				String(options.limit),
				'--window-ms',
				String(options.windowMs),
				...(options.retryAfterStepMs ? ['--retry-after-step-ms', String(options.retryAfterStepMs)] : []),
				...(options.profile ? ['--profile', options.profile] : []),
			],
			{ cwd: ROOT, env: tsNodeEnv(), stdio: ['ignore', 'pipe', 'inherit'] },
		);
		return new Promise((resolvePromise, reject) => {
			let out = '';
			const onData = (chunk: Buffer) => {
				out += chunk;
				const match = /baseUrl=(\S+) token=(\S+) control=(\S+)/.exec(out);
				if (!match) return;
				child.stdout!.off('data', onData);
				child.stdout!.resume();
				const [, baseUrl, token] = match;
				resolvePromise(new SandboxProcess(child, baseUrl, token, new URL(baseUrl).origin));
			};
			child.stdout!.on('data', onData);
			child.on('error', reject);
			child.on('exit', (code) => reject(new Error(`the sandbox exited (${code}) before it listened: ${out}`)));
		});
	}

	private async control(method: string, path: string, body?: unknown): Promise<any> {
		const reply = await httpJson(method, `${this.origin}/__sandbox${path}`, { body, timeoutMs: 60_000 });
		if (reply.status < 200 || reply.status >= 300) throw new Error(`sandbox ${method} ${path} → ${reply.status}: ${reply.text.slice(0, 300)}`);
		return reply.json;
	}

	/** A new rate limit starts from an empty window. */
	async configure(config: Record<string, unknown>): Promise<void> {
		await this.control('POST', '/config', config);
	}

	async clearLog(): Promise<void> {
		await this.control('DELETE', '/requests');
	}

	async log(): Promise<RequestLogEntry[]> {
		return (await this.control('GET', '/requests')) as RequestLogEntry[];
	}

	/** Live-data mode (test/sandbox/liveData.ts): settings merged; returns the settings and the ids touched. */
	async liveData(settings?: Record<string, number>): Promise<{ touched: { orders: number[] } }> {
		return await this.control(settings ? 'POST' : 'GET', '/live-data', settings);
	}

	async health(): Promise<{ loads: number; orders: number }> {
		return await this.control('GET', '/health');
	}

	/** Every record of a list query, by following `next` with the rate limit briefly off (for the expected answer). */
	async listAll(pathAndQuery: string): Promise<Array<Record<string, unknown>>> {
		const saved = ((await this.control('GET', '/config')) as { rateLimit: unknown }).rateLimit;
		await this.configure({ rateLimit: false });
		try {
			const records: Array<Record<string, unknown>> = [];
			// Pages by number: a profile may write `next` relative to the API, or leave it out.
			for (let page = 1; ; page++) {
				const url = `${this.baseUrl}${pathAndQuery}${pathAndQuery.includes('?') ? '&' : '?'}page=${page}`;
				const reply = await httpJson('GET', url, { headers: { authorization: `Token ${this.token}` }, timeoutMs: 60_000 });
				if (reply.status !== 200) throw new Error(`GET ${url} → ${reply.status}`);
				records.push(...reply.json.results);
				if (!reply.json.next) return records;
			}
		} finally {
			await this.configure({ rateLimit: saved });
		}
	}

	close(): Promise<void> {
		return new Promise((resolvePromise) => {
			if (this.child.exitCode !== null) return resolvePromise();
			this.child.removeAllListeners('exit');
			this.child.once('exit', () => resolvePromise());
			this.child.kill('SIGTERM');
		});
	}
}
