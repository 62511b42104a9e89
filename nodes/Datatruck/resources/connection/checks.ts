import type { IDataObject, IExecuteSingleFunctions } from 'n8n-workflow';
import { connectionFor } from '../../shared/transport';
import { PROBED, type ProbedAssumption } from './assumptions';
import { idsOf, inIdOrder, probe, runsOf, type ProbeAnswer } from './probes';

export type CheckResult = 'held' | 'not held' | 'could not tell';

export interface Verdict {
	about: ProbedAssumption;
	result: CheckResult;
	/** What Datatruck's answers showed, in plain words. */
	seen: string;
	/** For a page-size question: the records a page holds as Datatruck answers. */
	served?: number;
}

const verdict = (about: ProbedAssumption, result: CheckResult, seen: string, served?: number): Verdict => ({ about, result, seen, ...(served ? { served } : {}) });

const LOADS = '/orders/';
const WORK_ORDERS = '/work-orders/';
const DRIVERS = '/drivers/list/';
/** Work orders the filter probe reads: more than twice the three it then asks for by id. */
const ASKED_WORK_ORDERS = 7;
/** About 6 KB of query string: the longest request line the node's list plans send (A30). */
const LONG_EXCLUSION = 600;

/**
 * Every probe, 11 GET requests at most (the first is the operation's own request, `loadsById`). Each
 * probe answers as many questions as it can, so that the check stays well inside one minute of the token.
 */
export async function runChecks(ctx: IExecuteSingleFunctions, loadsById: ProbeAnswer): Promise<Verdict[]> {
	const loadsByIdDown = await probe(ctx, LOADS, { page_size: 25, ordering: '-id' });
	const { baseUrl } = await connectionFor(ctx);
	const verdicts = [orderingVerdict(PROBED.loadsOrdering, loadsById, loadsByIdDown), pageSizeVerdict(loadsById, 25), nextLinkVerdict(baseUrl, loadsById)];
	verdicts.push(await multiOrderingVerdict(ctx));
	const filterVerdictsSeen = await filterVerdicts(ctx, loadsByIdDown);
	verdicts.push(...filterVerdictsSeen);
	const drivers = await probe(ctx, DRIVERS, { page_size: 'all' });
	verdicts.push(await dispatcherVerdict(ctx, [...loadsById.records, ...loadsByIdDown.records], drivers.records));
	const idFilterAnswered = filterVerdictsSeen.some((seen) => seen.about === PROBED.loadsIdFilter && seen.result !== 'not held');
	verdicts.push(await longLineVerdict(ctx, idFilterAnswered));
	verdicts.push(...(await workOrderVerdicts(ctx)));
	verdicts.push(...(await driverVerdicts(ctx, drivers)));
	return verdicts;
}

/** The loads' first page, asked for 25: whether Datatruck answered that many while more exist (its pages say 10 at most). */
function pageSizeVerdict(answer: ProbeAnswer, asked: number): Verdict {
	const about = PROBED.loadsPageSize;
	if (answer.status !== 200) return verdict(about, 'could not tell', refused(answer, `\`page_size=${asked}\``));
	const served = answer.records.length;
	if (answer.bare) {
		return served > 0 && served < asked
			? verdict(about, 'not held', `answered a bare list of ${served} loads to \`page_size=${asked}\`, with no count: read on page by page`, served)
			: verdict(about, 'could not tell', `answered a bare list of ${served} loads, with no count to compare with`);
	}
	if (answer.count === undefined || answer.count <= served) return verdict(about, 'could not tell', `only ${served} load(s) in all`);
	if (served === asked) return verdict(about, 'held', `\`page_size=${asked}\` brought ${asked} of ${answer.count} loads`);
	return verdict(about, 'not held', `answers ${served} loads a page to \`page_size=${asked}\` (${answer.count} in all)`, served);
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

/** Sorted both ways by id: held when each answer is in its own order, which no default order can be. */
function orderingVerdict(about: ProbedAssumption, up: ProbeAnswer, down: ProbeAnswer): Verdict {
	if (up.status !== 200) return verdict(about, 'not held', refused(up, '`ordering=id`'));
	if (down.status !== 200) return verdict(about, 'not held', refused(down, '`ordering=-id`'));
	const [upIds, downIds] = [idsOf(up), idsOf(down)];
	if (upIds.length < 2) return verdict(about, 'could not tell', `only ${upIds.length} record(s) to compare`);
	if (inIdOrder(upIds, false) && inIdOrder(downIds, true)) {
		return verdict(about, 'held', `\`ordering=id\` and \`ordering=-id\` came back in those orders (${upIds.length} records each)`);
	}
	return verdict(about, 'not held', `\`ordering=id\` came back as ${preview(upIds)} and \`ordering=-id\` as ${preview(downIds)}`);
}

/** `status,id` and `status,-id`: within each run of one status the ids must follow the second field. */
async function multiOrderingVerdict(ctx: IExecuteSingleFunctions): Promise<Verdict> {
	const about = PROBED.loadsMultiOrdering;
	const up = await probe(ctx, LOADS, { page_size: 25, ordering: 'status,id' });
	if (up.status !== 200) return verdict(about, 'not held', refused(up, '`ordering=status,id`'));
	const down = await probe(ctx, LOADS, { page_size: 25, ordering: 'status,-id' });
	if (down.status !== 200) return verdict(about, 'not held', refused(down, '`ordering=status,-id`'));
	const ties = (answer: ProbeAnswer) => runsOf(answer.records, 'status').filter((run) => run.length > 1);
	const [upTies, downTies] = [ties(up), ties(down)];
	if (upTies.length === 0 || downTies.length === 0) {
		return verdict(about, 'could not tell', 'no two loads on a page shared a status, so the second field never decided');
	}
	const follows = (runs: IDataObject[][], descending: boolean) =>
		runs.every((run) => inIdOrder(run.map((record) => Number(record.id)), descending));
	if (follows(upTies, false) && follows(downTies, true)) {
		return verdict(about, 'held', 'loads of the same status came back by id, in the order the second field asked');
	}
	return verdict(about, 'not held', 'accepted two fields but ignored the second: loads of the same status were not in id order');
}

/** One request: `status is S` and `id exclude_in [a]`, where load `a` has status S. */
async function filterVerdicts(ctx: IExecuteSingleFunctions, sample: ProbeAnswer): Promise<Verdict[]> {
	const first = sample.records.find((record) => typeof record.status === 'string');
	if (!first) {
		const why = 'no load to build the filter from';
		return [verdict(PROBED.loadsFilter, 'could not tell', why), verdict(PROBED.loadsIdFilter, 'could not tell', why)];
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
		return [verdict(PROBED.loadsFilter, 'not held', seen), verdict(PROBED.loadsIdFilter, 'not held', seen)];
	}
	const others = answer.records.filter((record) => record.status !== status);
	const othersSeen = sample.records.some((record) => record.status !== status);
	const byStatus =
		others.length > 0
			? verdict(PROBED.loadsFilter, 'not held', `${query} brought ${others.length} load(s) of another status`)
			: othersSeen
				? verdict(PROBED.loadsFilter, 'held', `${query} brought only loads with status ${status}`)
				: verdict(PROBED.loadsFilter, 'could not tell', `every load seen has status ${status}`);
	const byId = idsOf(answer).includes(left)
		? verdict(PROBED.loadsIdFilter, 'not held', `${query} brought load ${left} back`)
		: verdict(PROBED.loadsIdFilter, 'held', `${query} left load ${left} out`);
	return [byStatus, byId];
}

/**
 * Loads show only `dispatcher__full_name`; the node filters on the relation's id (A31), taking ids from the drivers'
 * `assigned_dispatcher`. Asked for a dispatcher whose name is on a load already seen, so an empty answer is wrong too.
 */
async function dispatcherVerdict(ctx: IExecuteSingleFunctions, loads: IDataObject[], drivers: IDataObject[]): Promise<Verdict> {
	const about = PROBED.loadsDispatcherId;
	const names = new Set(loads.map((load) => load.dispatcher__full_name).filter((name) => typeof name === 'string'));
	const dispatcher = drivers
		.map((driver) => driver.assigned_dispatcher as IDataObject | null | undefined)
		.find((assigned) => typeof assigned?.id === 'number' && names.has(String(assigned.full_name)));
	if (!dispatcher) return verdict(about, 'could not tell', 'no dispatcher of an active driver is on the loads seen');
	const name = String(dispatcher.full_name);
	const answer = await probe(ctx, LOADS, {
		page_size: 25,
		filter: [{ column: 'dispatcher__id', value: dispatcher.id, contains: 'is' }],
	});
	const query = `\`dispatcher__id is ${String(dispatcher.id)}\` (${name})`;
	if (answer.status !== 200) return verdict(about, 'not held', refused(answer, query));
	if (answer.records.length === 0) return verdict(about, 'not held', `${query} brought no load, though loads of ${name} exist`);
	const others = answer.records.filter((record) => record.dispatcher__full_name !== name);
	if (others.length > 0) return verdict(about, 'not held', `${query} brought ${others.length} load(s) of other dispatchers`);
	return verdict(about, 'held', `${query} brought only that dispatcher's loads`);
}

/**
 * 600 ids left out, about 7 KB. A 414 says it; gunicorn's 400 is an HTML page whose words the transport does not
 * keep, so a 400 counts as the line's length only when the same filter with one id was answered (`shortLineHeld`).
 */
async function longLineVerdict(ctx: IExecuteSingleFunctions, shortLineHeld: boolean): Promise<Verdict> {
	const about = PROBED.longRequestLine;
	// Ids far above any real load, so the answer is the ordinary first page.
	const ids = Array.from({ length: LONG_EXCLUSION }, (_, index) => 990_000_000 + index);
	const answer = await probe(ctx, LOADS, { page_size: 1, filter: [{ column: 'id', value: ids, contains: 'exclude_in' }] });
	const query = `a request line of about ${Math.round(encodeURIComponent(JSON.stringify(ids)).length / 1024)} KB`;
	if (answer.status === 200) return verdict(about, 'held', `${query} was answered`);
	if (answer.status === 414 || /request.?line|too large|too long/i.test(answer.refusal ?? '')) {
		return verdict(about, 'not held', refused(answer, query));
	}
	if (shortLineHeld) return verdict(about, 'not held', `${refused(answer, query)}, though the same filter with one id was answered`);
	return verdict(about, 'could not tell', `${refused(answer, query)}, and the filter on id was refused even when short`);
}

/**
 * Two requests: `ordering=id, page_size=7`, then `ordering=-id, page_size=3` with `id is_in` the last three of those
 * seven. A list that ignores the filter answers its own first three, which are never the ones asked for (whatever
 * order the first answer came in), so it cannot pass by chance; with six work orders or fewer it could, and the
 * check says it cannot tell.
 */
async function workOrderVerdicts(ctx: IExecuteSingleFunctions): Promise<Verdict[]> {
	const up = await probe(ctx, WORK_ORDERS, { page_size: ASKED_WORK_ORDERS, ordering: 'id' });
	const ids = idsOf(up).slice(0, ASKED_WORK_ORDERS);
	const asked = ids.slice(-3);
	const down = await probe(ctx, WORK_ORDERS, {
		page_size: 3,
		ordering: '-id',
		filter: [{ column: 'id', value: asked, contains: 'is_in' }],
	});
	const total = up.count ?? up.records.length;
	const pageSize =
		up.status !== 200
			? verdict(PROBED.workOrdersPageSize, 'not held', refused(up, `\`page_size=${ASKED_WORK_ORDERS}\``))
			: up.records.length > ASKED_WORK_ORDERS
				? verdict(PROBED.workOrdersPageSize, 'not held', `\`page_size=${ASKED_WORK_ORDERS}\` brought ${up.records.length} work orders`, up.records.length)
				: total > ASKED_WORK_ORDERS
					? verdict(PROBED.workOrdersPageSize, 'held', `\`page_size=${ASKED_WORK_ORDERS}\` brought ${ASKED_WORK_ORDERS} of ${total} work orders`)
					: verdict(PROBED.workOrdersPageSize, 'could not tell', `only ${total} work order(s)`);
	const query = `\`id is_in [${asked.join(',')}]\``;
	const strangers = idsOf(down).filter((id) => !asked.includes(id));
	const filter =
		down.status !== 200
			? verdict(PROBED.workOrdersFilter, 'not held', refused(down, query))
			: strangers.length > 0
				? verdict(PROBED.workOrdersFilter, 'not held', `${query} brought ${strangers.length} other work order(s)`)
				: ids.length >= 6 && total > ids.length
					? verdict(PROBED.workOrdersFilter, 'held', `${query} brought only those work orders`)
					: verdict(PROBED.workOrdersFilter, 'could not tell', `only ${total} work order(s): a list that ignores the filter could have answered the same`);
	return [pageSize, orderingVerdict(PROBED.workOrdersOrdering, up, down), filter, createdTimeVerdict(up)];
}

/** Whether the work orders read carry a creation time: New Work Order goes by it, else by id. */
function createdTimeVerdict(answer: ProbeAnswer): Verdict {
	const about = PROBED.workOrdersCreatedTime;
	if (answer.records.length === 0) return verdict(about, 'could not tell', answer.status === 200 ? 'no work order to look at' : refused(answer, 'the work-order list'));
	const timed = answer.records.filter((record) => typeof record.created_datetime === 'string' && !Number.isNaN(Date.parse(record.created_datetime)));
	if (timed.length === answer.records.length) return verdict(about, 'held', `the ${timed.length} work orders read carry \`created_datetime\``);
	return verdict(about, 'not held', `${answer.records.length - timed.length} of the ${answer.records.length} work orders read carry no readable \`created_datetime\``);
}

/** `page_size=all` (read before, for the dispatchers), then `id is` the last driver of that list (the first of Datatruck's usual order would prove nothing). */
async function driverVerdicts(ctx: IExecuteSingleFunctions, all: ProbeAnswer): Promise<Verdict[]> {
	const total = all.count ?? all.records.length;
	const whole =
		all.status !== 200
			? verdict(PROBED.driversPageSizeAll, 'not held', refused(all, '`page_size=all`'))
			: all.records.length >= total
				? verdict(PROBED.driversPageSizeAll, 'held', `\`page_size=all\` brought all ${total} drivers`)
				: verdict(PROBED.driversPageSizeAll, 'not held', `\`page_size=all\` brought ${all.records.length} of ${total} drivers`);
	const ids = idsOf(all);
	if (ids.length < 2) return [whole, verdict(PROBED.driversIdFilter, 'could not tell', `only ${ids.length} driver(s) to pick from`)];
	const wanted = ids[ids.length - 1];
	const one = await probe(ctx, DRIVERS, { page_size: 1, filter: [{ column: 'id', value: String(wanted), contains: 'is' }] });
	const query = `\`id is ${wanted}\``;
	const got = idsOf(one);
	const byId =
		one.status !== 200
			? verdict(PROBED.driversIdFilter, 'not held', refused(one, query))
			: got.length > 0 && got.every((id) => id === wanted)
				? verdict(PROBED.driversIdFilter, 'held', `${query} brought driver ${wanted}`)
				: verdict(PROBED.driversIdFilter, 'not held', `${query} brought ${got.length ? `driver ${got[0]}` : 'no driver'}`);
	return [whole, byId];
}

function preview(ids: number[]): string {
	return `${ids.slice(0, 4).join(', ')}${ids.length > 4 ? ', …' : ''}`;
}
