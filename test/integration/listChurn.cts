/**
 * What a list read under live-data churn must return, worked out from the sandbox's own state: the
 * records that matched the query at the start and were never touched by the churn ("stable"), in
 * the list's order. Shared by listUnderChange.test.ts and the property test.
 */
import type { IDataObject } from 'n8n-workflow';
import type { Sandbox } from '../sandbox/index.cts';
import { queryRecords } from '../sandbox/filters.cts';
import { DEFAULT_ORDER_ORDERING, ORDER_SCHEMA } from '../sandbox/resources/orders.cts';
import { WORK_ORDER_SCHEMA } from '../sandbox/resources/workOrders.cts';
import type { ObjectSchema } from '../sandbox/schema.cts';

export type ChurnList = 'orders' | 'workOrders';

const LISTS: Record<ChurnList, { schema: ObjectSchema; defaultOrdering: string }> = {
	orders: { schema: ORDER_SCHEMA as ObjectSchema, defaultOrdering: DEFAULT_ORDER_ORDERING },
	workOrders: { schema: WORK_ORDER_SCHEMA as ObjectSchema, defaultOrdering: '-id' },
};

/** Ids matching `filter`/`ordering` now, in the list's order (ties by id, as the node asks). */
export function matchingIds(sandbox: Sandbox, list: ChurnList, filter: string | null, ordering: string | null): number[] {
	const records = sandbox.data[list] as unknown as Array<{ id: number }>;
	return queryRecords(records, { filter, ordering }, { ...LISTS[list], now: () => new Date() }).map((record) => record.id);
}

export interface ChurnVerdict {
	duplicates: number[];
	/** Stable records missing from the output (Return All), or skipped before one that is in it (Limit). */
	lost: number[];
	stable: number;
}

/**
 * `startOrder`: ids matching at the start, in order. A stable record is one of them the churn never
 * touched: it matched, existed and kept its sort value from start to end.
 */
export function judge(output: Array<Record<string, unknown>> | IDataObject[], startOrder: number[], touched: Set<number>, limit?: number): ChurnVerdict {
	const ids = output.map((record) => Number(record.id));
	const seen = new Set<number>();
	const duplicates = ids.filter((id) => (seen.has(id) ? true : (seen.add(id), false)));
	const stable = startOrder.filter((id) => !touched.has(id));
	let lost: number[];
	if (limit === undefined) lost = stable.filter((id) => !seen.has(id));
	else {
		// The stable records in the output must be the first ones of the stable order.
		const lastIncluded = stable.reduce((last, id, index) => (seen.has(id) ? index : last), -1);
		lost = stable.slice(0, lastIncluded + 1).filter((id) => !seen.has(id));
	}
	return { duplicates, lost, stable: stable.length };
}

/**
 * The requests a list longer than 20 pages costs with nothing changing when it is sorted by a
 * number or date field that can be empty (`empty`: whether each matching record, in list order,
 * has no value): page 1 in the list's order, then each part (records with a value, records
 * without) page after page from where page 1 ended. A part ends with a page that holds all that is
 * left of it (an empty one when nothing is), and a Limit stops once it has its records.
 */
export function segmentedRequests(empty: boolean[], pageSize: number, want = Infinity): number {
	const firstPart = empty.findIndex((flag) => flag !== empty[0]);
	const parts = firstPart < 0 ? [empty.length, 0] : [firstPart, empty.length - firstPart];
	let held = Math.min(pageSize, empty.length, want);
	let requests = 1;
	let part = held <= parts[0] ? 0 : 1;
	let left = part === 0 ? parts[0] - held : empty.length - held;
	while (held < want) {
		const size = Math.min(pageSize, want - held);
		const got = Math.min(size, left);
		requests++;
		held += got;
		const partDone = left <= size;
		left -= got;
		if (held >= want || !partDone) continue;
		if (++part === parts.length) break;
		left = parts[part];
	}
	return requests;
}
