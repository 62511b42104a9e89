'use strict';
/**
 * Loopback ports for the servers the tests, the bench and the queue-mode run start: n8n (HTTP and its task
 * broker), Redis, Postgres. Plain CommonJS on Node built-ins, like n8n-runtime.cjs which uses it.
 *
 * A port is chosen now and bound seconds later, once n8n has booted. A port from listen(0) lies in the kernel's
 * ephemeral range, where in those seconds any outgoing connection (thousands a minute while three suites run)
 * may take it as its own local port; n8n then exits with "port … is already in use" (seen in CI). Ports below
 * that range are never handed out by the kernel, so only servers started on purpose compete for them, and a
 * trial bind turns away the ones already listening.
 */
const fs = require('fs');
const net = require('net');

const LOWEST = 10000;
/** Linux's default (/proc/sys/net/ipv4/ip_local_port_range), for systems that do not say. */
const DEFAULT_EPHEMERAL_LOW = 32768;

/** The environment variables of n8n that hold a port it listens on. */
const N8N_PORT_KEYS = ['N8N_PORT', 'N8N_RUNNERS_BROKER_PORT', 'QUEUE_HEALTH_CHECK_PORT'];

/** What n8n 1.x and 2.x print before exiting when a port of theirs is taken. */
const PORT_TAKEN = /port \d+ is already in use/i;

function ephemeralLow() {
	try {
		const low = Number(fs.readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);
		return Number.isInteger(low) && low > LOWEST + 1000 ? low : DEFAULT_EPHEMERAL_LOW;
	} catch {
		return DEFAULT_EPHEMERAL_LOW;
	}
}

function canBind(port) {
	return new Promise((resolve) => {
		const srv = net.createServer();
		srv.unref();
		srv.once('error', () => resolve(false));
		srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
	});
}

/** A loopback port below the ephemeral range that nothing listens on right now. */
async function freePort() {
	const top = ephemeralLow() - 1;
	for (let attempt = 0; attempt < 100; attempt++) {
		const port = LOWEST + Math.floor(Math.random() * (top - LOWEST + 1));
		if (await canBind(port)) return port;
	}
	throw new Error(`no free loopback port between ${LOWEST} and ${top} after 100 tries`);
}

/**
 * New ports in place of every n8n port in `env` (a port two keys share stays shared: queue mode's worker health
 * check is its N8N_PORT), written into `env` itself so that every later command on it agrees.
 */
async function renewN8nPorts(env) {
	const renewed = new Map();
	for (const key of N8N_PORT_KEYS) {
		if (env[key] === undefined) continue;
		const old = String(env[key]);
		if (!renewed.has(old)) renewed.set(old, String(await freePort()));
		env[key] = renewed.get(old);
	}
}

/**
 * `attempt()` starts n8n with `env` and resolves with its CLI result ({code, stdout, stderr}) or rejects with why
 * it did not start. When n8n says a port of its own was taken, it is tried again on new ports, up to `tries` times
 * in all; any other outcome is passed on as it is. n8n exits on a taken port before it runs anything, so a second
 * attempt repeats nothing.
 */
async function retryOnPortTaken(env, attempt, tries = 3) {
	for (let n = 1; ; n++) {
		let result;
		try {
			result = await attempt();
		} catch (error) {
			if (n === tries || !PORT_TAKEN.test(String(error && error.message))) throw error;
			await renewN8nPorts(env);
			continue;
		}
		const cliFailed = result && typeof result.code === 'number' && result.code !== 0;
		if (n === tries || !cliFailed || !PORT_TAKEN.test(`${result.stdout}\n${result.stderr}`)) return result;
		await renewN8nPorts(env);
	}
}

module.exports = { freePort, renewN8nPorts, retryOnPortTaken, PORT_TAKEN };
