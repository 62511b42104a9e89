/**
 * Which day workflow sent a request the sandbox logged. One token (one credential) serves them all, so the request
 * itself must tell, by the shapes the node sends (read from a day's log):
 *
 * - a trigger's poll reads `/orders/` with its event time "after" its cursor (the flagged-load snapshot with
 *   `is_flagged`), and on activation newest first with `page`;
 * - the sync's Return All reads `/orders/` newest first by creation, page after page "before" the last one seen (by
 *   creation alone where Datatruck takes one ordering field: the release hour);
 * - Get Documents reads one load (`/orders/<id>`); the repair workflows look the unit up (`/trucks/list/`,
 *   `/trailers/list/` with `search`) and create work orders; the rate confirmations create loads;
 * - the other app's requests carry its own Host;
 * - the weekly report reads the dispatcher board over one week;
 * - the rest (other lists, other orderings, the board over years) are Check Compatibility's probes.
 */
import type { RequestLogEntry } from '../sandbox/index.cts';
import { OTHER_APP_HOST } from './actors.cts';
import type { WorkflowRole } from './workflows.cts';

export type Sender = WorkflowRole | 'otherApp';

type Entry = Pick<RequestLogEntry, 'path' | 'query' | 'method'> & { host?: string };

/** The conditions of a request's `filter`, none where it holds no JSON list. */
function filterOf(query: Entry['query']): Array<{ column: string; contains: string; value?: unknown }> {
	try {
		const filter: unknown = JSON.parse(String(query.filter ?? '[]'));
		return Array.isArray(filter) ? filter : [];
	} catch {
		return [];
	}
}

function filterColumns(query: Entry['query']): string[] {
	return filterOf(query).map((c) => `${c.column}:${c.contains}`);
}

function loadListSender(query: Entry['query']): Sender {
	const filter = filterColumns(query);
	const ordering = String(query.ordering ?? '');
	if (filter.includes('is_flagged:is')) return 'alertFlagged';
	if (ordering.includes('delivery_time')) return 'podEmail';
	if (ordering.includes('pickup_time')) return 'pickedUp';
	if (filter.includes('created_datetime:after')) return 'newLoad';
	if (ordering === '-created_datetime,-id' || ordering === '-created_datetime') {
		return query.page !== undefined && !filter.length ? 'newLoad' : 'sync';
	}
	return 'compatibility';
}

const WEEK_MS = 6 * 24 * 60 * 60 * 1000;

export function senderOf(entry: Entry): Sender {
	if (entry.host === OTHER_APP_HOST) return 'otherApp';
	const path = entry.path.replace(/^\/api\/v1\/openapi/, '');
	if (path === '/work-orders/create/') return 'repairMailbox';
	if (path === '/orders/create/') return 'rateConfirmation';
	if ((path === '/trucks/list/' || path === '/trailers/list/') && entry.query.search !== undefined) return 'repairMailbox';
	if (/^\/orders\/\d+\/?$/.test(path)) return 'podEmail';
	if (path === '/orders/') return loadListSender(entry.query);
	// Check Compatibility reads the board over years, the weekly report over last week.
	if (path === '/orders/dispatcher-board/list/' && Date.parse(String(entry.query.end_date)) - Date.parse(String(entry.query.start_date)) === WEEK_MS) return 'weeklyReport';
	return 'compatibility';
}

/** The package's requests in the sandbox's log: everything but the other app's, which shares the token. */
export function packageRequests<E extends { headers: { host?: string } } & Omit<Entry, 'host'>>(log: E[]): E[] {
	return log.filter((e) => senderOf({ ...e, host: e.headers.host }) !== 'otherApp');
}

/** The roles whose requests are a trigger's poll. */
export const POLLERS: readonly Sender[] = ['newLoad', 'pickedUp', 'podEmail', 'alertFlagged'];

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Load Flagged's complete reads of the flagged list in a day's log, as the arrival times of their first and last
 * requests. A read starts at the trigger's window, its `created_datetime` bound `createdWithinDays` before the
 * request, and goes on by later bounds, a page a request (on a busy token, one a poll: 100 flagged loads are 4-5
 * polls). It is complete when the next one starts and each of its requests was answered, a 429 retried until it
 * was; a 401 or a 503 ends the poll, and the trigger reads again.
 */
export function flaggedReads(log: Array<Entry & Pick<RequestLogEntry, 'at' | 'status'>>, createdWithinDays: number): Array<readonly [number, number]> {
	const polls = log.filter((e) => senderOf(e) === 'alertFlagged').sort((a, b) => a.at - b.at);
	const bound = (e: (typeof polls)[number]) => {
		const after = filterOf(e.query).find((c) => c.column === 'created_datetime' && c.contains === 'after');
		return after ? Date.parse(String(after.value)) : NaN;
	};
	const startsRead = (e: (typeof polls)[number]) => bound(e) <= e.at - (createdWithinDays - 1) * DAY_MS;
	const reads: Array<readonly [number, number]> = [];
	let read: typeof polls = [];
	for (const entry of polls) {
		if (startsRead(entry) && read.length && read.every((e) => e.status === 200 || e.status === 429) && read[read.length - 1].status === 200) {
			reads.push([read[0].at, read[read.length - 1].at]);
		}
		if (startsRead(entry)) read = [];
		read.push(entry);
	}
	return reads;
}
