/**
 * Which day workflow sent a request the sandbox logged. One token (one credential) serves them all, so the request
 * itself must tell, by the shapes the node sends (read from a day's log):
 *
 * - a trigger's poll reads `/orders/` with its event time "after" its cursor (the flagged-load snapshot with
 *   `is_flagged`), and on activation newest first with `page`;
 * - the sync's Return All reads `/orders/` newest first by creation, page after page "before" the last one seen;
 * - Get Documents reads one load (`/orders/<id>`); the repair workflows look the unit up (`/trucks/list/`,
 *   `/trailers/list/` with `search`) and create work orders; the rate confirmations create loads;
 * - the other app's requests carry its own Host;
 * - the rest (other lists, other orderings, the board) are Check Compatibility's probes.
 */
import type { RequestLogEntry } from '../sandbox/index.cts';
import { OTHER_APP_HOST } from './actors.cts';
import type { WorkflowRole } from './workflows.cts';

export type Sender = WorkflowRole | 'otherApp';

type Entry = Pick<RequestLogEntry, 'path' | 'query' | 'method'> & { host?: string };

function filterColumns(query: Entry['query']): string[] {
	try {
		return (JSON.parse(String(query.filter ?? '[]')) as Array<{ column: string; contains: string }>).map((c) => `${c.column}:${c.contains}`);
	} catch {
		return [];
	}
}

function loadListSender(query: Entry['query']): Sender {
	const filter = filterColumns(query);
	const ordering = String(query.ordering ?? '');
	if (filter.includes('is_flagged:is')) return 'alertFlagged';
	if (ordering.includes('delivery_time')) return 'podEmail';
	if (ordering.includes('pickup_time')) return 'pickedUp';
	if (filter.includes('created_datetime:after')) return 'newLoad';
	if (ordering === '-created_datetime,-id') return query.page !== undefined && !filter.length ? 'newLoad' : 'sync';
	return 'compatibility';
}

export function senderOf(entry: Entry): Sender {
	if (entry.host === OTHER_APP_HOST) return 'otherApp';
	const path = entry.path.replace(/^\/api\/v1\/openapi/, '');
	if (path === '/work-orders/create/') return 'repairMailbox';
	if (path === '/orders/create/') return 'rateConfirmation';
	if ((path === '/trucks/list/' || path === '/trailers/list/') && entry.query.search !== undefined) return 'repairMailbox';
	if (/^\/orders\/\d+\/?$/.test(path)) return 'podEmail';
	if (path === '/orders/') return loadListSender(entry.query);
	return 'compatibility';
}

/** The roles whose requests are a trigger's poll. */
export const POLLERS: readonly Sender[] = ['newLoad', 'pickedUp', 'podEmail', 'alertFlagged'];
