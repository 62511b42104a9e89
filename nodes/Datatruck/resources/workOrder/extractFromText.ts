import type { IDataObject, IExecutePaginationFunctions, INodeProperties } from 'n8n-workflow';
import { showFor } from '../../shared/descriptions';
import { isTimeZone, ParameterCheck } from '../../shared/fields';
import { datatruckOperation } from '../../shared/route';
import { equipmentSearch } from '../../methods/listSearch';
import { checkedSearch, matchedInNode } from '../../shared/pickers';
import { workOrderByReference } from './existingWorkOrder';
import type { UnitKind } from './procedureNames';
import {
	alreadyCreated,
	type Clock,
	DEFAULT_FIELDS,
	type Defaults,
	type ExtractorFields,
	extraction,
	readFields,
	readText,
	sameUnit,
	searchTextFor,
	type UnitFinder,
} from './repairRequest';

const display = showFor('workOrder', 'extractFromText');
const SOURCE_TEXT = 'text';
const SOURCE_FIELDS = 'fields';

export const workOrderExtractFromTextFields: INodeProperties[] = [
	{
		displayName: 'Source',
		name: 'source',
		type: 'options',
		noDataExpression: true,
		options: [
			{
				name: 'Fields From an AI Extractor',
				value: SOURCE_FIELDS,
				description: "An Information Extractor's output (unit, procedure, scheduledOn, vendor, vendorPhone, odometer, reference, notes), checked by the same rules",
			},
			{ name: 'Text', value: SOURCE_TEXT, description: 'An email or message in plain words, plain text or HTML' },
		],
		default: SOURCE_TEXT,
		displayOptions: display,
		description: 'Where the repair request comes from',
	},
	{
		displayName: 'Text',
		name: 'text',
		type: 'string',
		typeOptions: { rows: 8 },
		default: "={{ [$json.subject, $json.textPlain || $json.text || $json.textHtml].filter(Boolean).join('\\n') }}",
		displayOptions: { show: { ...display.show, source: [SOURCE_TEXT] } },
		description:
			"The repair request. The default reads the Email Trigger (IMAP): the subject, then the body. For a webhook, map the field that holds the message instead.",
	},
	{
		displayName: 'Fields',
		name: 'fields',
		type: 'json',
		default: '={{ $json.output }}',
		displayOptions: { show: { ...display.show, source: [SOURCE_FIELDS] } },
		description:
			"The Information Extractor's output, an object with any of: unit, procedure, scheduledOn, vendor, vendorPhone, odometer, hubOdometer, reference, invoice, notes",
	},
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		displayOptions: display,
		options: [
			{
				displayName: 'Check for Existing Work Order',
				name: 'checkExisting',
				type: 'boolean',
				default: true,
				description:
					"Whether to look in Datatruck for a work order with this request's reference number before saying it is ready (read-only: one request where Datatruck filters by it, at most 4 where it does not). Found: Ready is false and Already Created names it, so an answer sent twice or a run repeated creates nothing. Existing Check says how far it looked.",
			},
			{
				displayName: 'Check Unit in Datatruck',
				name: 'checkUnit',
				type: 'boolean',
				default: true,
				description:
					"Whether to look the truck or trailer up in Datatruck's lists (read-only, cached for a minute). Off: no request at all, and the unit is taken as written.",
			},
			{
				displayName: 'Defaults',
				name: 'defaults',
				type: 'fixedCollection',
				placeholder: 'Add Defaults',
				default: {},
				description:
					'Work order fields a repair request does not say but Datatruck requires, as in Work Order › Create. Type, Payment Type, Assigned To or Invoice ID left empty is named in Missing, and Ready stays false.',
				options: [
					{
						name: 'values',
						displayName: 'Defaults',
						values: [
							{
								displayName: 'Assigned To',
								name: 'assignedTo',
								type: 'string',
								default: '',
								placeholder: `e.g. ${DEFAULT_FIELDS.assignedTo.example}`,
								description: 'The shop lead or mechanic the work is assigned to',
							},
							{
								displayName: 'Invoice ID',
								name: 'invoiceId',
								type: 'string',
								default: '',
								placeholder: `e.g. ${DEFAULT_FIELDS.invoiceId.example}`,
								description:
									"Used when the request names no invoice (\"invoice VINV-20431\"). A repair request rarely has one yet: TBD until the vendor's invoice arrives, or an expression giving each request its own, e.g. REQ- and the email's Message-ID.",
							},
							{
								displayName: 'Payment Type',
								name: 'paymentType',
								type: 'string',
								default: '',
								placeholder: `e.g. ${DEFAULT_FIELDS.paymentType.example}`,
								description: 'How the work is paid, as your Datatruck company names it',
							},
							{
								displayName: 'Status',
								name: 'status',
								type: 'string',
								default: 'Pending',
								placeholder: `e.g. ${DEFAULT_FIELDS.status.example}`,
								description: 'The status of the new work order. Pending is the one Datatruck documents; empty: Pending.',
							},
							{
								displayName: 'Trailer Odometer',
								name: 'trailerOdometer',
								type: 'string',
								default: '',
								placeholder: 'e.g. 0',
								description:
									'The odometer a trailer\'s work order carries when the request gives no hub reading ("hub 123,456"): a trailer has no odometer, and Datatruck requires one. Empty: the sender is asked for the hub odometer.',
							},
							{
								displayName: 'Type',
								name: 'typeWorkOrder',
								type: 'string',
								default: '',
								placeholder: `e.g. ${DEFAULT_FIELDS.typeWorkOrder.example}`,
								description: 'The kind of work order, e.g. Repair, Preventive Maintenance or Inspection',
							},
						],
					},
				],
			},
			{
				displayName: 'Now',
				name: 'now',
				type: 'dateTime',
				default: '',
				description: 'The moment "today" and "tomorrow" count from; empty: the time of the run. E.g. the email\'s date.',
			},
			{
				displayName: 'Time Zone',
				name: 'timeZone',
				type: 'string',
				default: '',
				placeholder: 'e.g. America/Chicago',
				description: "The time zone dates in the request are in; empty: the workflow's time zone",
			},
		],
	},
];

/**
 * Options › Now as text. An expression on a trigger's field (`{{ $json.date }}` behind the Email Trigger (IMAP)) gives
 * a Date, or a Luxon DateTime from n8n's date helpers, not a text: each is taken as the instant it is.
 */
function momentText(value: unknown): string {
	if (value === undefined || value === null || value === '') return '';
	if (value instanceof Date) return Number.isNaN(value.getTime()) ? String(value) : value.toISOString();
	const toISO = (value as { toISO?: unknown }).toISO;
	if (typeof toISO === 'function') return String(toISO.call(value));
	return String(value);
}

/** The options, checked: the time zone and the moment dates count from. */
function clockOf(ctx: IExecutePaginationFunctions, check: ParameterCheck, options: IDataObject): Clock {
	const timeZone = String(options.timeZone ?? '').trim() || ctx.getTimezone();
	if (!isTimeZone(timeZone)) check.fail('Options › Time Zone', `"${timeZone}" is not a time zone`, 'America/Chicago');
	const nowText = momentText(options.now);
	// A Now picked without a zone is wall-clock time in the request's time zone, not the workflow's.
	const inZone = new ParameterCheck(ctx.getNode(), ctx.getItemIndex(), timeZone);
	const now = nowText ? new Date(Date.parse(inZone.dateTime(nowText, 'Options › Now'))) : new Date();
	return { now, timeZone };
}

/** The extractor's output as an object; a JSON text of one is accepted too. */
function extractorFields(check: ParameterCheck, value: unknown): ExtractorFields {
	const example = '{"unit": "T-142", "procedure": "brakes grinding", "scheduledOn": "tomorrow 2pm"}';
	let parsed = value;
	if (typeof value === 'string') {
		try {
			parsed = JSON.parse(value) as unknown;
		} catch {
			check.fail('Fields', 'is not JSON: it must be an object such as the Information Extractor gives', example);
		}
	}
	if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
		check.fail('Fields', 'must be an object in curly braces, such as the Information Extractor gives', example);
	}
	return parsed as ExtractorFields;
}

/**
 * The look-up through the record pickers' searches, so a repeated unit within a minute costs nothing. A unit is
 * "missing" only when the whole list lacks it: when Datatruck's search has more pages of matches than the first,
 * or ignores the search (checkedSearch), the whole list is matched in the node.
 */
function unitFinder(ctx: IExecutePaginationFunctions): UnitFinder {
	const lists: Record<UnitKind, 'trucks' | 'trailers'> = { truck: 'trucks', trailer: 'trailers' };
	return async (mention, kinds) => {
		for (const kind of kinds) {
			const search = equipmentSearch(lists[kind], searchTextFor(mention));
			const isIt = (unit: IDataObject) => sameUnit(String(unit.unit_number), mention);
			const page = await checkedSearch(ctx, search);
			const found = page.records.find(isIt) ?? (page.next ? (await matchedInNode(ctx, search)).records.find(isIt) : undefined);
			if (found) return { kind, label: String(found.unit_number) };
		}
		return null;
	};
}

/** Options › Defaults, each a text; a number an expression gives is taken as its text. */
function defaultsOf(check: ParameterCheck, options: IDataObject): Defaults {
	const values = ((options.defaults as IDataObject | undefined)?.values ?? {}) as IDataObject;
	const defaults: Defaults = {};
	for (const key of Object.keys(DEFAULT_FIELDS) as Array<keyof typeof DEFAULT_FIELDS>) {
		const value = values[key];
		if (value === undefined || value === null || value === '') continue;
		if (typeof value !== 'string' && typeof value !== 'number') {
			check.fail(`Options › Defaults › ${DEFAULT_FIELDS[key].displayName}`, 'must be text', DEFAULT_FIELDS[key].example);
		}
		defaults[key] = String(value);
	}
	const trailer = values.trailerOdometer;
	if (trailer === undefined || trailer === null || trailer === '') return defaults;
	const odometer = typeof trailer === 'number' ? trailer : typeof trailer === 'string' && /^\s*\d+\s*$/.test(trailer) ? Number(trailer) : NaN;
	if (!Number.isSafeInteger(odometer) || odometer < 0) {
		check.fail('Options › Defaults › Trailer Odometer', 'must be a whole number of miles, 0 or more', '0');
	}
	return { ...defaults, trailerOdometer: odometer };
}

async function extractRecords(this: IExecutePaginationFunctions): Promise<IDataObject[]> {
	const check = ParameterCheck.forItem(this);
	const options = this.getNodeParameter('options', {}) as IDataObject;
	const clock = clockOf(this, check, options);
	const defaults = defaultsOf(check, options);
	let reading;
	if (this.getNodeParameter('source', SOURCE_TEXT) === SOURCE_FIELDS) {
		reading = readFields(extractorFields(check, this.getNodeParameter('fields', {})), clock);
	} else {
		const text = this.getNodeParameter('text', '');
		if (typeof text !== 'string') {
			return check.fail('Text', "must be text, such as an email's subject and body", 'Truck 142 brakes grinding');
		}
		reading = readText(text, clock);
	}
	const result = await extraction(reading, clock, options.checkUnit === false ? undefined : unitFinder(this), defaults);
	// Only a request ready to create is looked for: the others create nothing anyway.
	if (!result.ready || options.checkExisting !== true) return [result as unknown as IDataObject];
	const { found, complete, workOrdersChecked } = await workOrderByReference(this, String(result.workOrder.reference_number));
	const checked = { ...result, existingCheck: { complete, workOrdersChecked } };
	if (!found) return [checked as unknown as IDataObject];
	return [alreadyCreated(checked, { id: found.id, number: found.number ?? null }) as unknown as IDataObject];
}

export const workOrderExtractFromTextOperation = datatruckOperation({
	name: 'Extract From Text',
	value: 'extractFromText',
	action: 'Extract work order fields from a repair request',
	description:
		'Turn a repair request (an email, a message, or an AI extractor\'s fields) into Work Order › Create fields: the unit checked in Datatruck, the procedure, the date, vendor, phone and odometer, and Options › Defaults for the rest; writes nothing',
	// Never sent as such: the records come from `records`, whose only requests are the unit look-ups.
	method: 'GET',
	path: '/trucks/list/',
	records: extractRecords,
});
