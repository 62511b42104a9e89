/** Work orders: POST /work-orders/create/ (spec 3, A9), GET /work-orders/ (A6, A7), control createWorkOrder. */
import { toIsoSeconds } from '../dates.cts';
import { ApiError, ApiRequest, badRequest, created, isPlainObject, requireObjectBody } from '../http.cts';
import { CAPPED_PAGE_SIZE } from '../pagination.cts';
import { Route } from '../router.cts';
import { SchemaOf } from '../schema.cts';
import { nextId, SandboxStore } from '../store.cts';
import { WorkOrder } from '../types.cts';
import { rules, validateBody, Validated } from '../validation.cts';
import { filteredAndOrdered, pageReply } from './listing.cts';
import { PROCEDURE_NAMES } from './procedureNames.cts';

export const WORK_ORDER_SCHEMA: SchemaOf<WorkOrder> = {
	id: 'int',
	created_datetime: 'datetime',
	reference_number: 'string',
	status: 'string',
	type_work_order: 'string',
	payment_type: 'string',
	truck: 'string',
	trailer: 'string',
	fee_total_price: 'decimal',
	tax_total_price: 'decimal',
	total_price: 'decimal',
	invoice_id: 'string',
	scheduled_on_date: 'datetime',
	assigned_to: 'string',
	odometer: 'int',
	location: 'string',
	vendor: 'string',
	vendor_phone: 'string',
	vendor_email: 'string',
	procedure_name: 'string',
	notes: [{ body: 'string' }],
	work_order_tasks: [
		{
			custom_task: 'string',
			parts_price: 'decimal',
			parts_quantity: 'int',
			total_parts_price: 'decimal',
			labor_price: 'decimal',
			labor_hours: 'float',
			total_labor_price: 'decimal',
			total_price: 'decimal',
		},
	],
	compensation: [{ driver: 'string', customer: 'string' }],
	tags: [{ name: 'string' }],
};

const { string, decimal, integer, number, dateTime, choice, arrayOf, object, required } = rules;

/** Spec 3 body; only procedure_name is required (A9). */
const WORK_ORDER_CREATE_FIELDS = {
	reference_number: string(),
	status: string(),
	type_work_order: string(),
	payment_type: string(),
	truck: string(),
	trailer: string(),
	fee_total_price: decimal(),
	tax_total_price: decimal(),
	total_price: decimal(),
	invoice_id: string(),
	scheduled_on_date: dateTime(),
	assigned_to: string(),
	odometer: integer(),
	location: string(),
	vendor: string(),
	vendor_phone: string(),
	vendor_email: string(),
	procedure_name: required(choice(PROCEDURE_NAMES)),
	notes: arrayOf(object({ body: required(string()) })),
	work_order_tasks: arrayOf(
		object({
			custom_task: string(),
			parts_price: decimal(),
			parts_quantity: integer(),
			total_parts_price: decimal(),
			labor_price: decimal(),
			labor_hours: number(),
			total_labor_price: decimal(),
			total_price: decimal(),
		}),
	),
	compensation: arrayOf(object({ driver: required(string()), customer: required(string()) })),
	tags: arrayOf(object({ name: required(string()) })),
};

type ScalarKey = Exclude<keyof WorkOrder, 'id' | 'created_datetime' | 'procedure_name' | 'notes' | 'work_order_tasks' | 'compensation' | 'tags'>;

/** A7: every creation field present in reads, null (or an empty list) when it was not sent. */
function storedWorkOrder(id: number, createdAt: Date, fields: Validated<typeof WORK_ORDER_CREATE_FIELDS>): WorkOrder {
	const scalars = Object.fromEntries(
		(Object.keys(WORK_ORDER_SCHEMA) as (keyof WorkOrder)[])
			.filter((key): key is ScalarKey => !Array.isArray(WORK_ORDER_SCHEMA[key]) && !['id', 'created_datetime', 'procedure_name'].includes(key))
			.map((key) => [key, fields[key] ?? null]),
	) as Pick<WorkOrder, ScalarKey>;
	return {
		id,
		created_datetime: toIsoSeconds(createdAt),
		...scalars,
		procedure_name: fields.procedure_name,
		notes: fields.notes ?? [],
		work_order_tasks: (fields.work_order_tasks ?? []).map((task) => ({
			custom_task: task.custom_task ?? null,
			parts_price: task.parts_price ?? null,
			parts_quantity: task.parts_quantity ?? null,
			total_parts_price: task.total_parts_price ?? null,
			labor_price: task.labor_price ?? null,
			labor_hours: task.labor_hours ?? null,
			total_labor_price: task.total_labor_price ?? null,
			total_price: task.total_price ?? null,
		})),
		compensation: fields.compensation ?? [],
		tags: fields.tags ?? [],
	};
}

function createFromApi(request: ApiRequest, store: SandboxStore) {
	const body = validateBody(WORK_ORDER_CREATE_FIELDS, requireObjectBody(request.body));
	const workOrder = storedWorkOrder(nextId(store.data.workOrders), store.now(), body);
	store.data.workOrders.push(workOrder);
	return created({ id: workOrder.id });
}

/** Control API: a realistic generated work order, overridden by `partial` (id defaults to max + 1). */
export function createWorkOrder(store: SandboxStore, partial: Partial<WorkOrder> = {}): WorkOrder {
	if (!isPlainObject(partial)) throw badRequest('The work order must be a JSON object.');
	const id = partial.id ?? nextId(store.data.workOrders);
	if (!Number.isInteger(id) || id < 1) throw badRequest('id: must be a positive integer.');
	if (store.data.workOrders.some((w) => w.id === id)) throw new ApiError(409, `A work order with id ${id} already exists.`);
	const generated = store.generator.workOrder(id, store.now().getTime());
	const workOrder: WorkOrder = { ...generated, ...partial, id };
	store.data.workOrders.push(workOrder);
	return workOrder;
}

/** A read with the creation time under the configured name, or without it. */
function asServed(workOrder: WorkOrder, timeField: string | null): object {
	if (timeField === 'created_datetime') return workOrder;
	const { created_datetime: createdAt, ...rest } = workOrder;
	return timeField === null ? rest : { ...rest, [timeField]: createdAt };
}

export const workOrderRoutes: Route[] = [
	{
		method: 'GET',
		pattern: '/work-orders/',
		handler: (request, store) => {
			const records = filteredAndOrdered(store.data.workOrders, request, store, {
				list: 'workOrders',
				schema: WORK_ORDER_SCHEMA,
				// Its read shape is "not shown": a strict server knows no column of it.
				published: {},
				defaultOrdering: '-id',
			});
			return pageReply('workOrders', records.map((record) => asServed(record, store.config.workOrderTimeField)), request, store, CAPPED_PAGE_SIZE);
		},
	},
	{ method: 'POST', pattern: '/work-orders/create/', handler: createFromApi },
];
