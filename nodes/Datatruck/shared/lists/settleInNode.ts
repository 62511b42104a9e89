import { NodeOperationError } from 'n8n-workflow';
import type { IDataObject } from 'n8n-workflow';
import { disregardIn, kindOfColumn, meets, SEARCH } from './answerCheck';
import type { ApiFilter } from './filters';
import { filterHolds, filterIgnored, listWords, orderingIgnored } from './listFindings';
import { fieldOf, kindShownBy, parseOrdering, recordComparator, valueAt } from './listPlan';
import type { ListRead } from './listRead';
import { markNotHeld, supports } from './support';

/** Lists whose query is `search` and `status` parameters, not the `filter` JSON (A3, A4). */
const EQUIPMENT_LISTS = ['trucks', 'trailers'];

/** An equipment list's `search` and `status` parameters as conditions the node can check and apply. */
export function parameterConditions(read: Pick<ListRead, 'list' | 'request'>): ApiFilter[] {
	if (!EQUIPMENT_LISTS.includes(read.list)) return [];
	const { search, status } = (read.request.qs ?? {}) as IDataObject;
	return [
		...(status ? [{ column: 'status', value: String(status), contains: 'is' }] : []),
		...(search ? [{ column: 'search', value: String(search), contains: SEARCH }] : []),
	];
}

/**
 * For a list read whole by page number (drivers, trucks, trailers, the dispatcher board): what Datatruck was seen to
 * ignore of the filter or the order is done here, on the records already read, at no request more, and remembered.
 * `firstPage`: one answer, which shows the order Datatruck kept (pages read apart may differ under change).
 */
export async function settleInNode(read: ListRead, records: IDataObject[], firstPage: IDataObject[]): Promise<IDataObject[]> {
	const terms = parseOrdering(String(read.request.qs?.ordering ?? ''), read.fields).map((term) =>
		term.kind ? term : { ...term, kind: kindShownBy(records.map((record) => valueAt(record, term.path))) },
	);
	const asked = [...read.filters, ...parameterConditions(read)];
	const seen = disregardIn(records, { filters: asked, terms: [], pageSize: records.length, more: false, fields: read.fields });
	const ordered = disregardIn(firstPage, { filters: [], terms, pageSize: firstPage.length, more: false, fields: read.fields });
	for (const finding of filterIgnored(read.list, seen.columns)) markNotHeld(read.ctx, read.origin, finding);
	if (ordered.ordering) markNotHeld(read.ctx, read.origin, orderingIgnored(read.list));

	const inNode = asked.filter((filter) => !filterHolds(read.origin, read.list, filter.column));
	const matching = await keptInNode(read, records, inNode);
	if (terms.length && !supports(read.origin, `${read.list}.ordering`)) matching.sort(recordComparator(terms));
	return matching;
}

/**
 * A filter in a form the records show: its own column, else the published form of a column the node chose (loads
 * show `dispatcher__full_name`, never `dispatcher__id`, A31), else an error: never records kept unfiltered.
 */
async function applicableForm(read: ListRead, records: IDataObject[], filter: ApiFilter): Promise<ApiFilter> {
	if (filter.contains === SEARCH || records.length === 0 || records.some((record) => fieldOf(record, filter.column).present)) return filter;
	const replacement = read.replacements.get(filter.column);
	if (replacement) return await replacement();
	throw new NodeOperationError(
		read.ctx.getNode(),
		`Datatruck ignores the filter on ${filter.column} of the ${listWords(read.list)} list, and its records do not show ${filter.column}, so the node cannot apply it itself`,
		{ description: 'Filter on a field the records show, or filter the output with an n8n Filter node.' },
	);
}

/** The records meeting every filter Datatruck was seen to ignore; one the node cannot judge (a value it cannot read) is kept. */
export async function keptInNode(read: ListRead, records: IDataObject[], filters: ApiFilter[]): Promise<IDataObject[]> {
	if (filters.length === 0) return [...records];
	const applied: ApiFilter[] = [];
	for (const filter of filters) applied.push(await applicableForm(read, records, filter));
	const kinds = applied.map((filter) => kindOfColumn(filter.column, read.fields));
	return records.filter((record) => applied.every((filter, index) => meets(record, filter, kinds[index]) !== false));
}
