/** Runs a TypeScript file of the bench in its own Node process (ts-node, transpile only). */
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';

const ROOT = resolve(__dirname, '../..');

/** ts-node must prefer `X.node.ts` over the codex file `X.node.json` next to it. */
export function tsNodeEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
	return {
		...process.env,
		TS_NODE_PROJECT: resolve(ROOT, 'tsconfig.test.json'),
		TS_NODE_TRANSPILE_ONLY: 'true',
		TS_NODE_PREFER_TS_EXTS: 'true',
		...extra,
	};
}

/** Resolves with the process's stdout; rejects with its stderr tail when it exits non-zero. */
export function runTs(file: string, args: string[], env: Record<string, string>, nodeFlags: string[] = []): Promise<string> {
	return new Promise((resolvePromise, reject) => {
		const child = spawn(process.execPath, [...nodeFlags, '-r', 'ts-node/register', file, ...args], {
			cwd: ROOT,
			env: tsNodeEnv(env),
			stdio: ['ignore', 'pipe', 'pipe'],
		});
		let out = '';
		let err = '';
		child.stdout.on('data', (chunk) => (out += chunk));
		child.stderr.on('data', (chunk) => (err += chunk));
		child.on('error', reject);
		child.on('close', (code) => (code === 0 ? resolvePromise(out) : reject(new Error(`${file} exited ${code}: ${err.slice(-2000)}`))));
	});
}
