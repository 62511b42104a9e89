import type { INodeParameters } from 'n8n-workflow';

/** The form of a full driver update, as a dispatcher fills it in. */
export function driverUpdateParameters(overrides: INodeParameters = {}): INodeParameters {
	return {
		resource: 'driver',
		operation: 'update',
		driverId: '205',
		firstName: 'Maria',
		lastName: 'Lopez',
		email: 'maria.lopez@acmetrucking.com',
		contactNumber: '+1 312 555 0142',
		driverType: 'owner_operator',
		employeeStatus: 'employed',
		status: 'active',
		isMain: false,
		mcNumber: 2,
		birthDate: '1986-04-12T00:00:00',
		...overrides,
	};
}

/** The form of a new driver (Driver › Create), as a dispatcher hiring Maria fills it in; `extra` adds more fields. */
export function driverCreateParameters(extra: INodeParameters = {}): INodeParameters {
	return {
		resource: 'driver',
		operation: 'create',
		firstName: 'Maria',
		lastName: 'Lopez',
		contactNumber: '+1 312 555 0142',
		driverType: 'company_driver',
		additionalFields: {
			email: 'maria.lopez@acmetrucking.com',
			employeeStatus: 'Active',
			status: 'Available',
			isMain: false,
			mcNumber: 2,
			birthDate: '1986-04-12T00:00:00',
			driverLicense: 'L52374918',
			driverLicenseExpiration: '2028-06-30',
			...extra,
		},
	};
}

/**
 * What Driver › Create returns for driverCreateParameters(`extra`): the driver as sent, under the names the driver
 * list and Driver › Update's answer use, with Datatruck's confirmation; `fields` are the extra fields as returned.
 */
export function hiredDriverRecord(fields: Record<string, unknown> = {}): Record<string, unknown> {
	return {
		account: { first_name: 'Maria', last_name: 'Lopez', email: 'maria.lopez@acmetrucking.com' },
		contact_number: '+1 312 555 0142',
		driver_type: 'company_driver',
		employee_status: 'Active',
		status: 'Available',
		is_main: false,
		mc_number: 2,
		brith_date: '1986-04-12',
		driver_license: 'L52374918',
		driver_license_expiration: '2028-06-30',
		...fields,
		detail: 'Driver created successfully.',
	};
}

/** The form of a tyre-rim work order with a task, a note, compensation and a tag (Work Order › Create). */
export function workOrderCreateParameters(referenceNumber: string): INodeParameters {
	return {
		resource: 'workOrder',
		operation: 'create',
		procedureName: 'TRK TIre Rim Repair / Replacement',
		additionalFields: {
			referenceNumber,
			status: 'Pending',
			truck: 'T142',
			odometer: 412870,
			totalPrice: '1234.50',
			scheduledOnDate: '2026-11-21T09:00:00',
			vendor: 'TA Truck Service',
			vendorEmail: 'service@ta-joliet.example',
		},
		tasks: { task: [{ customTask: 'Replace rim', partsPrice: '85.00', partsQuantity: '2', laborHours: '1.5' }] },
		notes: { note: [{ body: 'Driver reported a bent rim at pre-trip.' }] },
		compensation: { entry: [{ driver: 'Maria Lopez', customer: 'Coyote Logistics' }] },
		tags: { tag: [{ name: 'Tires' }] },
	};
}

/**
 * Work Order › Create's Additional Fields for what Datatruck's published page marks required (status, type, payment
 * type, invoice, date, assigned to, odometer), with a truck and a price: a body the `published` profile accepts.
 */
export function publishedWorkOrderFields(scheduledOnDate = '2026-06-02T09:00:00'): INodeParameters {
	return {
		truck: 'T142',
		totalPrice: '120.00',
		status: 'Pending',
		typeWorkOrder: 'Repair',
		paymentType: 'Credit Card',
		invoiceId: 'INV-20931',
		scheduledOnDate,
		assignedTo: 'Big Rig Repair Dallas',
		odometer: 412870,
	};
}
