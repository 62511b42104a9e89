'use strict';
/**
 * "Another app on the same token": a separate process that spends a fixed share of the token's
 * budget while a figure runs. It sends one small request every `windowMs / perWindow` ms (on a
 * fixed schedule, not after the previous answer), on a path the node under test never uses, so
 * the sandbox log tells the two clients apart. A 429 is counted and not retried: the next tick
 * tries again, so the app keeps asking for its share and never more.
 *
 *   BENCH_SANDBOX_URL=<base URL> BENCH_TOKEN=<token> node bench/secondClient.js <perWindow> <windowMs> <maxMs>
 *
 * Stops on SIGTERM or after maxMs, then prints {sent, ok, tooMany, other} as one JSON line.
 */
const http = require('http');

const [perWindow, windowMs, maxMs] = process.argv.slice(2).map(Number);
const base = process.env.BENCH_SANDBOX_URL;
const token = process.env.BENCH_TOKEN;
if (!base || !token || !(perWindow > 0) || !(windowMs > 0) || !(maxMs > 0)) {
	console.error('usage: BENCH_SANDBOX_URL=… BENCH_TOKEN=… node bench/secondClient.js <perWindow> <windowMs> <maxMs>');
	process.exit(2);
}

const agent = new http.Agent({ keepAlive: true });
const stats = { sent: 0, ok: 0, tooMany: 0, other: 0 };
const url = `${base}/trucks/list/?page_size=1`;

function once() {
	stats.sent++;
	const req = http.get(url, { agent, headers: { authorization: `Token ${token}`, accept: 'application/json' } }, (res) => {
		res.resume();
		res.on('end', () => {
			if (res.statusCode >= 200 && res.statusCode < 300) stats.ok++;
			else if (res.statusCode === 429) stats.tooMany++;
			else stats.other++;
		});
	});
	req.on('error', () => stats.other++);
}

const timer = setInterval(once, windowMs / perWindow);
once();
let done = false;
function finish() {
	if (done) return;
	done = true;
	clearInterval(timer);
	// Let the last answers arrive.
	setTimeout(() => {
		process.stdout.write(`${JSON.stringify(stats)}\n`);
		agent.destroy();
		process.exit(0);
	}, 300);
}
process.on('SIGTERM', finish);
setTimeout(finish, maxMs).unref();
