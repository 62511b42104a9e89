import type { IDataObject } from 'n8n-workflow';
import { idOf, listWords, type ApiFilter, type Page } from '../Datatruck/shared/lists';
import { boundHeld, listOf, meetsAll, noteIgnored, type ListSupport } from './answerCheck';
import type { EventSpec } from './events';
import { timeOf } from './eventTime';
import { triggerSettings } from './settings';
import type { ScanPosition } from './state';

/** One page request of a poll: the poller and its newest-first fallback scan both ask in this shape. */
export interface PageQuery {
	filter: ApiFilter[];
	ordering: string;
	page: number;
	pageSize: number;
}

export type FetchPage = (query: PageQuery) => Promise<Page>;

/** The API's timestamp shape, cut to the whole second (a lower bound, so this only widens it). */
export const wholeSecond = (ms: number) => Math.floor(ms / 1000) * 1000;

/**
 * A page of the records that meet `filters`, and where a `bound` is given, whose `column` is at or after `from` (in
 * whole seconds, as Datatruck's time filters take them). A bound from minus infinity is none: Fetch Test Event reads
 * from there, and an ISO date of it would be "Invalid time value".
 */
export function pageQuery(filters: ApiFilter[], ordering: string, page: number, bound?: { column: string; from: number }, leftOut: ApiFilter[] = []): PageQuery {
	const filter = [...filters];
	const iso = bound && Number.isFinite(bound.from) ? new Date(wholeSecond(bound.from)).toISOString().replace(/\.\d{3}Z$/, 'Z') : undefined;
	if (bound && iso) filter.push({ column: bound.column, value: iso, contains: 'after' });
	return { filter: [...filter, ...leftOut], ordering, page, pageSize: triggerSettings.pageSize };
}

export class TriggerReadError extends Error {
	constructor(
		message: string,
		readonly description: string,
	) {
		super(message);
		this.name = 'TriggerReadError';
	}
}

export interface FallbackRead {
	event: EventSpec;
	/** The user's filters and the event's conditions. */
	filters: ApiFilter[];
	/** Records whose order key (the event time, or the id when `byId`) is below this are not wanted. */
	start: number;
	/** Requests this poll already sent: they count against the budget. */
	sent: number;
	/** Enough matching records to stop at, where the order holds (Fetch Test Event); all down to `start` when unset. */
	want?: number;
	/** Ordered by id (`-id`), for work orders without a creation time: the newest id is the newest record. */
	byId?: boolean;
	/** While the order holds: whether the read may send another page after `sent` of its own (the per-poll limit). */
	mayRead?: (sent: number) => boolean;
	/** Where a read that `mayRead` stopped goes on, while the order holds (`stopped` of that read). */
	resume?: ScanPosition;
}

export interface FallbackResult {
	/** The matching records at or after `start`. */
	records: IDataObject[];
	/** Every record read, once each. */
	read: IDataObject[];
	/** Set when `mayRead` stopped the read: its last page, and the oldest order key on it. */
	stopped?: ScanPosition;
	/** Read over several pages: a record may have moved up unseen onto a page already read (docs/trigger.md). */
	unsure: boolean;
}

/** Pages the list holds, from the first answer; an answer without a count is a list of unknown size. */
function pagesOf(first: Page, asked: number): number {
	const size = first.next && first.results.length ? first.results.length : asked;
	if (first.count === undefined) return first.next ? triggerSettings.baselinePages : 1;
	return Math.max(1, Math.ceil(first.count / Math.max(1, size)));
}

/**
 * The trigger's read when Datatruck ignores its time bound or its order, as docs/trigger.md explains ("When Datatruck
 * ignores the trigger's query"). It needs nothing of Datatruck but pages; what it still asks for (the bound, the order)
 * only makes it shorter when it holds. Past its budget, or when a page brings nothing new before the end, it fails
 * loudly instead of emitting a read it cannot vouch for.
 */
export async function newestFirst(read: FallbackRead, fetchPage: FetchPage, support: ListSupport): Promise<FallbackResult> {
	const { event } = read;
	const list = listOf(event);
	const field = event.orderField;
	const keyOf = (record: IDataObject) => (read.byId ? (idOf(record) ?? NaN) : timeOf(record, field));
	const keepBound = !read.byId && boundHeld(support, event);
	let trustOrder = support.supports(`${list}.ordering`);
	const ordering = read.byId ? '-id' : `-${field},-id`;
	const wanted = meetsAll(read.filters, event);
	const held = new Map<number, IDataObject>();
	let budget = Number.POSITIVE_INFINITY;
	let sent = read.sent;
	const resume = trustOrder ? read.resume : undefined;
	let first = resume?.page ?? 1;
	let stopped: ScanPosition | undefined;
	// The count of the answer before, and the page to go on from when this answer reads the page before again (slidUp).
	let countBefore: number | undefined;
	let goOnAt: number | undefined;

	for (let page = first; ; page++) {
		if (sent >= budget) {
			throw new TriggerReadError(
				`Datatruck's ${listWords(list)} list did not end within ${budget} requests, so ${event.name} stopped`,
				`The list ignores the trigger's ${keepBound || read.byId ? 'order' : 'time bound'}, so the trigger reads it page by page down to its cursor; ` +
					`its first answer promised ${Math.floor((budget - 3) / 2)} page(s), and more than twice that were needed (records kept arriving or pages repeated). ` +
					'Narrow the trigger with filters, or lengthen the poll interval.',
			);
		}
		if (trustOrder && stopped && read.mayRead && !read.mayRead(sent - read.sent)) break;
		stopped = undefined;
		const answer = await fetchPage(pageQuery(read.filters, ordering, page, keepBound ? { column: field, from: read.start } : undefined));
		if (sent++ === read.sent) budget = read.sent + 2 * pagesOf(answer, triggerSettings.pageSize) + 3;
		const keys = answer.results.map(keyOf).filter((key) => !Number.isNaN(key));
		if (trustOrder && noteIgnored(support, event, answer.results, { ordering, filters: [] })) trustOrder = false;
		// A resumed read starts again at the top once the order is gone, and a page above where it stopped when that
		// page no longer reaches up to it (records above it left the list): a record may have moved past it.
		if (first > 1 && (!trustOrder || (page === first && resume && keys[0] < resume.from))) {
			held.clear();
			first = trustOrder ? page - 1 : 1;
			page = first - 1;
			// Read again from there, page after page: a page read again for slidUp is part of that.
			goOnAt = undefined;
			continue;
		}
		const before = held.size;
		const reread = goOnAt !== undefined;
		const slid = !reread && page > first && slidUp(answer, countBefore, held);
		for (const record of answer.results) {
			const id = idOf(record);
			if (id !== undefined && !held.has(id)) held.set(id, record);
		}
		countBefore = answer.count;
		if (slid) {
			// Records that were below the boundary when the page before was read may be at its foot now: that page is
			// read again, and the read goes on after this one (a change meanwhile shows on the next page the same way),
			// unless this one ended it.
			const ended = !answer.next || answer.results.length === 0 || (trustOrder && Math.min(...keys) < read.start);
			goOnAt = ended ? Number.POSITIVE_INFINITY : page + 1;
			page -= 2;
			continue;
		}
		if (goOnAt !== undefined) {
			if (goOnAt === Number.POSITIVE_INFINITY) break;
			page = goOnAt - 1;
			goOnAt = undefined;
			continue;
		}
		if (!answer.next || answer.results.length === 0) break;
		if (held.size === before) {
			throw new TriggerReadError(
				`Datatruck answered page ${page} of its ${listWords(list)} list with only records it had already sent, so ${event.name} stopped`,
				'The list seems to ignore the page number as well as the trigger\'s bound or order; the trigger cannot tell which records are new. Please report this to the node\'s maintainers.',
			);
		}
		const oldest = Math.min(...keys);
		if (trustOrder && oldest < read.start) break;
		if (trustOrder && read.want !== undefined && [...held.values()].filter(wanted).length >= read.want) break;
		stopped = { page, from: oldest };
	}
	const all = [...held.values()];
	return { records: all.filter((record) => wanted(record) && !(keyOf(record) < read.start)), read: all, stopped, unsure: sent - read.sent > 1 };
}

/**
 * Whether records above this page's first may have moved up over the boundary with the page before since it was
 * read: the list lost records (its count fell), or a record read above now stands on this page (it moved down). A
 * record that stayed put then sits at the foot of the page before, read already without it: read by page number, it
 * would be skipped for good once the cursor passes it (the composed property: seed 645183266).
 */
function slidUp(answer: Page, countBefore: number | undefined, held: Map<number, IDataObject>): boolean {
	if (answer.count !== undefined && countBefore !== undefined && answer.count < countBefore) return true;
	return answer.results.some((record) => {
		const id = idOf(record);
		return id !== undefined && held.has(id);
	});
}
