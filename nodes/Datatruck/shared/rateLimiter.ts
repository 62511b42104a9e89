import { sleep } from 'n8n-workflow';

/**
 * A rolling-window budget shared by every request that uses the same Datatruck token in this n8n
 * process: the items of one execution, the pages of a Return All, concurrent executions and the
 * trigger all draw from it, so together they never exceed what Datatruck allows.
 *
 * Slots are handed out synchronously and in call order, so concurrent callers never race for the
 * same slot and input items keep their order.
 */
export class RollingWindowLimiter {
	private readonly sentAt: number[] = [];

	private pausedUntil = 0;

	constructor(
		private limit: number,
		private windowMs: number,
		private readonly now: () => number = Date.now,
	) {}

	configure(limit: number, windowMs: number): void {
		this.limit = limit;
		this.windowMs = windowMs;
	}

	/** Reserves the next free slot and returns how long to wait before using it. */
	reserve(): number {
		const now = this.now();
		// A small margin absorbs the network delay between our clock and the server's arrival time.
		const margin = Math.min(250, Math.ceil(this.windowMs * 0.01));
		while (this.sentAt.length && this.sentAt[0] <= now - this.windowMs - margin) {
			this.sentAt.shift();
		}
		let slot = Math.max(now, this.pausedUntil);
		if (this.sentAt.length >= this.limit) {
			const freedBy = this.sentAt[this.sentAt.length - this.limit] + this.windowMs + margin;
			slot = Math.max(slot, freedBy);
		}
		this.sentAt.push(slot);
		return slot - now;
	}

	/** Datatruck said "too many requests": nobody using this token sends before it allows again. */
	pauseFor(ms: number): void {
		this.pausedUntil = Math.max(this.pausedUntil, this.now() + ms);
	}

	async acquire(signal?: AbortSignal): Promise<number> {
		const waitMs = this.reserve();
		if (waitMs > 0) await sleep(waitMs, signal);
		return waitMs;
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

function fnv1a(text: string): string {
	let hash = 0x811c9dc5;
	for (let i = 0; i < text.length; i++) {
		hash ^= text.charCodeAt(i);
		hash = Math.imul(hash, 0x01000193) >>> 0;
	}
	return hash.toString(16);
}
