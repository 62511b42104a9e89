/**
 * How many of the token's requests per window this n8n process may really use.
 *
 * The credential says how many Datatruck allows (or how many the user gives this n8n), but other
 * processes may spend the same token: the workers of an n8n in queue mode, another n8n, another
 * app. None of them can see the others' counts (a node cannot reach n8n's Redis), so each learns
 * its share from Datatruck's answers:
 *
 * - **Cut to what it really had.** A 429 while this process sent fewer requests in the window than
 *   the limit means someone else spends the token, and that Datatruck's window was full at that
 *   moment: this process's own requests in the window (and the refused one) were then its part of
 *   it. Once the process has been sending for a whole window, its share is lowered to that part: a
 *   share far above what it really gets kept about half its requests refused, window after window
 *   (measured in queue mode: 13 of 30 a window). Never below a quarter of the limit by that measure: a
 *   slow process that loses the races for freed slots would otherwise be cut to what it won, and
 *   starve. Then, once per window (the other 429s of the window answer requests sent before it), a
 *   cut that grows with the share: 20 % × share ÷ limit (10 % of half the limit, 7 % of a third), so
 *   that the larger share loses more and processes even out.
 * - **A light user costs only what it used.** When the others had at most two requests of the full
 *   window (a trigger's poll, a one-off request), the share only makes room for them: no cut.
 * - **Probe for room.** After a whole window without a 429 in which the share held requests back,
 *   the process sends one request beyond its share and, each time one gets through, one more: the
 *   share grows by one for each. The first 429 ends that (and cuts, as above). Each probe that ends
 *   in a 429 puts a whole window more before the next (at most 24 windows); a whole window of
 *   probing without one, once the probes have grown the share by at least a quarter of the limit (what a busy
 *   neighbour keeps at least, see MEASURED_FLOOR), puts it back to one. So processes that share a
 *   token steadily spend few 429s, and a process whose neighbours stopped takes over their slots at
 *   its next probe. Any clean window of probing put it back to one until issue 40's day: where
 *   answers take a large part of the window (400 ms of the day's 3 s; 8 s of Datatruck's minute),
 *   each process holds its slots from sending to answer while Datatruck counts them from arrival,
 *   so a full token has room for a probe or two now and then; probes that got through there took a
 *   neighbour's slot, and the interval kept going back to one. The simulated day answered 5.3-6.4 %
 *   of its requests 429 so, and 2.4-3.1 % with the quarter (adaptiveShare.test.cts, "answers that
 *   take a large part of the window"); at the same day with quick answers, nothing changes.
 *   A quarter window more (at most 4) had a sync beside a trigger's polls answered 429 for 2.5 % of
 *   its requests, and two busy processes for 3.6-4.3 %; a whole window, 1.4 % and 2.3-2.5 %, at the
 *   same throughput (test/unit/adaptiveShare.test.cts; issue 40's day counted 4.8 % on the token).
 *   The most windows between probes was 8 until issue 40's full day: with a token full for hours
 *   (three processes and another app), nearly every 429 is a probe's (probes turned off: 0.1 %), and
 *   one probe in 8 windows per process kept 2.7-2.9 % of the requests answered 429 at Datatruck's
 *   minute; at most 24, 1.4-1.6 %, with the same throughput. The interval grows by one window per
 *   failed probe, so it passes 8 only after about 36 windows of a full token and reaches 24 after
 *   about 300: a process that shared the token for half an hour still finds a freed share within 1-7
 *   windows (about 4 on average); after five hours, within 1-20 (about 11), over 16 simulated cases
 *   (adaptiveShare.test.cts holds them to 8 and 24).
 * - **The first 429 holds the process, for a window, to what it has.** A process that never met a 429 sends at
 *   the whole limit. When the first comes it cannot yet measure its part (it has not been sending for a whole
 *   window), and the cut above left it at 16 of 20: it went on sending into the full window, each request
 *   refused or taking a slot another process then missed, for about a window. In issue 40's days that was 8-13
 *   429s each time a worker first met the others (its first sync, the replacement worker's first job); in the
 *   short day, most of its 429s. So for one window it keeps to the requests it has in the window at that 429
 *   (it reuses its own slots as they free, none of the others'); after it, it has been sending for a whole window,
 *   and the rules above measure its part. In the simulation of the hourly day (bench/sharedTokenDay.cts) the
 *   requests answered 429 went from 2.29 % to 2.03 % with answers in 150 ms and from 1.88 % to 1.57 % in 50 ms
 *   (seeds 5-12: 2.28 % to 1.98 %, 1.93 % to 1.54 %), the queue-mode simulation's throughput the same (0.88-0.91
 *   of the bound), every other test as before.
 *   A newcomer that had half the window or more at that first 429 (a Return All beside a few trigger polls) had
 *   its part of a full window, the others the rest: it then measures its part as a process that has been sending
 *   for a whole window does (its requests plus one, less the cut), not the whole limit less the cut. Beside the
 *   main process's four polls a window, the cut share (16) met the polls again a window after the hold, one 429
 *   each (issue 40's short day); 16 requests and the refused one now leave it 14. Below half, several processes
 *   may have started together, what each had says little of its part, and the cut evens them out as before. The
 *   simulated hourly day: 1.21, 1.62 and 1.45 % against 1.17, 1.83 and 1.40 % at the day's 3 s window with
 *   answers in 400, 150 and 50 ms, 1.27 against 1.30 % at Datatruck's minute.
 * - A 429 with `Retry-After: 0` is no sign of a full window (a full window is free again only
 *   when its oldest request ages out), so it does not shrink the share: a run of such answers would
 *   otherwise drive the share to one request per window.
 * - **Come back gently after a quiet spell.** A process that knows the token is shared and sent nothing
 *   for RESUME_AFTER_WINDOWS windows no longer knows what the others took meanwhile: a worker whose
 *   job ended while its neighbour's ran on finds that neighbour grown into the room. Sent at its old
 *   share, the new job (a sync, Check Compatibility) pushed the others over the limit, and each of them
 *   learnt it only by 429s, window after window: in the shared-token simulation of issue 40's day
 *   (syncs that start and stop on two workers, trigger polls, another app), 60 % of the 429s fell in the
 *   three windows after a job started, 140 of them the running processes', 55 the newcomer's. So it
 *   starts again at RESUME_FLOOR of the limit, after its first request and RESUME_BURST more at the
 *   limit's pace (a short execution: a lookup, a create, a read), and looks for room within
 *   RESUME_PROBE_EVERY clean windows. In that simulation (four seeds) 2.88 % of the requests answered
 *   429 became 2.05 % at the day's 3 s window, 4.59 % became 3.02 % and 3.01 % became 2.14 % at
 *   Datatruck's minute (answers in 150 ms and in 8 s), with 4 % more requests through; the 429s in
 *   the windows after a job started went from 195 to 93 (seed 1). A process back alone has the whole
 *   token within 6-7 windows (4 to 23 before, by how long it had shared). Issue 40's real day, its sync
 *   then every 20 scaled minutes: 2.79 % (3.18 % and 3.54 % before), more requests through (9,413; 9,090
 *   and 8,057). The days since: docs/carrier-day.md, defect 3.
 *   That quick look is for the climb back only: once a probe is refused below the share the process had before
 *   the quiet spell, the others hold what they held, and it probes as rarely again as it had earned before it (one
 *   window more each refusal, as above); once a clean window ends with the share past it, the others take less
 *   now, and what it had earned is forgotten. Issue 40's full day before this: each hourly sync came back probing
 *   every 4 windows or fewer and probed its ceiling every 4-8 windows for the rest of its 20-30 minutes; 109 of
 *   the day's 116 429s fell while a sync ran (3.5 % of those requests, 0.2 % with neither a sync nor Check
 *   Compatibility running). With it, 105 429s within the day's 540 minutes against 112 (1.94 % against 2.06 %,
 *   seed 727112); the simulated hourly day (bench/sharedTokenDay.cts) 1.17, 1.83 and 1.40 % against 1.33, 2.03
 *   and 1.57 % at the day's 3 s window, 1.30 against 1.26 % at Datatruck's minute.
 * - Rate-limit headers, if Datatruck ever sends them, cap the share at the limit they state.
 *
 * Chosen on the simulation of test/unit/adaptiveShare.test.cts and the queue-mode test: see
 * bench/results.md (figure 7) for the measurements and what the earlier rule (a 30 % cut, half a
 * request more after each clean window) gave. The target it is held to (issues 15 and 27): in queue
 * mode, at least 0.85 of the bound in every run, at most 5 % of requests answered 429, no failed
 * execution (QUEUE_TARGET in test/queue/queueMode.test.cts); the ceiling measured with a worker told
 * exactly when its neighbour finished is 0.91-0.92.
 */
export class AdaptiveShare {
	/** A cut takes CUT × share ÷ limit of the share (see above). */
	static readonly CUT = 0.2;

	/**
	 * The part of the limit below which what a process had of a full window does not lower its share.
	 * Half the limit kept every process at 10 or more: with five on one token the shares summed far
	 * above the limit for about ten windows, and the slowest process lost every race for a freed slot
	 * until a request ran out of retries (2 to 7 of 2,000 simulated cases; 1 of 2,000 at 0.4, 2 at
	 * 1/3, none at a quarter, which still leaves every process at least 5 per window).
	 */
	static readonly MEASURED_FLOOR = 0.25;

	/** The part of the window a process must have had at its first 429 for that to measure its part (see above). */
	static readonly NEWCOMER_MEASURES_FROM = 0.5;

	/** Windows added before the next probe when one ends in a 429, and the most there may be. */
	static readonly PROBE_BACKOFF = 1;

	static readonly MAX_PROBE_EVERY = 24;

	/** Requests of a window the others may have had for them to count as light users (see tooManyRequests). */
	static readonly LIGHT_USE = 2;

	/** Probes in a row that got through after which the process stops spreading its requests (see sprinting). */
	static readonly SPRINT_AFTER_PROBES = 3;

	/** A quiet spell this long (windows without a request) ends what the process knew of the others (see above). */
	static readonly RESUME_AFTER_WINDOWS = 2;

	/** The part of the limit a process comes back at after a quiet spell. */
	static readonly RESUME_FLOOR = 0.1;

	/** Requests after the quiet spell's first that may go at the limit's pace. */
	static readonly RESUME_BURST = 2;

	/** The most clean windows after a quiet spell before the process looks for room. */
	static readonly RESUME_PROBE_EVERY = 4;

	/** Requests left that may go at the limit's pace after a quiet spell (see sending). */
	private burstLeft = 0;

	private share: number;

	private lastCutAt = -Infinity;

	private periodStartedAt: number;

	private heldBack = false;

	private tooManySincePeriodStart = false;

	/** Clean windows in a row, with requests held back, since the last cut. */
	private cleanStreak = 0;

	private probing = false;

	/** Probes that got through since probing began. */
	private probesTaken = 0;

	/** Clean windows needed before the next probe. */
	private probeEvery = 1;

	/** The share and the interval between probes the process had before a quiet spell lowered them (see sending). */
	private beforeResume: { share: number; probeEvery: number } | undefined;

	/** Since when this process's requests have been getting through without a gap of a whole window. */
	private answeredSince = Infinity;

	private lastAnsweredAt = -Infinity;

	private headerLimit = Infinity;

	/** Until when the first 429 holds the process to `firstHeld` requests a window (see above). */
	private firstHeldUntil = -Infinity;

	private firstHeld = Infinity;

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

	/**
	 * Requests this process may have in one window now (one more while probing): at least one, never
	 * above the limit. The share is rounded down, not kept as a pace of 9.8 a window: what each process
	 * leaves of its fraction is the room that absorbs the others' probes. Paced at the fraction, two
	 * busy processes used 0.935–0.943 of the token instead of 0.905–0.919, but three to five had
	 * 10–21 % of their requests refused instead of 6–8 % (test/unit/lib/sharedToken.cts, 80 minutes at
	 * the real minute).
	 */
	allowed(): number {
		this.growAfterCleanWindow();
		const probe = this.probing && this.share < this.limit ? 1 : 0;
		// The quiet spell's first request and the burst after it fit in one window.
		const burst = this.burstLeft > 0 ? 1 + AdaptiveShare.RESUME_BURST : 0;
		const held = this.now() < this.firstHeldUntil ? this.firstHeld : Infinity;
		return Math.max(1, Math.min(Math.max(Math.floor(this.share) + probe, burst), this.limit, this.headerLimit, held));
	}

	/** Whether requests may go at the limit's pace rather than the share's: the first few after a quiet spell. */
	bursting(): boolean {
		return this.burstLeft > 0;
	}

	/**
	 * A request is being sent `quietMs` after this process's last one. After a quiet spell on a token known
	 * to be shared, the share starts again low (see "Come back gently" above); otherwise a burst in progress
	 * counts the request.
	 */
	sending(quietMs: number): void {
		if (quietMs <= AdaptiveShare.RESUME_AFTER_WINDOWS * this.windowMs || !this.everShared()) {
			if (this.burstLeft > 0) this.burstLeft--;
			return;
		}
		this.beforeResume = {
			share: Math.max(this.beforeResume?.share ?? 1, this.share),
			probeEvery: Math.max(this.beforeResume?.probeEvery ?? 1, this.probeEvery),
		};
		this.share = Math.min(this.share, Math.max(1, this.limit * AdaptiveShare.RESUME_FLOOR));
		this.burstLeft = AdaptiveShare.RESUME_BURST;
		this.probeEvery = Math.min(this.probeEvery, AdaptiveShare.RESUME_PROBE_EVERY);
		this.probing = false;
		this.probesTaken = 0;
		this.cleanStreak = 0;
		this.startPeriod(this.now());
	}

	/** Whether a request sent now, with `ownInWindow` of this process's requests in the window, goes beyond the share. */
	isProbe(ownInWindow: number): boolean {
		return this.probing && ownInWindow >= Math.floor(this.share);
	}

	/** Datatruck let a request of this process through; a probe that got through adds one to the share. */
	answered(probe: boolean): void {
		const now = this.now();
		if (now - this.lastAnsweredAt > this.windowMs) this.answeredSince = now;
		this.lastAnsweredAt = now;
		if (probe && this.probing) {
			this.share = Math.min(this.limit, Math.floor(this.share) + 1);
			this.probesTaken++;
		}
	}

	/** The share, unrounded: for tests and the benchmark. */
	current(): number {
		return this.share;
	}

	/**
	 * Several probes in a row got through: whoever shared the token has most likely stopped. Spread
	 * evenly at the share's pace, each probe waits for a slot of the old, slower pace to leave the
	 * window, so the share grew by three or four a window and a worker whose neighbour had finished
	 * took three windows to regain the token (measured in queue mode). Sent at the limit's pace, each
	 * probe that gets through lets the next go at once; the first 429 ends it.
	 */
	sprinting(): boolean {
		return this.probing && this.probesTaken >= AdaptiveShare.SPRINT_AFTER_PROBES;
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
	 * Datatruck answered 429. `ownInWindow` is how many requests of this process are in the window
	 * (answered or still in flight, the refused one not counted); `retryAfterMs` what the answer said, if anything.
	 */
	tooManyRequests(ownInWindow: number, retryAfterMs: number | undefined): void {
		const now = this.now();
		this.tooManySincePeriodStart = true;
		if (retryAfterMs === 0) return;
		// At the limit by our own count: our clock and Datatruck's differ, nobody else is to blame.
		if (ownInWindow >= Math.min(this.limit, this.headerLimit)) return;
		if (!this.everShared()) {
			this.firstHeld = Math.max(1, ownInWindow);
			this.firstHeldUntil = now + this.windowMs;
		}
		// What this process had of the full window, once it has been sending for a whole one: a share far
		// above that would keep about half its requests refused, window after window. Every such 429 may
		// lower it; never below MEASURED_FLOOR of the limit, so that a slow process losing races is not starved.
		const measured = now - this.answeredSince >= this.windowMs;
		// The others had at most LIGHT_USE requests of the full window: a light user, such as a trigger's
		// poll on the main process. Making room for what it used is enough; the cut below would give it
		// a fifth of the token for a window or more (measured in queue mode: one poll cut a worker that
		// had the token to 17, and the next two windows read 16 and 17).
		if (measured && ownInWindow >= this.limit - AdaptiveShare.LIGHT_USE) {
			this.share = Math.min(this.share, ownInWindow);
			this.endProbing(now);
			return;
		}
		if (measured) {
			this.share = Math.min(this.share, Math.max(ownInWindow + 1, this.limit * AdaptiveShare.MEASURED_FLOOR));
		}
		const newcomer = !this.everShared() && !measured;
		if (now - this.lastCutAt < this.windowMs) return;
		this.share = this.afterCut(this.share);
		// A newcomer that had half the window or more: the others held the rest, so it measures its part as above.
		if (newcomer && ownInWindow >= this.limit * AdaptiveShare.NEWCOMER_MEASURES_FROM) {
			this.share = Math.min(this.share, this.afterCut(ownInWindow + 1));
		}
		this.endProbing(now);
	}

	/** A share less the cut: CUT × share ÷ limit of it, never below one request. */
	private afterCut(share: number): number {
		return Math.max(1, share * (1 - (AdaptiveShare.CUT * share) / this.limit));
	}

	/** After a cut: probing stops (and, if it caused the cut, waits longer next time) until a clean window. */
	private endProbing(now: number): void {
		this.lastCutAt = now;
		if (this.probing) {
			this.probeEvery = Math.min(AdaptiveShare.MAX_PROBE_EVERY, this.probeEvery + AdaptiveShare.PROBE_BACKOFF);
			// Refused on the climb back from a quiet spell, before a clean window past what it had before: probe as
			// rarely as it had earned.
			this.probeEvery = Math.max(this.probeEvery, this.beforeResume?.probeEvery ?? 1);
			this.beforeResume = undefined;
		}
		this.probing = false;
		this.probesTaken = 0;
		this.cleanStreak = 0;
		this.startPeriod(now);
	}

	/**
	 * Starts from what this process learnt on another token of the same company. A new token there is most
	 * often the old one regenerated, with the same other clients on the company's limit: issue 40's day answered
	 * 8.5 % of its requests 429 for an hour after the credential was updated, when every process began again
	 * as if alone (the whole limit, a probe each window), against 4-6 % around it. A token that really is
	 * another's (Datatruck counting per token) has its limit back at the first probes that get through.
	 */
	adopt(learnt: AdaptiveShare): void {
		if (!learnt.everShared()) return;
		this.share = Math.min(this.limit, learnt.share);
		this.lastCutAt = learnt.lastCutAt;
		this.probeEvery = learnt.probeEvery;
	}

	/** A limit Datatruck stated in a header (`X-RateLimit-Limit`, `RateLimit-Limit`, …). */
	noteStatedLimit(limit: number): void {
		if (Number.isFinite(limit) && limit >= 1) this.headerLimit = Math.floor(limit);
	}

	private growAfterCleanWindow(): void {
		const now = this.now();
		if (now - this.periodStartedAt < this.windowMs) return;
		if (this.heldBack && !this.tooManySincePeriodStart && this.share < this.limit) {
			this.cleanStreak++;
			// A whole window of probing without a 429, and room for a neighbour's share: look again soon.
			if (this.probing && this.probesTaken >= Math.ceil(this.limit * AdaptiveShare.MEASURED_FLOOR)) this.probeEvery = 1;
			// A clean window past what it had before the quiet spell: the others take less now, what it had earned
			// no longer holds.
			if (this.beforeResume && this.share > this.beforeResume.share) this.beforeResume = undefined;
			if (this.cleanStreak >= Math.floor(this.probeEvery)) this.probing = true;
		}
		this.startPeriod(now);
	}

	private startPeriod(now: number): void {
		this.periodStartedAt = now;
		this.heldBack = false;
		this.tooManySincePeriodStart = false;
	}
}
