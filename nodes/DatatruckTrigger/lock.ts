/**
 * Polls of one trigger (workflow + node) run one after the other in this n8n process. n8n can start
 * a poll while the previous one is still waiting for Datatruck (a slow answer, a rate-limit pause,
 * an outage); two polls reading the same cursor would emit the same records twice. The second waits
 * here and then reads the cursor the first one stored.
 *
 * A poll whose wait ended with one that read to the end of its list, its answers in after this one
 * was started, is told so (`covered`): this one would read again what was just read, and at best
 * what changed in the moments between. Stacked polls each sent their own read the moment Datatruck answered again: after the
 * carrier day's 5-minute outage, four triggers sent 5-8 reads each within a second, more than a
 * window of the token, answered 429 beside the sync (issue 40). Nothing is lost by leaving the read
 * out: the cursor is stored, and the next poll reads on from it. A poll that stopped short of the
 * end (a backlog drained a few pages a poll) covers nothing: the next one goes on with it.
 */
interface Ending {
	/** When the poll ended, if it read to the end of its list (or was covered by one that did). */
	readToEndAt?: number;
}

export interface PollTurn<T> {
	value: T;
	/** Whether the poll read to the end of its list: it then covers the polls that waited for it. */
	readToEnd: boolean;
}

const tails = new Map<string, Promise<Ending>>();

export async function oneAtATime<T>(key: string, task: (covered: boolean) => Promise<PollTurn<T>>, now: () => number = Date.now): Promise<T> {
	const startedAt = now();
	const previous = tails.get(key) ?? Promise.resolve<Ending>({});
	const run = previous.then(async (ending) => await task(ending.readToEndAt !== undefined && ending.readToEndAt >= startedAt));
	const tail = run.then(
		(turn): Ending => (turn.readToEnd ? { readToEndAt: now() } : {}),
		(): Ending => ({}),
	);
	tails.set(key, tail);
	try {
		return (await run).value;
	} finally {
		if (tails.get(key) === tail) tails.delete(key);
	}
}
