import { execFile } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { addedWorkerFolder } from '../queue/lib/queue.cts';
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
	/** The names of the addresses a process in n8n's user folder `folder`, with the preload, reaches the sandbox from; and another server. */
	async function reachedFrom(folder: string): Promise<{ sandbox: string[]; other: string[] }> {
		const sandbox = await addressNoter();
		const other = await addressNoter();
		try {
			// Both kinds of connection n8n makes: a fresh one and a kept-alive one.
			const script = `
				const http = require('node:http');
				const get = (port, agent) => new Promise((ok, fail) => http.get({ host: '127.0.0.1', port, agent }, (res) => res.resume().on('end', ok)).on('error', fail));
				(async () => {
					await get(${sandbox.port});
					await get(${sandbox.port}, new http.Agent({ keepAlive: true }));
					await get(${other.port});
					process.exit(0);
				})();`;
			const env = { ...process.env, ...senderProcessEnv(`http://127.0.0.1:${sandbox.port}`), N8N_USER_FOLDER: `/tmp/datatruck-day-x/${folder}` };
			await new Promise<void>((resolve, reject) => execFile(process.execPath, ['-e', script], { env }, (error) => (error ? reject(error) : resolve())));
			return { sandbox: sandbox.from.map((address) => senderProcessOf({ clientAddress: address })), other: other.from };
		} finally {
			await Promise.all([sandbox, other].map(({ server }) => new Promise((resolve) => server.close(resolve))));
		}
	}

	test('a process with the preload reaches the sandbox from its own loopback address, and everything else as before', async () => {
		expect(await reachedFrom('worker-1')).toEqual({ sandbox: ['worker 1', 'worker 1'], other: ['127.0.0.1'] });
	});

	test("so does the worker queue mode adds (a killed worker's replacement, in a user folder of its own)", async () => {
		// The folder scripts/queue-mode.js's startWorker() gives it; before it had an address, the full day's log
		// named the replacement's requests the day's own (seed 973560, session 23: 136 of them).
		expect(await reachedFrom(addedWorkerFolder(1))).toEqual({ sandbox: ['added worker 1', 'added worker 1'], other: ['127.0.0.1'] });
	});

	test("names each address; the worker added after a kill is the killed worker's replacement", () => {
		const addresses = ['127.0.0.2', '::ffff:127.0.0.4', '127.0.0.3', '127.0.0.6', '127.0.0.7', '127.0.0.1', '10.0.0.9', undefined];
		const names = (kill?: { worker: string }) => addresses.map((clientAddress) => senderProcessOf({ clientAddress }, kill));
		expect(names({ worker: 'worker 2' })).toEqual([
			'main',
			'worker 2',
			'worker 1',
			'worker 2 (replacement)',
			'added worker 2',
			'no address of its own',
			'address 10.0.0.9',
			'unknown',
		]);
		expect(names()[3]).toBe('added worker 1');
	});

	test('the killed worker\'s slot is read from its log file\'s folder', () => {
		expect(killedSlot({ logFile: '/tmp/datatruck-day-T8XFN9/worker-2/n8n.log' })).toEqual({ worker: 'worker 2' });
		expect(killedSlot({ logFile: '/tmp/elsewhere/n8n.log' })).toBeUndefined();
		expect(killedSlot(undefined)).toBeUndefined();
	});

	test("names each request after the day's record of its worker kill", () => {
		const record = { workerKill: { logFile: '/tmp/datatruck-day-T8XFN9/worker-1/n8n.log' } };
		const log = [
			{ status: 200, clientAddress: '127.0.0.3' },
			{ status: 429, clientAddress: '127.0.0.6' },
			{ status: 200, clientAddress: '127.0.0.2' },
		];
		expect(byProcess(log, record).map((e) => [e.status, e.process])).toEqual([
			[200, 'worker 1'],
			[429, 'worker 1 (replacement)'],
			[200, 'main'],
		]);
		expect(byProcess(log, {}).map((e) => e.process)).toEqual(['worker 1', 'added worker 1', 'main']);
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
