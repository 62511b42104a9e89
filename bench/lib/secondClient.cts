/** Starts bench/secondClient.js as its own process and collects what it did. */
import { spawn } from 'node:child_process';
import { join } from 'node:path';

export interface SecondClientStats {
	sent: number;
	ok: number;
	tooMany: number;
	other: number;
}

export const SECOND_CLIENT_PATH = '/api/v1/openapi/trucks/list/';

export function startSecondClient(baseUrl: string, token: string, perWindow: number, windowMs: number, maxMs = 600_000) {
	const child = spawn(process.execPath, [join(__dirname, '..', 'secondClient.js'), String(perWindow), String(windowMs), String(maxMs)], {
		env: { ...process.env, BENCH_SANDBOX_URL: baseUrl, BENCH_TOKEN: token },
		stdio: ['ignore', 'pipe', 'inherit'],
	});
	let out = '';
	child.stdout.on('data', (chunk) => (out += chunk));
	const exited = new Promise<SecondClientStats>((resolve, reject) => {
		child.on('error', reject);
		child.on('close', () => {
			try {
				resolve(JSON.parse(out.trim()) as SecondClientStats);
			} catch {
				reject(new Error(`the second client printed no stats: ${out}`));
			}
		});
	});
	return {
		/** Stops it (by its own pid) and resolves with its counts. */
		stop(): Promise<SecondClientStats> {
			child.kill('SIGTERM');
			return exited;
		},
	};
}
