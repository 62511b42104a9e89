import fc from 'fast-check';
import { RollingWindowLimiter } from '../../nodes/Datatruck/shared/transport/rateLimiter';

/**
 * Replays requests against the limiter on a simulated clock: requests queue in call order, each is
 * sent when the limiter allows, and Datatruck counts it halfway between sending and answering.
 */
/** Sends as a lane of the limiter, answered `answerMs` later as from Datatruck; `order` names the requests as they went. */
function sender(limiter: RollingWindowLimiter, answerMs: number) {
	const order: string[] = [];
	const send = async (lane: string, name: string) => {
		const slot = await limiter.acquire(undefined, false, lane);
		order.push(name);
		await new Promise((resolve) => setTimeout(resolve, answerMs));
		slot.answered();
	};
	return { order, send };
}

function simulate(limit: number, windowMs: number, requests: Array<{ gap: number; latency: number }>) {
	let clock = 0;
	const limiter = new RollingWindowLimiter(limit, windowMs, () => clock);
	const arrivalsAt: number[] = [];
	let due = requests.map((request, index) => ({ ...request, at: 0, index }));
	let t = 0;
	for (const request of due) request.at = t += request.gap;
	const answers: Array<{ at: number; answered: () => void }> = [];
	const queue: typeof due = [];
	let recheckAt = Infinity;
	while (due.length || queue.length || answers.length) {
		const nextAnswer = Math.min(...answers.map((answer) => answer.at));
		clock = Math.min(due[0]?.at ?? Infinity, nextAnswer, queue.length ? recheckAt : Infinity);
		for (const answer of answers.filter((candidate) => candidate.at <= clock)) answer.answered();
		answers.splice(0, answers.length, ...answers.filter((candidate) => candidate.at > clock));
		while (due.length && due[0].at <= clock) queue.push(due.shift()!);
		due = due.filter(Boolean);
		recheckAt = Infinity;
		while (queue.length) {
			const start = limiter.nextStart();
			if (start > clock) {
				recheckAt = start;
				break;
			}
			const request = queue.shift()!;
			const answered = limiter.start();
			arrivalsAt.push(clock + request.latency / 2);
			answers.push({ at: clock + request.latency, answered });
		}
	}
	return arrivalsAt.sort((a, b) => a - b);
}

describe('RollingWindowLimiter', () => {
	test('never lets more than the limit arrive in any window, whatever the answer times', () => {
		fc.assert(
			fc.property(
				fc.integer({ min: 1, max: 25 }),
				fc.integer({ min: 100, max: 60_000 }),
				fc.array(fc.record({ gap: fc.nat(500), latency: fc.nat(3000) }), { minLength: 1, maxLength: 120 }),
				(limit, windowMs, requests) => {
					const arrivals = simulate(limit, windowMs, requests);
					expect(arrivals).toHaveLength(requests.length);
					for (let i = limit; i < arrivals.length; i++) {
						expect(arrivals[i] - arrivals[i - limit]).toBeGreaterThanOrEqual(windowMs);
					}
				},
			),
			{ numRuns: 300 },
		);
	});

	test('alone on its token, the margin a freed slot is held overlaps the round trip instead of adding to it', () => {
		// Answers take 2 % of the window, as long as the margin: each cycle of 20 takes one window and 2 %, not 4 %.
		const windowMs = 3000;
		const arrivals = simulate(20, windowMs, Array.from({ length: 100 }, () => ({ gap: 0, latency: windowMs / 50 })));
		const cycles = arrivals.slice(20).map((at, index) => at - arrivals[index]);
		const mean = cycles.reduce((sum, cycle) => sum + cycle, 0) / cycles.length;
		expect(mean).toBeGreaterThanOrEqual(windowMs);
		expect(mean).toBeLessThanOrEqual(windowMs * 1.025);
	});

	test('uses the whole budget: a full window goes out within its first quarter', () => {
		const arrivals = simulate(20, 60_000, Array.from({ length: 20 }, () => ({ gap: 0, latency: 10 })));
		expect(arrivals).toHaveLength(20);
		expect(Math.max(...arrivals)).toBeLessThan(60_000 / 4);
	});

	test('a 429 pauses everyone using the token', () => {
		let clock = 0;
		const limiter = new RollingWindowLimiter(20, 60_000, () => clock);
		limiter.pauseFor(5_000);
		clock = 1_000;
		expect(limiter.nextStart()).toBe(5_000);
	});

	test('acquire waits in call order', async () => {
		const limiter = new RollingWindowLimiter(1, 50);
		const order: number[] = [];
		await Promise.all(
			[0, 1, 2].map(async (index) => {
				const slot = await limiter.acquire();
				order.push(index);
				slot.answered();
			}),
		);
		expect(order).toEqual([0, 1, 2]);
	});

	test('executions take turns: one asking later is not put behind another\'s queued items', async () => {
		const limiter = new RollingWindowLimiter(20, 60_000);
		(await limiter.acquire()).answered();
		const { order, send } = sender(limiter, 5);
		// n8n asks for all the items of a node at once.
		const items = ['item 1', 'item 2', 'item 3', 'item 4', 'item 5'].map((name) => send('execution 1/node', name));
		await new Promise((resolve) => setTimeout(resolve, 1));
		const page = send('execution 2/node', 'page 1');
		await Promise.all([...items, page]);
		// Items keep their order; the page goes at the next turn, not after the fifth item.
		expect(order.filter((name) => name.startsWith('item'))).toEqual(['item 1', 'item 2', 'item 3', 'item 4', 'item 5']);
		expect(order.indexOf('page 1')).toBeLessThanOrEqual(2);
	});

	test('a lane that asks one request at a time takes turns with a lane of queued items, not always before it', async () => {
		// 3 requests a 150 ms window: each turn waits for a slot, while the page readers ask again meanwhile.
		const limiter = new RollingWindowLimiter(3, 150);
		const { order, send } = sender(limiter, 2);
		// Two Return Alls: the next page is asked for once the last is in.
		const pages = (lane: string) => (async () => {
			for (let page = 1; page <= 8; page++) await send(lane, `${lane} page ${page}`);
		})();
		const syncs = [pages('sync 1'), pages('sync 2')];
		await new Promise((resolve) => setTimeout(resolve, 1));
		// A proof-of-delivery execution's three loads, asked for at once.
		const items = [1, 2, 3].map((item) => send('delivery/Get Documents', `item ${item}`));
		await Promise.all([...syncs, ...items]);
		// Each lane in turn: the three items go within the first ten requests, not after the sixteen pages.
		expect(order.indexOf('item 3')).toBeLessThan(10);
		expect(order.filter((name) => name.startsWith('item'))).toEqual(['item 1', 'item 2', 'item 3']);
	});

	test('a cancelled request leaves the line without holding up its lane or the others', async () => {
		const limiter = new RollingWindowLimiter(1, 50);
		(await limiter.acquire(undefined, false, 'a')).answered();
		const cancel = new AbortController();
		// Holds the turn until the window frees a slot; the next two wait behind it.
		const first = limiter.acquire(undefined, false, 'a');
		const cancelled = limiter.acquire(cancel.signal, false, 'b');
		const after = limiter.acquire(undefined, false, 'b');
		cancel.abort(new Error('execution cancelled'));
		await expect(cancelled).rejects.toThrow('execution cancelled');
		(await first).answered();
		(await after).answered();
	});

	test('cancelling the execution stops the wait for a slot at once', async () => {
		const limiter = new RollingWindowLimiter(1, 60_000);
		(await limiter.acquire()).answered();
		const cancel = new AbortController();
		const waiting = limiter.acquire(cancel.signal);
		cancel.abort(new Error('execution cancelled'));
		// Without the signal this would wait a whole minute; jest's timeout would fail the test.
		await expect(waiting).rejects.toThrow('execution cancelled');
	});
	describe('one request at a time unless the window is known to have room', () => {
		/** Acquires `n` slots at once (a list's pages, or items); returns which were granted before any answer came back. */
		async function burst(limiter: RollingWindowLimiter, n: number, together = true) {
			const granted: number[] = [];
			const slots = Array.from({ length: n }, (_, index) =>
				limiter.acquire(undefined, together).then((slot) => {
					granted.push(index);
					return slot;
				}),
			);
			await new Promise((resolve) => setTimeout(resolve, 30));
			return { granted, slots };
		}

		test('a fresh process sends one request and waits for its answer before the rest of a burst', async () => {
			const limiter = new RollingWindowLimiter(20, 60_000);
			const { granted, slots } = await burst(limiter, 5);
			expect(granted).toEqual([0]);
			(await slots[0]).answered();
			await Promise.all(slots);
			expect(granted).toEqual([0, 1, 2, 3, 4]);
		});

		test('once a request got through, a burst goes out at once', async () => {
			const limiter = new RollingWindowLimiter(20, 60_000);
			(await limiter.acquire()).answered();
			const { granted } = await burst(limiter, 5);
			expect(granted).toEqual([0, 1, 2, 3, 4]);
		});

		test('items (requests not sent together) go one after the other, each when the previous answer is in', async () => {
			const limiter = new RollingWindowLimiter(20, 60_000);
			(await limiter.acquire()).answered();
			const { granted, slots } = await burst(limiter, 3, false);
			expect(granted).toEqual([0]);
			(await slots[0]).answered();
			await new Promise((resolve) => setTimeout(resolve, 30));
			expect(granted).toEqual([0, 1]);
			(await slots[1]).answered();
			await Promise.all(slots);
			expect(granted).toEqual([0, 1, 2]);
		});

		test('an item whose previous answer is slower than the limit\'s pace goes beside it, at that pace', async () => {
			// 20 per 2 s: the limit's pace is one request per 100 ms.
			const limiter = new RollingWindowLimiter(20, 2000);
			(await limiter.acquire()).answered();
			const { granted, slots } = await burst(limiter, 3, false);
			expect(granted).toEqual([0]);
			// None answered: the next two went at the limit's pace (about 100 and 200 ms), not after an answer.
			await new Promise((resolve) => setTimeout(resolve, 600));
			expect(granted).toEqual([0, 1, 2]);
			for (const slot of slots) (await slot).answered();
		});

		test('a refused probe keeps the next requests one at a time', async () => {
			const limiter = new RollingWindowLimiter(20, 60_000);
			const { granted, slots } = await burst(limiter, 3);
			(await slots[0]).answered(true);
			await new Promise((resolve) => setTimeout(resolve, 30));
			expect(granted).toEqual([0, 1]);
			(await slots[1]).answered();
			await Promise.all(slots);
			expect(granted).toEqual([0, 1, 2]);
		});

		test('after a quiet window the window is unknown again', async () => {
			let clock = 0;
			const limiter = new RollingWindowLimiter(20, 60_000, () => clock);
			(await limiter.acquire()).answered();
			clock = 61_000;
			const { granted, slots } = await burst(limiter, 3);
			expect(granted).toEqual([0]);
			(await slots[0]).answered();
			await Promise.all(slots);
		});

		test('cancelling the execution stops the wait for the probe\'s answer', async () => {
			const limiter = new RollingWindowLimiter(20, 60_000);
			await limiter.acquire();
			const cancel = new AbortController();
			const waiting = limiter.acquire(cancel.signal);
			cancel.abort(new Error('execution cancelled'));
			await expect(waiting).rejects.toThrow('execution cancelled');
		});
	});
});
