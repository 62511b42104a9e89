/**
 * A local HTTP endpoint that records what it receives: the stand-in for Slack's incoming webhook (and any other
 * outside service an example posts to), so examples run end to end without the network.
 */
import { createServer, type Server } from 'node:http';

export interface Received {
	method: string;
	path: string;
	headers: Record<string, string | string[] | undefined>;
	body: unknown;
}

export class Receiver {
	readonly received: Received[] = [];
	/** Date.now() of the last request received (0 before any). */
	lastAt = 0;
	private server?: Server;
	url = '';

	async start(): Promise<this> {
		this.server = createServer((req, res) => {
			let text = '';
			req.on('data', (c) => (text += c));
			req.on('end', () => {
				let body: unknown = text;
				try {
					body = JSON.parse(text);
				} catch {
					/* keep text */
				}
				this.received.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers, body });
				this.lastAt = Date.now();
				// Slack answers a good incoming-webhook post with 200 and the text "ok".
				res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
			});
		});
		await new Promise<void>((r) => this.server!.listen(0, '127.0.0.1', r));
		const addr = this.server.address() as { port: number };
		this.url = `http://127.0.0.1:${addr.port}`;
		return this;
	}

	stop(): Promise<void> {
		return new Promise((r) => (this.server ? this.server.close(() => r()) : r()));
	}
}
