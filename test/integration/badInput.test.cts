import type { IDataObject, INodeParameters } from 'n8n-workflow';
import { useSandbox } from '../harness/sandbox.cts';
import { driverUpdateParameters } from './fixtures.cts';

/**
 * Every value Datatruck would reject is stopped before a request is sent (each request costs a
 * twentieth of the customer's minute), with a message that names the parameter and an example.
 */
const dt = useSandbox();

interface BadInputCase {
	name: string;
	parameters: INodeParameters;
	credentials?: IDataObject;
	message: RegExp;
	/** The node version; 1 unless the case is about a later form. */
	typeVersion?: number;
}

const loads = (extra: INodeParameters): INodeParameters => ({ resource: 'load', operation: 'getMany', limit: 5, ...extra });
const condition = (field: string, operator: string, value: string, customField?: string) =>
	loads({ filters: { conditions: [{ field, operator, value, ...(customField ? { customField } : {}) }] } });

export const loadCases: BadInputCase[] = [
	{ name: 'Load ID with letters', parameters: { resource: 'load', operation: 'get', loadId: '12a' }, message: /^Load: "12a" is not a whole number/ },
	{ name: 'Load ID zero', parameters: { resource: 'load', operation: 'get', loadId: '0' }, message: /^Load: "0" is not a whole number of at least 1/ },
	{ name: 'Load ID negative', parameters: { resource: 'load', operation: 'get', loadId: '-4' }, message: /^Load: "-4"/ },
	{ name: 'Load ID empty from an expression', parameters: { resource: 'load', operation: 'get', loadId: '={{ $json.missing ?? "" }}' }, message: /^Load: "" is not a whole number/ },
	{ name: 'Load ID decimal', parameters: { resource: 'load', operation: 'get', loadId: '10.5' }, message: /^Load: "10.5"/ },
	{ name: 'Limit zero', parameters: loads({ limit: 0 }), message: /^Limit: "0" is not a whole number of at least 1/ },
	{ name: 'Limit fraction', parameters: loads({ limit: 2.5 }), message: /^Limit: "2.5"/ },
	{ name: 'is_in with no values', parameters: condition('status', 'is_in', ' , '), message: /^Filters › Condition 1 › Value: needs at least one value/ },
	{ name: 'is_not_in with no values', parameters: condition('status', 'is_not_in', ''), message: /Condition 1 › Value: needs at least one value/ },
	{ name: 'exclude_in with no values', parameters: condition('status', 'exclude_in', ''), message: /Condition 1 › Value: needs at least one value/ },
	{ name: 'between with one number', parameters: condition('load_pay', 'between', '1000'), message: /needs exactly two numbers separated by a comma/ },
	{ name: 'between with three numbers', parameters: condition('load_pay', 'between', '1,2,3'), message: /needs exactly two numbers/ },
	{ name: 'between out of order', parameters: condition('load_pay', 'between', '3000,1000'), message: /3000 is greater than 1000; put the smaller number first/ },
	{ name: 'between with a word', parameters: condition('load_pay', 'between', '1000,lots'), message: /"lots" is not a decimal number/ },
	{ name: 'between_datetime with one date', parameters: condition('created_datetime', 'between_datetime', '2026-11-01T00:00:00Z'), message: /needs exactly two date-times/ },
	{ name: 'between_datetime out of order', parameters: condition('created_datetime', 'between_datetime', '2026-11-30T00:00:00Z,2026-11-01T00:00:00Z'), message: /is after .*; put the earlier one first/ },
	{ name: 'between_datetime with a non-date', parameters: condition('created_datetime', 'between_datetime', 'yesterday,today'), message: /"yesterday" is not a date and time/ },
	{ name: 'before with a non-date', parameters: condition('created_datetime', 'before', 'last week'), message: /"last week" is not a date and time/ },
	{ name: 'after with an impossible date', parameters: condition('created_datetime', 'after', '2026-02-30T00:00:00Z'), message: /not a real date and time/ },
	{ name: 'greater_than with a word', parameters: condition('load_pay', 'greater_than', 'a lot'), message: /"a lot" is not a decimal number/ },
	{ name: 'less_than with a comma decimal', parameters: condition('total_miles', 'less_than', '1,5'), message: /"1,5" is not a decimal number/ },
	{ name: 'isnull with maybe', parameters: condition('pickup_time', 'isnull', 'maybe'), message: /must be true \(field is empty\) or false/ },
	{ name: 'contains with nothing', parameters: condition('customer__company_name', 'contains', '  '), message: /Condition 1 › Value: must not be empty/ },
	{ name: 'is on a boolean field with yes', parameters: condition('is_flagged', 'is', 'yes'), message: /must be true or false/ },
	{ name: 'is on a money field with a dollar sign', parameters: condition('load_pay', 'is', '$2,500'), message: /"\$2,500" is not a decimal number/ },
	{ name: 'is on a date field with a non-date', parameters: condition('pickup_time', 'is', 'noon'), message: /"noon" is not a date and time/ },
	{ name: 'unknown operator by expression', parameters: condition('status', 'equals', 'booked'), message: /Condition 1 › Operator: "equals" is not one of the accepted values/ },
	{ name: 'custom field path missing', parameters: condition('__custom', 'is', 'TX', ''), message: /Condition 1 › Custom Field Path: must not be empty/ },
	{ name: 'custom field path with spaces', parameters: condition('__custom', 'is', 'TX', 'stops location'), message: /"stops location" is not a field path/ },
	{ name: 'custom sort field missing', parameters: loads({ sort: { field: '__custom', customField: '' } }), message: /^Sort › Custom Sort Field: must not be empty/ },
	{ name: 'custom sort field with a dash', parameters: loads({ sort: { field: '__custom', customField: '-load_pay' } }), message: /"-load_pay" is not a field path/ },
	{ name: 'company with a space', parameters: loads({}), credentials: { company: 'acme trucking' }, message: /"acme trucking" is not a Datatruck company name or address/ },
	{ name: 'company over plain http', parameters: loads({}), credentials: { company: 'http://acme.datatruck.io' }, message: /must start with https:\/\// },
	{ name: 'company empty', parameters: loads({}), credentials: { company: '' }, message: /The Company field is empty/ },
];

const driverUpdate = driverUpdateParameters;
const loadCreate = (stops: INodeParameters[], extra: INodeParameters = {}): INodeParameters => ({
	resource: 'load',
	operation: 'create',
	customer: 'Coyote Logistics',
	stops: { stop: stops },
	...extra,
});
const pickup = { stopType: 'pickup', city: 'Chicago', state: 'IL' };
const delivery = { stopType: 'delivery', city: 'Dallas', state: 'TX' };

/** One case per other resource, so that the catalogue covers every kind of body check too. */
export const otherResourceCases: BadInputCase[] = [
	{ name: 'driver update: first name empty', parameters: driverUpdate({ firstName: '={{ "" }}' }), message: /First Name: must not be empty/ },
	{ name: 'driver update: not an email', parameters: driverUpdate({ email: 'maria at acme' }), message: /Email: "maria at acme" is not an email address/ },
	{ name: 'driver update: driver ID with letters', parameters: driverUpdate({ driverId: 'D-205' }), message: /^Driver ID: "D-205" is not a whole number/ },
	{ name: 'driver update: birth date not a date', parameters: driverUpdate({ birthDate: '12/04/1986' }), message: /Birth Date: "12\/04\/1986" is not a date/ },
	{ name: 'load create: no delivery stop', parameters: loadCreate([pickup]), message: /delivery/i },
	{ name: 'load create: stop without a city', parameters: loadCreate([pickup, { ...delivery, city: '' }]), message: /City/ },
	{ name: 'load create: load pay with a dollar sign', parameters: loadCreate([pickup, delivery], { additionalFields: { loadPay: '$2,450' } }), message: /Load Pay: "\$2,450" is not a decimal number/ },
	{ name: 'load create: rate confirmation from a binary property the item lacks', parameters: loadCreate([pickup, delivery], { rateConfirmation: 'binary' }), message: /^No binary property 'data' on item 0: set Input Binary Field to the property that holds the rate confirmation$/ },
	{ name: 'load create: rate confirmation link over http', parameters: loadCreate([pickup, delivery], { rateConfirmation: 'url', rateConfirmationUrl: 'http://docs.example-broker.com/rc.pdf' }), message: /^File URL: "http:\/\/docs\.example-broker\.com\/rc\.pdf" must start with https:\/\// },
	{ name: 'load create: rate confirmation link to the local network', parameters: loadCreate([pickup, delivery], { rateConfirmation: 'url', rateConfirmationUrl: 'https://10.0.0.8/rc.pdf' }), message: /^File URL: "10\.0\.0\.8" is a private address/ },
	{ name: 'load create: JSON rate confirmation that is no file', parameters: loadCreate([], { specifyBody: 'json', jsonBody: '{"customer": "TQL", "rate_confirmation": "see attached", "stops": [{"stop_type": "pickup", "address": "Reno, NV"}, {"stop_type": "delivery", "address": "Elko, NV"}]}' }), message: /^JSON Body › rate_confirmation: is neither an https link nor base64 of a file/ },
	{ name: 'dispatcher board: start after end', parameters: { resource: 'dispatcherBoard', operation: 'get', startDate: '2026-11-20', endDate: '2026-11-01' }, message: /Start Date/ },
	{ name: 'work order: misspelt procedure', parameters: { resource: 'workOrder', operation: 'create', procedureName: '={{ "TRK Tire Rim Repare" }}' }, message: /^Procedure Name: "TRK Tire Rim Repare" is not one of Datatruck's 62 procedure names; the closest are "TRK TIre Rim Repair \/ Replacement", / },
	{ name: 'work order extract: fields a list', parameters: { resource: 'workOrder', operation: 'extractFromText', source: 'fields', fields: '={{ [{ unit: "T-112" }] }}' }, message: /^Fields: must be an object in curly braces/ },
	{ name: 'work order extract: fields not JSON', parameters: { resource: 'workOrder', operation: 'extractFromText', source: 'fields', fields: '{unit: T-112' }, message: /^Fields: is not JSON/ },
	{ name: 'work order extract: now not a date', parameters: { resource: 'workOrder', operation: 'extractFromText', text: 'T-112 brakes', options: { now: 'yesterday' } }, message: /^Options › Now: "yesterday" is not a date and time/ },
	{ name: 'driver update 1.1: driver mapped from an expression that is not an ID', typeVersion: 1.1, parameters: { resource: 'driver', operation: 'update', driverId: { __rl: true, mode: 'id', value: '={{ "D-205" }}' }, updateFields: { contactNumber: '+1 312 555 0142' } }, message: /^Driver: "D-205" is not a whole number/ },
	{ name: 'driver update 1.1: no Update Fields', typeVersion: 1.1, parameters: { resource: 'driver', operation: 'update', driverId: { __rl: true, mode: 'list', value: '205' }, updateFields: {} }, message: /^Update Fields: add at least one field to change/ },
	{ name: 'driver update 1.1: not an email', typeVersion: 1.1, parameters: { resource: 'driver', operation: 'update', driverId: { __rl: true, mode: 'list', value: '205' }, updateFields: { email: 'maria at acme' } }, message: /^Update Fields › Email: "maria at acme" is not an email address/ },
	{ name: 'load get: picked by ID from an expression that is a load number', parameters: { resource: 'load', operation: 'get', loadId: { __rl: true, mode: 'id', value: '={{ "LD-10482" }}' } }, message: /^Load: "LD-10482" is not a whole number/ },
	{ name: 'truck create: year not a whole number', parameters: { resource: 'truck', operation: 'create', unitNumber: 'TRK-1042', additionalFields: { year: '2019.5' } }, message: /Year: "2019.5" is not a whole number/ },
];

export function runCatalogue(cases: BadInputCase[]) {
	test.each(cases.map((entry) => [entry.name, entry] as const))('%s', async (_name, entry) => {
		const result = await dt.run({
			parameters: entry.parameters,
			credentials: dt.credentials(entry.credentials ?? {}),
			typeVersion: entry.typeVersion,
		});
		expect(result.error?.message).toMatch(entry.message);
		expect(result.error?.description ?? '').toMatch(/For example: |correct the Company field/);
		// The node's own error, as the editor shows it: no "From Datatruck", no "Error code none".
		expect(result.error?.name).toBe('NodeOperationError');
		expect(result.error?.httpCode).toBeUndefined();
		expect(dt.sandbox.log).toEqual([]);
	});
}

describe('bad input is stopped before any request', () => {
	runCatalogue([...loadCases, ...otherResourceCases]);
});
