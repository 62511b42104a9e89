import type { IDataObject } from 'n8n-workflow';
import { idOf, type ApiFilter, type Page } from '../Datatruck/shared/lists';
import { listOf, meetsAll, memorySupport, noteIgnored, timeReadHeld, type ListSupport } from './answerCheck';
import type { EventSpec } from './events';
import { carriesTimes, timedOnly, timeOf, unreadableTimes, UnreadableEventTimeError } from './eventTime';
import { newestFirst, pageQuery, TriggerReadError, wholeSecond, type FallbackRead, type FallbackResult, type FetchPage } from './fallbackScan';
import { triggerSettings } from './settings';
import { emptyState, forget, type ScanPosition, type TriggerState } from './state';
import { publishedFetch } from './publishedForm';
import { leftOutOf, noteIdsSentBack } from './leftOut';

/**
 * The polling algorithm, apart from n8n and HTTP so that it can be read (and tested) on its own. docs/trigger.md
 * explains what it does and why ("Exactly once, and its limits", "New Work Order without a creation time", "When
 * Datatruck ignores the trigger's query"), state.ts what a poll keeps. What the code adds to that: a read by event
 * time goes oldest first by keyset, the cursor a time, never an id. A read that `pagesPerPoll` stopped short resumes
 * at the next poll where it stopped (`scan`): a backlog drains from its high-water mark rather than re-reading the
 * window, so records already seen can never stall it. Where Datatruck differs (answerCheck.ts, publishedForm.ts), the
 * read goes on newest first down to the cursor (fallbackScan.ts) within the same poll; nothing here moves it back.
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

/** The newest id among `records`; 0 when there is none. */
const newestIdOf = (records: IDataObject[]) => Math.max(0, ...records.map((record) => idOf(record) ?? 0));
/** Newest id first (records without an id are never kept). */
const byNewestId = (a: IDataObject, b: IDataObject) => (idOf(b) ?? 0) - (idOf(a) ?? 0);

/** The user's filters and the event's conditions: what every read asks, besides its bound. */
const readFilters = (plan: PollPlan): ApiFilter[] => [...plan.filters, ...plan.event.conditions];
/** Load Flagged reads the loads created since this moment. */
const createdSince = (plan: PollPlan, now: number) => now - plan.createdWithinDays * DAY_MS;

/** Fetch Test Event (docs/trigger.md): the most recent matching records, without reading or changing any state. */
export async function latestRecords(plan: PollPlan, fetchPage: FetchPage, now: number, support = memorySupport()): Promise<IDataObject[]> {
	const { event } = plan;
	const requests = requestsOf(plan, fetchPage, support);
	const want = triggerSettings.testEventCount;
	const scanned = async (byId: boolean) => {
		const start = event.kind === 'snapshot' ? createdSince(plan, now) : Number.NEGATIVE_INFINITY;
		const { records } = await requests.newestFirst({ start, want, byId });
		// Newest event time first, then newest id (a record without a readable time, or read by id, by its id alone).
		return records.sort((a, b) => (byId ? 0 : timeOf(b, event.orderField) - timeOf(a, event.orderField)) || byNewestId(a, b));
	};
	const byTime = async () => {
		const page = await trustedNewestPage(plan, requests.timed, now, support);
		// Checked in the node too: a condition Datatruck could not be seen to ignore may still have been.
		const matching = page ? page.results.filter(meetsAll(readFilters(plan), event)) : await scanned(false);
		unreadableTimes(event, matching);
		return matching.slice(0, want);
	};
	return await timeOrId(plan, support, byTime, async () => (await scanned(true)).slice(0, want));
}

/**
 * First poll with the default start ("now"): nothing that existed at activation is emitted, while a record that was
 * still being committed then is. One request for the newest matching records; where that page cannot be trusted to be
 * the newest, everything within the late-entry window is read newest first instead.
 */
async function activate(plan: PollPlan, requests: Requests, now: number, support: ListSupport): Promise<PollOutcome> {
	const page = await trustedNewestPage(plan, requests.timed, now, support);
	const since = wholeSecond(now - plan.lateEntryMs);
	const records = page ? page.results : (await requests.newestFirst({ start: since })).records;
	const skipped = unreadableTimes(plan.event, records);
	return { records: [], state: seenState(plan, records, now, page ? { more: Boolean(page.next) } : { since }), skipped };
}

/**
 * The event-time state of a trigger that has seen `records`, the newest ones, and emits none of them (activation, a
 * switch from ids back to times): they are remembered as seen, and their newest time is the high-water mark. A read of
 * everything `since` a moment reached the clock: then that is the high-water mark, and the moment the floor.
 */
function seenState(plan: PollPlan, records: IDataObject[], now: number, read: { more: boolean } | { since: number }): TriggerState {
	const seen = records
		.map((record): [number, number] => [idOf(record) ?? NaN, timeOf(record, plan.event.orderField)])
		.filter(([id, time]) => !Number.isNaN(id) && !Number.isNaN(time));
	const times = seen.map(([, time]) => time);
	const state: TriggerState = { ...emptyState(plan.key), seen, looked: now };
	if ('since' in read) {
		state.high = now;
		state.floor = read.since;
	} else if (times.length) {
		state.high = Math.min(Math.max(...times), now);
		// A full page leaves older records unseen: they are history too, so the floor goes past them.
		state.floor = read.more ? Math.min(...times) + 1 : 0;
	}
	forget(state, rereadFrom(state, plan, now), triggerSettings.maxRemembered);
	return state;
}

/**
 * One page of the newest matching records (activation, Fetch Test Event), when this origin keeps the trigger's
 * filters and order and the answer shows it did; undefined when not (nothing is sent when it is known not to):
 * then only the newest-first scan can tell which records are the newest.
 */
async function trustedNewestPage(plan: PollPlan, fetchPage: FetchPage, now: number, support: ListSupport): Promise<Page | undefined> {
	const held = () => timeReadHeld(support, plan.event);
	if (!held()) return undefined;
	const bound = plan.event.kind === 'snapshot' ? { column: 'created_datetime', from: createdSince(plan, now) } : undefined;
	const query = pageQuery(readFilters(plan), `-${plan.event.orderField},-id`, 1, bound);
	const page = await fetchPage(query);
	// A page answered without a filter the node added (refused, then retried without it) is not the newest matching.
	if (!held() || noteIgnored(support, plan.event, page.results, { ordering: query.ordering, filters: query.filter })) return undefined;
	return page;
}

/** A poll's requests, each in the form this origin takes (publishedForm.ts) and counted. */
interface Requests {
	/** For reads by time: fails with UnreadableEventTimeError where the event can go by id instead (eventTime.ts). */
	timed: FetchPage;
	/** The newest id any answer held; undefined before a record was read. */
	newestId(): number | undefined;
	/** The newest-first scan (fallbackScan.ts) of what the plan asks; the requests sent so far, retries included, count against its budget. */
	newestFirst(read: Omit<FallbackRead, 'event' | 'filters' | 'sent'>): Promise<FallbackResult>;
}

function requestsOf(plan: PollPlan, fetchPage: FetchPage, support: ListSupport): Requests {
	let sent = 0;
	let newest: number | undefined;
	const counted: FetchPage = async (query) => {
		sent++;
		const page = await fetchPage(query);
		if (page.results.length) newest = Math.max(newest ?? 0, newestIdOf(page.results));
		return page;
	};
	const published = publishedFetch(counted, support, plan.event, plan.filters);
	const timed = timedOnly(plan.event, published);
	// A read by id takes answers without a time (`timed` would fail on them).
	const scan: Requests['newestFirst'] = async (read) =>
		await newestFirst({ event: plan.event, filters: readFilters(plan), sent, ...read }, read.byId ? published : timed, support);
	return { timed, newestId: () => newest, newestFirst: scan };
}

/**
 * Where a new read of an event-time event starts, before `recheckFrom`: the late-entry window behind the clock when the
 * last read began (`looked`), or the newest event emitted where that is older (docs/trigger.md, "Exactly once, and its
 * limits"). A state stored before `looked` was kept: the window behind the newest event, at most behind this clock.
 */
function windowFrom(state: TriggerState, plan: PollPlan, now: number): number {
	if (state.looked === undefined) return Math.max(state.high - plan.lateEntryMs, Math.min(state.high, now - plan.lateEntryMs), state.floor);
	return Math.max(Math.min(state.high, state.looked - plan.lateEntryMs), state.floor);
}

/** The window, back to where the read before began if it was `unsure` (`recheckFrom`). */
const rereadFrom = (state: TriggerState, plan: PollPlan, now: number) =>
	Math.max(Math.min(windowFrom(state, plan, now), state.recheckFrom ?? Number.POSITIVE_INFINITY), state.floor);

/**
 * One poll: reads from the stored position (or activates), returns what to emit and the state to
 * store. `stored` is never changed.
 */
export async function pollOnce(plan: PollPlan, stored: TriggerState | undefined, fetchPage: FetchPage, clock: PollClock, support = memorySupport()): Promise<PollOutcome> {
	const requests = requestsOf(plan, fetchPage, support);
	if (stored?.byId) return await pollById(plan, stored, requests, clock, support);
	return await timeOrId(
		plan,
		support,
		async () => {
			const outcome = await pollByTime(plan, stored, requests, clock, support);
			if (!plan.event.byIdWithoutTime) return outcome;
			// Where a switch to ids would start: the newest id read; at activation, 0 for an empty list. An activation
			// read that reached back a window only (its floor) and found none says nothing of older ids: the list is
			// asked for its newest id (one request), so that a later switch does not emit them.
			const known = [outcome.state.newestId, requests.newestId()].filter((id): id is number => id !== undefined);
			if (!known.length && !stored && plan.startDate === undefined) {
				known.push(outcome.state.floor > 0 ? newestIdOf((await requests.newestFirst({ byId: true, start: Number.POSITIVE_INFINITY })).read) : 0);
			}
			if (known.length) outcome.state.newestId = Math.max(...known);
			return outcome;
		},
		// Reads by time found no times: on by id after the newest id they saw (none, or a state from before ids were kept: activation).
		async () => await pollById(plan, stored?.newestId === undefined ? undefined : idState(plan, stored.newestId), requests, clock, support),
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

/** The state by id of a trigger whose newest id emitted (or found at activation) is `id`. */
const idState = (plan: PollPlan, id: number): TriggerState => ({ ...emptyState(plan.key), byId: true, high: id, floor: id });

/**
 * One poll by id (docs/trigger.md, "New Work Order without a creation time"): activation records the newest id; a read
 * the per-poll limit stops leaves the ids below it to the next polls, which read them before the top again.
 */
async function pollById(plan: PollPlan, stored: TriggerState | undefined, requests: Requests, clock: PollClock, support: ListSupport): Promise<PollOutcome> {
	const { event } = plan;
	if (!stored) {
		if (plan.startDate !== undefined) {
			throw new TriggerReadError(
				`Datatruck's ${event.noun}s carry no creation time, so ${event.name} cannot start from a date`,
				`Without a creation time the trigger finds new ${event.noun}s by id: it can tell which are newer than the last one it saw, ` +
					`not when one was created. Remove Options › Start From Date: the trigger then starts from the newest ${event.noun}, as on activation.`,
			);
		}
		const found = await requests.newestFirst({ byId: true, start: Number.POSITIVE_INFINITY });
		return { records: [], state: idState(plan, newestIdOf(found.read)), skipped: [] };
	}
	const state = JSON.parse(JSON.stringify(stored)) as TriggerState;
	const { scan, high, floor } = state;
	// The ids below `scan.from` are still to be read (fallbackScan.ts resumes there); a new read after an unsure one
	// starts where that one began (`recheckFrom`), leaving out what it emitted.
	const mayRead = (sent: number) => sent < triggerSettings.pagesPerPoll && clock.mayContinue();
	const emitted = new Set(state.seen.map(([id]) => id));
	const from = scan ? floor : Math.min(floor, state.recheckFrom ?? floor);
	const found = await requests.newestFirst({ byId: true, start: from + 1, resume: scan, mayRead });
	// Where the order does not hold (or no longer), every page was read from the top.
	const gap = scan && support.supports(`${listOf(event)}.ordering`);
	// Ids from `scan.from` up to `high` were emitted by the read that stopped; a read of the gap leaves the top for later.
	const records = found.records.filter((record) => {
		const id = idOf(record) ?? 0;
		return !emitted.has(id) && (!scan || id < scan.from || (!gap && id > high));
	});
	if (!gap) state.high = Math.max(high, newestIdOf(found.read));
	state.scan = found.stopped;
	if (!state.scan) state.floor = state.high;
	const recheck = !scan && !found.stopped && found.unsure;
	state.recheckFrom = recheck ? floor : undefined;
	state.seen = recheck ? records.map((record) => idOf(record) ?? 0).filter((id) => id > floor).map((id): [number, number] => [id, id]) : [];
	records.sort((a, b) => byNewestId(b, a));
	// Datatruck sends creation times again: by time from here, with what this read saw as seen, and every id up to the
	// cursor as emitted (the earlier reads by id emitted them without a time, so the window back may hold them).
	if (!state.scan && found.read.length && carriesTimes(event, found.read)) {
		return { records, state: { ...seenState(plan, found.read, clock.now(), { more: true }), newestId: state.high, idsThrough: state.high }, skipped: [] };
	}
	return { records, state, skipped: [] };
}

/** One poll by event time, or of Load Flagged. */
async function pollByTime(plan: PollPlan, stored: TriggerState | undefined, requests: Requests, clock: PollClock, support: ListSupport): Promise<PollOutcome> {
	const now = clock.now();
	const { event } = plan;
	const state = stored ? (JSON.parse(JSON.stringify(stored)) as TriggerState) : emptyState(plan.key);
	if (!stored && event.kind === 'eventTime') {
		if (plan.startDate === undefined) return await activate(plan, requests, now, support);
		Object.assign(state, { high: plan.startDate, floor: plan.startDate });
	}
	// Load Flagged's first complete read is the baseline: loads flagged at activation are not news.
	if (!stored && event.kind === 'snapshot') state.quietBefore = plan.startDate ?? QUIET_ALL;

	const seen = new Map(state.seen);
	const known = new Set([...state.flagged, ...state.missed]);
	const pass = new Set(state.pass);
	const found: Array<{ record: IDataObject; id: number; time: number }> = [];
	const skipped: unknown[] = [];

	const visit = (record: IDataObject) => {
		const id = idOf(record);
		const time = timeOf(record, event.orderField);
		if (id === undefined) return;
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

	const start = event.kind === 'snapshot' ? createdSince(plan, now) : rereadFrom(state, plan, now);
	// A read that begins now is the one the next read's window is measured from; a resumed one keeps its first poll's.
	const begins = !state.scan;
	let position: ScanPosition = state.scan ?? { from: wholeSecond(start), page: 1 };
	const readFrom = Math.min(position.from, wholeSecond(start));
	let recheckFrom: number | undefined;
	let finished = false;
	let fallBack = !timeReadHeld(support, event);
	const pageCap = state.quietBefore !== undefined ? triggerSettings.baselinePages : triggerSettings.pagesPerPoll;
	// The same ids are left out of every page of this poll: page numbers within one second count the same list.
	const leftOut = leftOutOf(state.seen, wholeSecond(position.from), support, event, position.page > 1);
	for (let sent = 0; !fallBack && sent < pageCap && (sent === 0 || clock.mayContinue()); sent++) {
		// Ties broken by id, so that paging through one second is stable (a Datatruck that refuses it: publishedForm.ts).
		const query = pageQuery(readFilters(plan), `${event.orderField},id`, position.page, { column: event.orderField, from: position.from }, leftOut);
		// A page number kept from the previous poll may be gone (records left the list): publishedFetch answers it empty.
		const page = await requests.timed(query);
		// Refused a filter the node added (the page came without it) or ignored part of the question: newest first instead.
		fallBack =
			!timeReadHeld(support, event) || noteIgnored(support, event, page.results, { ordering: query.ordering, filters: readFilters(plan), bound: position.from });
		if (fallBack) break;
		noteIdsSentBack(support, event, leftOut, page.results);
		skipped.push(...unreadableTimes(event, page.results));
		page.results.forEach(visit);
		finished = !page.next || page.results.length === 0;
		if (finished) break;
		// Continue at the page's last second, re-reading only that second's records; a page that holds one second only is
		// followed by the next page of the same query instead (a keyset cannot get past a second fuller than a page).
		const first = wholeSecond(timeOf(page.results[0], event.orderField));
		const last = wholeSecond(timeOf(page.results[page.results.length - 1], event.orderField));
		position = last > first ? { from: last, page: 1 } : { from: position.from, page: position.page + 1 };
	}
	if (fallBack) {
		const { records, unsure } = await requests.newestFirst({ start: readFrom });
		// The next read goes over this one's ground again, from where it would have begun on its own.
		if (unsure) recheckFrom = Math.min(state.scan?.from ?? Number.POSITIVE_INFINITY, wholeSecond(windowFrom(state, plan, now)));
		skipped.push(...unreadableTimes(event, records));
		records.forEach(visit);
		finished = true;
	}
	state.scan = finished ? undefined : position;

	if (event.kind === 'snapshot') {
		state.pass = finished ? [] : [...pass];
		if (finished) {
			state.missed = state.flagged.filter((id) => !pass.has(id));
			state.flagged = [...pass];
			delete state.quietBefore;
		}
	} else {
		state.seen = [...seen];
		if (begins) state.looked = now;
		state.recheckFrom = recheckFrom;
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
export type { FetchPage, PageQuery } from './fallbackScan';
