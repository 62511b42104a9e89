import type {
	IDataObject,
	IDisplayOptions,
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	INodeProperties,
} from 'n8n-workflow';
import { additionalFieldsProperty, flatBody } from '../../shared/fields';
import { idParameter, pathWithId, recordLocator } from '../../shared/pickers';
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
	UPDATE_KEYS,
} from './fields';
import { DRIVER_PARAMETER, readThenWrite, UPDATE_FIELDS } from './readThenWrite';
import { sendDriverUpdate } from './savedDriver';

/**
 * Node version 1 asked for every field and sent them all (Datatruck's update replaces the driver):
 * a workflow saved then keeps its form and its behaviour. Version 1.1 changes only what the user
 * sets (readThenWrite.ts). n8n keeps both forms apart with the `@version` display condition.
 */
const showFor = (versions: IDisplayOptions['show']): IDisplayOptions => ({
	show: { resource: ['driver'], operation: ['update'], ...versions },
});
const version1 = showFor({ '@version': [1] });
const version11 = showFor({ '@version': [{ _cnd: { gte: 1.1 } }] });

const EVERY_FIELD = [firstName, lastName, email, contactNumber, driverType, employeeStatus, status, isMain, mcNumber, birthDate];

const VERSION_1_BODY = driverBodyFields(UPDATE_KEYS, EVERY_FIELD);
const CHANGEABLE_BODY = driverBodyFields(UPDATE_KEYS, []);

const replaceWhole = [pathWithId(DRIVER_PARAMETER, 'Driver ID', (id) => `/drivers/update/${id}/`), flatBody(VERSION_1_BODY)];
const changeOnlyWhatIsSet = readThenWrite(CHANGEABLE_BODY);

async function updateRequest(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions): Promise<IHttpRequestOptions> {
	if (this.getNode().typeVersion >= 1.1) return await changeOnlyWhatIsSet.call(this, requestOptions);
	let options = requestOptions;
	for (const action of replaceWhole) options = await action.call(this, options);
	return options;
}

/**
 * Datatruck answers an update in one of two published shapes. The node turns both into one item
 * that always carries the driver's `id`:
 * - the array holding the updated driver → that driver object (id, account, contact_number, …,
 *   `brith_date` as Datatruck spells it);
 * - `{detail}` → version 1.1: the driver as read with what was sent laid over it (savedDriver.ts);
 *   version 1, which reads nothing: `{ id: <the Driver ID>, detail }`, as it always returned.
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
		"Change a driver's details in Datatruck, such as phone, email, status or license; only the fields given change. Costs 2 requests: the driver is read first, then saved with the changes. Returns the driver as saved.",
	method: 'PUT',
	path: '/drivers/update/',
	preSend: [updateRequest],
	records: sendDriverUpdate,
	notFoundMessage() {
		return `No driver with ID ${idParameter.call(this, DRIVER_PARAMETER)} exists in this Datatruck company`;
	},
	shape(records) {
		return oneDriverItem(records, Number(idParameter.call(this, DRIVER_PARAMETER)));
	},
});

export const driverUpdateFields: INodeProperties[] = [
	{
		...recordLocator({
			displayName: 'Driver',
			name: DRIVER_PARAMETER,
			searchListMethod: 'searchDrivers',
			searchPlaceholder: 'Type part of the name, e.g. Lopez',
			description:
				"The driver to change: pick them from the list (type part of their name), or give Datatruck's numeric driver ID, e.g. 214 (the ID field of Driver › Get Many, not their employee number)",
			required: true,
		}),
		displayOptions: version11,
	},
	{
		displayName: 'Update Fields',
		name: UPDATE_FIELDS,
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		description: 'Only the fields added here change; everything else about the driver stays as it is in Datatruck',
		displayOptions: version11,
		options: [...EVERY_FIELD, ...licenseAndDispatchFields].sort((a, b) => a.displayName.localeCompare(b.displayName)),
	},
	{
		displayName: 'Driver ID',
		name: DRIVER_PARAMETER,
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. 214',
		description: 'The numeric Datatruck ID of the driver (the ID field of Get Many), not their employee number',
		displayOptions: version1,
	},
	...EVERY_FIELD.map((property) => ({ ...property, required: true, displayOptions: version1 })),
	additionalFieldsProperty(version1, licenseAndDispatchFields),
];
