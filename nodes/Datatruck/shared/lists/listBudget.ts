import { NodeOperationError } from 'n8n-workflow';
import type { DatatruckContext } from '../transport';

/**
 * The hard cap on all the requests of one read: HARD_CAP_PER_PAGE × pages + HARD_CAP_EXTRA, pages being what its
 * first answer announced (issue 28: "about 2 × pages + 3"). A read needs about one request a page, a read by page
 * number alone two; the exact plan's grow with churn (docs/lists-while-datatruck-changes.md says how often the cap is
 * reached). The 3 are page 1 and a request read again after a refusal of something the node added itself.
 */
export const HARD_CAP_PER_PAGE = 2;
export const HARD_CAP_EXTRA = 3;

/**
 * The request budget of one list read, from what its answers tell: the count and the records a page holds. It is
 * checked before a request is sent, so a batch in flight never passes it: the request past it is not sent, and the
 * read ends with an error naming the list and why.
 */
export class ListBudget {
	private sent = 0;
	/** Requests in a row, in flight ones included, that brought no record new to this read: the error's reason. */
	private fruitless = 0;
	/** The most pages an answer announced; 0 before the first answer. */
	private pages = 0;
	/** The records a page of the first answer held: later counts are turned into pages in that size. */
	private perPage = 0;
	/** The most records an answer announced. */
	private largest = 0;
	private readonly seen = new Set<unknown>();
	private doing = 'reading';

	constructor(
		private readonly ctx: DatatruckContext,
		readonly list: string,
	) {}

	/**
	 * Sets the budget from an answer: `count` records in pages of `perPage`. The first answer sets the page size;
	 * a later one raises the pages only when it announces more records (the list grew, or a plan that needs less
	 * reads the list its first plan had Datatruck filter), never by asking for smaller pages.
	 */
	plan(count: number | undefined, perPage: number): void {
		if (this.perPage === 0) this.perPage = Math.max(1, perPage);
		// Without a count (a bare array), each answer may be followed by one page more than the records seen fill.
		const pages = Math.max(1, Math.ceil((count ?? this.seen.size + this.perPage) / this.perPage));
		this.pages = Math.max(this.pages, pages);
		this.largest = Math.max(this.largest, count ?? 0);
	}

	/**
	 * Datatruck answers fewer records a page than the budget counted in (it ignores `page_size`, seen after the first
	 * answer: a first part of the list that was empty told no size): its pages are counted in the size it answers.
	 */
	servedIn(perPage: number): void {
		if (perPage < 1 || (this.perPage !== 0 && perPage >= this.perPage)) return;
		this.perPage = perPage;
		this.pages = Math.max(this.pages, Math.ceil(this.largest / perPage));
	}

	/** All the requests this read may send (unlimited only before its first answer). */
	get cap(): number {
		return this.pages === 0 ? Infinity : Math.ceil(HARD_CAP_PER_PAGE * this.pages) + HARD_CAP_EXTRA;
	}

	/** Counts one request about to be sent; past the cap it is not sent: fails with what the node was doing. */
	spend(doing: string): void {
		this.doing = doing;
		if (this.sent + 1 > this.cap) throw this.exhausted();
		this.sent++;
		this.fruitless++;
	}

	/** Notes an answer's records: one that brings a record never seen in this read is progress. */
	judge(records: Array<{ id?: unknown }>): void {
		let fresh = false;
		for (const record of records) {
			if (record.id === undefined || this.seen.has(record.id)) continue;
			this.seen.add(record.id);
			fresh = true;
		}
		if (fresh) this.fruitless = 0;
	}

	private exhausted(): NodeOperationError {
		const repeating = this.fruitless > 1;
		const why = repeating
			? `${this.doing}: ${this.fruitless} answers in a row brought nothing new`
			: `the list kept changing faster than it could be read`;
		return new NodeOperationError(
			this.ctx.getNode(),
			`Stopped reading the ${this.list} list after ${this.sent} requests, its budget for ${this.pages} pages (${HARD_CAP_PER_PAGE} × pages + ${HARD_CAP_EXTRA}): ${why}`,
			{
				description: repeating
					? `Datatruck's answers did not add up to the ${this.list} its first page announced, so the node stopped instead of reading on; records may be missing. Run Check Compatibility and send its output to the node's maintainers.`
					: `Reading the ${this.list} exactly needs more requests the more they change while they are read; the node stops rather than use up the customer's request allowance. Records may be missing: run it again when fewer change, or narrow it with filters or a Limit.`,
			},
		);
	}

	/** Whether `requests` more can be sent within the cap. */
	holds(requests: number): boolean {
		return this.sent + requests <= this.cap;
	}

	/** Whether a pass of `pages` more keeps the read within the cap, and within the budget of that many pages. */
	holdsPass(pages: number): boolean {
		return this.holds(pages) && this.sent + pages <= HARD_CAP_PER_PAGE * pages + HARD_CAP_EXTRA;
	}

	/** Requests sent so far in this read. */
	get requests(): number {
		return this.sent;
	}
}
