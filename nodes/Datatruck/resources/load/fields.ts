import type { FilterField } from '../../shared/lists';

/** Load fields a dispatcher filters and sorts by; any other ORM path can be typed in. */
export const LOAD_FIELDS: FilterField[] = [
	{ name: 'Created At', path: 'created_datetime', kind: 'dateTime' },
	{ name: 'Customer', path: 'customer__company_name', kind: 'text' },
	{ name: 'Delivery Appointment', path: 'delivery_appointment_time', kind: 'dateTime' },
	{ name: 'Delivery Time (Actual)', path: 'delivery_time', kind: 'dateTime' },
	{ name: 'Dispatcher', path: 'dispatcher__full_name', kind: 'text' },
	{ name: 'Driver (Trip)', path: 'trip__driver__full_name', kind: 'text' },
	{ name: 'Equipment Type', path: 'equipment_type', kind: 'text' },
	{ name: 'Flagged', path: 'is_flagged', kind: 'boolean' },
	{ name: 'ID', path: 'id', kind: 'number' },
	{ name: 'Load ID', path: 'load_id', kind: 'text' },
	{ name: 'Load Pay', path: 'load_pay', kind: 'number' },
	{ name: 'MC Company', path: 'mc_number__company_name', kind: 'text' },
	{ name: 'Office', path: 'office__office_name', kind: 'text' },
	{ name: 'Pickup Appointment', path: 'pickup_appointment_time', kind: 'dateTime' },
	{ name: 'Pickup Time (Actual)', path: 'pickup_time', kind: 'dateTime' },
	{ name: 'Shipment ID', path: 'shipment_id', kind: 'text' },
	{ name: 'Status', path: 'status', kind: 'text' },
	{ name: 'Stop City', path: 'stops__location__city', kind: 'text' },
	{ name: 'Stop State', path: 'stops__location__state', kind: 'text' },
	{ name: 'Tag', path: 'tags__name', kind: 'text' },
	{ name: 'Total Miles', path: 'total_miles', kind: 'number' },
	{ name: 'Trip Status', path: 'trip__status', kind: 'text' },
	{ name: 'Truck Unit (Trip)', path: 'trip__truck__unit_number', kind: 'text' },
];
