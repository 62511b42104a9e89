import { NodeOperationError } from 'n8n-workflow';
import type { DatatruckContext } from '../transport';

/** The most requests a read sends at once (SEGMENT_REQUESTS in listPlan.ts). */
const SENT_TOGETHER = 20;

/**
 * The most requests one list read may make, from what its first answer tells: about 2 × pages + 3, pages being
 * the count over the records a page brings. A read that would pass it ends with an error naming the list and
 * why, so that an answer the node misread can never turn into an endless loop that takes the customer's token.
 * A request that brings records never seen before in the read is progress and is not counted: a list that changes
 * under the read (loads created, sort values moving) is read to its end, while answers that repeat what is held,
 * which is how a loop shows, are stopped after 2 × pages + 3.
 */
export class ListBudget {
	private spent = 0;
	private limit = Infinity;
	private readonly seen = new Set<unknown>();
	private inFlight = 0;
	private doing = 'reading';

	constructor(
		private readonly ctx: DatatruckContext,
		readonly list: string,
	) {}

	/**
	 * Sets the budget from an answer: `count` records in pages of `perPage`. The largest list an answer announced
	 * counts: a plan that needs less may read a list its first plan had Datatruck filter.
	 */
	plan(count: number | undefined, perPage: number): void {
		const pages = count === undefined ? 1 : Math.max(1, Math.ceil(count / Math.max(1, perPage)));
		this.limit = this.limit === Infinity ? 2 * pages + 3 : Math.max(this.limit, 2 * pages + 3);
	}

	/**
	 * Counts one request; past the budget, fails with what the node was doing. Requests sent together are counted
	 * as they go and judged as their answers come, so a batch in flight may pass the budget by what its answers
	 * then refund; one more batch is never sent.
	 */
	spend(doing: string): void {
		this.spent++;
		this.doing = doing;
		if (this.spent - this.inFlight > this.limit) throw this.exhausted();
		this.inFlight++;
	}

	/** Notes an answer's records: one that brings a record never seen in this read is progress. */
	judge(records: Array<{ id?: unknown }>): void {
		this.inFlight = Math.max(0, this.inFlight - 1);
		let fresh = false;
		for (const record of records) {
			if (record.id === undefined || this.seen.has(record.id)) continue;
			this.seen.add(record.id);
			fresh = true;
		}
		if (fresh) this.spent--;
		if (this.spent > this.limit + SENT_TOGETHER) throw this.exhausted();
	}

	private exhausted(): NodeOperationError {
		return new NodeOperationError(
			this.ctx.getNode(),
			`Stopped reading the ${this.list} list after ${this.spent} requests: ${this.doing} brought no end in sight`,
			{
				description: `Datatruck's answers did not add up to the ${this.list} its first page announced (a budget of ${this.limit} requests), so the node stopped instead of reading on; records may be missing. Run Check Compatibility and send its output to the node's maintainers.`,
			},
		);
	}

	/** Whether `requests` more fit in the budget. */
	holds(requests: number): boolean {
		return this.spent + requests <= this.limit;
	}

	get requests(): number {
		return this.spent;
	}
}
