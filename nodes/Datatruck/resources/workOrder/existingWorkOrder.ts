import { type IDataObject, NodeOperationError } from 'n8n-workflow';
import { type ApiFilter, findingsOrigin, markNotHeld, type Page, readPage, supports } from '../../shared/lists';
import { connectionFor, type DatatruckContext, datatruckRequest } from '../../shared/transport';
import { idOrder, lastPageOf, MAX_PAGES, NEWEST_PAGES, type PagesRead, readWhole, recordsOf, wantedPages } from './existingWorkOrderPages';

const FILTER_KEY = 'workOrders.filter';
const ORDERING_KEY = 'workOrders.ordering';
/** What the node asks for; the page size Datatruck answers (10 on its published pages) is the one the plan counts in. */
const ASKED = { ordering: '-id', page_size: 25 };

/** What one look-up found, and how much of Datatruck's work order list it covered. */
export interface ExistingWorkOrder {
	/** The work order with the reference, or null. */
	found: IDataObject | null;
	/** True where the answer covers every work order: Datatruck's filter answered, the reference was found, or the whole list was read. */
	complete: boolean;
	/**
	 * Where the answer is not complete, the work orders the node compared itself (the newest ones); null where it is,
	 * however Datatruck answered, so the output is the same whatever its dialect.
	 */
	workOrdersChecked: number | null;
}

/**
 * The work order Datatruck already has under a reference number: read-only, never cached (a work order created a
 * second ago must be seen), at most MAX_PAGES requests (one more the first time Datatruck refuses the filter). Asked
 * with `reference_number is …` and `-id`: an answer whose records all carry the reference is Datatruck's (one
 * request). A record of another reference, or a 400, proves the filter not held (A6, as Datatruck's published
 * `GET /work-orders/` page documents only `page` and `status`): remembered per origin, said once in n8n's log, and
 * the newest work orders, where the work order of a recent answer is, are matched in the node. Where they are is read
 * from the answer, never trusted from `ordering` (A22): ids newest first, the first NEWEST_PAGES pages; oldest first,
 * the last NEWEST_PAGES pages by the answer's `count` and served page size; in no order, the whole list when it is
 * within MAX_PAGES pages, else an error (it cannot look, and never says "none" when it could not; nor where the
 * work orders carry no `reference_number`, which Datatruck's published read fields lack). A look-up that
 * stops before the end of the list without finding the reference says so in n8n's log and in `complete`.
 */
export async function workOrderByReference(ctx: DatatruckContext, reference: string): Promise<ExistingWorkOrder> {
	const origin = findingsOrigin(await connectionFor(ctx));
	const isIt = (record: IDataObject) => String(record.reference_number ?? '') === reference;
	const filter: ApiFilter[] = [{ column: 'reference_number', value: reference, contains: 'is' }];
	let filtered = supports(origin, FILTER_KEY);
	const filterNotHeld = (seen: string) => {
		filtered = false;
		const instead = 'matches the newest work orders in the node to find one by its reference number (Extract From Text)';
		markNotHeld(ctx, origin, { key: FILTER_KEY, assumption: 'A6', seen, instead });
	};
	const ask = async (page: number): Promise<Page> => {
		const qs: IDataObject = { ...ASKED, ...(page > 1 ? { page } : {}), ...(filtered ? { filter: JSON.stringify(filter) } : {}) };
		return readPage(await datatruckRequest(ctx, { method: 'GET', url: '/work-orders/', qs }));
	};
	// The filter is the node's choice, not the user's: a 400 refuses that choice, and page 1 is read without it.
	const first = await ask(1).catch(async (error: unknown) => {
		if (!filtered || String((error as { httpCode?: unknown }).httpCode) !== '400') throw error;
		filterNotHeld('refused a work order list filtered on reference_number with a 400');
		return await ask(1);
	});
	if (filtered && first.results.every(isIt)) return { found: first.results[0] ?? null, complete: true, workOrdersChecked: null };
	if (filtered) filterNotHeld('answered a work order list filtered on reference_number with work orders of other references');

	const pages: PagesRead = new Map([[1, first]]);
	for (;;) {
		const found = recordsOf(pages).find(isIt);
		if (found) return { found, complete: true, workOrdersChecked: null };
		// Datatruck's published read fields lack reference_number: work orders without it can never match.
		if (!recordsOf(pages).some((record) => 'reference_number' in record) && recordsOf(pages).length) throw unreadable(ctx, reference);
		const order = idOrder(pages);
		if (order !== 'newestFirst') orderingNotHeld(ctx, origin, order);
		const wanted = wantedPages(pages);
		if (wanted === 'unreachable') throw cannotLook(ctx, reference, pages);
		const next = wanted.find((number) => !pages.has(number));
		if (next === undefined || pages.size >= MAX_PAGES) break;
		const page = await ask(next);
		const known = new Set(recordsOf(pages).map((record) => String(record.id)));
		if (page.results.length > 0 && page.results.every((record) => known.has(String(record.id)))) throw pageRepeated(ctx, reference, next);
		pages.set(next, page);
	}
	const checked = recordsOf(pages).length;
	const complete = readWhole(pages);
	if (!complete) {
		const count = [...pages.values()].map((page) => page.count).find((value) => value !== undefined);
		ctx.logger?.info(
			`Check for Existing Work Order found no work order with reference ${reference} among the ${checked} work orders it read of ${count ?? 'those'} in Datatruck: only the newest were read (at most ${MAX_PAGES} requests a look-up, as Datatruck ignores the filter), so an older work order with this reference would not be seen.`,
			{ origin, checked, count },
		);
	}
	return { found: null, complete, workOrdersChecked: complete ? null : checked };
}

/** Remembered per origin and said once in n8n's log: the work order list is not answered newest first as asked. */
function orderingNotHeld(ctx: DatatruckContext, origin: string, order: 'oldestFirst' | 'none'): void {
	const seen = `answered the work order list ${order === 'oldestFirst' ? 'oldest first (ids ascending)' : 'in no order by id'} where ordering=-id was asked`;
	const instead =
		order === 'oldestFirst'
			? `reads the last ${NEWEST_PAGES} pages (by the answer's count and page size) to find a work order by its reference number (Extract From Text)`
			: `reads the whole work order list to find a work order by its reference number when it has at most ${MAX_PAGES} pages, and fails saying why when it has more (Extract From Text)`;
	markNotHeld(ctx, origin, { key: ORDERING_KEY, assumption: 'A22', seen, instead });
}

const TURN_OFF =
	'Nothing was created. To create work orders without this check, turn off Options › Check for Existing Work Order (an answer sent twice could then create a second work order); please also tell the maintainers, with the output of Connection › Check Compatibility.';

function cannotLook(ctx: DatatruckContext, reference: string, pages: PagesRead): NodeOperationError {
	const last = lastPageOf(pages);
	const where = last === undefined ? 'on any of its pages (it says not how many)' : `on any of its ${last} pages`;
	const order = idOrder(pages) === 'none' ? 'neither newest nor oldest first' : 'oldest first without saying how many there are';
	return new NodeOperationError(ctx.getNode(), `Check for Existing Work Order could not look for reference ${reference} in Datatruck`, {
		description: `Datatruck ignores the filter on reference_number and answers its work order list ${order}, so the newest work orders could be ${where}; reading more than ${MAX_PAGES} pages on every mail would use up the token's 20 requests a minute. ${TURN_OFF}`,
	});
}

function pageRepeated(ctx: DatatruckContext, reference: string, page: number): NodeOperationError {
	return new NodeOperationError(ctx.getNode(), `Check for Existing Work Order could not look for reference ${reference} in Datatruck`, {
		description: `Datatruck answered page ${page} of the work order list with work orders of a page already read: it seems to ignore the page number, so the newest work orders cannot be reached. ${TURN_OFF}`,
	});
}

function unreadable(ctx: DatatruckContext, reference: string): NodeOperationError {
	return new NodeOperationError(ctx.getNode(), `Check for Existing Work Order could not look for reference ${reference} in Datatruck`, {
		description: `Datatruck ignores the filter on reference_number and its work orders carry no reference_number field, so the node cannot tell which one was created for this request. ${TURN_OFF}`,
	});
}
