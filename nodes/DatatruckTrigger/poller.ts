import type { IDataObject } from 'n8n-workflow';
import type { ApiFilter, Page } from '../Datatruck/shared/lists';
import { ignoredBy, listOf, meetsAll, memorySupport, timeReadHeld, type ListSupport } from './answerCheck';
import type { EventSpec } from './events';
import { carriesTimes, timedOnly, timeOf, unreadableTimes, UnreadableEventTimeError } from './eventTime';
import { idOf, newestFirst, TriggerReadError } from './fallbackScan';
import { triggerSettings } from './settings';
import { isoSeconds, type FetchPage, type PageQuery } from './pageQuery';
import { emptyState, forget, type ScanPosition, type TriggerState } from './state';
import { publishedFetch } from './publishedForm';

/**
 * The polling algorithm, apart from n8n and HTTP so that it can be read (and tested) on its own.
 *
 * Event-time events (New Load, Load Picked Up, Load Delivered, New Work Order)
 * ---------------------------------------------------------------------------
 * Datatruck has no change feed and no "modified" field, only the event's own time. Records do not
 * appear in event-time order: a transaction commits a little after it stamped `created_datetime`,
 * and a pickup time is often typed in an hour after the pickup. So a read does not ask for "after
 * the last one I saw" but starts a late-entry window back (see `rereadFrom`) and skips the records
 * it remembers emitting (`seen`, kept only as far back as a read can reach). Same-second records and
 * out-of-order ids need nothing more: the cursor is a time, never an id.
 *
 * A read goes oldest first (`ordering=<time>,id`) and moves on by keyset rather than by page number:
 * the next request asks again for "time ≥ the last second on the previous page". A page number
 * shifts when a record leaves the list between two requests and skips one; a keyset does not. Only
 * a page that holds a single second is followed by `page` + 1 of the same query (a keyset cannot
 * get past a second fuller than a page). The price: the records of the page's last second are read
 * twice.
 *
 * A poll sends at most `pagesPerPoll` requests. A read that did not reach the end of the list is
 * resumed at the next poll from where it stopped (a backlog drains from its high-water mark rather
 * than re-reading the window, so records already seen can never stall it); the next read, once
 * this one has caught up, starts a window back again and catches what came in late meanwhile.
 * What a read emits is sorted oldest first; a record that comes in late is emitted by a later poll
 * than newer ones, so "oldest first" holds within each poll.
 *
 * New Work Order without a creation time
 * --------------------------------------
 * Datatruck's published work-order page shows no creation time, and the list takes only `page` and `status`. Where
 * an answer's work orders carry no readable `created_datetime`, the trigger goes by id (remembered in its state,
 * `byId`): the newest id is the newest work order. A read asks for `ordering=-id` (a Datatruck that ignores it
 * answers newest first anyway; the answer is checked) and goes page by page down to the cursor, the newest id
 * emitted: a quiet poll is one request. It is the newest-first scan of fallbackScan.ts keyed by id. At most
 * `pagesPerPoll` pages a poll: a read stopped short emits what it read and keeps where it stopped (`scan`); the
 * next polls read on below it before reading the top again, so none is skipped. Where the list is not newest first,
 * every page is read at every poll, within 2 × pages + 3 requests. Activation records the newest id. A switch
 * from time to id starts after the newest id the reads by time saw (`newestId`); a read by id whose records carry
 * times again switches back, with what it read as seen and every id up to its cursor as emitted (`idsThrough`: the
 * window back may reach work orders emitted by id at earlier polls). A work order whose id was given before a newer
 * one's but that is committed after a poll read the newer one is not emitted (ids, not commits, are the cursor here).
 *
 * Load Flagged
 * ------------
 * No field says when a load was flagged, so a read lists the flagged loads (created in the last N
 * days, which bounds its cost) and emits those that the previous complete reads did not list. The
 * first read after activation is the baseline and emits nothing; it is taken in one poll. A load
 * that two reads in a row found unflagged and that is flagged again is emitted again; a quicker
 * unflag and re-flag goes unseen (a single read can miss a load that is still flagged, when
 * another load leaves the list between two of its pages, so one miss is not proof of an unflag).
 *
 * When Datatruck differs
 * ---------------------
 * Every answer is checked against its query (answerCheck.ts): a record before the bound, one that
 * fails a condition, one out of order. Then the finding is remembered for the credential's origin and
 * the poll goes on with a newest-first read down to the cursor (fallbackScan.ts), which is finished
 * within the same poll or fails loudly; later polls start with it. A 400 about what the node added
 * itself (the `id` tie-breaker, the time bound, the event's conditions) is retried once without it
 * (publishedForm.ts), and a read that lost its bound or a condition that way goes on newest first
 * too. Nothing here moves the cursor back.
 *
 * The poll works on a copy of the state: the caller stores it only when the whole poll succeeded,
 * so a failed request leaves the cursor where it was and emits nothing.
 */

/** What the node's parameters ask for, checked. */
export interface PollPlan {
	event: EventSpec;
	/** The user's filter conditions (load events). */
	filters: ApiFilter[];
	/** Identifies the settings the state belongs to. */
	key: string;
	lateEntryMs: number;
	/** Emit the records after this moment instead of starting from now. */
	startDate?: number;
	/** Load Flagged: only loads created in this many last days are read. */
	createdWithinDays: number;
}

export interface PollClock {
	now(): number;
	/** Whether there is time for one more request in this poll. */
	mayContinue(): boolean;
}

export interface PollOutcome {
	/** To emit, oldest first. */
	records: IDataObject[];
	/** To store once the records are handed to n8n. */
	state: TriggerState;
	/** Ids of records read without a readable event time: skipped, for the node to warn about. */
	skipped: unknown[];
}

const DAY_MS = 86_400_000;
/** "Every record of the first read is history": JSON has no Infinity. */
const QUIET_ALL = Number.MAX_SAFE_INTEGER;

/** The API's timestamp shape, cut to the whole second (a lower bound, so this only widens it). */
const wholeSecond = (ms: number) => Math.floor(ms / 1000) * 1000;

/** The newest id among `records`; 0 when there is none. */
const newestIdOf = (records: IDataObject[]) => Math.max(0, ...records.map(idOf).filter((id) => !Number.isNaN(id)));

/** The newest matching records, newest first: activation and Fetch Test Event. */
export function newestQuery(plan: PollPlan, pageSize: number, now: number): PageQuery {
	const field = plan.event.orderField;
	const bound: ApiFilter[] =
		plan.event.kind === 'snapshot'
			? [{ column: 'created_datetime', value: isoSeconds(now - plan.createdWithinDays * DAY_MS), contains: 'after' }]
			: [];
	return {
		filter: [...plan.filters, ...plan.event.conditions, ...bound],
		ordering: `-${field},-id`,
		page: 1,
		pageSize,
	};
}

/** One step of a read: order field at or after `position.from`, oldest first. */
export function scanQuery(plan: PollPlan, position: ScanPosition): PageQuery {
	const field = plan.event.orderField;
	return {
		filter: [
			...plan.filters,
			...plan.event.conditions,
			{ column: field, value: isoSeconds(position.from), contains: 'after' },
		],
		// Ties broken by id, so that paging through one second is stable. (DRF drops an ordering
		// field it does not allow instead of failing, so the tie-breaker can only help.)
		ordering: `${field},id`,
		page: position.page,
		pageSize: triggerSettings.pageSize,
	};
}

/**
 * Fetch Test Event: the most recent matching records, without reading or changing any state. One request for a
 * page the node can check (a single record shows neither an ignored order nor, often, an ignored filter); when the
 * answer shows Datatruck ignored a condition or the order, or is known to, the newest-first scan finds them instead,
 * stopping, where the order holds, once it has enough.
 */
export async function latestRecords(
	plan: PollPlan,
	fetchPage: FetchPage,
	now: number,
	support: ListSupport = memorySupport(),
): Promise<IDataObject[]> {
	const requests = countedFetch(fetchPage);
	const fetch = publishedFetch(requests.fetchPage, support, plan.event, plan.filters);
	const want = triggerSettings.testEventCount;
	return await timeOrId(plan, support, () => latestByTime(plan, requests, fetch, now, support), async () => {
		const read = { event: plan.event, filters: readFilters(plan), start: Number.NEGATIVE_INFINITY, sent: requests.sent(), want, byId: true };
		const found = await newestFirst(read, fetch, support);
		return found.records.sort((a, b) => idOf(b) - idOf(a)).slice(0, want);
	});
}

async function latestByTime(plan: PollPlan, requests: CountedFetch, fetch: FetchPage, now: number, support: ListSupport): Promise<IDataObject[]> {
	const page = await trustedNewestPage(plan, timedOnly(plan.event, fetch), now, support);
	const want = triggerSettings.testEventCount;
	let matching: IDataObject[];
	if (page) {
		// Checked in the node too: a condition Datatruck could not be seen to ignore may still have been.
		matching = page.results.filter(meetsAll(readFilters(plan), plan.event));
	} else {
		const start = plan.event.kind === 'snapshot' ? now - plan.createdWithinDays * DAY_MS : Number.NEGATIVE_INFINITY;
		const found = await newestFirst({ event: plan.event, filters: readFilters(plan), start, sent: requests.sent(), want }, timedOnly(plan.event, fetch), support);
		// Newest event time first, then newest id (a record without a readable time by its id alone).
		matching = found.records.sort((a, b) => timeOf(b, plan.event.orderField) - timeOf(a, plan.event.orderField) || idOf(b) - idOf(a));
	}
	unreadableTimes(plan.event, matching);
	return matching.slice(0, want);
}

/**
 * First poll with the default start ("now"): one request for the newest matching records. Their
 * newest time becomes the high-water mark and they are remembered as already seen, so nothing
 * that existed at activation is emitted, while a record that was still being committed then is.
 */
async function activateNow(plan: PollPlan, requests: CountedFetch, now: number, support: ListSupport): Promise<PollOutcome> {
	const fetchPage = timedOnly(plan.event, publishedFetch(requests.fetchPage, support, plan.event, plan.filters));
	const page = await trustedNewestPage(plan, fetchPage, now, support);
	if (!page) return await activateByScan(plan, fetchPage, now, support, requests.sent());
	const skipped = unreadableTimes(plan.event, page.results);
	return { records: [], state: seenState(plan, page.results, Boolean(page.next), now), skipped };
}

/** [id, event time] of the records that have both. */
const timesOf = (records: IDataObject[], event: EventSpec) =>
	records
		.map((record): [number, number] => [idOf(record), timeOf(record, event.orderField)])
		.filter(([id, time]) => !Number.isNaN(id) && !Number.isNaN(time));

/**
 * The event-time state of a trigger that has seen `records`, the newest ones (activation, a switch from ids back to
 * times): their newest time is the high-water mark, and they are remembered as seen.
 */
function seenState(plan: PollPlan, records: IDataObject[], more: boolean, now: number): TriggerState {
	const state = emptyState(plan.key);
	const found = timesOf(records, plan.event);
	if (found.length) {
		const times = found.map(([, time]) => time);
		state.high = Math.min(Math.max(...times), now);
		state.seen = found;
		// A full page leaves older records unseen: they are history too, so the floor goes past them.
		state.floor = more ? Math.min(...times) + 1 : 0;
	}
	state.looked = now;
	forget(state, rereadFrom(state, plan, now), triggerSettings.maxRemembered);
	return state;
}

/**
 * Activation when the newest page cannot be trusted to be the newest: everything within the
 * late-entry window is read and remembered as seen, nothing is emitted, and the high-water mark is
 * the clock (the read reached it).
 */
async function activateByScan(plan: PollPlan, fetchPage: FetchPage, now: number, support: ListSupport, sent: number): Promise<PollOutcome> {
	const start = wholeSecond(now - plan.lateEntryMs);
	const { records } = await newestFirst({ event: plan.event, filters: readFilters(plan), start, sent }, fetchPage, support);
	const skipped = unreadableTimes(plan.event, records);
	const state: TriggerState = { ...emptyState(plan.key), high: now, floor: start, seen: timesOf(records, plan.event), looked: now };
	forget(state, rereadFrom(state, plan, now), triggerSettings.maxRemembered);
	return { records: [], state, skipped };
}

/**
 * One page of the newest matching records (activation, Fetch Test Event), when this origin keeps the trigger's
 * filters and order and the answer shows it did; undefined when not (nothing is sent when it is known not to):
 * then only the newest-first scan can tell which records are the newest.
 */
async function trustedNewestPage(plan: PollPlan, fetchPage: FetchPage, now: number, support: ListSupport): Promise<Page | undefined> {
	const held = () => timeReadHeld(support, plan.event);
	if (!held()) return undefined;
	const query = newestQuery(plan, triggerSettings.pageSize, now);
	const page = await fetchPage(query);
	// A page answered without a filter the node added (refused, then retried without it) is not the newest matching.
	if (!held() || noteIgnored(support, plan.event, ignoredBy(page.results, { ordering: query.ordering, filters: query.filter }, plan.event))) return undefined;
	return page;
}

/** The user's filters and the event's conditions: what every read asks, besides its bound. */
const readFilters = (plan: PollPlan): ApiFilter[] => [...plan.filters, ...plan.event.conditions];

/**
 * Remembers what an answer ignored (once per origin, in n8n's log); true when anything was.
 */
function noteIgnored(support: ListSupport, event: EventSpec, ignored: ReturnType<typeof ignoredBy>): boolean {
	const list = listOf(event);
	const assumption = event.isLoad ? 'A30' : 'A6';
	const instead = `reads the ${list} for ${event.name} newest first by page number down to its cursor, checking every condition itself`;
	if (ignored.bound) {
		support.markNotHeld({ key: `${list}.filter.${event.orderField}`, assumption, seen: `ignored the filter "${event.orderField} after" on the ${list} list`, instead });
	}
	if (ignored.conditions) {
		support.markNotHeld({ key: `${list}.filter`, assumption, seen: `ignored filter conditions on the ${list} list`, instead });
	}
	if (ignored.order) {
		support.markNotHeld({ key: `${list}.ordering`, assumption: 'A22', seen: `answered the ${list} list out of the order it was asked for`, instead });
	}
	return ignored.bound || ignored.conditions || ignored.order;
}

interface CountedFetch {
	fetchPage: FetchPage;
	/** Requests sent so far, retries included: the fallback's budget counts them. */
	sent(): number;
	/** The newest id any answer held; undefined before a record was read. */
	newestId(): number | undefined;
}

function countedFetch(fetchPage: FetchPage): CountedFetch {
	let sent = 0;
	let newest: number | undefined;
	return {
		fetchPage: async (query) => {
			sent++;
			const page = await fetchPage(query);
			if (page.results.length) newest = Math.max(newest ?? 0, newestIdOf(page.results));
			return page;
		},
		sent: () => sent,
		newestId: () => newest,
	};
}

/**
 * Where a new read of an event-time event starts: the late-entry window behind the clock when the last read began
 * (`looked`), or the newest event emitted where that is older. A record that showed up after that read began, late
 * by at most the window, has an event time at or after it, whatever the poll interval; one further back is too late.
 * A quiet trigger's read starts at its newest event once that is older than the window behind the previous read (one
 * request again after a burst). A state stored before `looked` was kept goes as it did: the window behind the newest
 * event, but never more than the window behind this poll's clock.
 */
function rereadFrom(state: TriggerState, plan: PollPlan, now: number): number {
	if (state.looked === undefined) return Math.max(state.high - plan.lateEntryMs, Math.min(state.high, now - plan.lateEntryMs), state.floor);
	return Math.max(Math.min(state.high, state.looked - plan.lateEntryMs), state.floor);
}

function isMissingPage(error: unknown): boolean {
	return (error as { httpCode?: unknown })?.httpCode === '404';
}

/**
 * One poll: reads from the stored position (or activates), returns what to emit and the state to
 * store. `stored` is never changed.
 */
export async function pollOnce(
	plan: PollPlan,
	stored: TriggerState | undefined,
	fetchFromDatatruck: FetchPage,
	clock: PollClock,
	support: ListSupport = memorySupport(),
): Promise<PollOutcome> {
	const requests = countedFetch(fetchFromDatatruck);
	if (stored?.byId) return await pollById(plan, stored, requests, clock, support);
	return await timeOrId(
		plan,
		support,
		async () => {
			const outcome = await pollByTime(plan, stored, requests, clock, support);
			// Where a switch to ids would start: the newest id read (an empty list at activation: none yet, 0).
			const newest = [outcome.state.newestId, requests.newestId(), stored || plan.startDate !== undefined ? undefined : 0];
			const known = newest.filter((id): id is number => id !== undefined);
			if (plan.event.byIdWithoutTime && known.length) outcome.state.newestId = Math.max(...known);
			return outcome;
		},
		async () => await pollById(plan, idStateAfter(plan, stored), requests, clock, support),
	);
}

/**
 * Runs the read by event time; where its records carry no readable time and the event can go by id (New Work Order),
 * says so once in n8n's log and runs the read by id instead.
 */
async function timeOrId<T>(plan: PollPlan, support: ListSupport, byTime: () => Promise<T>, byId: () => Promise<T>): Promise<T> {
	const { event } = plan;
	return await byTime().catch(async (error: unknown) => {
		if (!(error instanceof UnreadableEventTimeError) || !event.byIdWithoutTime) throw error;
		support.markNotHeld({
			key: `${listOf(event)}.${event.orderField}`,
			assumption: 'A7',
			seen: `sends ${event.noun}s without a readable "${event.orderField}"`,
			instead: `finds new ${event.noun}s for ${event.name} by id: the newest id is the newest ${event.noun}`,
		});
		return await byId();
	});
}

/**
 * The state by id of a trigger whose reads by time stopped finding times: it goes on after the newest id those
 * reads saw. Undefined (activation by id) when there is no stored state, or one from before ids were kept.
 */
function idStateAfter(plan: PollPlan, stored: TriggerState | undefined): TriggerState | undefined {
	const after = stored?.newestId;
	if (after === undefined && plan.startDate !== undefined) {
		throw new TriggerReadError(
			`Datatruck's ${plan.event.noun}s carry no creation time, so ${plan.event.name} cannot start from a date`,
			`Without a creation time the trigger finds new ${plan.event.noun}s by id: it can tell which are newer than the last one it saw, ` +
				`not when one was created. Remove Options › Start From Date: the trigger then starts from the newest ${plan.event.noun}, as on activation.`,
		);
	}
	return after === undefined ? undefined : { ...emptyState(plan.key), byId: true, high: after, floor: after };
}

/**
 * One poll by id (see "New Work Order without a creation time" above). Activation records the newest id and emits
 * nothing. Later polls read newest first down to the cursor; a read that the per-poll limit stops emits what it read
 * and leaves the ids below it to the next polls, which go on from where it stopped before reading the top again.
 */
async function pollById(plan: PollPlan, stored: TriggerState | undefined, requests: CountedFetch, clock: PollClock, support: ListSupport): Promise<PollOutcome> {
	const { event } = plan;
	const fetchPage = publishedFetch(requests.fetchPage, support, event, plan.filters);
	const read = { event, filters: readFilters(plan), sent: requests.sent(), byId: true };
	if (!stored) {
		const found = await newestFirst({ ...read, start: Number.POSITIVE_INFINITY }, fetchPage, support);
		const newest = newestIdOf(found.read);
		return { records: [], state: { ...emptyState(plan.key), byId: true, high: newest, floor: newest }, skipped: [] };
	}
	const state = JSON.parse(JSON.stringify(stored)) as TriggerState;
	const { scan, high } = state;
	// The ids below `scan.from` are still to be read; where the order does not hold, every page is read from the top.
	const ordered = () => support.supports(`${listOf(event)}.ordering`);
	const mayRead = (sent: number) => sent < triggerSettings.pagesPerPoll && clock.mayContinue();
	const found = await newestFirst({ ...read, start: state.floor + 1, resume: ordered() ? scan : undefined, mayRead }, fetchPage, support);
	const gap = scan && ordered();
	// Ids from `scan.from` up to `high` were emitted by the read that stopped; a read of the gap leaves the top for later.
	const records = found.records.filter((record) => !scan || idOf(record) < scan.from || (!gap && idOf(record) > high));
	if (!gap) state.high = Math.max(high, newestIdOf(found.read));
	state.scan = found.stopped;
	if (!state.scan) state.floor = state.high;
	records.sort((a, b) => idOf(a) - idOf(b));
	// Datatruck sends creation times again: by time from here, with what this read saw as seen, and every id up to the
	// cursor as emitted (the earlier reads by id emitted them without a time, so the window back may hold them).
	if (!state.scan && found.read.length && carriesTimes(event, found.read)) {
		return { records, state: { ...seenState(plan, found.read, true, clock.now()), newestId: state.high, idsThrough: state.high }, skipped: [] };
	}
	return { records, state, skipped: [] };
}

/** One poll by event time, or of Load Flagged. */
async function pollByTime(plan: PollPlan, stored: TriggerState | undefined, requests: CountedFetch, clock: PollClock, support: ListSupport): Promise<PollOutcome> {
	const now = clock.now();
	const { event } = plan;
	const fetchPage = timedOnly(event, publishedFetch(requests.fetchPage, support, event, plan.filters));
	let state: TriggerState;
	if (stored) {
		state = JSON.parse(JSON.stringify(stored)) as TriggerState;
	} else if (event.kind === 'snapshot') {
		// The first complete read is the baseline: loads flagged at activation are not news.
		state = { ...emptyState(plan.key), quietBefore: plan.startDate ?? QUIET_ALL };
	} else if (plan.startDate !== undefined) {
		state = { ...emptyState(plan.key), high: plan.startDate, floor: plan.startDate };
	} else {
		return await activateNow(plan, requests, now, support);
	}

	const seen = new Map(state.seen);
	const known = new Set([...state.flagged, ...state.missed]);
	const pass = new Set(state.pass);
	const found: Array<{ record: IDataObject; id: number; time: number }> = [];
	const skipped: unknown[] = [];

	const visit = (record: IDataObject) => {
		const id = idOf(record);
		const time = timeOf(record, event.orderField);
		if (Number.isNaN(id)) return;
		if (event.kind === 'snapshot') {
			if (pass.has(id)) return;
			pass.add(id);
			if (known.has(id) || (state.quietBefore !== undefined && !(time >= state.quietBefore))) return;
		} else {
			if (Number.isNaN(time) || time < state.floor || seen.has(id) || id <= (state.idsThrough ?? Number.NEGATIVE_INFINITY)) return;
			seen.set(id, time);
		}
		found.push({ record, id, time });
	};

	const start = event.kind === 'snapshot' ? now - plan.createdWithinDays * DAY_MS : rereadFrom(state, plan, now);
	// A read that begins now is the one the next read's window is measured from; a resumed one keeps its first poll's.
	const begins = !state.scan;
	let position: ScanPosition = state.scan ?? { from: wholeSecond(start), page: 1 };
	const readFrom = Math.min(position.from, wholeSecond(start));
	let finished = false;
	const fallBackNeeded = () => !timeReadHeld(support, event);
	let fallBack = fallBackNeeded();
	let sent = 0;
	const pageCap = state.quietBefore !== undefined ? triggerSettings.baselinePages : triggerSettings.pagesPerPoll;
	for (; sent < pageCap && !finished && !fallBack; sent++) {
		if (sent > 0 && !clock.mayContinue()) break;
		const query = scanQuery(plan, position);
		const page = await fetchPage(query).catch((error: unknown): Page => {
			// A page number kept from the previous poll may be gone (records left the list): that read
			// is over. Any other error is the transport's NodeApiError, passed on unchanged.
			if (position.page > 1 && isMissingPage(error)) return { results: [], next: null };
			throw error;
		});
		// Refused a filter the node added (the page came without it) or ignored part of the question: newest first instead.
		if (fallBackNeeded() || noteIgnored(support, event, ignoredBy(page.results, { ordering: query.ordering, filters: readFilters(plan), bound: position.from }, event))) {
			fallBack = true;
			break;
		}
		skipped.push(...unreadableTimes(event, page.results));
		page.results.forEach(visit);
		if (!page.next || page.results.length === 0) {
			finished = true;
			break;
		}
		// Continue at the page's last second, re-reading only that second's records; a page that
		// holds one second only is followed by the next page of the same query instead.
		const first = wholeSecond(timeOf(page.results[0], event.orderField));
		const last = wholeSecond(timeOf(page.results[page.results.length - 1], event.orderField));
		position = last > first ? { from: last, page: 1 } : { from: position.from, page: position.page + 1 };
	}
	if (fallBack) {
		const { records } = await newestFirst({ event, filters: readFilters(plan), start: readFrom, sent: requests.sent() }, fetchPage, support);
		skipped.push(...unreadableTimes(event, records));
		records.forEach(visit);
		finished = true;
	}
	state.scan = finished ? undefined : position;

	if (event.kind === 'snapshot') {
		if (finished) {
			state.missed = state.flagged.filter((id) => !pass.has(id));
			state.flagged = [...pass];
			state.pass = [];
			delete state.quietBefore;
		} else {
			state.pass = [...pass];
		}
	} else {
		state.seen = [...seen];
		if (begins) state.looked = now;
		if (found.length) state.high = Math.max(state.high, Math.min(Math.max(...found.map((f) => f.time)), now));
		// The next read starts no earlier than this (both bounds only move forward), so what lies
		// before it can be forgotten, unless the read in progress still has to pass it.
		const nextStart = rereadFrom(state, plan, now);
		forget(state, finished ? nextStart : Math.min(position.from, nextStart), triggerSettings.maxRemembered);
	}

	found.sort((a, b) => (a.time === b.time || Number.isNaN(a.time - b.time) ? a.id - b.id : a.time - b.time));
	return { records: found.map((entry) => entry.record), state, skipped };
}

export { memorySupport } from './answerCheck';
export { isoSeconds, type FetchPage, type PageQuery } from './pageQuery';
