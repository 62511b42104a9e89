/**
 * Polls of one trigger (workflow + node) run one after the other in this n8n process. n8n can start
 * a poll while the previous one is still waiting for Datatruck (a slow answer, a rate-limit pause,
 * an outage); two polls reading the same cursor would emit the same records twice. The second waits
 * here and then reads the cursor the first one stored.
 *
 * A poll whose wait ended with one that read to the end of its list, its answers in after this one
 * was started, is told so (`covered`): it would read again what was just read, and at best what
 * changed in the moments between. Stacked polls each sent that read as soon as the one before them
 * ended: in issue 40's short day a trigger sent up to 8 reads within a scaled minute after the
 * outage, and the four 5-6 each a minute before the worker kill, a whole window of the token from
 * the polls alone, answered 429 beside the sync and a repair mail. Nothing is lost by leaving the
 * read out: the cursor is stored, and the next poll reads on from it. A poll that stopped short of
 * the end (a backlog drained a few pages a poll), or failed, covers nothing.
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

export async function oneAtATime<T>(key: string, task: (covered: boolean) => Promise<PollTurn<T>>): Promise<T> {
	const startedAt = Date.now();
	const previous = tails.get(key) ?? Promise.resolve<Ending>({});
	const run = previous.then(async (ending) => await task(ending.readToEndAt !== undefined && ending.readToEndAt >= startedAt));
	const tail = run.then(
		(turn): Ending => (turn.readToEnd ? { readToEndAt: Date.now() } : {}),
		(): Ending => ({}),
	);
	tails.set(key, tail);
	try {
		return (await run).value;
	} finally {
		if (tails.get(key) === tail) tails.delete(key);
	}
}
