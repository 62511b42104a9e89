import type { INodeProperties } from 'n8n-workflow';
import { simplifyProperty } from '../Datatruck/shared/descriptions';
import { filterConditionsProperty } from '../Datatruck/shared/lists';
import { LOAD_FIELDS } from '../Datatruck/resources/load/fields';
import { WORK_ORDER_FIELDS } from '../Datatruck/resources/workOrder/fields';
import { eventOptions, eventsWhere } from './events';

const loadEvents = eventsWhere((event) => event.isLoad);
const createdEvents = eventsWhere((event) => event.kind === 'eventTime' && event.orderField === 'created_datetime');
const actualTimeEvents = eventsWhere((event) => event.kind === 'eventTime' && event.orderField !== 'created_datetime');

function lateEntryWindow(events: string[], minutes: number, why: string): INodeProperties {
	return {
		displayName: 'Late Entry Window (Minutes)',
		name: 'lateEntryWindow',
		type: 'number',
		typeOptions: { minValue: 0 },
		default: minutes,
		displayOptions: { show: { '/event': events } },
		description: `How far behind the newest event a record may still appear in Datatruck and be caught (${why}). Each poll re-reads this window: a larger one catches later entries but may cost more than one request per poll.`,
	};
}

export const triggerProperties: INodeProperties[] = [
	{
		displayName: 'Event',
		name: 'event',
		type: 'options',
		noDataExpression: true,
		options: eventOptions(),
		default: 'newLoad',
	},
	{
		displayName:
			'The first poll after activation records where things stand and emits nothing; use "Fetch Test Event" to see the most recent matching record',
		name: 'activationNotice',
		type: 'notice',
		default: '',
	},
	{
		displayName: 'Only Loads Created in the Last (Days)',
		name: 'createdWithinDays',
		type: 'number',
		typeOptions: { minValue: 1 },
		default: 30,
		displayOptions: { show: { event: ['loadFlagged'] } },
		description:
			'Datatruck does not record when a load was flagged, so each poll lists the flagged loads and compares them with the previous list. Only loads created in this many last days are listed, which keeps each poll to one request per 25 flagged loads.',
	},
	{
		...filterConditionsProperty(LOAD_FIELDS, { show: { event: loadEvents } }, 'loads'),
		description: 'Only trigger for loads matching every condition (combined with the event’s own condition)',
	},
	{
		...filterConditionsProperty(WORK_ORDER_FIELDS, { show: { event: ['newWorkOrder'] } }, 'work orders'),
		description: 'Only trigger for work orders matching every condition',
	},
	simplifyProperty(
		{ show: { event: loadEvents } },
		'one flat row per load with ID, status, pay, miles, customer, dispatcher, driver, truck, pickup, delivery and flag',
	),
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [
			lateEntryWindow(createdEvents, 10, 'Datatruck stamps the creation itself, so only a commit delay makes a record late'),
			lateEntryWindow(actualTimeEvents, 60, 'pickup and delivery times are typed in by people, often after the fact'),
			{
				displayName: 'Start From Date',
				name: 'startDate',
				type: 'dateTime',
				default: '',
				description:
					'On the first poll, also emit the records whose event happened at or after this date and time (in the workflow’s time zone), oldest first, instead of starting from now. For Load Flagged: the loads already flagged that were created at or after it.',
			},
		],
	},
];
