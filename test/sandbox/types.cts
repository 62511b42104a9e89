/**
 * Record shapes the sandbox stores and serves. Field names and types follow
 * ../../shared/freight-ops-api.md (published shapes) and docs/api-contract.md
 * (our choices where the spec says "not shown": A7 work order, A8 truck).
 */

/** ISO 8601 UTC date-time, `YYYY-MM-DDTHH:MM:SSZ`. */
export type DateTimeString = string;
/** Plain date, `YYYY-MM-DD`. */
export type DateString = string;
/** Decimal number in JSON string form, e.g. `"2450.00"`. */
export type DecimalString = string;

export interface Tag {
	name: string;
}

export interface StopLocation {
	id: number;
	company: string | null;
	address1: string | null;
	address2: string | null;
	city: string | null;
	state: string | null;
	zip_code: string | null;
	contact_name: string | null;
	place_name: string | null;
	latitude: number | null;
	longitude: number | null;
	is_active: boolean;
}

export type StopType = 'pickup' | 'delivery';

export interface Stop {
	id: number;
	order: number;
	stop_type: StopType;
	location: StopLocation | null;
	reference_id: string | null;
	proof_of_delivery: string | null;
	ready_time_start_date: DateTimeString | null;
	ready_time_end_date: DateTimeString | null;
	note: string | null;
}

export interface EtaDetail {
	on_time: boolean;
	eta_datetime: DateTimeString | null;
}

export interface TripSettlement {
	settlement__status: string | null;
	settlement__settlement_number: string | null;
	settlement__is_sent: boolean | null;
}

export interface Trip {
	id: number;
	status: string;
	trip_id: string | null;
	mile: DecimalString | null;
	empty_mile: DecimalString | null;
	total_load_pay: DecimalString | null;
	carrier__name: string | null;
	driver__full_name: string | null;
	team_driver__full_name: string | null;
	truck__unit_number: string | null;
	pickup: StopLocation | null;
	delivery: StopLocation | null;
	settlement: TripSettlement | null;
}

export interface Batch {
	batch_number: string | null;
	status: string | null;
}

export interface BatchOrder {
	invoice_number: string | null;
	is_sent: boolean | null;
	batch: Batch | null;
}

export const DOCUMENT_FILE_TYPES = [
	'rate_confirmation',
	'bill_of_lading',
	'proof_of_delivery',
	'commercial_invoice',
] as const;
export type DocumentFileType = (typeof DOCUMENT_FILE_TYPES)[number];

export interface OrderDocument {
	file_type: DocumentFileType;
	file_link: string;
	uploaded_by: string | null;
	uploaded_at: DateTimeString;
}

export interface AssignedDriverAndTruck {
	driver_full_name: string | null;
	truck_unit_number: string | null;
}

/** Statuses the seed uses; the spec's list ("values seen") is not closed, so any string is stored. */
export const ORDER_STATUSES = ['booked', 'dispatched', 'In Progress', 'delivered', 'cancelled'] as const;

export interface Order {
	id: number;
	load_id: string | null;
	shipment_id: string | null;
	status: string;
	load_pay: DecimalString | null;
	total_miles: DecimalString | null;
	created_datetime: DateTimeString;
	created_by__full_name: string | null;
	total_other_pay: DecimalString | null;
	total_pay: DecimalString | null;
	per_mile_revenue: DecimalString | null;
	tags: Tag[];
	dispatcher__full_name: string | null;
	customer__company_name: string | null;
	mc_number__company_name: string | null;
	office__office_name: string | null;
	pickup_appointment_time: DateTimeString | null;
	delivery_appointment_time: DateTimeString | null;
	pickup_time: DateTimeString | null;
	delivery_time: DateTimeString | null;
	stops: Stop[];
	equipment_type: string;
	equipment_type_child: string[];
	transportation_mode: string | null;
	driver_requirements: string[];
	additional_equipments: string[];
	freight_requirements: string[];
	freight_requirements_min_temperature: DecimalString | null;
	freight_requirements_max_temperature: DecimalString | null;
	estimated_mile: DecimalString;
	estimated_time: number;
	eta_detail: EtaDetail;
	trip: Trip | null;
	batch_orders: BatchOrder | null;
	assigned_driver_n_truck: AssignedDriverAndTruck;
	assigned_carrier: string | null;
	is_flagged: boolean;
	flagging_reason: string | null;
	documents: OrderDocument[];
}

export interface PersonRef {
	id: number;
	full_name: string;
}

export interface DriverAccount {
	first_name: string;
	last_name: string;
	full_name: string;
	username: string;
	email: string;
}

export interface PaymentTariff {
	id: number;
	/** Per-mile rate in dollars ("0.62") or a percentage of load pay ("27"), according to `name`. */
	tariff: string;
	name: string;
}

export interface EquipmentRef {
	id: number;
	unit_number: string;
	plate_number: string;
}

/** A driver as the driver list returns it (spec, "Driver (as returned by the driver list)"). */
export interface DriverListItem {
	id: number;
	contact_number: string;
	status: string;
	employee_status: string;
	driver_type: string;
	account: DriverAccount;
	gender: string;
	address1: string;
	address2: string;
	city: string;
	state: string;
	zip_code: string;
	payment_tariff: PaymentTariff | null;
	hire_date: DateString | null;
	rehire_date: DateString | null;
	safety_start_on: DateString | null;
	termination_note: string;
	terminate_reason: string;
	previous_terminate_note: string;
	assigned_truck: EquipmentRef | null;
	assigned_trailer: EquipmentRef | null;
	team_driver: PersonRef | null;
	assigned_dispatcher: PersonRef | null;
	other_id: string;
	emergency_contact_name: string;
	emergency_contact_number: string;
	emergency_relationship: string;
	emergency_contact_email: string;
	emergency_contact_address1: string;
	emergency_contact_address2: string;
	emergency_contact_state: string;
	emergency_contact_city: string;
	emergency_contact_zip_code: string;
}

/** Fields only the update reply shows (spec: "The update operation returns a driver with ..."). */
export interface DriverPrivateFields {
	is_main: boolean;
	mc_number: number | null;
	brith_date: DateString | null;
	telegram_number: string | null;
	driver_license: string | null;
	driver_license_issue_date: DateString | null;
	driver_license_state: string | null;
	driver_license_expiration: DateString | null;
	driver_license_class: string | null;
	dispatch_status: number | null;
}

/** What the store keeps per driver: the list shape plus the update-only fields. */
export type DriverRecord = DriverListItem & DriverPrivateFields;

export interface DriverUpdateReply {
	id: number;
	account: Omit<DriverAccount, 'username'>;
	contact_number: string;
	driver_type: string;
	employee_status: string;
	status: string;
	is_main: boolean;
	mc_number: number | null;
	brith_date: DateString | null;
	telegram_number: string | null;
	driver_license: string | null;
	driver_license_issue_date: DateString | null;
	driver_license_state: string | null;
	driver_license_expiration: DateString | null;
	driver_license_class: string | null;
	dispatch_status: number | null;
}

export interface NamedRef {
	id: number;
	name: string;
}

export interface DispatchStatus {
	id: number;
	name: string;
	color: string;
}

export interface OperatorRef {
	id: number;
	first_name: string;
	last_name: string;
}

export interface Trailer {
	id: number;
	unit_number: string;
	vin: string;
	make: string;
	model: string;
	status: string;
	plate_number: string;
	state: string;
	year: number | null;
	driver_operator: OperatorRef | null;
	co_driver_operator: OperatorRef | null;
	type: NamedRef | null;
	dispatch_status: DispatchStatus | null;
}

/** docs/api-contract.md A8. */
export interface Truck {
	id: number;
	unit_number: string;
	vin: string;
	make: string;
	model: string;
	year: number | null;
	status: string;
	plate_number: string;
	state: string;
	type: NamedRef | null;
	driver: PersonRef | null;
	dispatch_status: DispatchStatus | null;
}

export interface WorkOrderTask {
	custom_task: string | null;
	parts_price: DecimalString | null;
	parts_quantity: number | null;
	total_parts_price: DecimalString | null;
	labor_price: DecimalString | null;
	labor_hours: number | null;
	total_labor_price: DecimalString | null;
	total_price: DecimalString | null;
}

export interface Compensation {
	driver: string;
	customer: string;
}

export interface Note {
	body: string;
}

/** A payment towards a work order, as Datatruck's published GET /work-orders/ page shows it. */
export interface WorkOrderPayment {
	id: number;
	amount: DecimalString;
	note: string | null;
	payment_date: DateString;
}

/**
 * docs/api-contract.md A7: the creation fields plus id and created_datetime; absent fields are null. With the
 * read fields of Datatruck's published GET /work-orders/ page: `number`, `approved_by`, `custom_payment_method`,
 * `paid_amount`, `balance` and `work_order_payments` (a created work order starts unpaid and unapproved).
 */
export interface WorkOrder {
	id: number;
	created_datetime: DateTimeString;
	/** The work order's number as Datatruck shows it, e.g. `WO-2025-001`. */
	number: string;
	reference_number: string | null;
	status: string | null;
	type_work_order: string | null;
	payment_type: string | null;
	truck: string | null;
	trailer: string | null;
	fee_total_price: DecimalString | null;
	tax_total_price: DecimalString | null;
	total_price: DecimalString | null;
	invoice_id: string | null;
	scheduled_on_date: DateTimeString | null;
	assigned_to: string | null;
	odometer: number | null;
	location: string | null;
	vendor: string | null;
	vendor_phone: string | null;
	vendor_email: string | null;
	procedure_name: string;
	approved_by: string | null;
	custom_payment_method: string | null;
	paid_amount: DecimalString;
	balance: DecimalString;
	notes: Note[];
	work_order_tasks: WorkOrderTask[];
	compensation: Compensation[];
	tags: Tag[];
	work_order_payments: WorkOrderPayment[];
}

export interface McNumber {
	id: number;
	mc_number: string;
	company_name: string;
}

/** The live in-memory store. Reference lists (dispatchers, MC numbers...) back the records' names. */
export interface SandboxData {
	orders: Order[];
	drivers: DriverRecord[];
	trailers: Trailer[];
	trucks: Truck[];
	workOrders: WorkOrder[];
	dispatchers: PersonRef[];
	mcNumbers: McNumber[];
	offices: string[];
	customers: string[];
	paymentTariffs: PaymentTariff[];
	trailerTypes: NamedRef[];
	truckTypes: NamedRef[];
	dispatchStatuses: DispatchStatus[];
}
