import type { IDataObject } from 'n8n-workflow';
import { connectionFor, datatruckRequest, type DatatruckContext, type DatatruckRequest, type RequestPurpose } from '../transport';
import { disregardIn } from './answerCheck';
import type { ApiFilter, FilterField } from './filters';
import { ListBudget } from './listBudget';
import { filterIgnored, listNameOf, orderingIgnored, refusedAdditions, requestLineTooLong, saysLineTooLong } from './listFindings';
import { formatOrdering, valueAt, type SortTerm } from './listPlan';
import { readPage, type Page } from './pagination';
import { findingsOrigin, markNotHeld, rememberPageSize, servedPageSize, type Finding } from './support';

/**
 * One list read's requests: each counted against the read's budget, each answer checked against its question
 * (answerCheck.ts), and a refusal of something the node added itself turned into a plan that needs less.
 */

/** Every request line stays under this many bytes (gunicorn refuses 4,094, uWSGI 4,096). */
const MAX_REQUEST_LINE = 4000;

/** A column the node chose itself and the published form that replaces it when Datatruck refuses it. */
export type FilterReplacement = (() => Promise<ApiFilter>) & { shownAs?: string };

export interface ListRead {
	ctx: DatatruckContext;
	request: DatatruckRequest;
	purpose: Partial<RequestPurpose>;
	/** The user's filters (and those the node adds for them, such as the dispatcher's). */
	filters: ApiFilter[];
	/** `loads`, `workOrders`: finding keys and errors name it. */
	list: string;
	origin: string;
	baseUrl: string;
	fields: FilterField[];
	budget: ListBudget;
	/** Whether `ordering` ends with the `id` the node added (A22). */
	tieBreakerAdded: boolean;
	/** Columns the node chose itself, with their published form. */
	replacements: Map<string, FilterReplacement>;
	/**
	 * The records a page of this list holds as Datatruck answers it, once seen to differ from what was asked (a list
	 * that serves 10 a page whatever `page_size` says): pages by number are counted, and asked for, in this size.
	 */
	served?: number;
	/** The order the list comes in when `ordering` is not taken (`-id`), for a list that takes `filter`. */
	defaultOrdering?: string;
	/** Findings of a plan that ended, remembered once a plan that needs less is answered (a 400 it gets too is the user's). */
	pending: Finding[];
}

/** A read of the list `request` asks for, its query split into the user's filters and the rest. */
export async function listReadFor(
	ctx: DatatruckContext,
	request: DatatruckRequest,
	purpose: Partial<RequestPurpose>,
	fields: FilterField[],
	replacements: Map<string, FilterReplacement>,
): Promise<ListRead> {
	const { filter, ...qs } = (request.qs ?? {}) as IDataObject;
	const connection = await connectionFor(ctx);
	const origin = findingsOrigin(connection);
	const list = listNameOf(request.url);
	return {
		ctx,
		request: { ...request, qs },
		purpose,
		filters: typeof filter === 'string' && filter ? (JSON.parse(filter) as ApiFilter[]) : [],
		list,
		origin,
		baseUrl: connection.baseUrl,
		fields,
		budget: new ListBudget(ctx, list),
		tieBreakerAdded: false,
		replacements,
		served: servedPageSize(origin, list),
		pending: [],
	};
}

/**
 * The plan in use asks more of Datatruck than it was seen to do: continue with one that needs less. `findings` are
 * remembered once the plan that needs less gets an answer (a 400 that the published form gets too is the user's).
 */
export class NeedsLess extends Error {
	/** Page 1 and the pages after it by number, of one query, that the plan read before it had to stop: nothing read is thrown away. */
	pages?: Page[];

	constructor(
		readonly findings: Finding[],
		readonly replace?: string,
	) {
		super('the plan needs less of Datatruck');
	}
}

export function isLastPage(page: Page): boolean {
	return !page.next || page.results.length === 0 || (page.count !== undefined && page.count <= page.results.length);
}

function queryOf(read: ListRead, filters: ApiFilter[], terms: SortTerm[], pageSize: number | 'all'): IDataObject {
	const qs: IDataObject = { ...read.request.qs, page_size: pageSize };
	if (terms.length) qs.ordering = formatOrdering(terms);
	if (filters.length) qs.filter = JSON.stringify(filters);
	return qs;
}

/**
 * Whether `page` was asked for with these filters and this order (its page size and number aside). Conditions on
 * the `ignored` columns, which Datatruck was seen to ignore, made no difference to it: it is the page without them.
 */
export function askedAs(read: ListRead, page: Page | undefined, filters: ApiFilter[], terms: SortTerm[], ignored?: (column: string) => boolean): boolean {
	const asked = queryOf(read, filters, terms, 0);
	if (page?.query === undefined || page.query.ordering !== asked.ordering) return false;
	const sent = typeof page.query.filter === 'string' ? (JSON.parse(page.query.filter) as ApiFilter[]) : [];
	return queryOf(read, sent.filter((filter) => !ignored?.(filter.column)), terms, 0).filter === asked.filter;
}

/** The request line's length as the server reads it: method, path under the origin, query, protocol. */
function requestLineOf(read: ListRead, qs: IDataObject): number {
	const query = Object.entries(qs)
		.filter(([, value]) => value !== undefined)
		.map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`)
		.join('&');
	const path = read.baseUrl.replace(/^[a-z]+:\/\/[^/]+/i, '');
	return `GET ${path}${read.request.url}?${query} HTTP/1.1`.length;
}

/**
 * How many ids like `sample`'s one request may leave out, besides `filters`, and keep its line short: each costs
 * its digits and an encoded comma.
 */
export function excludableIds(read: ListRead, filters: ApiFilter[], terms: SortTerm[], pageSize: number, largestId: number): number {
	const line = requestLineOf(read, queryOf(read, [...filters, { column: 'id', value: [], contains: 'exclude_in' }], terms, pageSize));
	return Math.max(0, Math.floor((MAX_REQUEST_LINE - line) / (String(largestId).length + 3)));
}

/**
 * Why Datatruck refused a request, when it refused something the node added itself (`refusedAdditions`): a column it
 * chose (with its published form), a condition it added (ids left out, an anchor, a part) on a column the user does
 * not filter on, the `id` tie-breaker.
 */
function refusalOf(read: ListRead, error: unknown, filters: ApiFilter[], terms: SortTerm[]): NeedsLess | undefined {
	if (saysLineTooLong(error)) return new NeedsLess([requestLineTooLong(read.list)]);
	const userColumns = new Set(read.filters.map((filter) => filter.column));
	const own = filters.filter((filter) => read.replacements.has(filter.column) || (!read.filters.includes(filter) && !userColumns.has(filter.column)));
	const refused = refusedAdditions(error, read.list, { columns: own.map((filter) => filter.column), tieBreaker: read.tieBreakerAdded && terms.length > 1 });
	return refused && new NeedsLess(refused.findings, refused.columns.find((column) => read.replacements.has(column)));
}

/**
 * A column the node chose that the records do not carry, seen ignored through the field they show for it: more
 * dispatchers' names on a page than the filter names dispatchers (A31). Its published form then replaces it.
 */
function uncarriedIgnored(read: ListRead, results: IDataObject[], filters: ApiFilter[]): string | undefined {
	return filters.find((filter) => {
		const shownAs = read.replacements.get(filter.column)?.shownAs;
		if (!shownAs || !Array.isArray(filter.value) || results.some((record) => valueAt(record, filter.column) !== null)) return false;
		const shown = new Set(results.map((record) => valueAt(record, shownAs)).filter((value) => value !== null));
		return shown.size > filter.value.length;
	})?.column;
}

/**
 * What an answer shows Datatruck ignored, as findings (none: it kept to the question). Pages of another size than
 * asked are no reason for a plan that needs less: the read goes on in the size Datatruck answers, remembered.
 */
function answerFindings(read: ListRead, page: Page, filters: ApiFilter[], terms: SortTerm[], pageSize: number): Finding[] {
	const more = !isLastPage(page) && (page.count === undefined || page.count > page.results.length);
	const seen = disregardIn(page.results, { filters, terms, pageSize: read.served ?? pageSize, more, fields: read.fields });
	if (seen.pageSize && !page.bare) adoptPageSize(read, page.results.length);
	return [...filterIgnored(read.list, seen.columns), ...(seen.ordering ? [orderingIgnored(read.list)] : [])];
}

/** From now on pages of this list are counted in the size Datatruck answers, on this origin too (said once in the log). */
function adoptPageSize(read: ListRead, size: number): void {
	read.served = size;
	read.budget.servedIn(size);
	rememberPageSize(read.ctx, read.origin, read.list, size);
}

/** Budgets the read from its first answer: the pages Datatruck says there are, in the size it answers. */
function planBudget(read: ListRead, page: Page, pageSize: number | 'all'): void {
	// A bare array's records are a page in the size Datatruck answers.
	const more = (page.count !== undefined && page.count > page.results.length) || (page.bare && page.results.length > 0);
	read.budget.plan(page.count, more || pageSize === 'all' ? page.results.length : pageSize);
}

/**
 * One page of the list for `filters` in the order `terms`. `checks`: `all`, the answer is checked against the
 * question and a disregard throws NeedsLess, as does a refusal of something the node added; `refusals`, only the
 * refusal (the plan that needs least checks its answers itself); `none`, taken as it comes.
 */
export async function queryPage(
	read: ListRead,
	filters: ApiFilter[],
	terms: SortTerm[],
	pageSize: number | 'all',
	checks: 'all' | 'refusals' | 'none' = 'all',
): Promise<Page> {
	const qs = queryOf(read, filters, terms, pageSize);
	// Ids the node leaves out never make a line too long: a plan that needs fewer takes over.
	const ownExclusion = filters.some((filter) => filter.contains === 'exclude_in' && !read.filters.includes(filter));
	if (ownExclusion && requestLineOf(read, qs) >= MAX_REQUEST_LINE) throw new NeedsLess([]);
	read.budget.spend(`page 1 of the ${read.list} list`);
	const request = { ...read.request, method: 'GET' as const, qs };
	const body = await datatruckRequest(read.ctx, request, read.purpose).catch((error: unknown) => {
		throw (checks !== 'none' ? refusalOf(read, error, filters, terms) : undefined) ?? error;
	});
	const page = { ...readPage(body, read.served), query: qs };
	// A bare array says nothing of its size: its first full page sets what a full page holds for this read.
	if (page.bare && read.served === undefined && page.results.length > 0) read.served = page.results.length;
	planBudget(read, page, pageSize);
	return taken(read, page, checks === 'none' ? undefined : { filters, terms, pageSize: checks === 'all' ? pageSize : undefined });
}

/** What the read found and a plan that needs less then got an answer by (or ended by, from pages read before) is remembered. */
export function rememberPending(read: ListRead): void {
	for (const finding of read.pending.splice(0)) markNotHeld(read.ctx, read.origin, finding);
}

/**
 * An answer taken: what the read had pending is remembered, the budget notes its records, and it is checked against
 * `question` (its order and page size too where `pageSize` is given): what it shows ignored ends the plan.
 */
function taken(read: ListRead, page: Page, question?: { filters: ApiFilter[]; terms: SortTerm[]; pageSize?: number | 'all' }): Page {
	rememberPending(read);
	read.budget.judge(page.results);
	const uncarried = question && uncarriedIgnored(read, page.results, question.filters);
	if (uncarried) throw new NeedsLess(filterIgnored(read.list, [uncarried]), uncarried);
	const findings = typeof question?.pageSize === 'number' ? answerFindings(read, page, question.filters, question.terms, question.pageSize) : [];
	// The page serves the plan that takes over: page 1 of its query, or the page by number its caller places.
	if (findings.length) throw Object.assign(new NeedsLess(findings), { pages: [page] });
	return page;
}

/**
 * Page `number` of the list `query` asks for, built from the credential's own address and the node's own query,
 * never from Datatruck's `next` link. Past the end Datatruck answers 404 ("Invalid page"): the list shrank since page
 * 1 told its count, so the page is empty, and the check read finds what moved up. `question`: what the page must
 * keep to (the user's filters and order), checked like a queried page.
 */
export async function numberedPage(
	read: ListRead,
	query: IDataObject | undefined,
	number: number,
	question?: { filters: ApiFilter[]; terms: SortTerm[]; pageSize: number },
): Promise<Page> {
	const pastTheEnd = Symbol('past the end');
	read.budget.spend(`reading the ${read.list} list by page number`);
	const asked: IDataObject = { ...(query ?? read.request.qs), page: number };
	const request = { method: 'GET' as const, url: read.request.url, qs: asked, timeout: read.request.timeout, together: true };
	// Any other failure is the transport's own NodeApiError, passed on as it is.
	const body = await datatruckRequest(read.ctx, request, read.purpose).catch((error: { httpCode?: unknown }) => {
		if (error.httpCode === '404') return pastTheEnd;
		throw error;
	});
	const page: Page = { ...(body === pastTheEnd ? { results: [], next: null } : readPage(body, read.served)), query };
	// A list that grew while read is budgeted as large as it grew.
	if (page.count !== undefined) read.budget.plan(page.count, page.results.length);
	return taken(read, page, question);
}

/** What a plan's failure means: a NeedsLess is returned for the caller to continue with less, anything else thrown. */
export function needsLess(error: unknown): NeedsLess {
	if (error instanceof NeedsLess) return error;
	throw error;
}

/** Pages `numbers` of the list `query` asks for, sent at once (the limiter paces them); the first failure once none is in flight. */
export async function readByNumber(read: ListRead, query: IDataObject | undefined, numbers: number[]): Promise<Page[]> {
	const settled = await Promise.allSettled(numbers.map((number) => numberedPage(read, query, number)));
	const failed = settled.find((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
	if (failed) throw failed.reason;
	return settled.map((outcome) => (outcome as PromiseFulfilledResult<Page>).value);
}
