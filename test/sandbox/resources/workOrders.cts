/**
 * Work orders: POST /work-orders/create/ (spec 3, A9; `workOrderCreate: 'published'` as Datatruck's page publishes it),
 * GET /work-orders/ (A6, A7; its published `status` parameter always honoured), control createWorkOrder.
 */
import { toIsoSeconds } from '../dates.cts';
import { ApiError, ApiReply, ApiRequest, badRequest, created, isPlainObject, lastParam, requireObjectBody } from '../http.cts';
import { CAPPED_PAGE_SIZE } from '../pagination.cts';
import { Route } from '../router.cts';
import { SchemaOf } from '../schema.cts';
import { nextId, SandboxStore } from '../store.cts';
import { WorkOrder } from '../types.cts';
import { drfErrors, rules, validateBody, Validated } from '../validation.cts';
import { toDecimal, withPublishedReadFields, workOrderNumber } from '../seed.cts';
import { filteredAndOrdered, pageReply } from './listing.cts';
import { PROCEDURE_NAMES } from './procedureNames.cts';

export const WORK_ORDER_SCHEMA: SchemaOf<WorkOrder> = {
	id: 'int',
	created_datetime: 'datetime',
	number: 'string',
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
	approved_by: 'string',
	custom_payment_method: 'string',
	paid_amount: 'decimal',
	balance: 'decimal',
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
	work_order_payments: [{ id: 'int', amount: 'decimal', note: 'string', payment_date: 'date' }],
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

type CreateFields = Validated<typeof WORK_ORDER_CREATE_FIELDS>;
type ScalarKey = Exclude<keyof CreateFields, 'procedure_name' | 'notes' | 'work_order_tasks' | 'compensation' | 'tags'>;
const LIST_KEYS = ['notes', 'work_order_tasks', 'compensation', 'tags'];
const SCALAR_KEYS = (Object.keys(WORK_ORDER_CREATE_FIELDS) as (keyof CreateFields)[]).filter(
	(key): key is ScalarKey => key !== 'procedure_name' && !LIST_KEYS.includes(key),
);

/** A7: every creation field present in reads, null (or an empty list) when it was not sent; unpaid and unapproved. */
function storedWorkOrder(id: number, createdAt: Date, fields: CreateFields): WorkOrder {
	const scalars = Object.fromEntries(SCALAR_KEYS.map((key) => [key, fields[key] ?? null])) as Pick<WorkOrder, ScalarKey>;
	const createdDatetime = toIsoSeconds(createdAt);
	return {
		id,
		created_datetime: createdDatetime,
		number: workOrderNumber(id, createdDatetime),
		...scalars,
		procedure_name: fields.procedure_name,
		approved_by: null,
		custom_payment_method: null,
		paid_amount: '0.00',
		balance: toDecimal(Number(fields.total_price ?? 0)),
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
		work_order_payments: [],
	};
}

/** The fields Datatruck's published POST /work-orders/create/ page marks required (its list is cut off after odometer). */
export const PUBLISHED_REQUIRED_FIELDS = ['status', 'type_work_order', 'payment_type', 'invoice_id', 'scheduled_on_date', 'assigned_to', 'odometer'] as const;

const filledText = () => required(string({ minLength: 1 }));

/** The published page's body: its seven required fields, and `notes` and `tags` as arrays of strings. */
const PUBLISHED_CREATE_FIELDS = {
	...WORK_ORDER_CREATE_FIELDS,
	status: filledText(),
	type_work_order: filledText(),
	payment_type: filledText(),
	invoice_id: filledText(),
	scheduled_on_date: required(dateTime()),
	assigned_to: filledText(),
	odometer: required(integer()),
	notes: arrayOf(string({ minLength: 1 })),
	tags: arrayOf(string({ minLength: 1 })),
};

/**
 * `workOrderCreate: 'published'`: every problem at once in Django REST Framework's own 400 (`{"type_work_order":
 * ["This field is required."]}`, `{"notes": {"0": ["Not a valid string."]}}` for a note sent as an object). The
 * work order is stored in the same shape as a spec create, so reads do not change.
 */
function publishedCreate(body: Record<string, unknown>): { fields: CreateFields } | { refusal: ApiReply } {
	const errors = drfErrors(PUBLISHED_CREATE_FIELDS, body);
	if (errors) return { refusal: { status: 400, body: errors } };
	const fields = validateBody(PUBLISHED_CREATE_FIELDS, body);
	return { fields: { ...fields, notes: fields.notes?.map((text) => ({ body: text })), tags: fields.tags?.map((name) => ({ name })) } };
}

function createFromApi(request: ApiRequest, store: SandboxStore): ApiReply {
	const body = requireObjectBody(request.body);
	const checked = store.config.workOrderCreate === 'published' ? publishedCreate(body) : { fields: validateBody(WORK_ORDER_CREATE_FIELDS, body) };
	if ('refusal' in checked) return checked.refusal;
	const workOrder = storedWorkOrder(nextId(store.data.workOrders), store.now(), checked.fields);
	store.data.workOrders.push(workOrder);
	return created({ id: workOrder.id });
}

const DERIVED_FIELDS = ['number', 'approved_by', 'custom_payment_method', 'paid_amount', 'balance', 'work_order_payments'] as const;

/** Control API: a realistic generated work order, overridden by `partial` (id defaults to max + 1). */
export function createWorkOrder(store: SandboxStore, partial: Partial<WorkOrder> = {}): WorkOrder {
	if (!isPlainObject(partial)) throw badRequest('The work order must be a JSON object.');
	const id = partial.id ?? nextId(store.data.workOrders);
	if (!Number.isInteger(id) || id < 1) throw badRequest('id: must be a positive integer.');
	if (store.data.workOrders.some((w) => w.id === id)) throw new ApiError(409, `A work order with id ${id} already exists.`);
	const generated = store.generator.workOrder(id, store.now().getTime());
	const merged: WorkOrder = { ...generated, ...partial, id };
	// The published read fields follow the status, price and creation time given, unless given themselves.
	const derivedGiven = DERIVED_FIELDS.some((key) => partial[key] !== undefined);
	const workOrder = derivedGiven ? merged : withPublishedReadFields(merged);
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
			// Datatruck's published page documents `status` ("filter work orders by status"): honoured whatever the
			// list's switches say about `filter`, an exact match; empty is no condition, as django-filter reads it.
			const status = lastParam(request.query, 'status');
			const withStatus = status ? records.filter((record) => record.status === status) : records;
			return pageReply('workOrders', withStatus.map((record) => asServed(record, store.config.workOrderTimeField)), request, store, CAPPED_PAGE_SIZE);
		},
	},
	{ method: 'POST', pattern: '/work-orders/create/', handler: createFromApi },
];
