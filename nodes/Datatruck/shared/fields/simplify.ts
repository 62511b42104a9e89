import type { IDataObject, IExecuteSingleFunctions } from 'n8n-workflow';

function pick(record: unknown, path: string): unknown {
	return path.split('.').reduce<unknown>(
		(value, key) => (value && typeof value === 'object' ? (value as IDataObject)[key] : undefined),
		record,
	);
}

function stopCity(order: IDataObject, type: 'pickup' | 'delivery', field: 'city' | 'state') {
	const stops = Array.isArray(order.stops) ? (order.stops as IDataObject[]) : [];
	const ofType = stops.filter((stop) => stop?.stop_type === type);
	const stop = type === 'pickup' ? ofType[0] : ofType[ofType.length - 1];
	const fromStop = pick(stop, `location.${field}`);
	return fromStop ?? pick(order, `trip.${type}.${field}`) ?? null;
}

/** One flat row per load, the columns a dispatcher puts in a sheet or a Slack message. */
export function simplifyLoad(order: IDataObject): IDataObject {
	return {
		id: order.id ?? null,
		load_id: order.load_id ?? null,
		status: order.status ?? null,
		load_pay: order.load_pay ?? null,
		total_miles: order.total_miles ?? null,
		customer: order.customer__company_name ?? null,
		dispatcher: order.dispatcher__full_name ?? null,
		driver: pick(order, 'assigned_driver_n_truck.driver_full_name') ?? pick(order, 'trip.driver__full_name') ?? null,
		truck: pick(order, 'assigned_driver_n_truck.truck_unit_number') ?? pick(order, 'trip.truck__unit_number') ?? null,
		pickup_city: stopCity(order, 'pickup', 'city'),
		pickup_state: stopCity(order, 'pickup', 'state'),
		pickup_time: order.pickup_time ?? order.pickup_appointment_time ?? null,
		delivery_city: stopCity(order, 'delivery', 'city'),
		delivery_state: stopCity(order, 'delivery', 'state'),
		delivery_time: order.delivery_time ?? order.delivery_appointment_time ?? null,
		is_flagged: order.is_flagged ?? false,
		flagging_reason: order.flagging_reason ?? null,
		created_datetime: order.created_datetime ?? null,
	};
}

/** Record shaper for load reads: flat rows when the Simplify option is on. */
export function simplifyLoadsWhenAsked(this: IExecuteSingleFunctions, records: IDataObject[]) {
	return (this.getNodeParameter('simplify', false) as boolean) ? records.map(simplifyLoad) : records;
}
