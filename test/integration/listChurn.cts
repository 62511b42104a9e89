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
