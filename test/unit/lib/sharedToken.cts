/**
 * K n8n processes (each with its own RollingWindowLimiter, as queue-mode workers have) and maybe
 * another app, all spending one token against a simulated Datatruck, on a simulated clock.
 *
 * Datatruck is modelled as the sandbox's limiter is (test/sandbox/rateLimiter.ts): a sliding window
 * of admitted arrivals; a refused request is not counted and gets Retry-After in whole seconds, at
 * least 1 (scaled like the window). A process behaves as transport.ts does: it waits for its limiter, sends, the request
 * arrives half an answer time later, and on a 429 it tells its limiter and tries again until the
 * limiter's rateLimitStreak (the transport's rule) says to give up: then the execution would fail. During an
 * `outage` Datatruck answers 503: the request waits the transport's backoff and goes again, at most
 * unavailableRetries times.
 */
import { RollingWindowLimiter } from '../../../nodes/Datatruck/shared/transport/rateLimiter';
import { backoffCeilingMs, countedByDatatruck, retryPolicy } from '../../../nodes/Datatruck/shared/transport/transport';

export interface ProcessPlan {
	/** When it starts and stops wanting requests (ms); it always has work in between. */
	from?: number;
	until?: number;
	/**
	 * Requests it has waiting at once (items of executions, pages of a list). The limiter sends them
	 * one after the other unless `together` (the page waves of list reads, RollingWindowLimiter.acquire),
	 * which sends up to `concurrency` at once.
	 */
	concurrency?: number;
	together?: boolean;
	latencyMs?: number;
	/** Requests it wants in all; unlimited when not given. With `periodMs`, the requests it wants each period. */
	requests?: number;
	/** Demand that comes in waves, as a trigger's polls do: `requests` more every `periodMs` from `from`. */
	periodMs?: number;
	/** Stretches of work with idle ones between (a worker's scheduled jobs), in place of `from` and `until`. */
	spans?: Array<{ from: number; until: number }>;
}

export interface OtherApp {
	/** A fixed schedule that never adapts: one request every windowMs / perWindow. */
	perWindow: number;
	from?: number;
	until?: number;
}

export interface SharedTokenRun {
	limit: number;
	windowMs: number;
	processes: ProcessPlan[];
	otherApp?: OtherApp;
	durationMs: number;
	/** Retry-After 0 429s Datatruck sends at random, as a faulty gateway might (share of requests). */
	zeroRetryAfterFaults?: number;
	retries?: number;
	seed?: number;
	/** Datatruck down (503 to every request) from `from` to `until`: each process waits and sends again, as transport.ts does. */
	outage?: { from: number; until: number };
}

export interface ProcessOutcome {
	/** Arrival times at Datatruck of its admitted requests. */
	admitted: number[];
	tooMany: number;
	/** Arrival times of its requests Datatruck refused with 429. */
	refusedAt: number[];
	/** Requests that ran out of retries: an execution would have failed. */
	failed: number;
	limiter: RollingWindowLimiter;
}

export interface SharedTokenOutcome {
	processes: ProcessOutcome[];
	otherApp: { sent: number; admitted: number[] };
	/** Every admitted arrival, whoever sent it. */
	admitted: number[];
}

interface Flight {
	process: number;
	sentAt: number;
	arriveAt: number;
	answerAt: number;
	streak: ReturnType<RollingWindowLimiter['rateLimitStreak']>;
	status?: 200 | 429 | 503;
	retryAfterMs?: number;
	/** 503s this request has had. */
	faults: number;
	answered: (refused?: boolean) => void;
}

export function simulateSharedToken(run: SharedTokenRun): SharedTokenOutcome {
	const { limit, windowMs, durationMs } = run;
	const retries = run.retries ?? 6;
	// Whole seconds of a 60 s window, scaled with the window as the bench's sandbox does.
	const retryAfterStepMs = (1000 * windowMs) / 60_000;
	let clock = 0;
	let random = run.seed ?? 1;
	const nextRandom = () => {
		random = (Math.imul(random, 1103515245) + 12345) >>> 0;
		return random / 2 ** 32;
	};
	const serverArrivals: number[] = [];
	const admit = (at: number): { ok: true } | { ok: false; retryAfterMs: number } => {
		while (serverArrivals.length && serverArrivals[0] <= at - windowMs) serverArrivals.shift();
		if (serverArrivals.length >= limit) {
			const waitMs = serverArrivals[0] + windowMs - at;
			return { ok: false, retryAfterMs: Math.max(1, Math.ceil(waitMs / retryAfterStepMs)) * retryAfterStepMs };
		}
		serverArrivals.push(at);
		return { ok: true };
	};

	const states = run.processes.map((plan) => ({
		plan: { from: 0, until: durationMs, concurrency: 1, latencyMs: 200, together: false, ...plan },
		limiter: new RollingWindowLimiter(limit, windowMs, () => clock),
		inFlight: 0,
		/** Tries of requests refused and waiting to be sent again (they go first). */
		retrying: [] as Array<Pick<Flight, 'streak' | 'faults'>>,
		/** Requests answered 503, waiting out their backoff. */
		backingOff: [] as Array<Pick<Flight, 'streak' | 'faults'> & { at: number }>,
		sent: 0,
		outcome: { admitted: [] as number[], tooMany: 0, refusedAt: [] as number[], failed: 0 },
	}));
	const flights: Flight[] = [];
	// transport.ts's backoff after a 503: exponential, capped, with jitter.
	const backoff = (attempt: number) => {
		const ceiling = backoffCeilingMs(attempt, windowMs);
		return Math.round(ceiling / 2 + (nextRandom() * ceiling) / 2);
	};
	const other = { sent: 0, admitted: [] as number[], nextAt: run.otherApp?.from ?? 0 };
	const admitted: number[] = [];

	// A request waiting out a 503's backoff holds its place, as an execution waits for its request.
	const busy = (s: (typeof states)[number]) => s.inFlight + s.backingOff.length;
	const periodsBegun = (s: (typeof states)[number]) => (s.plan.periodMs ? Math.floor((clock - s.plan.from) / s.plan.periodMs) + 1 : 1);
	const spansOf = (s: (typeof states)[number]) => s.plan.spans ?? [{ from: s.plan.from, until: s.plan.until }];
	const working = (s: (typeof states)[number]) => spansOf(s).some((span) => clock >= span.from && clock < span.until);
	const nextSpanStart = (s: (typeof states)[number]) => Math.min(...spansOf(s).map((span) => span.from).filter((from) => from > clock));
	const wants = (s: (typeof states)[number]) =>
		s.retrying.length > 0 || (working(s) && (s.plan.requests === undefined || s.sent < s.plan.requests * periodsBegun(s)));

	while (clock <= durationMs || flights.length) {
		// Send what each process's limiter allows now.
		states.forEach((s, index) => {
			while (busy(s) < s.plan.concurrency && wants(s) && s.limiter.mayStartBeside(s.plan.together) && s.limiter.nextStart() <= clock) {
				const { streak, faults } = s.retrying.shift() ?? (s.sent++, { streak: s.limiter.rateLimitStreak(retries), faults: 0 });
				const answered = s.limiter.start();
				s.inFlight++;
				const jitter = 0.5 + nextRandom();
				const latency = Math.max(2, Math.round(s.plan.latencyMs * jitter));
				flights.push({ process: index, sentAt: clock, arriveAt: clock + latency / 2, answerAt: clock + latency, streak, faults, answered });
			}
		});
		if (run.otherApp && clock >= other.nextAt && clock < (run.otherApp.until ?? durationMs)) {
			other.sent++;
			other.nextAt = clock + windowMs / run.otherApp.perWindow;
			if (admit(clock).ok) {
				other.admitted.push(clock);
				admitted.push(clock);
			}
		}

		const candidates: number[] = [];
		for (const flight of flights) candidates.push(flight.status ? flight.answerAt : flight.arriveAt);
		for (const s of states) candidates.push(...s.backingOff.map((waiting) => waiting.at));
		for (const s of states) {
			if (busy(s) < s.plan.concurrency) {
				if (wants(s) && s.limiter.mayStartBeside(s.plan.together)) candidates.push(s.limiter.nextStart());
				else if (Number.isFinite(nextSpanStart(s))) candidates.push(nextSpanStart(s));
				else if (s.plan.periodMs) candidates.push(s.plan.from + periodsBegun(s) * s.plan.periodMs);
			}
		}
		if (run.otherApp && other.nextAt < (run.otherApp.until ?? durationMs)) candidates.push(other.nextAt);
		const next = Math.min(...candidates.filter((t) => t > clock || t === clock));
		if (!Number.isFinite(next) || next > durationMs + 10 * windowMs) break;
		clock = Math.max(clock, next);

		// Backoffs that ended, then arrivals in order, then answers.
		for (const s of states) {
			const due = s.backingOff.filter((waiting) => waiting.at <= clock);
			s.backingOff = s.backingOff.filter((waiting) => waiting.at > clock);
			s.retrying.push(...due);
		}
		for (const flight of flights.filter((f) => !f.status && f.arriveAt <= clock).sort((a, b) => a.arriveAt - b.arriveAt)) {
			if (run.outage && flight.arriveAt >= run.outage.from && flight.arriveAt < run.outage.until) {
				flight.status = 503;
				continue;
			}
			const fault = run.zeroRetryAfterFaults && nextRandom() < run.zeroRetryAfterFaults;
			const decision = fault ? { ok: false as const, retryAfterMs: 0 } : admit(flight.arriveAt);
			if (decision.ok) {
				flight.status = 200;
				states[flight.process].outcome.admitted.push(flight.arriveAt);
				admitted.push(flight.arriveAt);
			} else {
				flight.status = 429;
				flight.retryAfterMs = decision.retryAfterMs;
			}
		}
		for (const flight of flights.filter((f) => f.status && f.answerAt <= clock)) {
			flights.splice(flights.indexOf(flight), 1);
			const s = states[flight.process];
			s.inFlight--;
			flight.answered(!countedByDatatruck(flight.status!));
			if (flight.status === 503) {
				const faults = flight.faults + 1;
				if (faults > retryPolicy.unavailableRetries) s.outcome.failed++;
				else s.backingOff.push({ streak: flight.streak, faults, at: clock + backoff(faults) });
			}
			if (flight.status === 429) {
				s.outcome.tooMany++;
				s.outcome.refusedAt.push(flight.arriveAt);
				s.limiter.tooManyRequests(flight.retryAfterMs!, flight.retryAfterMs);
				if (flight.streak.refused(flight.retryAfterMs)) s.outcome.failed++;
				else s.retrying.push(flight);
			}
		}
	}
	return {
		processes: states.map((s) => ({ ...s.outcome, limiter: s.limiter })),
		otherApp: other,
		admitted: admitted.sort((a, b) => a - b),
	};
}

/** Admitted requests with arrivals in [from, to), per window. */
export function ratePerWindow(arrivals: number[], from: number, to: number, windowMs: number): number {
	return (arrivals.filter((at) => at >= from && at < to).length * windowMs) / (to - from);
}

/** The share of the processes' requests Datatruck answered 429 (the other app's not counted). */
export function tooManyShare(run: SharedTokenOutcome): number {
	const refused = run.processes.reduce((sum, p) => sum + p.tooMany, 0);
	const sent = refused + run.processes.reduce((sum, p) => sum + p.admitted.length, 0);
	return refused / sent;
}

/** A job of `length` windows every `every`, from window `offset`, over `windows`: a scheduled sync or an hourly check. */
export function repeatingSpans(windowMs: number, windows: number, offset: number, every: number, length: number): Array<{ from: number; until: number }> {
	return Array.from({ length: Math.ceil(windows / every) }, (_, i) => ({ from: (offset + i * every) * windowMs, until: (offset + i * every + length) * windowMs }));
}

/** The token, length and trigger polls of simulateCarrierDay's day. */
export const CARRIER_DAY = { limit: 20, windows: 540, pollsPerWindow: 8 } as const;

/**
 * Issue 40's carrier day on one token, as bench/sharedTokenDay.cts runs it: the trigger polls on the main process
 * (8 requests a window), a sync of `syncWindows` every `syncEvery` windows on the two workers in turn, a 3-window
 * Check Compatibility every 60 on the half hour, another app on 4 a window; 540 windows.
 */
export function simulateCarrierDay(day: { windowMs: number; latencyMs: number; syncEvery: number; syncWindows: number; seed: number }): SharedTokenOutcome {
	const { windowMs, latencyMs, syncEvery, syncWindows, seed } = day;
	const jobs = (offset: number, every: number, length: number) => repeatingSpans(windowMs, CARRIER_DAY.windows, offset, every, length);
	return simulateSharedToken({
		limit: CARRIER_DAY.limit,
		windowMs,
		durationMs: CARRIER_DAY.windows * windowMs,
		seed,
		processes: [
			{ periodMs: windowMs, requests: CARRIER_DAY.pollsPerWindow, concurrency: 4, latencyMs },
			{ spans: jobs(0, 2 * syncEvery, syncWindows), latencyMs },
			{ spans: jobs(syncEvery, 2 * syncEvery, syncWindows), latencyMs },
			{ spans: jobs(30, 60, 3), latencyMs },
		],
		otherApp: { perWindow: 4 },
	});
}
