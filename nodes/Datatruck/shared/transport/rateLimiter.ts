import { pause, untilCalled, untilOrAfter } from './wait';
import { AdaptiveShare } from './adaptiveShare';
import { readRateLimitHeaders } from './rateLimitHeaders';

/** Lanes whose last turn is remembered (see lastTurns): far more than run at once in one n8n process. */
const MAX_REMEMBERED_LANES = 1000;

/** The requests of one node in one execution waiting for their turn (when it last had one: lastTurns). */
interface Lane {
	waiters: Array<() => void>;
}

/**
 * A rolling-window budget shared by every request that uses the same Datatruck token in this n8n
 * process: the items of one execution, the pages of a Return All, concurrent executions and the
 * trigger all draw from it, so together they never exceed what Datatruck allows.
 *
 * Datatruck counts a request when it arrives, somewhere between our sending it and its answer
 * coming back. So a request holds its place in the window until its answer is in (or, while it is
 * still in flight, until "now"): that can never undercount, however long n8n or the network took.
 * The small margin a freed slot is held beyond that (see nextStart) runs, for a process alone on its
 * token, from the sending, so it overlaps the round trip instead of adding to it: a slot is free again
 * a window after its answer or a window and the margin after its sending, whichever is later.
 * Requests wait their turn in call order, so input items keep their order.
 *
 * Other processes may spend the same token (n8n workers in queue mode, another app): the limiter
 * then keeps to the share it has learnt from Datatruck's 429s (see AdaptiveShare), never above the
 * credential's limit.
 */
export class RollingWindowLimiter {
	/** Each request counted in the window: when it was sent, and when its answer came (`at`, "now" while in flight). */
	private readonly started: Array<{ sentAt: number; at: number; answered: boolean }> = [];

	private pausedUntil = 0;

	private lastSentAt = -Infinity;

	/** When this process last sent a request, refused ones included (lastSentAt is about the counted ones). */
	private lastStartedAt = -Infinity;

	private inFlight = 0;

	/** When Datatruck last let a request of this process through, and when it last refused one. */
	private lastAcceptedAt = -Infinity;

	private lastRefusedAt = -Infinity;

	/** About when Datatruck refused the request whose 429 is being handled (see tooManyRequests). */
	private refusedArrivedAt: number | undefined;

	private answerWaiters: Array<() => void> = [];

	/** Requests of this process that Datatruck did not refuse: the token's window is moving for us. */
	answeredCount = 0;

	/** Whether a request is in its turn: waiting for its slot, the others of every lane behind it. */
	private turnTaken = false;

	/** Requests waiting for their turn, by lane (see acquire), in call order within each lane. */
	private readonly lanes = new Map<string, Lane>();

	private turns = 0;

	/**
	 * The last turn of each lane that had one lately, kept after its queue empties. A lane that asks one request at
	 * a time (a Return All's pages, Check Compatibility's probes) has an empty queue between its requests; begun
	 * anew each time, it counted as never served and went before a lane with items queued, every time: in issue
	 * 40's day three such lanes on one worker held the proof-of-delivery executions' requests back for 23 windows.
	 */
	private readonly lastTurns = new Map<string, number>();

	readonly share: AdaptiveShare;

	constructor(
		private limit: number,
		private windowMs: number,
		private readonly now: () => number = Date.now,
	) {
		this.share = new AdaptiveShare(limit, windowMs, now);
	}

	configure(limit: number, windowMs: number): void {
		this.limit = limit;
		this.windowMs = windowMs;
		this.share.configure(limit, windowMs);
	}

	/** The earliest moment the next request may be sent, given the ones already sent. */
	nextStart(): number {
		const now = this.now();
		// A freed slot is left free a little longer than Datatruck's Retry-After resolution (whole
		// seconds of its minute), so that a client it told to retry then gets the slot. That 429 is
		// then ours, and is how a process that has the whole token learns it shares it; a 2 % cost.
		// A slot is held for the margin too, whenever this is asked: asked again a moment after the
		// window let it go, the limiter would otherwise send at once and starve that client.
		const margin = Math.ceil(this.windowMs / 50);
		// Datatruck counted the request by its answer at the latest. Alone on the token, the margin runs from the
		// sending, overlapping the round trip; once the token is seen shared, from the answer, so that the others'
		// retries find the slot free (two processes kept 0.9 of the bound only so, test/unit/adaptiveShare).
		const shared = this.share.everShared();
		const heldUntil = (slot: { sentAt: number; at: number; answered: boolean }) => {
			const counted = slot.answered ? slot.at : Math.max(slot.at, now);
			return shared ? counted + margin : Math.max(counted, slot.sentAt + margin);
		};
		for (let i = this.started.length - 1; i >= 0; i--) {
			const slot = this.started[i];
			if (slot.answered && heldUntil(slot) <= now - this.windowMs) this.started.splice(i, 1);
		}
		let start = Math.max(now, this.pausedUntil);
		const allowed = Math.min(this.limit, this.share.allowed());
		if (this.started.length >= allowed) {
			const times = this.started.map(heldUntil).sort((a, b) => a - b);
			const free = times[times.length - allowed] + this.windowMs;
			if (free > start) this.share.noteHeldBack();
			start = Math.max(start, free);
		}
		// Once another client has shown up on this token, even a full window goes out as a quick stream
		// rather than all at once: when it has filled Datatruck's window meanwhile, the first 429 (and its
		// pause) stops the rest. A process alone on its token keeps its bursts: the pages of a short list
		// then arrive in one round trip (see exactList.ts).
		if (this.share.everShared()) start = Math.max(start, this.lastSentAt + this.windowMs / (4 * this.limit));
		if (allowed < this.limit && !this.share.bursting()) {
			// Sharing the token: spread our requests over the window instead of sending them in a burst,
			// so that when the others and we ask for more than fits, one request is refused, not a burst.
			const paced = this.lastSentAt + this.windowMs / (this.share.sprinting() ? this.limit : allowed);
			if (paced > start) this.share.noteHeldBack();
			start = Math.max(start, paced);
		}
		return start;
	}

	/**
	 * Records a request sent now; call the returned function when its answer (or failure) is in,
	 * with `refused` for a 429: Datatruck does not count a request it refused (its message is Django
	 * REST framework's throttle's, which records only the requests it lets through), so neither do we.
	 */
	start(): (refused?: boolean) => void {
		const sentAt = this.now();
		const slot = { sentAt, at: sentAt, answered: false };
		this.share.sending(this.inFlight > 0 ? 0 : sentAt - this.lastStartedAt);
		this.lastStartedAt = sentAt;
		const probe = this.share.isProbe(this.started.length);
		this.started.push(slot);
		this.lastSentAt = slot.at;
		this.inFlight++;
		return (refused = false) => {
			if (slot.answered) return;
			slot.at = Math.max(slot.at, this.now());
			slot.answered = true;
			this.inFlight--;
			if (!refused) {
				this.answeredCount++;
				this.lastAcceptedAt = slot.at;
				this.share.answered(probe);
			} else {
				this.lastRefusedAt = slot.at;
				this.refusedArrivedAt = (sentAt + slot.at) / 2;
				if (this.started.includes(slot)) this.started.splice(this.started.indexOf(slot), 1);
				// Pacing counts from the requests Datatruck counted: the retry of a refused one may go when
				// its Retry-After ends (the moment a slot frees), not a whole paced interval later, when the
				// others on the token have long taken that slot (a process cut to one request a window
				// would otherwise try at random moments, all refused, until it gave up).
				this.lastSentAt = this.started.reduce((latest, kept) => Math.max(latest, kept.at), -Infinity);
			}
			for (const wake of this.answerWaiters.splice(0)) wake();
		};
	}

	/**
	 * Whether the next request must wait for the answer of one in flight. Datatruck's window is
	 * shared with every other client of the token, and this process knows nothing of it while none
	 * of its requests got through for a whole window (a fresh process, a quiet one), nor right after
	 * a 429 (someone else holds slots this process counted as free): then one request goes first,
	 * alone, until one gets through. Sent at once, a burst would be refused whole
	 * when others filled the window (20 answers 429 where one tells as much); after one answer the
	 * window is known to have room or the 429 has paused everyone. Costs nothing to a list, whose
	 * page 1 goes alone anyway, and one round trip to the first burst of items after a quiet spell.
	 */
	waitsForAnswer(): boolean {
		if (this.inFlight === 0) return false;
		return this.lastRefusedAt > this.lastAcceptedAt || this.now() - this.lastAcceptedAt > this.windowMs;
	}

	/** Whether a request may go while the others in flight are unanswered (see acquire for `together`). */
	mayStartBeside(together: boolean): boolean {
		return !this.waitsForAnswer() && (together || this.inFlight === 0 || this.now() >= this.overlapAt());
	}

	/**
	 * When an item may go although the previous one is still unanswered: once that one has been out
	 * for a slot of the limit's pace. An answer slower than that would otherwise set the pace instead
	 * of the limit: at the queue-mode test's 20 per 3 s, one request per 150 ms round trip is 0.91 of
	 * the bound at best (test/unit/lib/sharedToken.cts, one process alone), and at 20 a minute an answer
	 * that takes 4 s would make 100 items take 400 s instead of 300 s.
	 */
	private overlapAt(): number {
		return this.lastSentAt + this.windowMs / this.limit;
	}

	private async nextAnswer(signal?: AbortSignal): Promise<void> {
		await untilCalled((wake) => this.answerWaiters.push(wake), signal);
	}

	/** Nobody using this token in this process sends for `ms`. */
	pauseFor(ms: number): void {
		this.pausedUntil = Math.max(this.pausedUntil, this.now() + ms);
	}

	/**
	 * Datatruck said "too many requests": pause for `pauseMs` (its Retry-After, or a backoff when it
	 * sent none) and, if this process was under its limit, learn that the token is shared.
	 *
	 * Retry-After counts from when Datatruck refused the request, about halfway between its sending
	 * and its answer, so the pause does too: counted from the answer, a retry arrives a whole round
	 * trip after the freed slot, and the other processes on the token, which leave a freed slot free
	 * only a fiftieth of a window (see nextStart), renew theirs first. A process whose answers take
	 * more than about a second at Datatruck's minute then lost every race for a slot until a request
	 * ran out of retries (test/property/sharedToken.property.test.cts, five processes, one answering
	 * in 1.25 s).
	 */
	tooManyRequests(pauseMs: number, retryAfterMs: number | undefined): void {
		const now = this.now();
		const refusedAt = retryAfterMs === undefined ? now : (this.refusedArrivedAt ?? now);
		this.refusedArrivedAt = undefined;
		const ownInWindow = this.started.filter((slot) => !slot.answered || slot.at > now - this.windowMs).length;
		this.share.tooManyRequests(ownInWindow, retryAfterMs);
		this.pauseFor(refusedAt + pauseMs - now);
	}

	/**
	 * Tracks the 429s of one request, to tell a token shared with others (keep trying) from a token
	 * someone else uses whole (give up). `refused()` says whether to give up after this 429: only
	 * after more than `maxInARow` of them with none of this process's requests getting through in
	 * between and, when Datatruck named a wait, two whole windows of that: a full window always frees
	 * within one, so two without a single request of ours means the token is taken.
	 */
	rateLimitStreak(maxInARow: number): { refused(retryAfterMs: number | undefined): boolean; tries(): number } {
		let inARow = 0;
		let total = 0;
		let since = this.now();
		let answeredAtLast = -1;
		return {
			refused: (retryAfterMs) => {
				total++;
				if (this.answeredCount !== answeredAtLast) {
					inARow = 0;
					since = this.now();
				}
				answeredAtLast = this.answeredCount;
				inARow++;
				if (inARow <= maxInARow) return false;
				return !retryAfterMs || this.now() - since >= 2 * this.windowMs;
			},
			tries: () => total,
		};
	}

	/** Rate-limit headers of any answer, if Datatruck sends them: its limit caps ours; none left means wait. */
	noteHeaders(headers: Record<string, unknown> | undefined): void {
		const stated = readRateLimitHeaders(headers, this.now());
		if (stated.limit !== undefined) this.share.noteStatedLimit(stated.limit);
		if (stated.remaining === 0 && stated.resetMs !== undefined) this.pauseFor(stated.resetMs);
	}

	/**
	 * Waits until a request may be sent; returns how long it waited.
	 *
	 * `together` is for the pages of one list read that go out at once (see exactList.ts): they
	 * fill the window's free slots in one round trip. Every other request (an item's create, get or
	 * update, a search) goes when no other request of this process is waiting for its answer, as n8n's
	 * own nodes send one item after the other, or once the last one sent has waited a slot of the
	 * limit's pace (see overlapAt): the rate limit, not the round trip, sets the pace of many items,
	 * and a window that others on the token have filled then refuses one of them, not a whole burst.
	 *
	 * `lane` is the node in one execution that asks (see laneOf in transport.ts). Requests of one lane
	 * go in call order, so input items keep theirs; lanes take turns, the one that waited longest since
	 * its last turn first. n8n asks for all the items of a node at once: in one queue, a 100-item create
	 * put a Return All, a trigger's poll or a one-item execution behind all 100 (measured in queue mode:
	 * a Return All sent nothing for 26 s while a create of 100 work orders ran on its worker).
	 */
	async acquire(
		signal?: AbortSignal,
		together = false,
		lane = '',
	): Promise<{ waitedMs: number; answered: (refused?: boolean) => void }> {
		await this.takeTurn(lane, signal);
		const began = this.now();
		try {
			for (;;) {
				while (!this.mayStartBeside(together)) {
					if (this.waitsForAnswer()) await this.nextAnswer(signal);
					else await untilOrAfter(this.nextAnswer(signal), this.overlapAt() - this.now(), signal);
				}
				const waitMs = this.nextStart() - this.now();
				if (waitMs <= 0) break;
				await pause(waitMs, signal);
			}
			return { waitedMs: this.now() - began, answered: this.start() };
		} finally {
			this.passTurn();
		}
	}

	private async takeTurn(lane: string, signal?: AbortSignal): Promise<void> {
		signal?.throwIfAborted();
		if (!this.turnTaken && this.lanes.size === 0) {
			this.turnTaken = true;
			this.noteTurn(lane);
			return;
		}
		const queued = this.lanes.get(lane) ?? { waiters: [] };
		this.lanes.set(lane, queued);
		await untilCalled(
			(wake) => queued.waiters.push(wake),
			signal,
			(wake) => {
				const index = queued.waiters.indexOf(wake);
				if (index >= 0) queued.waiters.splice(index, 1);
				if (queued.waiters.length === 0 && this.lanes.get(lane) === queued) this.lanes.delete(lane);
			},
		);
	}

	private noteTurn(lane: string): void {
		this.lastTurns.delete(lane);
		this.lastTurns.set(lane, ++this.turns);
		if (this.lastTurns.size > MAX_REMEMBERED_LANES) this.lastTurns.delete(this.lastTurns.keys().next().value as string);
	}

	/** Gives the turn to the first waiter of the lane whose last turn is the oldest. */
	private passTurn(): void {
		let next: [string, Lane] | undefined;
		const lastTurn = (lane: string) => this.lastTurns.get(lane) ?? -1;
		for (const entry of this.lanes) if (!next || lastTurn(entry[0]) < lastTurn(next[0])) next = entry;
		if (!next) {
			this.turnTaken = false;
			return;
		}
		const [lane, queued] = next;
		const go = queued.waiters.shift()!;
		this.noteTurn(lane);
		if (queued.waiters.length === 0) this.lanes.delete(lane);
		go();
	}
}

const limiters = new Map<string, RollingWindowLimiter>();

/** One limiter per company and token; the key holds a hash of the token, never the token. */
export function limiterFor(baseUrl: string, token: string, limit: number, windowMs: number) {
	const key = `${baseUrl}#${fnv1a(token)}`;
	let limiter = limiters.get(key);
	if (!limiter) {
		limiter = new RollingWindowLimiter(limit, windowMs);
		const sameCompany = [...limiters].reverse().find(([other]) => other.startsWith(`${baseUrl}#`));
		if (sameCompany) limiter.share.adopt(sameCompany[1].share);
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
