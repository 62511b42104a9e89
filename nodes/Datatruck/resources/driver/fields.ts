import type { INodeProperties } from 'n8n-workflow';
import { fieldFor, type BodyField } from '../../shared/fields';
import type { FilterField } from '../../shared/lists';

/** Driver fields a dispatcher or HR filters and sorts the driver list by; any other path can be typed in. */
export const DRIVER_FIELDS: FilterField[] = [
	{ name: 'Assigned Dispatcher', path: 'assigned_dispatcher__full_name', kind: 'text' },
	{ name: 'Assigned Trailer Unit', path: 'assigned_trailer__unit_number', kind: 'text' },
	{ name: 'Assigned Truck Unit', path: 'assigned_truck__unit_number', kind: 'text' },
	{ name: 'City', path: 'city', kind: 'text' },
	{ name: 'Contact Number', path: 'contact_number', kind: 'text' },
	{ name: 'Driver Type', path: 'driver_type', kind: 'text' },
	{ name: 'Email', path: 'account__email', kind: 'text' },
	{ name: 'Employee Status', path: 'employee_status', kind: 'text' },
	{ name: 'First Name', path: 'account__first_name', kind: 'text' },
	{ name: 'Full Name', path: 'account__full_name', kind: 'text' },
	{ name: 'Hire Date', path: 'hire_date', kind: 'dateTime' },
	{ name: 'ID', path: 'id', kind: 'number' },
	{ name: 'Last Name', path: 'account__last_name', kind: 'text' },
	{ name: 'Other ID', path: 'other_id', kind: 'text' },
	{ name: 'Payment Tariff', path: 'payment_tariff__name', kind: 'text' },
	{ name: 'Rehire Date', path: 'rehire_date', kind: 'dateTime' },
	{ name: 'Safety Start Date', path: 'safety_start_on', kind: 'dateTime' },
	{ name: 'State', path: 'state', kind: 'text' },
	{ name: 'Status', path: 'status', kind: 'text' },
	{ name: 'Team Driver', path: 'team_driver__full_name', kind: 'text' },
	{ name: 'ZIP Code', path: 'zip_code', kind: 'text' },
];

/*
 * The driver's form fields, written once: Create shows some of them at the top and the rest under
 * Additional Fields; Update needs every field the API requires at the top.
 */

export const firstName: INodeProperties = {
	displayName: 'First Name',
	name: 'firstName',
	type: 'string',
	default: '',
	placeholder: 'e.g. Maria',
	description: "The driver's first name as it should appear in Datatruck, e.g. Maria",
};

export const lastName: INodeProperties = {
	displayName: 'Last Name',
	name: 'lastName',
	type: 'string',
	default: '',
	placeholder: 'e.g. Lopez',
	description: "The driver's last name (family name), e.g. Lopez",
};

export const email: INodeProperties = {
	displayName: 'Email',
	name: 'email',
	type: 'string',
	placeholder: 'e.g. maria.lopez@acmetrucking.com',
	default: '',
	description: "The driver's email address, also their Datatruck account email, e.g. maria.lopez@acmetrucking.com",
};

export const contactNumber: INodeProperties = {
	displayName: 'Contact Number',
	name: 'contactNumber',
	type: 'string',
	default: '',
	placeholder: 'e.g. +1 312 555 0142',
	description: "The driver's phone number as it should appear in Datatruck, with the country code, e.g. +1 312 555 0142",
};

export const driverType: INodeProperties = {
	displayName: 'Driver Type',
	name: 'driverType',
	type: 'options',
	options: [
		{ name: 'Company Driver', value: 'company_driver', description: 'Employed by the carrier and paid by it' },
		{ name: 'Owner Operator', value: 'owner_operator', description: 'Runs their own truck under the carrier' },
	],
	default: 'company_driver',
	description:
		"How the driver works for the carrier. Another value the company uses (e.g. Company Driver) can be given as an expression; it is sent as written.",
};

export const employeeStatus: INodeProperties = {
	displayName: 'Employee Status',
	name: 'employeeStatus',
	type: 'options',
	options: [
		{ name: 'Active', value: 'Active' },
		{ name: 'Employed', value: 'employed' },
	],
	default: 'Active',
	description:
		"The driver's employment status (sent as new_employee_status; lists show it as employee_status). Another value can be given as an expression.",
};

export const status: INodeProperties = {
	displayName: 'Status',
	name: 'status',
	type: 'options',
	options: [
		{ name: 'Active', value: 'active' },
		{ name: 'Available', value: 'Available' },
	],
	default: 'Available',
	description: "The driver's current status in Datatruck. Another value (e.g. Home Time) can be given as an expression.",
};

export const isMain: INodeProperties = {
	displayName: 'Main Driver',
	name: 'isMain',
	type: 'boolean',
	default: true,
	description: 'Whether the driver is the main driver (not the second driver of a team)',
};

export const mcNumber: INodeProperties = {
	displayName: 'MC Number ID',
	name: 'mcNumber',
	type: 'number',
	default: 0,
	description:
		"Datatruck's numeric ID of the motor carrier (MC number) record the driver runs under, e.g. 1; not the MC number itself",
};

/**
 * The driver's dates are calendar dates, typed as text: n8n's date-time picker keeps a typed value only in its own
 * form (`1986-04-12 00:00:00`) and drops `1986-04-12` without a word. As text, what is typed is kept, and a date
 * the node cannot read fails naming the field (ParameterCheck.date), before anything is sent.
 */
function dateOnly(displayName: string, name: string, example: string, what: string): INodeProperties {
	return {
		displayName,
		name,
		type: 'string',
		default: '',
		placeholder: `e.g. ${example}`,
		description: `${what}, as YYYY-MM-DD, e.g. ${example}. A date and time (such as an expression's) is cut to its date.`,
	};
}

export const birthDate = dateOnly('Birth Date', 'birthDate', '1986-04-12', "The driver's date of birth");

/** Optional on both Create and Update. */
export const licenseAndDispatchFields: INodeProperties[] = [
	{
		displayName: 'Dispatch Status Name or ID',
		name: 'dispatchStatus',
		type: 'options',
		typeOptions: { loadOptionsMethod: 'getDispatchStatuses' },
		default: '',
		description:
			'The driver\'s dispatch status, e.g. Available or On Trip (the list holds the dispatch statuses the company\'s trailers carry; an ID such as 2 also works). Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
	},
	{
		displayName: 'Driver License Class',
		name: 'driverLicenseClass',
		type: 'string',
		default: '',
		placeholder: 'e.g. A',
		description: 'The class of the commercial driver license (CDL), e.g. A, B or C',
	},
	dateOnly('Driver License Expiration', 'driverLicenseExpiration', '2028-06-30', 'The day the driver license expires'),
	dateOnly('Driver License Issue Date', 'driverLicenseIssueDate', '2022-06-30', 'The day the driver license was issued'),
	{
		displayName: 'Driver License Number',
		name: 'driverLicense',
		type: 'string',
		default: '',
		placeholder: 'e.g. L52374918',
		description: 'The number on the driver license',
	},
	{
		displayName: 'Driver License State',
		name: 'driverLicenseState',
		type: 'string',
		default: '',
		placeholder: 'e.g. IL',
		description: 'The US state (two letters) that issued the driver license',
	},
	{
		displayName: 'Telegram Number',
		name: 'telegramNumber',
		type: 'string',
		default: '',
		placeholder: 'e.g. +1 312 555 0142',
		description: 'The phone number of the driver’s Telegram account, for dispatch messages',
	},
];

function optional(name: string): INodeProperties {
	return licenseAndDispatchFields.find((property) => property.name === name)!;
}

/** The body fields both operations send the same way. */
export const LICENSE_AND_DISPATCH_BODY: BodyField[] = [
	fieldFor(optional('dispatchStatus'), 'dispatch_status', 'positiveInteger', '2'),
	fieldFor(optional('driverLicenseClass'), 'driver_license_class', 'text', 'A'),
	fieldFor(optional('driverLicenseExpiration'), 'driver_license_expiration', 'date', '2028-06-30'),
	fieldFor(optional('driverLicenseIssueDate'), 'driver_license_issue_date', 'date', '2022-06-30'),
	fieldFor(optional('driverLicense'), 'driver_license', 'text', 'L52374918'),
	fieldFor(optional('driverLicenseState'), 'driver_license_state', 'text', 'IL'),
	fieldFor(optional('telegramNumber'), 'telegram_number', 'text', '+1 312 555 0142'),
];

/** Update's keys: a nested `account`, and the date of birth spelled `brith_date`, exactly as the API wants it. */
export const UPDATE_KEYS = { firstName: 'account.first_name', lastName: 'account.last_name', email: 'account.email', birthDate: 'brith_date' };

/** Where the driver's own fields go: Create sends a flat body, Update nests the account and spells `brith_date`. */
export interface DriverBodyKeys {
	firstName: string;
	lastName: string;
	email: string;
	birthDate: string;
}

/** The driver body of one operation; `required` names the parameters shown at the top of the form. */
export function driverBodyFields(keys: DriverBodyKeys, required: readonly INodeProperties[]): BodyField[] {
	const top = (property: INodeProperties) => required.includes(property);
	return [
		fieldFor(firstName, keys.firstName, 'text', 'Maria', top(firstName)),
		fieldFor(lastName, keys.lastName, 'text', 'Lopez', top(lastName)),
		fieldFor(email, keys.email, 'email', 'maria.lopez@acmetrucking.com', top(email)),
		fieldFor(contactNumber, 'contact_number', 'text', '+1 312 555 0142', top(contactNumber)),
		fieldFor(driverType, 'driver_type', 'text', 'company_driver', top(driverType)),
		fieldFor(employeeStatus, 'new_employee_status', 'text', 'Active', top(employeeStatus)),
		fieldFor(status, 'status', 'text', 'Available', top(status)),
		fieldFor(isMain, 'is_main', 'boolean', 'true', top(isMain)),
		fieldFor(mcNumber, 'mc_number', 'positiveInteger', '1', top(mcNumber)),
		fieldFor(birthDate, keys.birthDate, 'date', '1986-04-12', top(birthDate)),
		...LICENSE_AND_DISPATCH_BODY,
	];
}
