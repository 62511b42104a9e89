import type { INodeProperties } from 'n8n-workflow';
import { additionalFieldsProperty, flatBody } from '../../shared/fields';
import { showFor } from '../../shared/descriptions';
import { datatruckOperation } from '../../shared/route';
import {
	birthDate,
	contactNumber,
	driverBodyFields,
	driverType,
	email,
	employeeStatus,
	firstName,
	isMain,
	lastName,
	licenseAndDispatchFields,
	mcNumber,
	status,
} from './fields';

const display = showFor('driver', 'create');
const REQUIRED = [firstName, lastName, contactNumber, driverType];

/** A flat body (spec 7): the names at the top level, the date of birth spelled `birth_date`. */
const BODY = driverBodyFields(
	{ firstName: 'first_name', lastName: 'last_name', email: 'email', birthDate: 'birth_date' },
	REQUIRED,
);

export const driverCreateOperation = datatruckOperation({
	name: 'Create',
	value: 'create',
	action: 'Create a driver',
	description:
		"Add a driver to Datatruck with name, phone and driver type, and optionally email, status, MC number, birth date and license details. Returns Datatruck's confirmation.",
	method: 'POST',
	path: '/drivers/create/',
	preSend: [flatBody(BODY)],
});

export const driverCreateFields: INodeProperties[] = [
	...REQUIRED.map((property) => ({ ...property, required: true, displayOptions: display })),
	additionalFieldsProperty(display, [birthDate, email, employeeStatus, isMain, mcNumber, status, ...licenseAndDispatchFields]),
];
