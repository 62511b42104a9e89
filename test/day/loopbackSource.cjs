/**
 * Preloaded into each n8n process of the carrier day (NODE_OPTIONS=--require): its connections to the sandbox leave
 * from a loopback address of its own (main 127.0.0.2, worker-1 127.0.0.3, worker-2 127.0.0.4, and a worker started
 * later, such as a killed worker's replacement, worker-added-1 127.0.0.6: by its user folder),
 * so that the sandbox's log tells which process sent each request (test/day/senderProcess.cts). Every other
 * connection (Redis, Postgres, the mailboxes) is left alone. Test harness only; the node knows nothing of it.
 */
const net = require('node:net');
const path = require('node:path');

/**
 * Each n8n process's address by its user folder (senderProcess.cts names the log's addresses from it): the folders
 * scripts/queue-mode.js gives the main process, the workers it starts, and those `startWorker()` adds.
 */
const ADDRESSES = {
	main: '127.0.0.2',
	'worker-1': '127.0.0.3',
	'worker-2': '127.0.0.4',
	'worker-3': '127.0.0.5',
	'worker-added-1': '127.0.0.6',
	'worker-added-2': '127.0.0.7',
};
module.exports = { ADDRESSES };
const local = ADDRESSES[path.basename(process.env.N8N_USER_FOLDER || '')];
const port = Number(process.env.DAY_SANDBOX_PORT);

if (local && port) {
	const connect = net.Socket.prototype.connect;
	net.Socket.prototype.connect = function (...args) {
		// net.createConnection (an http Agent's) passes its normalized arguments as one array: [options, callback].
		const options = Array.isArray(args[0]) ? args[0][0] : args[0];
		if (options && typeof options === 'object' && Number(options.port) === port && options.host === '127.0.0.1' && !options.localAddress) {
			options.localAddress = local;
		}
		return connect.apply(this, args);
	};
}
