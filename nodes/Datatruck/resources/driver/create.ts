import type { IDataObject, INodeProperties } from 'n8n-workflow';
import { additionalFieldsProperty, flatBody, sentWithAnswer, toApiKeys } from '../../shared/fields';
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

/**
 * The driver as sent, under the names the driver list and Driver › Update's answer give a driver (`account`,
 * `employee_status`, `brith_date`), so that the next node reads a created driver as it reads a listed one.
 */
const AS_A_DRIVER_RECORD = driverBodyFields(
	{ firstName: 'account.first_name', lastName: 'account.last_name', email: 'account.email', birthDate: 'brith_date' },
	REQUIRED,
).map((field) => (field.key === 'new_employee_status' ? { ...field, key: 'employee_status' } : field));

function asDriverRecord(sent: IDataObject): IDataObject {
	const byParameter = Object.fromEntries(BODY.filter((field) => sent[field.key] !== undefined).map((field) => [field.parameter, sent[field.key]]));
	return toApiKeys(byParameter, AS_A_DRIVER_RECORD);
}

export const driverCreateOperation = datatruckOperation({
	name: 'Create',
	value: 'create',
	action: 'Create a driver',
	description:
		"Add a driver to Datatruck with name, phone and driver type, and optionally email, status, MC number, birth date and license details. Returns the driver as sent, with Datatruck's confirmation.",
	method: 'POST',
	path: '/drivers/create/',
	preSend: [flatBody(BODY)],
	shape(records, sent) {
		return [sentWithAnswer(asDriverRecord((sent.body ?? {}) as IDataObject), records)];
	},
});

export const driverCreateFields: INodeProperties[] = [
	...REQUIRED.map((property) => ({ ...property, required: true, displayOptions: display })),
	additionalFieldsProperty(display, [birthDate, email, employeeStatus, isMain, mcNumber, status, ...licenseAndDispatchFields]),
];
