import { execFile } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { byProcess, killedSlot, senderProcessEnv, senderProcessOf, tooManyByProcess } from './senderProcess.cts';

/** A server on 127.0.0.1 that notes the address each request came from. */
async function addressNoter(): Promise<{ server: Server; port: number; from: string[] }> {
	const from: string[] = [];
	const server = createServer((req, res) => {
		from.push(req.socket.remoteAddress ?? '');
		res.end('ok');
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	return { server, port: (server.address() as AddressInfo).port, from };
}

describe('which n8n process sent each request of the day', () => {
	test('a process with the preload reaches the sandbox from its own loopback address, and everything else as before', async () => {
		const sandbox = await addressNoter();
		const other = await addressNoter();
		try {
			// An n8n worker's user folder, and both kinds of connection n8n makes: a fresh one and a kept-alive one.
			const script = `
				const http = require('node:http');
				const get = (port, agent) => new Promise((ok, fail) => http.get({ host: '127.0.0.1', port, agent }, (res) => res.resume().on('end', ok)).on('error', fail));
				(async () => {
					await get(${sandbox.port});
					await get(${sandbox.port}, new http.Agent({ keepAlive: true }));
					await get(${other.port});
					process.exit(0);
				})();`;
			const env = { ...process.env, ...senderProcessEnv(`http://127.0.0.1:${sandbox.port}`), N8N_USER_FOLDER: '/tmp/datatruck-day-x/worker-1' };
			await new Promise<void>((resolve, reject) => execFile(process.execPath, ['-e', script], { env }, (error) => (error ? reject(error) : resolve())));
			expect(sandbox.from.map((address) => senderProcessOf({ clientAddress: address, at: 0 }))).toEqual(['worker 1', 'worker 1']);
			expect(other.from).toEqual(['127.0.0.1']);
		} finally {
			await Promise.all([sandbox, other].map(({ server }) => new Promise((resolve) => server.close(resolve))));
		}
	});

	test('names each address; a killed worker\'s slot after the kill is its replacement', () => {
		const kill = { worker: 'worker 2', at: 1000 };
		const names = [
			{ clientAddress: '127.0.0.2', at: 2000 },
			{ clientAddress: '::ffff:127.0.0.4', at: 999 },
			{ clientAddress: '127.0.0.4', at: 1001 },
			{ clientAddress: '127.0.0.3', at: 1001 },
			{ clientAddress: '127.0.0.1', at: 5 },
			{ clientAddress: '10.0.0.9', at: 5 },
			{ at: 5 },
		].map((entry) => senderProcessOf(entry, kill));
		expect(names).toEqual(['main', 'worker 2', 'worker 2 (replacement)', 'worker 1', 'the day (other app)', 'address 10.0.0.9', 'unknown']);
	});

	test('the killed worker\'s slot is read from its log file\'s folder', () => {
		expect(killedSlot({ logFile: '/tmp/datatruck-day-T8XFN9/worker-2/n8n.log', at: 7 })).toEqual({ worker: 'worker 2', at: 7 });
		expect(killedSlot({ logFile: '/tmp/elsewhere/n8n.log', at: 7 })).toBeUndefined();
		expect(killedSlot(undefined)).toBeUndefined();
	});

	test("names each request after the day's record of its worker kill", () => {
		const record = { workerKill: { logFile: '/tmp/datatruck-day-T8XFN9/worker-1/n8n.log', at: 1000 } };
		const log = [
			{ status: 200, clientAddress: '127.0.0.3', at: 999 },
			{ status: 429, clientAddress: '127.0.0.3', at: 1001 },
			{ status: 200, clientAddress: '127.0.0.2', at: 1001 },
		];
		expect(byProcess(log, record).map((e) => [e.status, e.process])).toEqual([
			[200, 'worker 1'],
			[429, 'worker 1 (replacement)'],
			[200, 'main'],
		]);
		expect(byProcess(log, {}).map((e) => e.process)).toEqual(['worker 1', 'worker 1', 'main']);
	});

	test('counts the 429s of each process', () => {
		const log = [
			{ status: 200, process: 'main' },
			{ status: 429, process: 'main' },
			{ status: 200, process: 'worker 1' },
		];
		expect(tooManyByProcess(log)).toBe('main 1 of 2, worker 1 0 of 1');
	});
});
