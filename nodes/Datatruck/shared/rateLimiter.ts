import { sleep } from 'n8n-workflow';

/**
 * A rolling-window budget shared by every request that uses the same Datatruck token in this n8n
 * process: the items of one execution, the pages of a Return All, concurrent executions and the
 * trigger all draw from it, so together they never exceed what Datatruck allows.
 *
 * Datatruck counts a request when it arrives, somewhere between our sending it and its answer
 * coming back. So a request holds its place in the window until its answer is in (or, while it is
 * still in flight, until "now"): that can never undercount, however long n8n or the network took.
 * Requests wait their turn in call order, so input items keep their order.
 */
export class RollingWindowLimiter {
	private readonly started: Array<{ at: number; answered: boolean }> = [];

	private pausedUntil = 0;

	private turn: Promise<unknown> = Promise.resolve();

	constructor(
		private limit: number,
		private windowMs: number,
		private readonly now: () => number = Date.now,
	) {}

	configure(limit: number, windowMs: number): void {
		this.limit = limit;
		this.windowMs = windowMs;
	}

	/** The earliest moment the next request may be sent, given the ones already sent. */
	nextStart(): number {
		const now = this.now();
		for (let i = this.started.length - 1; i >= 0; i--) {
			const slot = this.started[i];
			if (slot.answered && slot.at <= now - this.windowMs) this.started.splice(i, 1);
		}
		let start = Math.max(now, this.pausedUntil);
		if (this.started.length >= this.limit) {
			const times = this.started
				.map((slot) => (slot.answered ? slot.at : Math.max(slot.at, now)))
				.sort((a, b) => a - b);
			// Datatruck's clock and ours tick a few milliseconds apart.
			const margin = Math.min(250, Math.max(10, Math.ceil(this.windowMs * 0.002)));
			start = Math.max(start, times[times.length - this.limit] + this.windowMs + margin);
		}
		return start;
	}

	/** Records a request sent now; call the returned function when its answer (or failure) is in. */
	start(): () => void {
		const slot = { at: this.now(), answered: false };
		this.started.push(slot);
		return () => {
			slot.at = Math.max(slot.at, this.now());
			slot.answered = true;
		};
	}

	/** Datatruck said "too many requests": nobody using this token sends before it allows again. */
	pauseFor(ms: number): void {
		this.pausedUntil = Math.max(this.pausedUntil, this.now() + ms);
	}

	/** Waits, in call order, until a request may be sent; returns how long it waited. */
	async acquire(signal?: AbortSignal): Promise<{ waitedMs: number; answered: () => void }> {
		const mine = this.turn.then(async () => {
			const began = this.now();
			for (let waitMs = this.nextStart() - began; waitMs > 0; waitMs = this.nextStart() - this.now()) {
				await sleep(waitMs, signal);
			}
			return { waitedMs: this.now() - began, answered: this.start() };
		});
		this.turn = mine.catch(() => undefined);
		return await mine;
	}
}

const limiters = new Map<string, RollingWindowLimiter>();

/** One limiter per company and token; the key holds a hash of the token, never the token. */
export function limiterFor(baseUrl: string, token: string, limit: number, windowMs: number) {
	const key = `${baseUrl}#${fnv1a(token)}`;
	let limiter = limiters.get(key);
	if (!limiter) {
		limiter = new RollingWindowLimiter(limit, windowMs);
		limiters.set(key, limiter);
	} else {
		limiter.configure(limit, windowMs);
	}
	return limiter;
}

/** Forgets every limiter: for tests that restart the sandbox between cases. */
export function resetLimiters(): void {
	limiters.clear();
}

export function fnv1a(text: string): string {
	let hash = 0x811c9dc5;
	for (let i = 0; i < text.length; i++) {
		hash ^= text.charCodeAt(i);
		hash = Math.imul(hash, 0x01000193) >>> 0;
	}
	return hash.toString(16);
}
