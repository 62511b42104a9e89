/**
 * Drivers: GET /drivers/list/ (spec 6, A5), POST /drivers/create/ (spec 7, A14), PUT /drivers/update/{pk}/ (spec 8),
 * and PATCH on the same path, DRF's partial update (A37), unless `driverUpdatePatch` refuses it.
 */
import { ApiRequest, badRequest, created, notFound, ok, requireObjectBody } from '../http.cts';
import { OPEN_PAGE_SIZE } from '../pagination.cts';
import { Route } from '../router.cts';
import { project, SchemaOf } from '../schema.cts';
import { nextId, SandboxStore } from '../store.cts';
import { DriverListItem, DriverRecord, DriverUpdateReply } from '../types.cts';
import { rules, validateBody } from '../validation.cts';
import { filteredAndOrdered, pageReply } from './listing.cts';

const PERSON_SCHEMA = { id: 'int', full_name: 'string' } as const;
const EQUIPMENT_SCHEMA = { id: 'int', unit_number: 'string', plate_number: 'string' } as const;

/** The list shape; the list projects stored records onto exactly these keys. */
export const DRIVER_LIST_SCHEMA: SchemaOf<DriverListItem> = {
	id: 'int',
	contact_number: 'string',
	status: 'string',
	employee_status: 'string',
	driver_type: 'string',
	account: { first_name: 'string', last_name: 'string', full_name: 'string', username: 'string', email: 'string' },
	gender: 'string',
	address1: 'string',
	address2: 'string',
	city: 'string',
	state: 'string',
	zip_code: 'string',
	payment_tariff: { id: 'int', tariff: 'string', name: 'string' },
	hire_date: 'date',
	rehire_date: 'date',
	safety_start_on: 'date',
	termination_note: 'string',
	terminate_reason: 'string',
	previous_terminate_note: 'string',
	assigned_truck: EQUIPMENT_SCHEMA,
	assigned_trailer: EQUIPMENT_SCHEMA,
	team_driver: PERSON_SCHEMA,
	assigned_dispatcher: PERSON_SCHEMA,
	other_id: 'string',
	emergency_contact_name: 'string',
	emergency_contact_number: 'string',
	emergency_relationship: 'string',
	emergency_contact_email: 'string',
	emergency_contact_address1: 'string',
	emergency_contact_address2: 'string',
	emergency_contact_state: 'string',
	emergency_contact_city: 'string',
	emergency_contact_zip_code: 'string',
};

const { string, integer, boolean, date, object, required } = rules;

/** Fields both bodies share with the same meaning and type (spec 7 and 8). */
const LICENSE_AND_DISPATCH_FIELDS = {
	telegram_number: string(),
	driver_license: string(),
	driver_license_issue_date: date(),
	driver_license_state: string(),
	driver_license_expiration: date(),
	driver_license_class: string(),
	dispatch_status: integer(),
};

/** Spec 7: a flat body; A14 makes first_name, last_name, contact_number and driver_type required. */
const DRIVER_CREATE_FIELDS = {
	first_name: required(string({ minLength: 1 })),
	last_name: required(string({ minLength: 1 })),
	contact_number: required(string({ minLength: 1 })),
	driver_type: required(string({ minLength: 1 })),
	new_employee_status: string(),
	mc_number: integer(),
	status: string(),
	is_main: boolean(),
	birth_date: date(),
	email: string(),
	...LICENSE_AND_DISPATCH_FIELDS,
};

/** Spec 8: nested account, and the date of birth spelled `brith_date`. */
const DRIVER_UPDATE_FIELDS = {
	account: required(
		object({
			first_name: required(string({ minLength: 1 })),
			last_name: required(string({ minLength: 1 })),
			email: required(string({ minLength: 1 })),
		}),
	),
	contact_number: required(string()),
	driver_type: required(string()),
	new_employee_status: required(string()),
	status: required(string()),
	is_main: required(boolean()),
	mc_number: required(integer()),
	brith_date: required(date()),
	...LICENSE_AND_DISPATCH_FIELDS,
};

function checkReferences(store: SandboxStore, body: { mc_number?: number; dispatch_status?: number }): void {
	if (body.mc_number !== undefined && !store.data.mcNumbers.some((m) => m.id === body.mc_number)) {
		throw badRequest(`mc_number: no motor carrier record has id ${body.mc_number}.`);
	}
	if (body.dispatch_status !== undefined && !store.data.dispatchStatuses.some((s) => s.id === body.dispatch_status)) {
		throw badRequest(`dispatch_status: no dispatch status has id ${body.dispatch_status}.`);
	}
}

function createDriver(request: ApiRequest, store: SandboxStore) {
	const body = validateBody(DRIVER_CREATE_FIELDS, requireObjectBody(request.body), {
		rejectedKeys: {
			brith_date: 'unknown field; driver creation spells the date of birth "birth_date" (only the update uses "brith_date").',
			account: 'driver creation takes a flat body: send first_name, last_name and email at the top level, not inside "account".',
		},
	});
	checkReferences(store, body);
	const id = nextId(store.data.drivers);
	const username = `${body.first_name}.${body.last_name}${id}`.toLowerCase().replace(/\s+/g, '');
	const driver: DriverRecord = {
		id,
		contact_number: body.contact_number,
		status: body.status ?? 'Available',
		employee_status: body.new_employee_status ?? 'Active',
		driver_type: body.driver_type,
		account: { first_name: body.first_name, last_name: body.last_name, full_name: `${body.first_name} ${body.last_name}`, username, email: body.email ?? '' },
		gender: '',
		address1: '',
		address2: '',
		city: '',
		state: '',
		zip_code: '',
		payment_tariff: null,
		hire_date: store.now().toISOString().slice(0, 10),
		rehire_date: null,
		safety_start_on: null,
		termination_note: '',
		terminate_reason: '',
		previous_terminate_note: '',
		assigned_truck: null,
		assigned_trailer: null,
		team_driver: null,
		assigned_dispatcher: null,
		other_id: '',
		emergency_contact_name: '',
		emergency_contact_number: '',
		emergency_relationship: '',
		emergency_contact_email: '',
		emergency_contact_address1: '',
		emergency_contact_address2: '',
		emergency_contact_state: '',
		emergency_contact_city: '',
		emergency_contact_zip_code: '',
		is_main: body.is_main ?? true,
		mc_number: body.mc_number ?? null,
		brith_date: body.birth_date ?? null,
		telegram_number: body.telegram_number ?? null,
		driver_license: body.driver_license ?? null,
		driver_license_issue_date: body.driver_license_issue_date ?? null,
		driver_license_state: body.driver_license_state ?? null,
		driver_license_expiration: body.driver_license_expiration ?? null,
		driver_license_class: body.driver_license_class ?? null,
		dispatch_status: body.dispatch_status ?? null,
	};
	store.data.drivers.push(driver);
	return created({ detail: 'Driver created successfully.' });
}

/** The driver as the update operation returns it (spec 8, "The update operation returns a driver with ..."). */
export function driverUpdateShape(driver: DriverRecord): DriverUpdateReply {
	const { first_name, last_name, full_name, email } = driver.account;
	return {
		id: driver.id,
		account: { first_name, last_name, full_name, email },
		contact_number: driver.contact_number,
		driver_type: driver.driver_type,
		employee_status: driver.employee_status,
		status: driver.status,
		is_main: driver.is_main,
		mc_number: driver.mc_number,
		brith_date: driver.brith_date,
		telegram_number: driver.telegram_number,
		driver_license: driver.driver_license,
		driver_license_issue_date: driver.driver_license_issue_date,
		driver_license_state: driver.driver_license_state,
		driver_license_expiration: driver.driver_license_expiration,
		driver_license_class: driver.driver_license_class,
		dispatch_status: driver.dispatch_status,
	};
}

/** PUT replaces the driver's fields and requires them all; PATCH (`partial`) changes only the fields it is given. */
function updateDriver(request: ApiRequest, store: SandboxStore, partial = false) {
	const driver = store.data.drivers.find((d) => d.id === Number(request.params.pk));
	if (!driver) throw notFound('Driver not found.');
	const body = validateBody(DRIVER_UPDATE_FIELDS, requireObjectBody(request.body), {
		rejectedKeys: { birth_date: 'unknown field; the driver update spells the date of birth "brith_date".' },
		partial,
	});
	checkReferences(store, body);
	const { account, new_employee_status, ...flat } = body;
	const given = Object.fromEntries(Object.entries(flat).filter(([, value]) => value !== undefined));
	Object.assign(driver, given, new_employee_status === undefined ? {} : { employee_status: new_employee_status });
	const names = { ...driver.account, ...Object.fromEntries(Object.entries(account ?? {}).filter(([, value]) => value !== undefined)) };
	driver.account = { ...names, full_name: `${names.first_name} ${names.last_name}` };
	return ok(store.config.driverUpdateReply === 'array' ? [driverUpdateShape(driver)] : { detail: 'Driver updated successfully.' });
}

/** A driver as the list shows it; with `driverListFields: withUpdateFields` also the update-only fields. */
function listedDriver(driver: DriverRecord, store: SandboxStore) {
	const listed = project(driver, DRIVER_LIST_SCHEMA);
	if (store.config.driverListFields === 'published') return listed;
	const { id: _id, account: _account, contact_number: _phone, driver_type: _type, employee_status: _employee, status: _status, ...updateOnly } = driverUpdateShape(driver);
	return { ...listed, ...updateOnly };
}

export const driverRoutes: Route[] = [
	{
		method: 'GET',
		pattern: '/drivers/list/',
		handler: (request, store) => {
			const drivers = filteredAndOrdered(store.data.drivers, request, store, {
				list: 'drivers',
				schema: DRIVER_LIST_SCHEMA,
				published: DRIVER_LIST_SCHEMA,
				defaultOrdering: 'id',
			});
			return pageReply(
				'drivers',
				drivers.map((d) => listedDriver(d, store)),
				request,
				store,
				OPEN_PAGE_SIZE,
			);
		},
	},
	{ method: 'POST', pattern: '/drivers/create/', handler: createDriver },
	{ method: 'PUT', pattern: '/drivers/update/:pk/', handler: (request, store) => updateDriver(request, store) },
	{
		method: 'PATCH',
		pattern: '/drivers/update/:pk/',
		handler: (request, store) => updateDriver(request, store, true),
		offered: (store) => store.config.driverUpdatePatch === 'accepted',
	},
];
