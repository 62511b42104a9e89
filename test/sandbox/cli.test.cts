import axios from 'axios';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { SANDBOX_TOKEN } from './index.cts';

describe('sandbox cli', () => {
	it('prints the base URL and token, serves, and stops on SIGTERM', async () => {
		const child = spawn(
			process.execPath,
			['-r', 'ts-node/register/transpile-only', join(__dirname, 'cli.cts'), '--port', '0', '--loads', '50', '--window-ms', '1000'],
			{ cwd: join(__dirname, '..', '..'), stdio: ['ignore', 'pipe', 'pipe'] },
		);
		try {
			const line = await new Promise<string>((resolve, reject) => {
				let output = '';
				child.stdout.on('data', (chunk: Buffer) => {
					output += chunk.toString();
					if (output.includes('\n')) resolve(output.split('\n')[0]);
				});
				child.on('exit', (code) => reject(new Error(`cli exited with ${code}`)));
			});
			const baseUrl = /baseUrl=(\S+)/.exec(line)?.[1] ?? '';
			expect(baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/v1\/openapi$/);
			expect(line).toContain(`token=${SANDBOX_TOKEN}`);
			const response = await axios.get(`${baseUrl}/orders/`, { headers: { Authorization: `Token ${SANDBOX_TOKEN}` } });
			expect(response.data.count).toBe(50);
			const exitCode = new Promise<number | null>((resolve) => child.on('exit', resolve));
			child.kill('SIGTERM');
			expect(await exitCode).toBe(0);
		} finally {
			if (child.exitCode === null) child.kill('SIGKILL');
		}
	});
});
