/**
 * Issue 28's request budget, counted on what the sandbox received: a list read or a trigger poll may cost about
 * 2 × pages + 3 requests, pages worked out from the count and page size the first answer told. A read the node does
 * not end by itself is ended here (past a hard cap every request is refused), so that a runaway scenario fails on
 * its count in milliseconds instead of running for minutes.
 */
import { onSandboxRequest } from '../../harness/poll.cts';
import type { Sandbox } from '../../sandbox/index.cts';

export function listBudget(count: number, pageSize: number): number {
	const pages = pageSize > 0 ? Math.max(1, Math.ceil(count / pageSize)) : 1;
	return 2 * pages + 3;
}

/** What the list answers of a read told: the most records one announced (`count`) and how many records a page holds. */
export interface FirstAnswer {
	count: number;
	pageSize: number;
}

/**
 * Watches one read: the first list answer (count, page size) and the requests it sent. Past `cap` requests the
 * sandbox refuses every token, which ends the read with a 401. `stop()` restores the token and unhooks.
 */
export function watchRequests(sandbox: Sandbox, cap: number) {
	// Per list path: a look-up in another list (the drivers that name a dispatcher) is not the list being read.
	const answers = new Map<string, FirstAnswer & { requests: number; paged: boolean }>();
	let stopped = false;
	const live = sandbox.live;
	const afterReply = live.afterReply.bind(live);
	live.afterReply = (method, pathname, reply) => {
		const body = reply.body as { count?: unknown; results?: unknown } | undefined;
		if (method === 'GET' && reply.status === 200 && body && Array.isArray(body.results) && typeof body.count === 'number') {
			// As the node's own budget does: the most records an answer announced, in the size of the first page that
			// left records for later (a read in parts, such as loads with and without a pay, first asks for a part that
			// may be empty or short); until one did, the largest page served.
			const known = answers.get(pathname);
			const paged = body.count > body.results.length && body.results.length > 0;
			const pageSize = known?.paged ? known.pageSize : paged ? body.results.length : Math.max(known?.pageSize ?? 0, body.results.length);
			answers.set(pathname, { count: Math.max(known?.count ?? 0, body.count), pageSize, paged: known?.paged || paged, requests: (known?.requests ?? 0) + 1 });
		}
		afterReply(method, pathname, reply);
	};
	const unhook = onSandboxRequest(sandbox, (_entry, index) => {
		if (index + 1 >= cap && !stopped) {
			stopped = true;
			sandbox.configure({ tokens: ['runaway-read-stopped'] });
		}
	});
	return {
		/** The answers of the list read most: the one the read is about. */
		get first(): FirstAnswer | undefined {
			const [read] = [...answers.values()].sort((a, b) => b.requests - a.requests);
			return read && { count: read.count, pageSize: read.pageSize };
		},
		/** Whether the cap was reached (the read was ended by the test, not by the node). */
		get runaway() {
			return stopped;
		},
		stop() {
			unhook();
			live.afterReply = afterReply;
			if (stopped) sandbox.configure({ tokens: [sandbox.token] });
		},
	};
}

/**
 * The budget of a read from its first answer (`fallbackCount` records in pages of `fallbackPageSize` when no list
 * answer came). `grownBy`: how many records more the list held by the end, when they were created under the read.
 */
export function budgetOf(first: FirstAnswer | undefined, fallbackCount = 0, fallbackPageSize = 25, grownBy = 0): number {
	const growth = Math.max(0, grownBy);
	if (!first) return listBudget(fallbackCount + growth, fallbackPageSize);
	// A first answer holding the whole list is one page.
	if (first.pageSize >= first.count) return listBudget(first.count, first.count);
	return listBudget(first.count + growth, first.pageSize);
}
