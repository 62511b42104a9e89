import type { IDataObject, IExecuteSingleFunctions } from 'n8n-workflow';

/**
 * One flat row per work order, the columns a dispatcher or fleet manager puts in a sheet or a message: what the
 * work is, on which unit, at which shop, and what it costs and still owes. The read fields of Datatruck's published
 * GET /work-orders/ page (`number`, `paid_amount`, `balance`) are null where a Datatruck does not send them.
 */
export function simplifyWorkOrder(workOrder: IDataObject): IDataObject {
	const named = (value: unknown) => (value === undefined || value === null || value === '' ? undefined : value);
	return {
		id: workOrder.id ?? null,
		number: workOrder.number ?? null,
		status: workOrder.status ?? null,
		procedure_name: workOrder.procedure_name ?? null,
		unit: named(workOrder.truck) ?? named(workOrder.trailer) ?? null,
		vendor: workOrder.vendor ?? null,
		assigned_to: workOrder.assigned_to ?? null,
		scheduled_on_date: workOrder.scheduled_on_date ?? null,
		total_price: workOrder.total_price ?? null,
		paid_amount: workOrder.paid_amount ?? null,
		balance: workOrder.balance ?? null,
	};
}

/** Record shaper for work-order reads: flat rows when the Simplify option is on. */
export function simplifyWorkOrdersWhenAsked(this: IExecuteSingleFunctions, records: IDataObject[]) {
	return (this.getNodeParameter('simplify', false) as boolean) ? records.map(simplifyWorkOrder) : records;
}
