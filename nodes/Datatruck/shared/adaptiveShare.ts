/**
 * How many of the token's requests per window this n8n process may really use.
 *
 * The credential says how many Datatruck allows (or how many the user gives this n8n), but other
 * processes may spend the same token: the workers of an n8n in queue mode, another n8n, another
 * app. None of them can see the others' counts (a node cannot reach n8n's Redis), so each learns
 * its share from Datatruck's answers, the way TCP shares a link (additive increase,
 * multiplicative decrease):
 *
 * - A 429 while this process sent fewer requests in the window than the limit means someone else
 *   spends the token: the share shrinks by 30 %. Only one cut per window counts, since the
 *   other 429s of the same window answer requests sent before the cut.
 * - Each window that ends without a 429, after the share held requests back, lets the share grow,
 *   up to the limit: by half a request, then by twice as much after each further clean window.
 *   Equal steps up and proportional steps down make K processes drift towards equal shares of
 *   about 1/K (the larger one loses more at each cut); the doubling brings a process left alone
 *   back to the whole limit in a few windows.
 * - A 429 with `Retry-After: 0` is no sign of a full window (a full window is free again only
 *   when its oldest request ages out), so it does not shrink the share: a run of such answers would
 *   otherwise drive the share to one request per window.
 * - Rate-limit headers, if Datatruck ever sends them, cap the share at the limit they state.
 */
export class AdaptiveShare {
	private share: number;

	private lastCutAt = -Infinity;

	private periodStartedAt: number;

	private heldBack = false;

	private tooManySincePeriodStart = false;

	/** Clean windows in a row, with requests held back, since the last cut. */
	private cleanStreak = 0;

	private headerLimit = Infinity;

	/**
	 * Share kept after a cut, and requests added after the first clean window. Chosen on the
	 * simulation of test/unit/adaptiveShare.test.cts and its property test (2–5 busy processes):
	 * with 0.7 and 0.5, 2, 3 and 4 processes use 0.81, 0.91 and 0.86 of the bound with 3.4 %, 6.6 %
	 * and 8.8 % of requests answered 429, and no request runs out of retries. A milder cut (0.8, with
	 * 0.25) reached 0.93 for two processes, but starved one of four or five until it gave up.
	 */
	static readonly DECREASE = 0.7;

	static readonly INCREASE = 0.5;

	constructor(
		private limit: number,
		private windowMs: number,
		private readonly now: () => number,
	) {
		this.share = limit;
		this.periodStartedAt = now();
	}

	configure(limit: number, windowMs: number): void {
		if (limit !== this.limit) this.share = Math.min(Math.max(this.share, 1), limit);
		if (limit > this.limit && this.share === this.limit) this.share = limit;
		this.limit = limit;
		this.windowMs = windowMs;
	}

	/** Requests this process may have in one window now: at least one, never above the limit. */
	allowed(): number {
		this.growAfterCleanWindow();
		return Math.max(1, Math.min(Math.floor(this.share), this.limit, this.headerLimit));
	}

	/** The share, unrounded: for tests and the benchmark. */
	current(): number {
		return this.share;
	}

	/** Whether a 429 has ever shown that another client spends this token. */
	everShared(): boolean {
		return this.lastCutAt > -Infinity;
	}

	/** A request had to wait because the share was used up: growing it would have helped. */
	noteHeldBack(): void {
		this.heldBack = true;
	}

	/**
	 * Datatruck answered 429. `ownInWindow` is how many requests this process sent in the window
	 * (the refused one included); `retryAfterMs` what the answer said, if anything.
	 */
	tooManyRequests(ownInWindow: number, retryAfterMs: number | undefined): void {
		const now = this.now();
		this.tooManySincePeriodStart = true;
		if (retryAfterMs === 0) return;
		// At the limit by our own count: our clock and Datatruck's differ, nobody else is to blame.
		if (ownInWindow >= Math.min(this.limit, this.headerLimit)) return;
		if (now - this.lastCutAt < this.windowMs) return;
		this.lastCutAt = now;
		this.share = Math.max(1, this.share * AdaptiveShare.DECREASE);
		this.cleanStreak = 0;
		this.startPeriod(now);
	}

	/** A limit Datatruck stated in a header (`X-RateLimit-Limit`, `RateLimit-Limit`, …). */
	noteStatedLimit(limit: number): void {
		if (Number.isFinite(limit) && limit >= 1) this.headerLimit = Math.floor(limit);
	}

	private growAfterCleanWindow(): void {
		const now = this.now();
		if (now - this.periodStartedAt < this.windowMs) return;
		if (this.heldBack && !this.tooManySincePeriodStart && this.share < this.limit) {
			// Half a request after the first clean window, then twice as much after each further one (at
			// most a quarter of the limit): gentle next to the others right after a cut, yet a process left
			// alone is back to the whole limit within a few windows.
			this.cleanStreak++;
			const step = Math.min(AdaptiveShare.INCREASE * 2 ** (this.cleanStreak - 1), this.limit / 4);
			this.share = Math.min(this.limit, this.share + step);
		}
		this.startPeriod(now);
	}

	private startPeriod(now: number): void {
		this.periodStartedAt = now;
		this.heldBack = false;
		this.tooManySincePeriodStart = false;
	}
}
