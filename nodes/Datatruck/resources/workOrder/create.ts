import type { IDataObject, INodeProperties } from 'n8n-workflow';
import { BODY_FROM_FIELDS, bodyModeProperties, inBodyMode, sentWithAnswer } from '../../shared/fields';
import { showFor } from '../../shared/descriptions';
import { unitPicker } from '../../shared/pickers';
import { datatruckOperation } from '../../shared/route';
import { CUSTOM_STATUS, workOrderBody } from './body';
import { PROCEDURE_OPTIONS } from './procedureNames';
import { CREATE_PATH, createWorkOrder } from './publishedCreate';

const display = showFor('workOrder', 'create');
const fromFields = inBodyMode(display, BODY_FROM_FIELDS);

const AMOUNT = 'An amount in USD, e.g. 1234.50; sent to Datatruck as a decimal string so no cent is lost';
/**
 * Datatruck's published page POST /work-orders/create/ marks seven fields required that the API contract does not
 * (docs/assumptions.md A9). They stay optional, as the contract's form works; a Datatruck that enforces the page
 * answers a create without them with a 400, which names them by these fields' names (publishedCreate.ts).
 */
const PUBLISHED_REQUIRED = "Required by Datatruck's published API;";

export const workOrderCreateFields: INodeProperties[] = [
	...bodyModeProperties(display, 'work order', {
		procedure_name: 'TRK Brake Issue',
		truck: 'T142',
		status: 'Pending',
		scheduled_on_date: '2026-11-21T09:00:00Z',
		total_price: '357.50',
		work_order_tasks: [{ custom_task: 'Replace brake chamber', parts_price: '85.00', parts_quantity: 2 }],
		notes: [{ body: 'Driver reported the issue at pre-trip.' }],
	}),
	{
		displayName: 'Procedure Name',
		name: 'procedureName',
		type: 'options',
		required: true,
		options: PROCEDURE_OPTIONS,
		default: '',
		displayOptions: fromFields,
		description:
			'What the work is. "TRK" names are work on a truck, "TRL" names work on a trailer. An expression must give one of these 62 names exactly, e.g. TRK Brake Issue.',
	},
	{
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		displayOptions: fromFields,
		options: [
			{
				displayName: 'Assigned To',
				name: 'assignedTo',
				type: 'string',
				default: '',
				placeholder: 'e.g. Tony Mechanic',
				description: `${PUBLISHED_REQUIRED} the person the work is assigned to, such as the shop lead or mechanic`,
			},
			{
				displayName: 'Custom Status',
				name: 'customStatus',
				type: 'string',
				default: '',
				placeholder: 'e.g. In Progress',
				description: 'The status to set when Status is Custom Status: any status your Datatruck company uses',
			},
			{
				displayName: 'Fee Total Price',
				name: 'feeTotalPrice',
				type: 'string',
				default: '',
				placeholder: 'e.g. 45.00',
				description: `Total shop fees. ${AMOUNT}.`,
			},
			{
				displayName: 'Invoice ID',
				name: 'invoiceId',
				type: 'string',
				default: '',
				placeholder: 'e.g. VINV-20431',
				description: `${PUBLISHED_REQUIRED} the vendor's invoice number for this work, as on the shop's invoice or estimate`,
			},
			{
				displayName: 'Location',
				name: 'location',
				type: 'string',
				default: '',
				placeholder: 'e.g. Joliet, IL',
				description: 'Where the work is done',
			},
			{
				displayName: 'Odometer',
				name: 'odometer',
				type: 'number',
				typeOptions: { minValue: 0, numberPrecision: 0 },
				default: 0,
				placeholder: 'e.g. 412870',
				description: `${PUBLISHED_REQUIRED} the vehicle's odometer reading in miles when it goes in, a whole number`,
			},
			{
				displayName: 'Payment Type',
				name: 'paymentType',
				type: 'string',
				default: '',
				placeholder: 'e.g. Credit Card',
				description: `${PUBLISHED_REQUIRED} how the work is paid, e.g. Credit Card, Company, Driver or Warranty`,
			},
			{
				displayName: 'Reference Number',
				name: 'referenceNumber',
				type: 'string',
				default: '',
				placeholder: 'e.g. WO-104233',
				description: 'Your own reference for the work order',
			},
			{
				displayName: 'Scheduled On',
				name: 'scheduledOnDate',
				type: 'dateTime',
				default: '',
				placeholder: 'e.g. 2026-11-21T09:00:00',
				description: `${PUBLISHED_REQUIRED} when the work is scheduled. A date and time without a time zone is in the workflow's time zone.`,
			},
			{
				displayName: 'Status',
				name: 'status',
				type: 'options',
				options: [
					{
						name: 'Custom Status',
						value: CUSTOM_STATUS,
						description: 'Another status, typed in Custom Status',
					},
					{ name: 'Pending', value: 'Pending', description: 'Not started yet' },
				],
				default: 'Pending',
				description: `${PUBLISHED_REQUIRED} the status of the work order. Pending is the one Datatruck documents; choose Custom Status for another.`,
			},
			{
				displayName: 'Tax Total Price',
				name: 'taxTotalPrice',
				type: 'string',
				default: '',
				placeholder: 'e.g. 38.42',
				description: `Total tax. ${AMOUNT}.`,
			},
			{
				displayName: 'Total Price',
				name: 'totalPrice',
				type: 'string',
				default: '',
				placeholder: 'e.g. 1234.50',
				description: `Total price of the work order, parts, labor, fees and tax included. ${AMOUNT}.`,
			},
			unitPicker('Trailer', 'trailer', 'searchTrailers', 'TR512'),
			unitPicker('Truck', 'truck', 'searchTrucks', 'T142'),
			{
				displayName: 'Type',
				name: 'typeWorkOrder',
				type: 'string',
				default: '',
				placeholder: 'e.g. Repair',
				description: `${PUBLISHED_REQUIRED} the kind of work order, e.g. Repair, Preventive Maintenance or Inspection`,
			},
			{
				displayName: 'Vendor',
				name: 'vendor',
				type: 'string',
				default: '',
				placeholder: 'e.g. TA Truck Service',
				description: 'The shop or vendor doing the work',
			},
			{
				displayName: 'Vendor Email',
				name: 'vendorEmail',
				type: 'string',
				default: '',
				placeholder: 'e.g. name@email.com',
				description: "The vendor's email address",
			},
			{
				displayName: 'Vendor Phone',
				name: 'vendorPhone',
				type: 'string',
				default: '',
				placeholder: 'e.g. (815) 555-0142',
				description: "The vendor's phone number",
			},
		],
	},
	{
		displayName: 'Tasks',
		name: 'tasks',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true },
		placeholder: 'Add Task',
		default: {},
		displayOptions: fromFields,
		description: 'The jobs of the work order with their parts and labor; leave a box empty to not send it',
		options: [
			{
				name: 'task',
				displayName: 'Task',
				values: [
					{
						displayName: 'Custom Task',
						name: 'customTask',
						type: 'string',
						default: '',
						placeholder: 'e.g. Replace brake chamber',
						description: 'What the task is, in words',
					},
					{
						displayName: 'Labor Hours',
						name: 'laborHours',
						type: 'string',
						default: '',
						placeholder: 'e.g. 1.5',
						description: 'Hours of labor, a number',
					},
					{
						displayName: 'Labor Price',
						name: 'laborPrice',
						type: 'string',
						default: '',
						placeholder: 'e.g. 125.00',
						description: `Labor price per hour. ${AMOUNT}.`,
					},
					{
						displayName: 'Parts Price',
						name: 'partsPrice',
						type: 'string',
						default: '',
						placeholder: 'e.g. 85.00',
						description: `Price of one part. ${AMOUNT}.`,
					},
					{
						displayName: 'Parts Quantity',
						name: 'partsQuantity',
						type: 'string',
						default: '',
						placeholder: 'e.g. 2',
						description: 'How many parts, a whole number',
					},
					{
						displayName: 'Total Labor Price',
						name: 'totalLaborPrice',
						type: 'string',
						default: '',
						placeholder: 'e.g. 187.50',
						description: `Labor total of the task. ${AMOUNT}.`,
					},
					{
						displayName: 'Total Parts Price',
						name: 'totalPartsPrice',
						type: 'string',
						default: '',
						placeholder: 'e.g. 170.00',
						description: `Parts total of the task. ${AMOUNT}.`,
					},
					{
						displayName: 'Total Price',
						name: 'totalPrice',
						type: 'string',
						default: '',
						placeholder: 'e.g. 357.50',
						description: `Total of the task, parts and labor. ${AMOUNT}.`,
					},
				],
			},
		],
	},
	{
		displayName: 'Notes',
		name: 'notes',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true },
		placeholder: 'Add Note',
		default: {},
		displayOptions: fromFields,
		description: 'Free-text notes on the work order',
		options: [
			{
				name: 'note',
				displayName: 'Note',
				values: [
					{
						displayName: 'Note',
						name: 'body',
						type: 'string',
						typeOptions: { rows: 2 },
						default: '',
						placeholder: 'e.g. Driver reported the issue at pre-trip.',
						description: 'The text of the note',
					},
				],
			},
		],
	},
	{
		displayName: 'Compensation',
		name: 'compensation',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true },
		placeholder: 'Add Compensation Entry',
		default: {},
		displayOptions: fromFields,
		description: 'Compensation entries of the work order; each names a driver and a customer',
		options: [
			{
				name: 'entry',
				displayName: 'Entry',
				values: [
					{
						displayName: 'Customer',
						name: 'customer',
						type: 'string',
						default: '',
						placeholder: 'e.g. Coyote Logistics',
						description: 'The customer, by company name',
					},
					{
						displayName: 'Driver',
						name: 'driver',
						type: 'string',
						default: '',
						placeholder: 'e.g. Maria Lopez',
						description: 'The driver, by full name',
					},
				],
			},
		],
	},
	{
		displayName: 'Tags',
		name: 'tags',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true },
		placeholder: 'Add Tag',
		default: {},
		displayOptions: fromFields,
		description: 'Labels to find the work order by later',
		options: [
			{
				name: 'tag',
				displayName: 'Tag',
				values: [
					{
						displayName: 'Tag Name',
						name: 'name',
						type: 'string',
						default: '',
						placeholder: 'e.g. Urgent',
						description: 'The name of the tag',
					},
				],
			},
		],
	},
];

export const workOrderCreateOperation = datatruckOperation({
	name: 'Create',
	value: 'create',
	action: 'Create a work order',
	description:
		'Create a maintenance or repair work order for a truck or trailer, with its tasks, notes, compensation and tags; returns the work order as sent, with its new ID',
	method: 'POST',
	path: CREATE_PATH,
	// The checks before anything is sent; the request itself is the create's own send, with its one retry.
	preSend: [workOrderBody(workOrderCreateFields)],
	records: createWorkOrder(workOrderCreateFields),
	// The body as the preSend checked it, in the API contract's form (notes and tags as Get Many returns them, even
	// where Datatruck took its published form), with Datatruck's answer: its new `id`.
	shape(records, sent) {
		return [sentWithAnswer((sent.body ?? {}) as IDataObject, records)];
	},
});
