/**
 * Any mix of n8n processes on one token (queue-mode workers with their own limiters), with any
 * answer times, start and stop times and concurrency, against a simulated Datatruck: no request
 * runs out of 429 retries (no execution fails), nobody is starved, and a process left alone gets
 * the whole limit back.
 */
import fc from 'fast-check';
import { ratePerWindow, simulateSharedToken } from '../unit/lib/sharedToken.cts';

const LIMIT = 20;

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
			{ numRuns: 40 },
		);
	});
});
