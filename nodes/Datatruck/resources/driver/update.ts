import type { IDataObject, INodeProperties } from 'n8n-workflow';
import { additionalFieldsProperty, flatBody } from '../../shared/bodyFields';
import { showFor } from '../../shared/descriptions';
import { idParameter, pathWithId } from '../../shared/ids';
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

const display = showFor('driver', 'update');

/** Every field spec 8 marks required; Datatruck replaces them all, so all are asked for. */
const REQUIRED = [firstName, lastName, email, contactNumber, driverType, employeeStatus, status, isMain, mcNumber, birthDate];

/** A nested `account`, and the date of birth spelled `brith_date`, exactly as the API wants it. */
const BODY = driverBodyFields(
	{ firstName: 'account.first_name', lastName: 'account.last_name', email: 'account.email', birthDate: 'brith_date' },
	REQUIRED,
);

/**
 * Datatruck answers an update in one of two published shapes. The node turns both into one item
 * that always carries the driver's `id`:
 * - the array holding the updated driver → that driver object (id, account, contact_number, …,
 *   `brith_date` as Datatruck spells it);
 * - `{detail}` → `{ id: <the Driver ID>, detail }`.
 */
function oneDriverItem(records: IDataObject[], id: number): IDataObject[] {
	const driver = records.find((record) => record.id === id) ?? records.find((record) => record.id !== undefined);
	if (driver) return [driver];
	return [{ id, ...(records[0] ?? {}) }];
}

export const driverUpdateOperation = datatruckOperation({
	name: 'Update',
	value: 'update',
	action: 'Update a driver',
	description:
		"Replace a driver's details in Datatruck: name, email, phone, type, statuses, main-driver flag, MC number and birth date are all sent, so give the current value of anything that should not change. Returns the driver's ID with the updated driver or Datatruck's confirmation.",
	method: 'PUT',
	path: '/drivers/update/',
	preSend: [pathWithId('driverId', 'Driver ID', (id) => `/drivers/update/${id}/`), flatBody(BODY)],
	notFoundMessage() {
		return `No driver with ID ${idParameter.call(this, 'driverId')} exists in this Datatruck company`;
	},
	shape(records) {
		return oneDriverItem(records, Number(idParameter.call(this, 'driverId')));
	},
});

export const driverUpdateFields: INodeProperties[] = [
	{
		displayName: 'Driver ID',
		name: 'driverId',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. 214',
		description: 'The numeric Datatruck ID of the driver (the ID field of Get Many), not their employee number',
		displayOptions: display,
	},
	...REQUIRED.map((property) => ({ ...property, required: true, displayOptions: display })),
	additionalFieldsProperty(display, licenseAndDispatchFields),
];
