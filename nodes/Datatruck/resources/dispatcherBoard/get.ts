import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions, INodeProperties } from 'n8n-workflow';
import { returnAllAndLimit, showFor } from '../../shared/descriptions';
import { dispatchersProperty, keepDispatchers } from '../../shared/pickers';
import { datatruckOperation } from '../../shared/route';
import { ParameterCheck } from '../../shared/fields';

const display = showFor('dispatcherBoard', 'get');

/** preSend: the window as `start_date` / `end_date` (YYYY-MM-DD), checked to be real dates in order. */
async function boardWindow(
	this: IExecuteSingleFunctions,
	requestOptions: IHttpRequestOptions,
): Promise<IHttpRequestOptions> {
	const check = ParameterCheck.forItem(this);
	const start = check.date(this.getNodeParameter('startDate', ''), 'Start Date', '2026-11-01');
	const end = check.date(this.getNodeParameter('endDate', ''), 'End Date', '2026-11-30');
	if (start > end) {
		check.fail('Start Date', `${start} is after the End Date ${end}; the window must start on or before its end`, '2026-11-01 to 2026-11-30');
	}
	requestOptions.qs = { ...(requestOptions.qs as IDataObject), start_date: start, end_date: end };
	return requestOptions;
}

export const dispatcherBoardGetOperation = datatruckOperation({
	name: 'Get',
	value: 'get',
	action: 'Get the dispatcher board',
	description:
		'Get one row per dispatcher with their trips in a date window: trip count, gross (USD), loaded miles, rate per mile (USD per mile), driver pay (USD) and the drivers involved',
	method: 'GET',
	path: '/orders/dispatcher-board/list/',
	// The board takes page_size=all: Return All is one request, Limit asks for exactly that many rows.
	list: { maxPageSize: 1000, acceptsAll: true },
	preSend: [boardWindow],
	// The board has no dispatcher parameter: with dispatchers chosen it is read whole (still one request).
	keep: keepDispatchers('dispatcher__id'),
});

export const dispatcherBoardGetFields: INodeProperties[] = [
	{
		displayName: 'Start Date',
		name: 'startDate',
		type: 'dateTime',
		required: true,
		default: '',
		placeholder: 'e.g. 2026-11-01',
		description:
			'First day of the window, included. Only the date is used (the time is ignored). A trip counts by its pickup or delivery date, as set in the payroll settings of your Datatruck company.',
		displayOptions: display,
	},
	{
		displayName: 'End Date',
		name: 'endDate',
		type: 'dateTime',
		required: true,
		default: '',
		placeholder: 'e.g. 2026-11-30',
		description: 'Last day of the window, included; on or after the Start Date. Only the date is used.',
		displayOptions: display,
	},
	dispatchersProperty(display, 'the rows'),
	...returnAllAndLimit(display),
];
