import type { IDataObject } from 'n8n-workflow';

/** Where the trigger keeps its state inside the node's static data. */
export const STATE_FIELD = 'datatruckTrigger';

/**
 * A read that did not reach the end of the list resumes here at the next poll. By event time: the query "order field ≥
 * from" (whole seconds, ms since epoch, inclusive) and its page, used only while a page holds a single second. By id:
 * the ids below `from` (the oldest id read) and above `floor` are still to be read, from page `page` (the last read).
 */
export interface ScanPosition {
	from: number;
	page: number;
}

/**
 * Everything a trigger remembers between polls. Plain JSON: n8n stores it with the workflow
 * (static data), so it survives restarts; times are milliseconds since the epoch.
 */
export interface TriggerState {
	version: 1;
	/** Event, filters, start option and credential: when any of them changes, the state starts over. */
	key: string;
	/** Event-time events: the newest event time emitted or found at activation, never later than the clock. */
	high: number;
	/** Records whose order time is before this are never emitted (activation, start date, forgotten records). */
	floor: number;
	/** Records emitted (or found at activation) the next reads can still return, as [id, event time]; by id [id, id]. */
	seen: Array<[number, number]>;
	/** Load Flagged: the flagged loads found by the last complete read. */
	flagged: number[];
	/**
	 * Load Flagged: loads of the previous snapshot that the last complete read did not find. They
	 * count as known for one more read: a read can miss a load that is still flagged (another load
	 * left the list between two of its pages), and that must not make it "newly flagged".
	 */
	missed: number[];
	/** Load Flagged: the flagged loads found so far by the read in progress. */
	pass: number[];
	/** Records with an order time before this, found by the first read, are recorded but not emitted. */
	quietBefore?: number;
	/** The read in progress; absent when the next poll starts a new one. */
	scan?: ScanPosition;
	/**
	 * New Work Order where work orders carry no creation time: `high` is the newest id emitted or found at activation,
	 * `floor` the newest id below which everything is emitted (it is `high` unless a read stopped short, see `scan`).
	 */
	byId?: true;
	/** By event time: the newest id read so far, where a switch to reading by id starts (absent: none read yet). */
	newestId?: number;
	/**
	 * By event time: the clock when the last read began (its first poll; a read the per-poll limit stopped goes on with
	 * it). The next read reaches a late-entry window behind it. Absent (a state stored before it was kept): behind the
	 * newest event and this poll's clock instead.
	 */
	looked?: number;
	/** By event time, after a switch from reading by id: the id cursor then. Records at or below it were emitted by id, or were history. */
	idsThrough?: number;
	/** Where an `unsure` read (fallbackScan.ts) began, a time or by id its floor: the next read starts no later. */
	recheckFrom?: number;
}

export function emptyState(key: string): TriggerState {
	return { version: 1, key, high: 0, floor: 0, seen: [], flagged: [], missed: [], pass: [] };
}

const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
const isNumberList = (value: unknown): value is number[] => Array.isArray(value) && value.every(isNumber);

/**
 * The stored state for `key`, as a private copy the poll may change freely; undefined when there is
 * none, it belongs to other settings, or it is damaged (the trigger then starts over, as on activation).
 */
export function readState(staticData: IDataObject, key: string): TriggerState | undefined {
	const raw = staticData[STATE_FIELD] as Partial<TriggerState> | undefined;
	if (!raw || typeof raw !== 'object' || raw.version !== 1 || raw.key !== key) return undefined;
	const seen = raw.seen;
	const seenOk = Array.isArray(seen) && seen.every((entry) => Array.isArray(entry) && entry.length === 2 && entry.every(isNumber));
	const scan = raw.scan;
	const scanOk = scan === undefined || (typeof scan === 'object' && isNumber(scan.from) && isNumber(scan.page) && scan.page >= 1);
	if (!isNumber(raw.high) || !isNumber(raw.floor) || !seenOk || !isNumberList(raw.flagged) || !isNumberList(raw.missed) || !isNumberList(raw.pass) || !scanOk) {
		return undefined;
	}
	if (raw.quietBefore !== undefined && !isNumber(raw.quietBefore)) return undefined;
	if ((raw.byId !== undefined && raw.byId !== true) || (raw.newestId !== undefined && !isNumber(raw.newestId))) return undefined;
	if ([raw.looked, raw.idsThrough, raw.recheckFrom].some((value) => value !== undefined && !isNumber(value))) return undefined;
	return JSON.parse(JSON.stringify(raw)) as TriggerState;
}

/** Replaces the stored state in place (n8n watches the static-data object itself for changes). */
export function writeState(staticData: IDataObject, state: TriggerState): void {
	staticData[STATE_FIELD] = JSON.parse(JSON.stringify(state)) as IDataObject;
}

/**
 * Forgets what no later read can return, and everything beyond `maxRemembered`, raising the floor
 * so that a forgotten record can never be emitted a second time: forgetting may cost a very late
 * record, never a duplicate.
 */
export function forget(state: TriggerState, oldestNeeded: number, maxRemembered: number): void {
	let floor = Math.max(state.floor, oldestNeeded);
	let seen = state.seen.filter(([, time]) => time >= floor);
	if (seen.length > maxRemembered) {
		const times = seen.map(([, time]) => time).sort((a, b) => a - b);
		// Every record of one time goes at once: none that is still remembered shares a time with a forgotten one.
		floor = times[times.length - maxRemembered] + 1;
		seen = seen.filter(([, time]) => time >= floor);
	}
	state.floor = floor;
	state.seen = seen;
}
