import type { FilterField } from '../../shared/lists';

/** Work order fields a fleet manager filters and sorts by; any other field path can be typed in. */
export const WORK_ORDER_FIELDS: FilterField[] = [
	{ name: 'Assigned To', path: 'assigned_to', kind: 'text' },
	{ name: 'Created At', path: 'created_datetime', kind: 'dateTime' },
	{ name: 'ID', path: 'id', kind: 'number' },
	{ name: 'Invoice ID', path: 'invoice_id', kind: 'text' },
	{ name: 'Location', path: 'location', kind: 'text' },
	{ name: 'Odometer', path: 'odometer', kind: 'number' },
	{ name: 'Payment Type', path: 'payment_type', kind: 'text' },
	{ name: 'Procedure Name', path: 'procedure_name', kind: 'text' },
	{ name: 'Reference Number', path: 'reference_number', kind: 'text' },
	{ name: 'Scheduled On', path: 'scheduled_on_date', kind: 'dateTime' },
	{ name: 'Status', path: 'status', kind: 'text' },
	{ name: 'Tag', path: 'tags__name', kind: 'text' },
	{ name: 'Total Price', path: 'total_price', kind: 'number' },
	{ name: 'Trailer', path: 'trailer', kind: 'text' },
	{ name: 'Truck', path: 'truck', kind: 'text' },
	{ name: 'Type', path: 'type_work_order', kind: 'text' },
	{ name: 'Vendor', path: 'vendor', kind: 'text' },
];

/** Sorting by a field inside a list (tags) is refused by Datatruck, so it is not offered. */
export const WORK_ORDER_SORT_FIELDS = WORK_ORDER_FIELDS.filter((field) => !field.path.includes('__'));
