/**
 * The runs the output schemas are inferred from, and checked against: realistic parameters for every
 * operation of the Datatruck node and every event of the Datatruck Trigger, with Simplify on and off.
 * Plain data on purpose: when an operation's parameters change, change them here.
 *
 * Each case names its node and its operation by its own parameters (`resource`/`operation`, or `event`;
 * `simplify: true` makes it a case of the Simplify-on schema). Several cases of one operation are
 * merged into one schema: give a case for each shape Datatruck may answer with. IDs are those of the
 * sandbox's seeded data (seed 42): loads 10001–11200, drivers 201–…
 * `npm run schemas` fails when an operation has no case here, or a case names no operation.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';
import { driverCreateParameters, driverUpdateParameters, workOrderCreateParameters } from '../integration/fixtures.cts';
import type { Sandbox, SandboxConfig } from '../sandbox/index.cts';

export interface SchemaCase {
	/** `datatruck` or `datatruckTrigger`. */
	node: string;
	/** Shown when the case fails. */
	name: string;
	parameters: INodeParameters;
	/** Action node: the input items (one empty item when omitted), e.g. IDs read by `={{ $json.id }}`. */
	items?: IDataObject[];
	/** The Datatruck node's version, when a later one returns something else (Driver › Update 1.1: the driver as saved). */
	typeVersion?: number;
	/** Sandbox settings for this case (e.g. which of Datatruck's two update replies it gives). */
	sandbox?: Partial<SandboxConfig>;
	/** Changes the sandbox's data for this case alone; returns what undoes it, so later cases see the seed's. */
	prepare?: (sandbox: Sandbox) => () => void;
}

/**
 * The clock of the sandbox and of the trigger during these runs. The sandbox seeds its data relative to
 * its clock; a fixed one makes every run see the same records, so the schemas come out the same.
 */
export const SCHEMA_CLOCK = '2026-11-20T12:00:00Z';

/** The 90 days before the clock, as the editor's date pickers give them. */
const WINDOW = { startDate: '2026-08-22T00:00:00', endDate: '2026-11-20T00:00:00' };
const SOME_LOADS = [10001, 10008, 10010, 10019, 10076, 10250, 10512, 11001, 11099, 11105].map((id) => ({ id }));
const LOAD_FILTER = { conditions: [{ field: 'status', operator: 'is_in', value: 'booked,dispatched,delivered' }] };
/**
 * A first poll with a Start From Date emits what is already there, oldest first (up to the poll's
 * request budget): the oldest records, and those of the last ten days (in transit, with an ETA).
 */
const STARTS = [
	['since 2020', '2020-01-01T00:00:00'],
	['of the last 10 days', '2026-11-10T12:00:00'],
];
const since = (event: string, extra: INodeParameters = {}) =>
	STARTS.map(([when, startDate]) => ({
		node: 'datatruckTrigger',
		name: `${event} ${when}${extra.simplify ? ', simplified' : ''}`,
		parameters: { event, ...extra, options: { startDate } },
	}));

const SHOP_DEFAULTS = { typeWorkOrder: 'Repair', paymentType: 'Credit Card', assignedTo: 'Tony Mechanic', status: 'Pending', invoiceId: 'TBD' };
/** Extract From Text with Check for Existing Work Order, on the cases' clock. */
const checkedExtract = (defaults: INodeParameters = {}): INodeParameters => ({
	resource: 'workOrder',
	operation: 'extractFromText',
	options: { checkExisting: true, timeZone: 'America/Chicago', now: SCHEMA_CLOCK, defaults: { values: { ...SHOP_DEFAULTS, ...defaults } } },
});

export const SCHEMA_CASES: SchemaCase[] = [
	{ node: 'datatruck', name: 'check compatibility', parameters: { resource: 'connection', operation: 'checkCompatibility' } },
	// Dispatcher Board
	{ node: 'datatruck', name: 'board, last 90 days', parameters: { resource: 'dispatcherBoard', operation: 'get', ...WINDOW, returnAll: true } },

	// Driver
	{ node: 'datatruck', name: 'all drivers', parameters: { resource: 'driver', operation: 'getMany', returnAll: true } },
	{
		node: 'datatruck',
		name: 'hire a driver',
		// Every field of the form, so that the schema names every field the driver as sent can have.
		parameters: driverCreateParameters({
			dispatchStatus: 1,
			driverLicenseClass: 'A',
			driverLicenseIssueDate: '2022-06-30',
			driverLicenseState: 'IL',
			telegramNumber: '+1 312 555 0199',
		}),
	},
	// The form of a full update, shared with the driver tests (so a change of Update's parameters reaches both).
	...([['detail', '205'], ['array', '206']] as const).map(([reply, driverId]) => ({
		node: 'datatruck',
		name: `update a driver (Datatruck answers with the ${reply === 'detail' ? '{detail} message' : 'updated driver'})`,
		sandbox: { driverUpdateReply: reply },
		parameters: driverUpdateParameters({ driverId }),
	})),
	// Version 1.1 returns the driver as saved: Datatruck's array answer, or the driver as read with what was sent.
	...([['detail', '207'], ['array', '208']] as const).map(([reply, driverId]) => ({
		node: 'datatruck',
		name: `change a driver's phone (version 1.1, Datatruck answers with the ${reply === 'detail' ? '{detail} message' : 'updated driver'})`,
		typeVersion: 1.1,
		sandbox: { driverUpdateReply: reply },
		parameters: { resource: 'driver', operation: 'update', driverId: { __rl: true, mode: 'list', value: driverId }, updateFields: { contactNumber: '+1 312 555 0142' } },
	})),

	// Load
	{
		node: 'datatruck',
		name: 'book a load with two stops and its rate confirmation',
		parameters: {
			resource: 'load',
			operation: 'create',
			customer: 'Coyote Logistics',
			stops: {
				stop: [
					{ stopType: 'pickup', company: 'Midwest Cold Storage', address1: '1200 W 35th St', address2: 'Building B', city: 'Chicago', state: 'IL', zipCode: '60609', readyFrom: '2026-11-21T08:00:00', readyUntil: '2026-11-21T12:00:00', referenceId: 'PU-88412', sealNumber: 'SL-448213', note: 'Call 30 minutes before arrival' },
					{ stopType: 'delivery', company: 'Lone Star Foods', address1: '2500 N Stemmons Fwy, Dallas, TX 75207', zipCode: '75207', readyFrom: '2026-11-23T14:00:00', readyUntil: '2026-11-23T18:00:00', referenceId: 'PO-55120' },
				],
			},
			rateConfirmation: 'url',
			rateConfirmationUrl: 'https://docs.example-broker.com/ratecons/RC-4481233.pdf',
			additionalFields: { loadId: 'LD-SCHEMA-1', loadPay: '2450.00', weight: '42000.5', equipmentType: 'Reefer', tags: 'Hot, Team' },
		},
	},
	{ node: 'datatruck', name: 'loads by ID', items: SOME_LOADS, parameters: { resource: 'load', operation: 'get', loadId: '={{ $json.id }}' } },
	{ node: 'datatruck', name: 'loads by ID, simplified', items: SOME_LOADS, parameters: { resource: 'load', operation: 'get', loadId: '={{ $json.id }}', simplify: true } },
	{ node: 'datatruck', name: 'documents of loads', items: SOME_LOADS, parameters: { resource: 'load', operation: 'getDocuments', loadId: '={{ $json.id }}' } },
	{ node: 'datatruck', name: 'recent loads', parameters: { resource: 'load', operation: 'getMany', limit: 200, filters: LOAD_FILTER } },
	{ node: 'datatruck', name: 'recent loads, simplified', parameters: { resource: 'load', operation: 'getMany', limit: 200, filters: LOAD_FILTER, simplify: true } },

	// Trailer
	{ node: 'datatruck', name: 'all trailers', parameters: { resource: 'trailer', operation: 'getMany', returnAll: true } },
	{
		node: 'datatruck',
		name: 'add a reefer trailer',
		parameters: {
			resource: 'trailer',
			operation: 'create',
			unitNumber: 'TRL-SCHEMA-1',
			additionalFields: { vin: '1GRAA0621KB703112', make: 'Great Dane', model: 'Everest', year: 2021, plateNumber: 'P832114', state: 'IL', status: 'Active', trailerType: 3 },
		},
	},

	// Truck
	{ node: 'datatruck', name: 'all trucks', parameters: { resource: 'truck', operation: 'getMany', returnAll: true } },
	{
		node: 'datatruck',
		name: 'add a truck',
		parameters: {
			resource: 'truck',
			operation: 'create',
			specifyBody: 'json',
			jsonBody: JSON.stringify({ unit_number: 'T-SCHEMA-7', make: 'Freightliner', model: 'Cascadia', year: '2024', vin: '3AKJHHDR7NSNA1234' }),
		},
	},

	// Work Order
	{
		node: 'datatruck',
		name: 'tire work order from the form',
		parameters: workOrderCreateParameters('WO-SCHEMA-1001'),
	},
	{
		node: 'datatruck',
		name: 'trailer wash from JSON',
		parameters: {
			resource: 'workOrder',
			operation: 'create',
			specifyBody: 'json',
			jsonBody: JSON.stringify({ procedure_name: 'TRL Wash', trailer: 'TR512', total_price: 99.9, odometer: '120500' }),
		},
	},
	{ node: 'datatruck', name: 'all work orders', parameters: { resource: 'workOrder', operation: 'getMany', returnAll: true } },
	{ node: 'datatruck', name: 'all work orders, simplified', parameters: { resource: 'workOrder', operation: 'getMany', returnAll: true, simplify: true } },
	{
		node: 'datatruck',
		name: 'repair emails read into work orders (ready, unknown unit, no unit, no date)',
		parameters: {
			resource: 'workOrder',
			operation: 'extractFromText',
			options: {
				timeZone: 'America/Chicago',
				now: SCHEMA_CLOCK,
				defaults: { values: SHOP_DEFAULTS },
			},
		},
		items: [
			{ subject: 'T-112 brakes', textPlain: 'Truck 112 brakes grinding, booked at Big Rig Repair Dallas tomorrow 2pm. odometer 412,870. Shop # 214-555-0100, our WO-104233, invoice VINV-20431' },
			{ subject: 'unit 999', textPlain: 'unit 999 making a noise' },
			{ subject: 'help', textPlain: 'trailer tire flat' },
		],
	},
	{
		node: 'datatruck',
		name: 'a repair request whose work order Datatruck already has (Check for Existing Work Order; the seed\'s first work order)',
		parameters: checkedExtract({ trailerOdometer: '0' }),
		items: [{ subject: 'T-111 brakes, our WO-971268', textPlain: 'Truck 111 brakes grinding, tomorrow 2pm, odometer 412,870' }],
	},
	{
		node: 'datatruck',
		name: 'a repair request looked for where Datatruck ignores the filter on reference_number (existingCheck counts the work orders compared)',
		sandbox: { lists: { workOrders: { ignoreFilter: true, ignorePageSize: true } } },
		// More work orders than the look-up reads at 10 a page, so that it stops short and says how many it compared.
		prepare: (sandbox) => {
			const { workOrders } = sandbox.data;
			const top = Math.max(...workOrders.map((workOrder) => workOrder.id));
			const added = workOrders.slice(0, 20).map((workOrder, index) => ({ ...workOrder, id: top + 1 + index, reference_number: `WO-90${index}` }));
			workOrders.push(...added);
			return () => void workOrders.splice(workOrders.length - added.length, added.length);
		},
		parameters: checkedExtract(),
		items: [{ subject: 'T-112 brakes', textPlain: 'Truck 112 brakes grinding, tomorrow 2pm, odometer 412,870' }],
	},

	// Datatruck Trigger: every event, Simplify off and on (work orders have no Simplify)
	...['newLoad', 'loadFlagged', 'loadPickedUp', 'loadDelivered'].flatMap((event) => [
		...since(event),
		...since(event, { simplify: true }),
	]),
	...since('newWorkOrder'),
];
