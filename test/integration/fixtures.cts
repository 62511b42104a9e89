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
