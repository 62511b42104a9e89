/** Per-token sliding-window rate limiting (spec Limits: 20 requests per minute; A17). */
import { RateLimitConfig } from './config.cts';

export type RateDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export class SlidingWindowLimiter {
	/** Arrival times (ms) of the admitted requests still inside the window, per token. */
	private readonly arrivals = new Map<string, number[]>();

	constructor(
		private readonly config: () => RateLimitConfig | false,
		private readonly clock: () => number = Date.now,
	) {}

	/** Admits and counts the request, or refuses it without counting it. */
	check(key: string): RateDecision {
		const config = this.config();
		if (config === false) return { allowed: true };
		const now = this.clock();
		const recent = (this.arrivals.get(key) ?? []).filter((at) => at > now - config.windowMs);
		this.arrivals.set(key, recent);
		if (recent.length >= config.limit) {
			const waitMs = recent[0] + config.windowMs - now;
			const step = config.retryAfterStepMs ?? 1000;
			return { allowed: false, retryAfterSeconds: (Math.max(1, Math.ceil(waitMs / step)) * step) / 1000 };
		}
		recent.push(now);
		return { allowed: true };
	}

	reset(): void {
		this.arrivals.clear();
	}
}

export const throttledMessage = (seconds: number): string => `Request was throttled. Expected available in ${seconds} seconds.`;
