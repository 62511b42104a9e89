/**
 * `pause` under n8n 1.x, whose n8n-workflow `sleep(ms)` ignores the cancel signal: the wait still ends within one
 * step of a cancel. n8n-workflow's sleep is replaced here by one that, like 1.x's, never looks at the signal.
 */
import { CANCEL_CHECK_MS, pause, untilOrAfter } from '../../nodes/Datatruck/shared/transport/wait';

jest.mock('n8n-workflow', () => ({
	...jest.requireActual('n8n-workflow'),
	sleep: jest.fn(async (ms: number) => await new Promise((resolve) => setTimeout(resolve, ms))),
}));

// Every wait here runs on fake timers.
beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('pause (a wait that a cancelled execution cuts short)', () => {
	it('waits the whole time when nothing cancels it', async () => {
		let done = false;
		const waiting = pause(5_500).then(() => (done = true));
		await jest.advanceTimersByTimeAsync(5_499);
		expect(done).toBe(false);
		await jest.advanceTimersByTimeAsync(1);
		await waiting;
		expect(done).toBe(true);
	});

	it('stops within one step of a cancel even where sleep ignores the signal (n8n 1.x)', async () => {
		const controller = new AbortController();
		const outcome = pause(60_000, controller.signal).then(
			() => 'finished',
			(error: Error) => `stopped: ${error.name}`,
		);
		await jest.advanceTimersByTimeAsync(2_300);
		controller.abort();
		await jest.advanceTimersByTimeAsync(CANCEL_CHECK_MS);
		expect(await outcome).toBe('stopped: AbortError');
	});

	it('does not wait at all once the execution is cancelled', async () => {
		const controller = new AbortController();
		controller.abort();
		await expect(pause(60_000, controller.signal)).rejects.toThrow();
	});
});

describe('untilOrAfter (an answer or a pause, whichever comes first)', () => {
	it('ends with the event, and the pause that lost leaves no timer behind (within one step where sleep ignores the signal)', async () => {
		let answer!: () => void;
		let done = false;
		const waiting = untilOrAfter(new Promise<void>((resolve) => (answer = resolve)), 30_000).then(() => (done = true));
		await jest.advanceTimersByTimeAsync(500);
		answer();
		await waiting;
		expect(done).toBe(true);
		await jest.advanceTimersByTimeAsync(CANCEL_CHECK_MS);
		expect(jest.getTimerCount()).toBe(0);
	});

	it('ends after the pause when the event does not come', async () => {
		let done = false;
		const waiting = untilOrAfter(new Promise<void>(() => undefined), 2_500).then(() => (done = true));
		await jest.advanceTimersByTimeAsync(2_499);
		expect(done).toBe(false);
		await jest.advanceTimersByTimeAsync(1);
		await waiting;
		expect(done).toBe(true);
	});

	it('stops when the execution is cancelled', async () => {
		const controller = new AbortController();
		const outcome = untilOrAfter(new Promise<void>(() => undefined), 60_000, controller.signal).then(
			() => 'finished',
			(error: Error) => `stopped: ${error.name}`,
		);
		await jest.advanceTimersByTimeAsync(1_000);
		controller.abort();
		await jest.advanceTimersByTimeAsync(CANCEL_CHECK_MS);
		expect(await outcome).toBe('stopped: AbortError');
	});
});
