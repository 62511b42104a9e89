/**
 * Polls of one trigger (workflow + node) run one after the other in this n8n process. n8n can start
 * a poll while the previous one is still waiting for Datatruck (a slow answer, a rate-limit pause);
 * two polls reading the same cursor would emit the same records twice. The second waits here and
 * then reads the cursor the first one stored.
 */
const tails = new Map<string, Promise<void>>();

export async function oneAtATime<T>(key: string, task: () => Promise<T>): Promise<T> {
	const previous = tails.get(key) ?? Promise.resolve();
	const run = previous.then(task);
	const tail = run.then(
		() => undefined,
		() => undefined,
	);
	tails.set(key, tail);
	try {
		return await run;
	} finally {
		if (tails.get(key) === tail) tails.delete(key);
	}
}
