import type { IDataObject, IExecuteSingleFunctions } from 'n8n-workflow';
import { searchHits } from '../../shared/lists';
import { connectionFor } from '../../shared/transport';
import { PROBED, type ProbedAssumption } from './assumptions';
import { driverListReport, driverUpdateVerdict, type DriverListReport } from './driverUpdate';
import { idsOf, inIdOrder, probe, runsOf, verdict, type ProbeAnswer, type Verdict } from './probes';

export type { CheckResult, Verdict } from './probes';

const LOADS = '/orders/';
const WORK_ORDERS = '/work-orders/';
const DRIVERS = '/drivers/list/';
const TRUCKS = '/trucks/list/';
const TRAILERS = '/trailers/list/';
const BOARD = '/orders/dispatcher-board/list/';
/** Work orders the filter probe reads: more than twice the three it then asks for by id. */
const ASKED_WORK_ORDERS = 7;
/** The page size of the work-order filter probe: fewer than the three ids it asks for, so its answer shows the page size too. */
const FILTERED_WORK_ORDERS = 2;
/** The loads page size asked besides the node's 25: no one default can answer both 24 and 25. */
const SECOND_LOADS_PAGE = 24;
/** The largest page Datatruck is known to answer (the loads list's `page_size` maximum): a list no longer than this fits one page of its own. */
const LARGEST_KNOWN_PAGE = 25;
/** Adjacent pairs of one status the second ordering field must decide in each answer: a tie-break that ignores it passes 1 in 2 per pair by chance. */
const DECIDING_PAIRS = 4;
/** About 6 KB of query string: the longest request line the node's list plans send (A30). */
const LONG_EXCLUSION = 600;
/** Ids far above any real load, so leaving them out changes no answer: only the request line's length is asked. */
const LONG_IDS = Array.from({ length: LONG_EXCLUSION }, (_, index) => 990_000_000 + index);
/** Drivers of one status the driver probe asks for by id: four pairs for the second ordering field to decide. */
const ASKED_DRIVERS = DECIDING_PAIRS + 1;
/**
 * The page size asked of the truck and trailer lists (with a search three or more units match) and of the board: no
 * list's own page is 2 (Datatruck's pages say 10), so more records show the size ignored, fewer a smaller page.
 */
const SMALL_PAGE = 2;

/** Every verdict, and what the driver list shows of the full driver update's values. */
export interface CheckOutcome {
	verdicts: Verdict[];
	driverList: DriverListReport;
}

/**
 * Every probe, 13 GET requests and one OPTIONS at most (the first is the operation's own request, `loadsById`). Each
 * probe answers as many questions as it can, so that the check stays well inside one minute of the token: the long
 * request line rides on the loads' `status,-id` request, the drivers' several ordering fields on their filter on id,
 * what Driver › Update needs on the drivers read whole, and each of the truck list, the trailer list and the board is
 * asked once, for its page size and (trucks, trailers) its search. Nothing is written: OPTIONS, not a PATCH, asks
 * whether the driver update takes a partial update.
 */
export async function runChecks(ctx: IExecuteSingleFunctions, loadsById: ProbeAnswer): Promise<CheckOutcome> {
	const loadsByIdDown = await probe(ctx, LOADS, { page_size: SECOND_LOADS_PAGE, ordering: '-id' });
	const { baseUrl } = await connectionFor(ctx);
	const verdicts = [
		orderingVerdict(PROBED.loadsOrdering, loadsById, loadsByIdDown),
		pageSizeVerdict(loadsById, loadsByIdDown),
		nextLinkVerdict(baseUrl, loadsById),
	];
	const multi = await multiOrderingProbes(ctx);
	const filtered = await filterVerdicts(ctx, loadsByIdDown);
	verdicts.push(multiOrderingVerdict(multi, filtered.answered));
	verdicts.push(...filtered.verdicts);
	const drivers = await probe(ctx, DRIVERS, { page_size: 'all' });
	verdicts.push(await dispatcherVerdict(ctx, loadsByIdDown.records, drivers.records));
	verdicts.push(multi.down ? longLineVerdict(multi.down, filtered.answered) : longLineVerdict(await longLineProbe(ctx), filtered.answered));
	verdicts.push(...(await workOrderVerdicts(ctx)));
	verdicts.push(...(await driverVerdicts(ctx, drivers)));
	verdicts.push(await driverUpdateVerdict(ctx, drivers));
	verdicts.push(...(await equipmentVerdicts(ctx, 'trucks', drivers.records)));
	verdicts.push(...(await equipmentVerdicts(ctx, 'trailers', drivers.records)));
	verdicts.push(await boardVerdict(ctx));
	return { verdicts, driverList: driverListReport(drivers) };
}

/**
 * The loads' first page asked for 25, and the `-id` page asked for 24: whether Datatruck answered those many while
 * more exist (its pages say 10 at most). A list whose own page is 25 answers the first alike, never both.
 */
function pageSizeVerdict(answer: ProbeAnswer, second: ProbeAnswer): Verdict {
	const about = PROBED.loadsPageSize;
	const asked = 25;
	if (answer.status !== 200) return verdict(about, 'could not tell', refused(answer, `\`page_size=${asked}\``));
	const served = answer.records.length;
	if (answer.bare) {
		return served > 0 && served < asked
			? verdict(about, 'not held', `answered a bare list of ${served} loads to \`page_size=${asked}\`, with no count: read on page by page`, served)
			: verdict(about, 'could not tell', `answered a bare list of ${served} loads, with no count to compare with`);
	}
	if (answer.count === undefined || answer.count <= served) return verdict(about, 'could not tell', `only ${served} load(s) in all`);
	if (served !== asked) return verdict(about, 'not held', `answers ${served} loads a page to \`page_size=${asked}\` (${answer.count} in all)`, served);
	const both = `\`page_size=${asked}\` and \`page_size=${SECOND_LOADS_PAGE}\``;
	if (second.status !== 200) {
		return verdict(about, 'could not tell', `\`page_size=${asked}\` brought ${asked} loads, and ${refused(second, `\`page_size=${SECOND_LOADS_PAGE}\``)}: a list whose own page is ${asked} answers the same`);
	}
	if (second.records.length !== SECOND_LOADS_PAGE) {
		return verdict(about, 'not held', `${both} brought ${asked} and ${second.records.length} loads: it answers pages of its own size`, second.records.length);
	}
	return verdict(about, 'held', `${both} brought that many of ${answer.count} loads`);
}

/** The form of the loads' `next` link. The node never follows it; the answer says how Datatruck is set up. */
function nextLinkVerdict(baseUrl: string, answer: ProbeAnswer): Verdict {
	const about = PROBED.nextLinks;
	const next = answer.next;
	if (answer.status !== 200) return verdict(about, 'could not tell', refused(answer, 'the first page of loads'));
	if (answer.bare) return verdict(about, 'not held', 'answered a bare list, without `next` or a count');
	if (next === undefined) return verdict(about, 'not held', 'answered without a `next` key: the count tells whether pages remain');
	if (next === null) return verdict(about, answer.count !== undefined && answer.count > answer.records.length ? 'not held' : 'could not tell', 'answered no `next` link');
	const form = linkForm(baseUrl, next);
	const shown = next.replace(/\?.*$/, '?…');
	return form ? verdict(about, 'not held', `wrote \`next\` ${form}: ${shown}`) : verdict(about, 'held', `wrote \`next\` on the credential's address: ${shown}`);
}

/** How a `next` link is written, in words; undefined for an absolute link on the credential's address (the spec's form). */
export function linkForm(baseUrl: string, next: string): string | undefined {
	if (next.startsWith(`${baseUrl}/`)) return undefined;
	if (/^http:\/\//i.test(next) && next.replace(/^http:/i, 'https:').startsWith(`${baseUrl}/`)) return 'absolute with `http://` (a proxy that does not pass the scheme on)';
	if (/^[a-z]+:\/\//i.test(next)) return 'absolute, on another address';
	return next.startsWith(`${baseUrl.replace(/^[a-z]+:\/\/[^/]+/i, '')}/`) ? 'relative to the host' : "relative to the API (as Datatruck's pages print it)";
}

function refused(answer: ProbeAnswer, query: string): string {
	return `answered HTTP ${answer.status} to ${query}${answer.refusal ? `: ${answer.refusal}` : ''}`;
}

/**
 * Sorted both ways by id: held when each answer is in its own order, which no default order can be. `downAlsoFilters`:
 * the descending request also held a filter, so its refusal does not say which of the two was refused.
 */
function orderingVerdict(about: ProbedAssumption, up: ProbeAnswer, down: ProbeAnswer, downAlsoFilters = false): Verdict {
	if (up.status !== 200) return verdict(about, 'not held', refused(up, '`ordering=id`'));
	if (down.status !== 200) return verdict(about, downAlsoFilters ? 'could not tell' : 'not held', refused(down, '`ordering=-id`'));
	const [upIds, downIds] = [idsOf(up), idsOf(down)];
	const fewest = Math.min(upIds.length, downIds.length);
	if (fewest < 2) return verdict(about, 'could not tell', `only ${fewest} record(s) to compare`);
	if (inIdOrder(upIds, false) && inIdOrder(downIds, true)) {
		return verdict(about, 'held', `\`ordering=id\` and \`ordering=-id\` came back in those orders (${upIds.length} and ${downIds.length} records)`);
	}
	return verdict(about, 'not held', `\`ordering=id\` came back as ${preview(upIds)} and \`ordering=-id\` as ${preview(downIds)}`);
}

interface MultiOrderingProbes {
	up: ProbeAnswer;
	/** `status,-id` with the long request line (600 ids left out); not asked when `status,id` was refused. */
	down?: ProbeAnswer;
}

/**
 * `status,id`, then `status,-id` leaving out 600 ids no load has: the second request is also the long request line's
 * probe (A30). Ids that far up change no answer, so the ties decide as without them; should the line be refused, the
 * second field cannot be told. When `status,id` is refused there is no second request, and the line is asked alone.
 */
async function multiOrderingProbes(ctx: IExecuteSingleFunctions): Promise<MultiOrderingProbes> {
	const up = await probe(ctx, LOADS, { page_size: 25, ordering: 'status,id' });
	if (up.status !== 200) return { up };
	const down = await probe(ctx, LOADS, { page_size: 25, ordering: 'status,-id', filter: [{ column: 'id', value: LONG_IDS, contains: 'exclude_in' }] });
	return { up, down };
}

/** Within each run of one status the ids must follow the second field, `id` one way and `-id` the other. */
function multiOrderingVerdict({ up, down }: MultiOrderingProbes, shortLineAnswered: boolean): Verdict {
	const about = PROBED.loadsMultiOrdering;
	if (up.status !== 200) return verdict(about, 'not held', refused(up, '`ordering=status,id`'));
	if (!down || down.status !== 200) {
		const line = !down || lineRefusal(down) || shortLineAnswered ? ' (the line, not the ordering)' : '';
		return verdict(about, 'could not tell', `\`ordering=status,id\` was answered, but the \`status,-id\` request, which also carried the long request line, got HTTP ${down?.status}${line}`);
	}
	const ties = (answer: ProbeAnswer) => runsOf(answer.records, 'status').filter((run) => run.length > 1);
	const [upTies, downTies] = [ties(up), ties(down)];
	const pairs = (runs: IDataObject[][]) => runs.reduce((sum, run) => sum + run.length - 1, 0);
	const deciding = Math.min(pairs(upTies), pairs(downTies));
	if (deciding < DECIDING_PAIRS) {
		return verdict(about, 'could not tell', `only ${deciding} pair(s) of loads next to each other shared a status, too few for the second field to decide`);
	}
	const follows = (runs: IDataObject[][], descending: boolean) =>
		runs.every((run) => inIdOrder(run.map((record) => Number(record.id)), descending));
	if (follows(upTies, false) && follows(downTies, true)) {
		return verdict(about, 'held', 'loads of the same status came back by id, in the order the second field asked');
	}
	return verdict(about, 'not held', 'accepted two fields but ignored the second: loads of the same status were not in id order');
}

/**
 * One request: `status is S` and `id exclude_in [a]`, where load `a`, the first of the sample, has status S. A list
 * that ignores a condition answers the sample's page again: load `a` back, or the sample's loads of another status.
 * An answer of nothing would pass both, so it is never "held".
 */
async function filterVerdicts(ctx: IExecuteSingleFunctions, sample: ProbeAnswer): Promise<{ verdicts: Verdict[]; answered: boolean }> {
	const first = sample.records.find((record) => typeof record.status === 'string');
	if (!first) {
		const why = 'no load to build the filter from';
		return { verdicts: [verdict(PROBED.loadsFilter, 'could not tell', why), verdict(PROBED.loadsIdFilter, 'could not tell', why)], answered: false };
	}
	const status = first.status as string;
	const left = Number(first.id);
	const answer = await probe(ctx, LOADS, {
		page_size: 25,
		ordering: '-id',
		filter: [
			{ column: 'status', value: status, contains: 'is' },
			{ column: 'id', value: [left], contains: 'exclude_in' },
		],
	});
	const query = `\`status is ${status}\` with \`id exclude_in [${left}]\``;
	if (answer.status !== 200) {
		const seen = refused(answer, query);
		return { verdicts: [verdict(PROBED.loadsFilter, 'not held', seen), verdict(PROBED.loadsIdFilter, 'not held', seen)], answered: false };
	}
	const ids = idsOf(answer);
	const others = answer.records.filter((record) => record.status !== status);
	const othersSeen = sample.records.some((record) => record.status !== status);
	const alike = sample.records.filter((record) => record.status === status).length - 1;
	const nothing = `${query} brought no load`;
	const byStatus =
		others.length > 0
			? verdict(PROBED.loadsFilter, 'not held', `${query} brought ${others.length} load(s) of another status`)
			: !othersSeen
				? verdict(PROBED.loadsFilter, 'could not tell', `every load seen has status ${status}`)
				: ids.length > 0
					? verdict(PROBED.loadsFilter, 'held', `${query} brought only loads with status ${status}`)
					: alike > 0
						? verdict(PROBED.loadsFilter, 'not held', `${nothing}, though ${alike} other load(s) with status ${status} were seen`)
						: verdict(PROBED.loadsFilter, 'could not tell', `${nothing}, and no other load with status ${status} was seen`);
	const byId = ids.includes(left)
		? verdict(PROBED.loadsIdFilter, 'not held', `${query} brought load ${left} back`)
		: ids.length > 0
			? verdict(PROBED.loadsIdFilter, 'held', `${query} left load ${left} out and brought others`)
			: verdict(PROBED.loadsIdFilter, 'could not tell', `${nothing}, so leaving load ${left} out proves nothing`);
	return { verdicts: [byStatus, byId], answered: true };
}

/**
 * Loads show only `dispatcher__full_name`; the node filters on the relation's id (A31), taking ids from the drivers'
 * `assigned_dispatcher`. Asked, in the sample's order, for a dispatcher whose name is on the sample's page beside
 * another's: a list that ignores the filter answers that page, other dispatchers' loads included. An empty answer is
 * wrong too.
 */
async function dispatcherVerdict(ctx: IExecuteSingleFunctions, loads: IDataObject[], drivers: IDataObject[]): Promise<Verdict> {
	const about = PROBED.loadsDispatcherId;
	const names = new Set(loads.map((load) => load.dispatcher__full_name).filter((name) => typeof name === 'string'));
	if (names.size < 2) return verdict(about, 'could not tell', `the loads seen have ${names.size} dispatcher(s): a list that ignores the filter could answer them alike`);
	const dispatcher = drivers
		.map((driver) => driver.assigned_dispatcher as IDataObject | null | undefined)
		.find((assigned) => typeof assigned?.id === 'number' && names.has(String(assigned.full_name)));
	if (!dispatcher) return verdict(about, 'could not tell', 'no dispatcher of an active driver is on the loads seen');
	const name = String(dispatcher.full_name);
	const answer = await probe(ctx, LOADS, {
		page_size: 25,
		ordering: '-id',
		filter: [{ column: 'dispatcher__id', value: dispatcher.id, contains: 'is' }],
	});
	const query = `\`dispatcher__id is ${String(dispatcher.id)}\` (${name})`;
	if (answer.status !== 200) return verdict(about, 'not held', refused(answer, query));
	if (answer.records.length === 0) return verdict(about, 'not held', `${query} brought no load, though loads of ${name} exist`);
	const others = answer.records.filter((record) => record.dispatcher__full_name !== name);
	if (others.length > 0) return verdict(about, 'not held', `${query} brought ${others.length} load(s) of other dispatchers`);
	return verdict(about, 'held', `${query} brought only that dispatcher's loads`);
}

/** The long request line asked alone, where the loads' `status,-id` request did not carry it (`status,id` was refused). */
async function longLineProbe(ctx: IExecuteSingleFunctions): Promise<ProbeAnswer> {
	return await probe(ctx, LOADS, { page_size: 1, filter: [{ column: 'id', value: LONG_IDS, contains: 'exclude_in' }] });
}

/** A refusal that says it is the line's length: nginx's 414, or words of gunicorn's when the transport kept them. */
function lineRefusal(answer: ProbeAnswer): boolean {
	return answer.status === 414 || /request.?line|too large|too long/i.test(answer.refusal ?? '');
}

/**
 * 600 ids left out, about 7 KB. A 414 says it; gunicorn's 400 is an HTML page whose words the transport does not
 * keep, so a 400 counts as the line's length only when the same filter with one id was answered (`shortLineAnswered`).
 */
function longLineVerdict(answer: ProbeAnswer, shortLineAnswered: boolean): Verdict {
	const about = PROBED.longRequestLine;
	const query = `a request line of about ${Math.round(encodeURIComponent(JSON.stringify(LONG_IDS)).length / 1024)} KB`;
	if (answer.status === 200) return verdict(about, 'held', `${query} was answered`);
	if (lineRefusal(answer)) return verdict(about, 'not held', refused(answer, query));
	if (shortLineAnswered) return verdict(about, 'not held', `${refused(answer, query)}, though the same filter with one id was answered`);
	return verdict(about, 'could not tell', `${refused(answer, query)}, and the filter on id was not answered when short`);
}

/**
 * Two requests: `ordering=id, page_size=7`, then `ordering=-id, page_size=2` with `id is_in` the last three of those
 * seven. A list that ignores the filter answers its own first two, which are never among the ones asked for (whatever
 * order the first answer came in), so it cannot pass by chance; with seven work orders or fewer it could, and the
 * check says it cannot tell. The second answer, two records where three match, is the page size's second witness: no
 * one default answers both 7 and 2.
 */
async function workOrderVerdicts(ctx: IExecuteSingleFunctions): Promise<Verdict[]> {
	const up = await probe(ctx, WORK_ORDERS, { page_size: ASKED_WORK_ORDERS, ordering: 'id' });
	const ids = idsOf(up).slice(0, ASKED_WORK_ORDERS);
	const asked = ids.slice(-3);
	const down = await probe(ctx, WORK_ORDERS, {
		page_size: FILTERED_WORK_ORDERS,
		ordering: '-id',
		filter: [{ column: 'id', value: asked, contains: 'is_in' }],
	});
	const total = up.count ?? up.records.length;
	const query = `\`id is_in [${asked.join(',')}]\``;
	const strangers = idsOf(down).filter((id) => !asked.includes(id));
	const filter =
		down.status !== 200
			? verdict(PROBED.workOrdersFilter, 'not held', refused(down, query))
			: strangers.length > 0
				? verdict(PROBED.workOrdersFilter, 'not held', `${query} brought ${strangers.length} other work order(s)`)
				: down.records.length === 0
					? verdict(PROBED.workOrdersFilter, 'not held', `${query} brought no work order, though those were just read`)
					: ids.length >= 6 && total > ids.length
						? verdict(PROBED.workOrdersFilter, 'held', `${query} brought only those work orders`)
						: verdict(
								PROBED.workOrdersFilter,
								'could not tell',
								`${total > ids.length ? `a first page of only ${ids.length}` : `only ${total}`} work order(s): a list that ignores the filter could have answered the same`,
							);
	return [workOrderPageSizeVerdict(up, down, total), orderingVerdict(PROBED.workOrdersOrdering, up, down, true), filter, createdTimeVerdict(up)];
}

/** `page_size=7` must bring 7 of more, and `page_size=2` with three ids asked 2: a list that answers its own size fails one. */
function workOrderPageSizeVerdict(up: ProbeAnswer, down: ProbeAnswer, total: number): Verdict {
	const about = PROBED.workOrdersPageSize;
	const asked = `\`page_size=${ASKED_WORK_ORDERS}\``;
	const served = up.records.length;
	if (up.status !== 200) return verdict(about, 'not held', refused(up, asked));
	if (served > ASKED_WORK_ORDERS) return verdict(about, 'not held', `${asked} brought ${served} work orders`, served);
	if (total <= ASKED_WORK_ORDERS) return verdict(about, 'could not tell', `only ${total} work order(s)`);
	if (served < ASKED_WORK_ORDERS) return verdict(about, 'not held', `${asked} brought ${served} of ${total} work orders`, served);
	const second = `\`page_size=${FILTERED_WORK_ORDERS}\``;
	if (down.status !== 200) return verdict(about, 'could not tell', `${asked} brought ${served}, and ${refused(down, second)}: a list whose own page is ${served} answers the same`);
	if (down.records.length > FILTERED_WORK_ORDERS) return verdict(about, 'not held', `${second} brought ${down.records.length} work orders: it answers pages of its own size`, served);
	return verdict(about, 'held', `${asked} brought ${served} of ${total} work orders, and ${second} at most ${FILTERED_WORK_ORDERS}`);
}

/** Whether the work orders read carry a creation time: New Work Order goes by it, else by id. */
function createdTimeVerdict(answer: ProbeAnswer): Verdict {
	const about = PROBED.workOrdersCreatedTime;
	if (answer.records.length === 0) return verdict(about, 'could not tell', answer.status === 200 ? 'no work order to look at' : refused(answer, 'the work-order list'));
	const timed = answer.records.filter((record) => typeof record.created_datetime === 'string' && !Number.isNaN(Date.parse(record.created_datetime)));
	if (timed.length === answer.records.length) return verdict(about, 'held', `the ${timed.length} work orders read carry \`created_datetime\``);
	return verdict(about, 'not held', `${answer.records.length - timed.length} of the ${answer.records.length} work orders read carry no readable \`created_datetime\``);
}

/**
 * `page_size=all` (read before, for the dispatchers), then `id is_in` five drivers of one status with `page_size=6`
 * and `ordering=status,±id`. A list that ignores the filter answers six drivers, which cannot all be among the five
 * (and its count is all its drivers); a list of six drivers or fewer could, and the check says it cannot tell. A list
 * no longer than one page of Datatruck's own size comes whole whatever `page_size` says, so `all` is held only beyond
 * that size.
 */
async function driverVerdicts(ctx: IExecuteSingleFunctions, all: ProbeAnswer): Promise<Verdict[]> {
	const about = PROBED.driversPageSizeAll;
	const total = all.count ?? all.records.length;
	const whole =
		all.status !== 200
			? verdict(about, 'not held', refused(all, '`page_size=all`'))
			: all.records.length < total
				? verdict(about, 'not held', `\`page_size=all\` brought ${all.records.length} of ${total} drivers`)
				: all.count === undefined
					? verdict(about, 'could not tell', `\`page_size=all\` brought a bare list of ${all.records.length} drivers, with no count to compare with`)
					: total <= LARGEST_KNOWN_PAGE
						? verdict(about, 'could not tell', `only ${total} driver(s): one page of Datatruck's own size may hold them all`)
						: verdict(about, 'held', `\`page_size=all\` brought all ${total} drivers`);
	const asked = askedDrivers(all.records);
	if (asked.ids.length < 2) {
		const why = `only ${all.records.length} driver(s) to pick from`;
		return [whole, verdict(PROBED.driversIdFilter, 'could not tell', why), verdict(PROBED.driversMultiOrdering, 'could not tell', why)];
	}
	const answer = await probe(ctx, DRIVERS, {
		page_size: asked.ids.length + 1,
		ordering: `status,${asked.descending ? '-' : ''}id`,
		filter: [{ column: 'id', value: asked.ids, contains: 'is_in' }],
	});
	return [whole, driverIdVerdict(answer, asked.ids), driverOrderingVerdict(answer, asked.descending)];
}

/**
 * The drivers the id probe asks for: up to five of the status most drivers have, in the order the list came, fewer
 * than all (so a list that ignores the filter answers another), and whether to ask their ids descending: the way
 * they did not come, so that a list that ignores the second ordering field, answering ties its own way, shows it.
 */
function askedDrivers(drivers: IDataObject[]): { ids: number[]; descending: boolean } {
	const byStatus = new Map<unknown, number[]>();
	for (const driver of drivers) byStatus.set(driver.status, [...(byStatus.get(driver.status) ?? []), Number(driver.id)]);
	const largest = [...byStatus.values()].reduce<number[]>((most, ids) => (ids.length > most.length ? ids : most), []);
	const ids = largest.slice(0, Math.min(ASKED_DRIVERS, drivers.length - 1));
	return { ids, descending: inIdOrder(ids, false) };
}

function driverIdVerdict(answer: ProbeAnswer, asked: number[]): Verdict {
	const about = PROBED.driversIdFilter;
	const query = `\`id is_in [${asked.join(',')}]\``;
	if (answer.status !== 200) {
		const ordering = /ordering/i.test(answer.refusal ?? '');
		return ordering
			? verdict(about, 'could not tell', `${refused(answer, `${query} with two ordering fields`)} (the ordering refused, not the filter)`)
			: verdict(about, 'not held', refused(answer, query));
	}
	const got = idsOf(answer);
	const strangers = got.filter((id) => !asked.includes(id));
	if (strangers.length > 0) return verdict(about, 'not held', `${query} brought ${strangers.length} other driver(s)`);
	if (got.length === 0) return verdict(about, 'not held', `${query} brought no driver, though those were just read`);
	if (answer.count === undefined) return verdict(about, 'could not tell', `${query} brought a bare list of ${got.length} of them, with no count to compare with`);
	if (answer.count > asked.length) return verdict(about, 'not held', `${query} counted ${answer.count} drivers`);
	return verdict(about, 'held', `${query} brought only those drivers`);
}

/** Ties of one status must follow the second field, asked the way the list did not order them by itself. */
function driverOrderingVerdict(answer: ProbeAnswer, descending: boolean): Verdict {
	const about = PROBED.driversMultiOrdering;
	const ordering = `\`ordering=status,${descending ? '-' : ''}id\``;
	if (answer.status !== 200) {
		return /ordering/i.test(answer.refusal ?? '')
			? verdict(about, 'not held', refused(answer, ordering))
			: verdict(about, 'could not tell', `${refused(answer, `${ordering} with a filter on id`)}: the filter may be what was refused`);
	}
	const runs = runsOf(answer.records, 'status').filter((run) => run.length > 1);
	const ids = (run: IDataObject[]) => run.map((record) => Number(record.id));
	if (runs.some((run) => !inIdOrder(ids(run), descending))) {
		return verdict(about, 'not held', `accepted ${ordering} but ignored the second field: drivers of the same status were not in that id order`);
	}
	const pairs = runs.reduce((sum, run) => sum + run.length - 1, 0);
	if (pairs < DECIDING_PAIRS) return verdict(about, 'could not tell', `only ${pairs} pair(s) of drivers next to each other shared a status, too few for the second field to decide`);
	return verdict(about, 'held', `drivers of the same status came back by id, the way ${ordering} asked and not the way the list orders them itself`);
}

type Equipment = 'trucks' | 'trailers';

const EQUIPMENT: Record<Equipment, { url: string; noun: string; unitOf: string; search: ProbedAssumption; pageSize: ProbedAssumption }> = {
	trucks: { url: TRUCKS, noun: 'truck', unitOf: 'assigned_truck', search: PROBED.trucksSearch, pageSize: PROBED.trucksPageSize },
	trailers: { url: TRAILERS, noun: 'trailer', unitOf: 'assigned_trailer', search: PROBED.trailersSearch, pageSize: PROBED.trailersPageSize },
};

/**
 * One request: `search` a text that three or more of the units the drivers show hold and at least one does not (the
 * start of a unit number), with `page_size=2`. A list that ignores the search answers units without the text, or
 * counts every unit (no fewer than those the drivers show); one that ignores the page size answers more than two.
 */
async function equipmentVerdicts(ctx: IExecuteSingleFunctions, list: Equipment, drivers: IDataObject[]): Promise<Verdict[]> {
	const { url, noun, unitOf, search, pageSize } = EQUIPMENT[list];
	const units = [...new Set(drivers.map((driver) => (driver[unitOf] as IDataObject | null | undefined)?.unit_number).filter((unit): unit is string => typeof unit === 'string' && unit !== ''))];
	const text = searchTextFor(units);
	const answer = await probe(ctx, url, { page_size: SMALL_PAGE, ...(text ? { params: { search: text } } : {}) });
	const sizeVerdict = smallPageVerdict(pageSize, answer, `${noun}s`, text === undefined ? '' : ` and \`search=${text}\``);
	if (text === undefined) {
		return [verdict(search, 'could not tell', `the drivers show ${units.length} ${noun} unit number(s), none of whose starts three of them share and another does not`), sizeVerdict];
	}
	const query = `\`search=${text}\``;
	const known = units.filter((unit) => searchHits(unit, text)).length;
	const strangers = answer.records.filter((record) => !searchHits(record, text));
	const searched =
		answer.status !== 200
			? verdict(search, 'not held', refused(answer, query))
			: strangers.length > 0
				? verdict(search, 'not held', `${query} brought ${strangers.length} ${noun}(s) that do not hold it`)
				: answer.records.length === 0
					? verdict(search, 'could not tell', `${query} brought no ${noun}, though ${known} the drivers show hold it`)
					: answer.count === undefined
						? verdict(search, 'could not tell', `${query} brought a bare list, with no count to compare with`)
						: answer.count >= units.length
							? verdict(search, 'could not tell', `${query} counted ${answer.count}, no fewer than the ${units.length} ${noun}s the drivers show: a list that ignores it counts as many`)
							: verdict(search, 'held', `${query} brought only ${noun}s that hold it, ${answer.count} of at least ${units.length} ${noun}s`);
	return [searched, sizeVerdict];
}

/**
 * The start of a unit number that three or more units hold and not all, the fewest such. Preferred: one that none of
 * the two lowest and two highest unit numbers holds, since a list that ignores the search most likely answers those
 * first (by id or by unit, either way); a text they hold could let it pass unseen, and the check then says it cannot
 * tell. Never a reason for "held" by itself: that needs the count.
 */
function searchTextFor(units: string[]): string | undefined {
	const sorted = [...units].sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
	const ends = [...sorted.slice(0, SMALL_PAGE), ...sorted.slice(-SMALL_PAGE)];
	let best: { text: string; held: number; atEnds: boolean } | undefined;
	for (const unit of sorted) {
		for (let length = unit.length - 1; length > 0; length--) {
			const text = unit.slice(0, length);
			const held = units.filter((other) => searchHits(other, text)).length;
			if (held <= SMALL_PAGE || held >= units.length) continue;
			const atEnds = ends.some((end) => searchHits(end, text));
			if (!best || (best.atEnds && !atEnds) || (best.atEnds === atEnds && held < best.held)) best = { text, held, atEnds };
		}
	}
	return best?.text;
}

/**
 * The board over a window wide enough for every trip, asked for two rows: more show the page size ignored, fewer a
 * smaller page (a board of two dispatchers or fewer cannot tell).
 */
async function boardVerdict(ctx: IExecuteSingleFunctions): Promise<Verdict> {
	const year = new Date().getUTCFullYear();
	const window = { start_date: `${year - 5}-01-01`, end_date: `${year + 1}-12-31` };
	const answer = await probe(ctx, BOARD, { page_size: SMALL_PAGE, params: window });
	return smallPageVerdict(PROBED.dispatcherBoardPageSize, answer, 'rows', ` over ${window.start_date} to ${window.end_date}`);
}

/** `page_size=2` of a list: two of more held, any other number not; the records a page holds kept where more remain. */
function smallPageVerdict(about: ProbedAssumption, answer: ProbeAnswer, noun: string, besides: string): Verdict {
	const asked = `\`page_size=${SMALL_PAGE}\`${besides}`;
	const served = answer.records.length;
	if (answer.status !== 200) return verdict(about, 'could not tell', refused(answer, asked));
	const total = answer.count;
	// The records a page holds, where more remain after it (else the page may be longer than what there was).
	const full = total !== undefined && total > served ? served : undefined;
	if (served > SMALL_PAGE) return verdict(about, 'not held', `${asked} brought ${served} ${noun}${total === undefined ? '' : ` of ${total}`}`, full);
	if (total === undefined) return verdict(about, 'could not tell', `${asked} brought a bare list of ${served} ${noun}, with no count to compare with`);
	if (total <= SMALL_PAGE) return verdict(about, 'could not tell', `only ${total} ${noun} to page`);
	if (served < SMALL_PAGE) return verdict(about, 'not held', `${asked} brought ${served} of ${total} ${noun}`, full);
	return verdict(about, 'held', `${asked} brought ${SMALL_PAGE} of ${total} ${noun}`);
}

function preview(ids: number[]): string {
	return `${ids.slice(0, 4).join(', ')}${ids.length > 4 ? ', …' : ''}`;
}
