import type { IDataObject } from 'n8n-workflow';
import { type ApiFilter, markNotHeld, readPage, supports } from '../../shared/lists';
import { connectionFor, type DatatruckContext, datatruckRequest } from '../../shared/transport';

/** Pages of the newest work orders read at most where Datatruck ignores the filter (3 requests in all). */
const PAGES = 3;
const FILTER_KEY = 'workOrders.filter';

/**
 * The work order Datatruck already has under a reference number, or null: read-only, at most PAGES requests, never
 * cached (a work order created a second ago must be seen). Asked with `reference_number is …` and newest first: an
 * answer whose records all carry the reference is Datatruck's (one page is one query). A record of another reference
 * proves the filter ignored (A6, as Datatruck's published `GET /work-orders/` page documents only `page` and `status`):
 * remembered per origin, said once in n8n's log, and the newest work orders are matched in the node instead, up to
 * PAGES pages, where a work order created by a recent answer is. What makes a request create its work order once.
 */
export async function workOrderByReference(ctx: DatatruckContext, reference: string): Promise<IDataObject | null> {
	const { origin } = await connectionFor(ctx);
	const isIt = (record: IDataObject) => String(record.reference_number ?? '') === reference;
	const filter: ApiFilter[] = [{ column: 'reference_number', value: reference, contains: 'is' }];
	let filtered = supports(origin, FILTER_KEY);
	const notHeld = (seen: string) => {
		filtered = false;
		const instead = 'matches the newest work orders in the node to find one by its reference number (Extract From Text)';
		markNotHeld(ctx, origin, { key: FILTER_KEY, assumption: 'A6', seen, instead });
	};
	const pageOf = async (page: number) => {
		const ask = async () => {
			const qs: IDataObject = { ordering: '-id', page_size: 25, ...(page > 1 ? { page } : {}), ...(filtered ? { filter: JSON.stringify(filter) } : {}) };
			return readPage(await datatruckRequest(ctx, { method: 'GET', url: '/work-orders/', qs }));
		};
		// The filter is the node's choice, not the user's: a 400 refuses that choice (null), and the list is read without it.
		const asked = await ask().catch((error: unknown) => {
			if (filtered && String((error as { httpCode?: unknown }).httpCode) === '400') return null;
			throw error;
		});
		if (asked) return asked;
		notHeld('refused a work order list filtered on reference_number with a 400');
		return await ask();
	};
	for (let page = 1; page <= PAGES; page++) {
		const answer = await pageOf(page);
		if (filtered && answer.results.every(isIt)) return answer.results[0] ?? null;
		if (filtered) notHeld('answered a work order list filtered on reference_number with work orders of other references');
		const found = answer.results.find(isIt);
		if (found) return found;
		if (!answer.results.length || !answer.next) return null;
	}
	return null;
}
