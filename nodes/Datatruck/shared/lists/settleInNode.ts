import type { IDataObject } from 'n8n-workflow';
import { disregardIn, kindOfColumn, meets } from './answerCheck';
import { filterHolds, filterIgnored, orderingIgnored } from './listFindings';
import { parseOrdering, recordComparator } from './listPlan';
import type { ListRead } from './listRead';
import { markNotHeld, supports } from './support';

/**
 * For a list read whole by page number (drivers, trucks, trailers): what Datatruck was seen to ignore of the
 * filter or the order is done here, on the records already read, at no request more, and remembered.
 * `firstPage`: one answer, which shows the order Datatruck kept (pages read apart may differ under change).
 */
export function settleInNode(read: ListRead, records: IDataObject[], firstPage: IDataObject[]): IDataObject[] {
	const terms = parseOrdering(String(read.request.qs?.ordering ?? ''), read.fields);
	const seen = disregardIn(records, { filters: read.filters, terms: [], pageSize: records.length, more: false, fields: read.fields });
	const ordered = disregardIn(firstPage, { filters: [], terms, pageSize: firstPage.length, more: false, fields: read.fields });
	for (const finding of filterIgnored(read.list, seen.columns)) markNotHeld(read.ctx, read.origin, finding);
	if (ordered.ordering) markNotHeld(read.ctx, read.origin, orderingIgnored(read.list));

	const inNode = read.filters.filter((filter) => !filterHolds(read.origin, read.list, filter.column));
	const kinds = inNode.map((filter) => kindOfColumn(filter.column, read.fields));
	const matching = records.filter((record) => inNode.every((filter, index) => meets(record, filter, kinds[index]) !== false));
	if (terms.length && !supports(read.origin, `${read.list}.ordering`)) matching.sort(recordComparator(terms));
	return matching;
}
