import { sleep } from 'n8n-workflow';

/** How long one step of a wait may be where `sleep` cannot be cut short. */
export const CANCEL_CHECK_MS = 1000;

/**
 * Waits `ms` (a rate-limit pause, a backoff) and stops as soon as the execution is cancelled.
 *
 * n8n-workflow 2.x's `sleep` takes the execution's signal and rejects the moment it fires. The one in
 * n8n 1.x (n8n-workflow 1.120, n8n 1.123) takes no signal, so a long pause there would run to its end
 * after the user stopped the workflow. Waiting in steps and checking the signal between them makes a
 * cancelled execution stop within one step on 1.x, and at once on 2.x.
 */
export async function pause(ms: number, signal?: AbortSignal): Promise<void> {
	let left = ms;
	while (left > 0) {
		signal?.throwIfAborted();
		const step = Math.min(left, CANCEL_CHECK_MS);
		await sleep(step, signal);
		left -= step;
	}
	signal?.throwIfAborted();
}

/**
 * Waits until the function handed to `enlist` is called (a freed turn, an answer), and stops as soon
 * as the execution is cancelled; `withdraw` then takes that function back from where it was put.
 */
export function untilCalled(
	enlist: (wake: () => void) => void,
	signal?: AbortSignal,
	withdraw?: (wake: () => void) => void,
): Promise<void> {
	signal?.throwIfAborted();
	return new Promise<void>((resolve, reject) => {
		const wake = () => {
			signal?.removeEventListener('abort', onAbort);
			resolve();
		};
		const onAbort = () => {
			withdraw?.(wake);
			reject(signal?.reason ?? new Error('aborted'));
		};
		enlist(wake);
		signal?.addEventListener('abort', onAbort, { once: true });
	});
}

/**
 * Waits for `event` or `ms`, whichever comes first, and stops as soon as the execution is cancelled. The wait that
 * lost is stopped too: a pause left running after its race kept a timer pending for up to its whole length (a jest
 * run of the limiter's tests did not exit for seconds after its last test).
 */
export async function untilOrAfter(event: Promise<void>, ms: number, signal?: AbortSignal): Promise<void> {
	const timer = new AbortController();
	const stopTimer = () => timer.abort();
	signal?.addEventListener('abort', stopTimer, { once: true });
	try {
		await Promise.race([event, pause(ms, timer.signal).catch(() => undefined)]);
		signal?.throwIfAborted();
	} finally {
		signal?.removeEventListener('abort', stopTimer);
		timer.abort();
	}
}
