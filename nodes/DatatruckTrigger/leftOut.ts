import type { IDataObject } from 'n8n-workflow';
import { excludeIds, filterHolds, idOf, type ApiFilter, type Finding } from '../Datatruck/shared/lists';
import { listOf, type ListSupport } from './answerCheck';
import type { EventSpec } from './events';

/**
 * A read by event time re-reads the late-entry window at every poll, and most of what it holds was emitted already.
 * Leaving those ids out of the request (`id exclude_in`, as Get Many's reads do, A30) makes a poll that finds nothing
 * new one request whatever the window holds: at Datatruck's 10 a page, a window of 11 loads cost two. The poll still
 * skips every record it remembers (state.ts), so an origin that ignores the ids, or a smaller set left out, costs
 * requests, never a record.
 */

/**
 * Ids left out of one request at the most: about 1 KB of query, within A30's 600 ids and 4,000-byte request line. The
 * ids of the newest events go first; the rest are read and skipped as before.
 */
export const MAX_LEFT_OUT = 100;

/** Whether the ids are still sent: publishedForm.ts sends the request again without them after a refusal, remembered. */
const stillSent = (support: ListSupport, event: EventSpec) => filterHolds(support.origin, listOf(event), 'id') && support.supports('requestLine.long');

/**
 * The condition leaving out the emitted ids (`seen`, [id, event time]) of the read from `from`, where this origin
 * keeps the `id` filter and long request lines; none otherwise. A read continued by page number from an earlier poll
 * gets none: its pages were numbered with what that poll left out, and a list that lost more records since would skip
 * one (one that lost fewer only repeats records, which the poll skips).
 */
export function leftOutOf(seen: Array<[number, number]>, from: number, support: ListSupport, event: EventSpec, continued: boolean): ApiFilter[] {
	if (continued || event.kind !== 'eventTime' || !stillSent(support, event)) return [];
	const newest = seen.filter(([, time]) => time >= from).sort(([, a], [, b]) => b - a);
	return excludeIds(newest.slice(0, MAX_LEFT_OUT).map(([id]) => id));
}

/** The finding of a list that sent back ids it was asked to leave out. */
const idsSentBack = (list: string): Finding => ({
	key: `${list}.filter.id`,
	assumption: 'A30',
	seen: `sent back records whose ids the trigger asked to leave out (\`id exclude_in\`) on the ${list} list`,
	instead: 're-reads every record of the late-entry window at each poll and skips the ones it already emitted',
});

/**
 * Whether the answer holds an id that was to be left out; if so, remembers for the origin (said once in n8n's log)
 * that its list ignores the `id` filter, so that later reads leave nothing out until that expires.
 */
export function noteIdsSentBack(support: ListSupport, event: EventSpec, leftOut: ApiFilter[], records: IDataObject[]): boolean {
	const ids = new Set(leftOut.flatMap((filter) => filter.value as number[]));
	const back = stillSent(support, event) && records.some((record) => ids.has(idOf(record) ?? NaN));
	if (back) support.markNotHeld(idsSentBack(listOf(event)));
	return back;
}
