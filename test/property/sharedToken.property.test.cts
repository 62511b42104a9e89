/**
 * Any mix of n8n processes on one token (queue-mode workers with their own limiters), with any
 * answer times, start and stop times and concurrency, against a simulated Datatruck: no request
 * runs out of 429 retries (no execution fails), nobody is starved, and a process left alone gets
 * the whole limit back. SHARED_TOKEN_PROPERTY_RUNS sets the number of random cases (default 40)
 * and SHARED_TOKEN_PROPERTY_SEED replays a failure report's seed.
 */
import fc from 'fast-check';
import { ratePerWindow, simulateSharedToken } from '../unit/lib/sharedToken.cts';

const LIMIT = 20;
const RUNS = Number(process.env.SHARED_TOKEN_PROPERTY_RUNS ?? 40);
const SEED = Number(process.env.SHARED_TOKEN_PROPERTY_SEED ?? Date.now() % 2 ** 31);

type Plan = { concurrency: number; latencyFraction: number; fromWindows: number; activeWindows: number };
const plan = (concurrency: number, latencyFraction: number, fromWindows: number, activeWindows: number): Plan => ({
	concurrency,
	latencyFraction,
	fromWindows,
	activeWindows,
});

/**
 * Cases that once failed, checked on every run: the first failed CI (the slowest process starved
 * while five shared the token); the next five failed with a measured-cut floor of half, 0.4 or 1/3
 * of the limit (see AdaptiveShare.MEASURED_FLOOR); the last one, five processes at Datatruck's minute,
 * one answering in 1.25 s, while its pause after a 429 counted Retry-After from the answer (see
 * RollingWindowLimiter.tooManyRequests).
 */
const FOUND: Array<[number, Plan[], number]> = [
	[3000, [plan(1, 0.001, 1, 10), plan(1, 0.0145, 7, 10), plan(1, 0.0021666666666666666, 6, 10), plan(1, 0.002833333333333333, 7, 10)], 400730905],
	[3000, [plan(1, 0.007090378589131045, 7, 31), plan(5, 0.02240052630363264, 1, 32), plan(3, 0.014018770245768242, 10, 39), plan(9, 0.006916397072899143, 10, 33)], 1783095942],
	[3000, [plan(12, 0.007472760461914623, 9, 18), plan(8, 0.007747784978537167, 9, 10), plan(19, 0.0035484367516040952, 0, 32), plan(20, 0.04168013523086091, 9, 32)], 392020849],
	[3000, [plan(17, 0.0017254033644143335, 2, 38), plan(4, 0.003259650088355915, 10, 18), plan(1, 0.03873925578566321, 1, 37), plan(2, 0.007507080850634537, 8, 14)], 179390261],
	[3000, [plan(12, 0.0011370740454607793, 7, 40), plan(2, 0.004869421961661031, 8, 16), plan(8, 0.0010000000000000033, 8, 11), plan(12, 0.04999999999999997, 0, 36)], 1107465875],
	[60000, [plan(7, 0.030820474767707582, 1, 21), plan(3, 0.0012780346997196916, 2, 26), plan(16, 0.0017830317350875325, 6, 18), plan(14, 0.0038404279303729154, 5, 38)], 1861012337],
	[60000, [plan(1, 0.001, 5, 10), plan(1, 0.001275, 0, 10), plan(1, 0.020775, 3, 10), plan(1, 0.008191666666666667, 0, 10)], 1133280361],
];

describe('adaptive share, property', () => {
	test('no failed request, no starved process, the limit regained when alone', () => {
		fc.assert(
			fc.property(
				fc.constantFrom(3000, 60_000),
				fc.array(
					fc.record({
						concurrency: fc.integer({ min: 1, max: 20 }),
						latencyFraction: fc.double({ min: 0.001, max: 0.05, noNaN: true }),
						fromWindows: fc.integer({ min: 0, max: 10 }),
						activeWindows: fc.integer({ min: 10, max: 40 }),
					}),
					{ minLength: 1, maxLength: 4 },
				),
				fc.integer({ min: 1, max: 2 ** 31 }),
				(windowMs, plans, seed) => {
					const processes = plans.map((plan) => ({
						concurrency: plan.concurrency,
						latencyMs: Math.round(plan.latencyFraction * windowMs),
						from: plan.fromWindows * windowMs,
						until: (plan.fromWindows + plan.activeWindows) * windowMs,
					}));
					// A last process alone for the final 40 windows.
					const othersEnd = Math.max(...processes.map((p) => p.until));
					processes.push({ concurrency: 4, latencyMs: Math.round(0.01 * windowMs), from: 0, until: othersEnd + 40 * windowMs });
					const run = simulateSharedToken({ limit: LIMIT, windowMs, durationMs: othersEnd + 40 * windowMs, processes, seed });
					for (const p of run.processes) expect(p.failed).toBe(0);
					// While everybody runs, each gets a real part of the token.
					const busyFrom = Math.max(...processes.map((p) => p.from)) + 5 * windowMs;
					const busyTo = Math.min(...processes.map((p) => p.until));
					if (busyTo - busyFrom >= 5 * windowMs) {
						for (const p of run.processes) {
							expect(ratePerWindow(p.admitted, busyFrom, busyTo, windowMs)).toBeGreaterThan((0.25 * LIMIT) / processes.length);
						}
					}
					const alone = run.processes[run.processes.length - 1];
					expect(ratePerWindow(alone.admitted, othersEnd + 30 * windowMs, othersEnd + 40 * windowMs, windowMs)).toBeGreaterThan(0.85 * LIMIT);
				},
			),
			{ numRuns: RUNS, seed: SEED, examples: FOUND },
		);
	});
});
