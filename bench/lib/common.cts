/**
 * What every figure shares: the scaled rate window, the ratio maths, memory sampling and the way a
 * figure hands its result to bench/run.js (a JSON file named by BENCH_OUT).
 *
 * Every number a figure reports is a RATIO within one run (or a count, or a size): the machine is
 * shared and noisy, so absolute times would say more about the neighbours than about the node.
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import type { RequestLogEntry } from '../../test/sandbox/index.cts';

/** Datatruck allows 20 requests per minute; the bench keeps the 20 and shrinks the minute. */
export const RATE = { limit: 20, windowMs: 3000 } as const;
/** The credential takes whole seconds. */
export const RATE_WINDOW_SECONDS = RATE.windowMs / 1000;
/** Loads per page (the API's maximum for /orders/). */
export const LOAD_PAGE = 25;
/** Times a user sets for a 60 s window (intervals, retry waits) are scaled by this for the bench window. */
export const SCALE = RATE.windowMs / 60_000;

export const API_PREFIX = '/api/v1/openapi';

/** A figure's output: rows for the table, plus notes that explain or qualify them. */
export interface FigureResult {
	figure: string;
	title: string;
	/** One line for the summary table at the top of the results. */
	headline: string;
	/** Column headers of this figure's table. */
	columns: string[];
	rows: Array<Array<string | number>>;
	notes: string[];
	/** Anything else worth keeping in the raw JSON (not printed in the table). */
	raw?: unknown;
	/** Set when a part of the figure could not be measured, and why. */
	missing?: string[];
}

export function writeResult(result: FigureResult): void {
	const out = process.env.BENCH_OUT;
	const text = JSON.stringify(result, null, 2);
	if (out) writeFileSync(out, text);
	else process.stdout.write(`${text}\n`);
}

/**
 * Steady-state share of the bound, from the requests of one client that got a 2xx, in order of
 * arrival at the API (t_1 … t_N), with L requests per window available to it: the time each
 * request k > L came after the request L before it is the time that client took for L requests,
 * and its average over the run gives the rate. The first window is left out: an empty window
 * gives a burst for free (which a `next`-following client cannot even use fully, since each page
 * names the next).
 *
 *     ratio = W ÷ mean over k > L of (t_k − t_{k−L})
 *
 * 1 means every slot of the window is used again the moment the window lets it; pages of 25 loads
 * make it the same ratio in loads per window. (A sliding average of the rate: unlike
 * (N − L) ÷ (t_N − t_L) it does not hang on the last few requests alone.)
 */
export function steadyStateRatio(arrivals: number[], perWindow: number, windowMs: number): number | undefined {
	const n = arrivals.length;
	if (n <= perWindow + 1) return undefined;
	let sum = 0;
	for (let k = perWindow; k < n; k++) sum += arrivals[k] - arrivals[k - perWindow];
	const meanGap = sum / (n - perWindow);
	return meanGap > 0 ? windowMs / meanGap : undefined;
}

/**
 * Whole-job share: the shortest time N requests can take from an empty window — the first L at
 * once, the last at (⌈N/L⌉ − 1)·W — divided by the time the job took. It includes what the
 * steady-state ratio leaves out (the first window sent one page after another, the last answer).
 */
export function wholeJobRatio(requests: number, perWindow: number, windowMs: number, elapsedMs: number): number | undefined {
	if (requests <= perWindow || elapsedMs <= 0) return undefined;
	return ((Math.ceil(requests / perWindow) - 1) * windowMs) / elapsedMs;
}

/**
 * How much longer than one window each cycle of L requests took (t_k − t_{k−L} − W, k > L), as a
 * share of the window: mean, median, 90th percentile and maximum. A limiter that starts request k+L only
 * once request k's answer is in pays the answer time once per cycle; at the real 60 s window the
 * same milliseconds weigh 20 times less than at the bench's 3 s.
 */
export function cycleExcess(arrivals: number[], perWindow: number, windowMs: number) {
	const excess: number[] = [];
	for (let k = perWindow; k < arrivals.length; k++) excess.push((arrivals[k] - arrivals[k - perWindow] - windowMs) / windowMs);
	if (!excess.length) return undefined;
	const sorted = [...excess].sort((a, b) => a - b);
	const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
	return { mean: excess.reduce((a, b) => a + b, 0) / excess.length, median: at(0.5), p90: at(0.9), max: sorted[sorted.length - 1] };
}

/** Successful arrivals of the requests that match, in order. */
export function arrivalsOf(log: RequestLogEntry[], match: (entry: RequestLogEntry) => boolean): number[] {
	return log.filter((entry) => match(entry) && entry.status >= 200 && entry.status < 300).map((entry) => entry.at);
}

export function statusCounts(log: RequestLogEntry[], match: (entry: RequestLogEntry) => boolean = () => true) {
	// `other` is every answer neither 2xx nor 429; `badRequest` counts its 400s again, for the figures that show them.
	const counts = { total: 0, ok: 0, tooMany: 0, other: 0, badRequest: 0 };
	for (const entry of log) {
		if (!match(entry)) continue;
		counts.total++;
		if (entry.status >= 200 && entry.status < 300) counts.ok++;
		else if (entry.status === 429) counts.tooMany++;
		else counts.other++;
		if (entry.status === 400) counts.badRequest++;
	}
	return counts;
}

export const fmtRatio = (value: number | undefined, digits = 3): string =>
	value === undefined || !Number.isFinite(value) ? '—' : value.toFixed(digits);

export const fmtInt = (value: number): string => value.toLocaleString('en-US');

export function fmtBytes(bytes: number): string {
	if (bytes < 1024) return `${bytes} B`;
	if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
	return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}

export function median(values: number[]): number {
	const sorted = [...values].sort((a, b) => a - b);
	const mid = Math.floor(sorted.length / 2);
	return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** Samples heap and RSS every few milliseconds (the peak, not the end state, is what a user hits). */
export class MemorySampler {
	peakHeapUsed = 0;

	peakRss = 0;

	private timer?: NodeJS.Timeout;

	start(everyMs = 5): this {
		const sample = (): void => {
			const { heapUsed, rss } = process.memoryUsage();
			if (heapUsed > this.peakHeapUsed) this.peakHeapUsed = heapUsed;
			if (rss > this.peakRss) this.peakRss = rss;
		};
		sample();
		this.timer = setInterval(sample, everyMs);
		return this;
	}

	stop(): this {
		if (this.timer) clearInterval(this.timer);
		const { heapUsed, rss } = process.memoryUsage();
		this.peakHeapUsed = Math.max(this.peakHeapUsed, heapUsed);
		this.peakRss = Math.max(this.peakRss, rss);
		return this;
	}
}

export function gc(): void {
	const collect = (globalThis as { gc?: () => void }).gc;
	if (collect) {
		collect();
		collect();
	}
}

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

const startedAt = Date.now();

/** Progress on stderr, with the seconds since this process started (progress only, never a result). */
export function say(message: string): void {
	process.stderr.write(`[bench +${Math.round((Date.now() - startedAt) / 1000)}s] ${message}\n`);
}

/**
 * When and on what code a figure ran: the date, the commit, and the node's files that differed from it (several
 * engineers share the working tree, so a run can measure work that is not committed yet).
 */
export function runLabel(): string {
	const date = new Date().toISOString().slice(0, 10);
	try {
		// Not trimmed: a porcelain line starts with its status columns, a space among them.
		const git = (...args: string[]) => execFileSync('git', args, { encoding: 'utf8' });
		const commit = git('rev-parse', '--short', 'HEAD').trim();
		const changed = git('status', '--porcelain', '--', 'nodes', 'credentials')
			.split('\n')
			.filter(Boolean)
			.map((line) => line.slice(3));
		return `${date}, ${commit}${changed.length ? ` (with uncommitted changes to ${changed.join(', ')})` : ''}`;
	} catch {
		return `${date}, commit unknown`;
	}
}
