import { NodeOperationError } from 'n8n-workflow';
import type { IPollFunctions } from 'n8n-workflow';
import { LOAD_FIELDS } from '../Datatruck/resources/load/fields';
import { WORK_ORDER_FIELDS } from '../Datatruck/resources/workOrder/fields';
import { buildApiFilters, type FilterCondition } from '../Datatruck/shared/lists';
import { ParameterCheck } from '../Datatruck/shared/fields';
import { eventSpec } from './events';
import type { PollPlan } from './poller';

const MINUTE_MS = 60_000;

/** Reads and checks the trigger's parameters, before any request is sent. */
export function planFromParameters(ctx: IPollFunctions): PollPlan {
	const node = ctx.getNode();
	// A date picked without a zone (filters, Start From Date) is wall-clock time in the workflow's zone.
	const timeZone = ctx.getTimezone();
	const check = new ParameterCheck(node, undefined, timeZone);
	const eventName = String(ctx.getNodeParameter('event', 'newLoad'));
	const event = eventSpec(eventName);
	if (!event) {
		throw new NodeOperationError(node, `Event: "${eventName}" is not one of this trigger's events`, {
			description: 'Pick the event again in the trigger: New Load, Load Flagged, Load Picked Up, Load Delivered or New Work Order.',
		});
	}

	const conditions = ctx.getNodeParameter('filters.conditions', []) as FilterCondition[];
	const fields = event.isLoad ? LOAD_FIELDS : WORK_ORDER_FIELDS;
	const filters = buildApiFilters(conditions, fields, node, undefined, timeZone);

	const options = ctx.getNodeParameter('options', {}) as { lateEntryWindow?: unknown; startDate?: unknown };
	let lateEntryMinutes = event.defaultLateEntryMinutes;
	if (event.kind === 'eventTime' && options.lateEntryWindow !== undefined && options.lateEntryWindow !== '') {
		lateEntryMinutes = check.number(options.lateEntryWindow, 'Options › Late Entry Window (Minutes)', '60');
		if (lateEntryMinutes < 0) check.fail('Options › Late Entry Window (Minutes)', 'must not be negative', '60');
	}
	const startDate =
		options.startDate === undefined || options.startDate === ''
			? undefined
			: Date.parse(check.dateTime(options.startDate, 'Options › Start From Date'));

	const createdWithinDays =
		event.kind === 'snapshot'
			? check.integer(ctx.getNodeParameter('createdWithinDays', 30), 'Only Loads Created in the Last (Days)', '30', 1)
			: 0;

	// The cursor belongs to what is being watched: another event, other filters, another start or
	// another Datatruck company start it over (as on activation) instead of emitting the wrong records.
	const key = JSON.stringify({
		event: event.value,
		filters,
		start: startDate ?? 'now',
		days: createdWithinDays || undefined,
		credential: node.credentials?.datatruckApi?.id ?? null,
	});

	return { event, filters, key, lateEntryMs: lateEntryMinutes * MINUTE_MS, startDate, createdWithinDays };
}
