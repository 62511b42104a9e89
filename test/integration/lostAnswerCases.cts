/** The creates and updates, and the ways their answer gets lost, shared by the in-process and real-n8n tests. */
import type { Sandbox, FaultSpec } from '../sandbox/index.cts';
import { driverUpdateParameters } from './fixtures.cts';
import type { INodeParameters } from 'n8n-workflow';

export interface Write {
	name: string;
	parameters: INodeParameters;
	method: 'POST' | 'PUT';
	path: string;
	/** The message's "Datatruck may have …" and "in Datatruck, …" parts. */
	done: string;
	check: string;
	/** How many records carry what was sent, in the sandbox's data (created or changed once). */
	stored: () => number;
}

export function lostAnswerWrites(sandbox: () => Sandbox): Write[] {
	return [
		{
			name: 'Load › Create',
			parameters: {
				resource: 'load',
				operation: 'create',
				customer: 'Coyote Logistics',
				stops: {
					stop: [
						{ stopType: 'pickup', city: 'Chicago', state: 'IL' },
						{ stopType: 'delivery', city: 'Dallas', state: 'TX' },
					],
				},
				additionalFields: { loadId: 'LD-LOST-1' },
			},
			method: 'POST',
			path: '/orders/create/',
			done: 'created the load',
			check: 'look for load number "LD-LOST-1"',
			stored: () => sandbox().data.orders.filter((order) => order.load_id === 'LD-LOST-1').length,
		},
		{
			name: 'Work Order › Create',
			parameters: {
				resource: 'workOrder',
				operation: 'create',
				procedureName: 'TRK Brake Issue',
				additionalFields: { referenceNumber: 'WO-LOST-1', truck: 'T142' },
			},
			method: 'POST',
			path: '/work-orders/create/',
			done: 'created the work order',
			check: 'look for work order reference "WO-LOST-1"',
			stored: () => sandbox().data.workOrders.filter((order) => order.reference_number === 'WO-LOST-1').length,
		},
		{
			name: 'Driver › Create',
			parameters: {
				resource: 'driver',
				operation: 'create',
				firstName: 'Lorna',
				lastName: 'Lostanswer',
				contactNumber: '+1 312 555 0199',
				driverType: 'company_driver',
			},
			method: 'POST',
			path: '/drivers/create/',
			done: 'created the driver',
			check: 'look for driver "Lorna Lostanswer" (phone +1 312 555 0199)',
			stored: () => sandbox().data.drivers.filter((driver) => driver.account.last_name === 'Lostanswer').length,
		},
		{
			name: 'Driver › Update',
			parameters: driverUpdateParameters({ lastName: 'Lostanswer-Updated' }),
			method: 'PUT',
			path: '/drivers/update/205/',
			done: 'changed driver 205',
			check: 'open driver 205 and see whether the change is there',
			stored: () => sandbox().data.drivers.filter((driver) => driver.account.last_name === 'Lostanswer-Updated').length,
		},
		...(['trailer', 'truck'] as const).map(
			(kind): Write => ({
				name: `${kind === 'truck' ? 'Truck' : 'Trailer'} › Create`,
				parameters: {
					resource: kind,
					operation: 'create',
					unitNumber: `${kind.toUpperCase()}-LOST-1`,
				},
				method: 'POST',
				path: `/${kind}s/create/`,
				done: `created the ${kind}`,
				check: `look for ${kind} unit number "${kind.toUpperCase()}-LOST-1"`,
				stored: () =>
					(kind === 'truck' ? sandbox().data.trucks : sandbox().data.trailers).filter(
						(unit) => unit.unit_number === `${kind.toUpperCase()}-LOST-1`,
					).length,
			}),
		),
	];
}

/** Each way an answer is lost, as the sandbox injects it after storing the request, and how the message names it. */
export const FAULTS: Array<{
	kind: string;
	fault: Omit<FaultSpec, 'count' | 'match'>;
	reason: string;
	httpCode: string;
}> = [
	{
		kind: 'connection reset',
		fault: { kind: 'drop' },
		reason: 'the connection was closed before Datatruck answered',
		httpCode: 'none',
	},
	{
		kind: 'timeout',
		fault: { kind: 'hang', hangMs: 10_000 },
		reason: 'Datatruck did not answer within 1 s',
		httpCode: 'none',
	},
	{
		kind: 'broken body',
		fault: { kind: 'malformed' },
		reason: 'the answer was not valid JSON',
		httpCode: 'none',
	},
	{
		kind: 'HTTP 500',
		fault: { kind: 500 },
		reason: 'Datatruck answered with a server error, HTTP 500',
		httpCode: '500',
	},
	{
		kind: 'HTML 502 page',
		fault: { kind: 'html' },
		reason: 'Datatruck answered with a server error, HTTP 502',
		httpCode: '502',
	},
];

/** The error message n8n shows for a write whose answer was lost. */
export function lostAnswerMessage(write: Write, reason: string): string {
	return (
		`Datatruck may have ${write.done}, but no usable answer came back (${reason}). ` +
		`The node did not send it again, so that nothing is saved twice: in Datatruck, ${write.check} before running this again.`
	);
}
