import type { IDataObject } from 'n8n-workflow';
import { type ApiFilter, fetchList } from '../../shared/lists';
import type { DatatruckContext } from '../../shared/transport';
import { WORK_ORDER_LIST } from './fields';

/**
 * The work order Datatruck already has under a reference number, or null: read-only, one list read filtered on
 * `reference_number` (checked record by record, so a Datatruck that ignores the filter still answers right). This is
 * what makes a request create its work order once: a second answer to a question, or an execution run again after a
 * worker died, finds the first one's work order instead of creating another.
 */
export async function workOrderByReference(ctx: DatatruckContext, reference: string): Promise<IDataObject | null> {
	const filter: ApiFilter[] = [{ column: 'reference_number', value: reference, contains: 'is' }];
	const request = { method: 'GET' as const, url: '/work-orders/', qs: { filter: JSON.stringify(filter), ordering: '-id' } };
	const [found] = await fetchList(ctx, request, WORK_ORDER_LIST, 1);
	return found ?? null;
}
