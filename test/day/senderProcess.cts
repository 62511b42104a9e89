/**
 * Which n8n process sent each request of the day: main, worker 1, worker 2 (and the worker that replaced a killed
 * one). n8n's requests all carry the same credential and Host, so the request alone cannot tell; each process
 * connects to the sandbox from a loopback address of its own (loopbackSource.cjs, preloaded into n8n), and the
 * sandbox logs the address a request came from.
 */
import { resolve } from 'node:path';

// The preload's own table (user folder → address), so that the two cannot disagree; `worker-1` is named `worker 1`,
// `worker-added-1` `added worker 1`.
const { ADDRESSES } = require('./loopbackSource.cjs') as { ADDRESSES: Record<string, string> };
const nameOf = (folder: string) => folder.replace(/^worker-added-(\d+)$/, 'added worker $1').replace(/^worker-(\d+)$/, 'worker $1');
const BY_ADDRESS: Record<string, string> = {
	// The day itself (the other app) and any n8n process the preload gave no address.
	'127.0.0.1': 'no address of its own',
	...Object.fromEntries(Object.entries(ADDRESSES).map(([folder, address]) => [address, nameOf(folder)])),
};

/** The environment that makes an n8n process connect to the sandbox at `sandboxOrigin` from its own address. */
export function senderProcessEnv(sandboxOrigin: string): Record<string, string> {
	return {
		NODE_OPTIONS: `--require ${resolve(__dirname, 'loopbackSource.cjs')}`,
		DAY_SANDBOX_PORT: new URL(sandboxOrigin).port,
	};
}

/**
 * The process a request came from. A killed worker's replacement is the first worker added to the day, in a user
 * folder of its own (`worker-added-1`), so from an address of its own: it is named after the slot it took (`kill`).
 */
export function senderProcessOf(entry: { clientAddress?: string }, kill?: { worker: string }): string {
	const address = (entry.clientAddress ?? '').replace(/^::ffff:/, '');
	const name = BY_ADDRESS[address] ?? (address ? `address ${address}` : 'unknown');
	return kill && name === 'added worker 1' ? `${kill.worker} (replacement)` : name;
}

/** The killed worker's slot, from the day's record of the kill (its log file is in the slot's folder). */
export function killedSlot(kill: { logFile: string } | undefined): { worker: string } | undefined {
	const slot = kill && /worker-(\d+)/.exec(kill.logFile)?.[1];
	return slot ? { worker: `worker ${slot}` } : undefined;
}

/** The sender process of each request, after the day's record of its worker kill (the replacement named as such). */
export function byProcess<E extends { status: number; clientAddress?: string }>(log: E[], record: { workerKill?: { logFile: string } }): Array<E & { process: string }> {
	const kill = killedSlot(record.workerKill);
	return log.map((entry) => ({ ...entry, process: senderProcessOf(entry, kill) }));
}

/** Requests and 429s of each process, in order of first appearance. */
export function countsByProcess(log: Array<{ status: number; process: string }>): Map<string, { all: number; tooMany: number }> {
	const counts = new Map<string, { all: number; tooMany: number }>();
	for (const entry of log) {
		const count = counts.get(entry.process) ?? { all: 0, tooMany: 0 };
		count.all++;
		if (entry.status === 429) count.tooMany++;
		counts.set(entry.process, count);
	}
	return counts;
}

/** `main 3 of 120, worker 1 4 of 150, …`: the 429s of each process. */
export function tooManyByProcess(log: Array<{ status: number; process: string }>): string {
	return [...countsByProcess(log)].map(([name, { all, tooMany }]) => `${name} ${tooMany} of ${all}`).join(', ');
}
