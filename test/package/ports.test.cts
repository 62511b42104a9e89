/**
 * Ports for the n8n processes the suites start: chosen below the kernel's ephemeral range, and changed when n8n
 * says one was taken before it could bind it.
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { freePort, renewN8nPorts, retryOnPortTaken } from '../../scripts/ports.cjs';

const ephemeralLow = Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);

function listen(port: number): Promise<Server> {
	return new Promise((resolve, reject) => {
		const server = createServer();
		server.once('error', reject);
		server.listen(port, '127.0.0.1', () => resolve(server));
	});
}

const taken = (port: string) => ({ code: 1, stdout: '', stderr: `n8n's port ${port} is already in use. Do you have another instance of n8n running already?` });

describe('freePort', () => {
	it('gives ports below the ephemeral range that can be listened on, never one that is listened on', async () => {
		const servers: Server[] = [];
		try {
			for (let i = 0; i < 20; i++) {
				const port = await freePort();
				expect(port).toBeGreaterThanOrEqual(10000);
				expect(port).toBeLessThan(ephemeralLow);
				servers.push(await listen(port)); // rejects if the port was not free
			}
		} finally {
			for (const server of servers) server.close();
		}
		expect(servers).toHaveLength(20);
	});
});

describe('retryOnPortTaken', () => {
	it('starts again on new ports when n8n says its port was taken, keeping shared ports shared', async () => {
		const env: Record<string, string> = { N8N_PORT: '20001', QUEUE_HEALTH_CHECK_PORT: '20001', N8N_RUNNERS_BROKER_PORT: '20002', OTHER: 'x' };
		const seen: Array<Record<string, string>> = [];
		const result = await retryOnPortTaken(env, async () => {
			seen.push({ ...env });
			return seen.length === 1 ? taken(env.N8N_PORT) : { code: 0, stdout: 'ok', stderr: '' };
		});
		expect(result).toEqual({ code: 0, stdout: 'ok', stderr: '' });
		expect(seen).toHaveLength(2);
		expect(env.N8N_PORT).not.toBe('20001');
		expect(env.N8N_RUNNERS_BROKER_PORT).not.toBe('20002');
		expect(env.QUEUE_HEALTH_CHECK_PORT).toBe(env.N8N_PORT);
		expect(env.N8N_PORT).not.toBe(env.N8N_RUNNERS_BROKER_PORT);
		expect(env.OTHER).toBe('x');
	});

	it('also when starting throws (a server that exited before it was ready), worker wording included', async () => {
		const env: Record<string, string> = { N8N_PORT: '20001' };
		let calls = 0;
		const started = await retryOnPortTaken(env, async () => {
			if (++calls === 1) throw new Error('n8n exited before it was ready:\nPort 20001 is already in use, possibly by the n8n main process server.');
			return { url: `http://127.0.0.1:${env.N8N_PORT}` };
		});
		expect(calls).toBe(2);
		expect(started).toEqual({ url: `http://127.0.0.1:${env.N8N_PORT}` });
	});

	it('passes any other failure on at once, and gives up after three taken ports', async () => {
		const env: Record<string, string> = { N8N_PORT: '20001' };
		let calls = 0;
		const failed = { code: 1, stdout: 'There was an error running database migrations', stderr: '' };
		await expect(retryOnPortTaken(env, async () => (calls++, failed))).resolves.toBe(failed);
		expect(calls).toBe(1);
		await expect(retryOnPortTaken(env, async () => Promise.reject(new Error('not ready within 120000 ms')))).rejects.toThrow('not ready');

		calls = 0;
		const result = await retryOnPortTaken(env, async () => (calls++, taken(env.N8N_PORT)));
		expect(calls).toBe(3);
		expect(result.code).toBe(1);
	});
});

describe('renewN8nPorts', () => {
	it('leaves an environment without n8n ports as it is', async () => {
		const env: Record<string, string> = { PATH: '/usr/bin' };
		await renewN8nPorts(env);
		expect(env).toEqual({ PATH: '/usr/bin' });
	});
});
