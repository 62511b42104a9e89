import type { IDataObject, IExecutePaginationFunctions } from 'n8n-workflow';
import type { BodyField, FieldLabel } from '../../shared/fields';
import { asRecords } from '../../shared/route';
import { datatruckRequest, type DatatruckRequest, type RequestPurpose } from '../../shared/transport';
import { missingFieldsError, patchRefusal, rememberPutOnly } from './partialUpdate';

/**
 * Driver › Update's write (version 1.1) and its output: the driver as saved. Datatruck answers an update with the
 * saved driver in an array, or with `{detail}` alone; then the node returns the driver as it read it with what it
 * sent laid over it. No request is added for it.
 */

/** What the read before the write found and chose; kept with the body it built until the write is answered. */
export interface UpdatePlan {
	id: number;
	origin: string;
	/** The driver as the driver list returned it. */
	read: IDataObject;
	/** The full update's fields neither the read nor the user supplied (the write is then a PATCH). */
	missing: BodyField[];
	label: FieldLabel;
}

/** Keyed by the body object the preSend built: n8n hands the same request options on to the request step. */
const plans = new WeakMap<object, UpdatePlan>();

export function withPlan(body: IDataObject, plan: UpdatePlan): IDataObject {
	plans.set(body, plan);
	return body;
}

/** The write itself (`records` of the operation): a refused partial update becomes the request for the missing fields. */
export async function sendDriverUpdate(
	this: IExecutePaginationFunctions,
	request: DatatruckRequest,
	purpose: Partial<RequestPurpose>,
): Promise<IDataObject[]> {
	const sent = request.body && !Array.isArray(request.body) ? request.body : undefined;
	const plan = sent ? plans.get(sent) : undefined;
	// Version 1 sends the whole driver as filled in, and returns Datatruck's answer as it always did.
	if (!plan || !sent) return asRecords(await datatruckRequest(this, request, purpose));
	const answer = await datatruckRequest(this, request, purpose).catch((error: unknown) => {
		// A PATCH whose answer was lost is not sent again (the transport retries no write): its error says what to check.
		const refusal = request.method === 'PATCH' ? patchRefusal(error, plan.missing) : undefined;
		if (!refusal) throw error;
		rememberPutOnly(this, plan.origin, refusal);
		throw missingFieldsError(this, plan.id, plan.missing, plan.label, true);
	});
	return [savedDriver(plan, sent, answer)];
}

/** Datatruck's saved driver where its answer holds one; else the driver as read with what was sent laid over it. */
export function savedDriver(plan: UpdatePlan, sent: IDataObject, answer: unknown): IDataObject {
	const answered = Array.isArray(answer) ? (answer as IDataObject[]).find((record) => Number(record?.id) === plan.id) : undefined;
	if (answered) return answered;
	const { account: sentAccount, new_employee_status, ...flat } = sent;
	const readAccount = (plan.read.account && typeof plan.read.account === 'object' ? plan.read.account : {}) as IDataObject;
	const account: IDataObject = { ...readAccount, ...((sentAccount as IDataObject | undefined) ?? {}) };
	if (sentAccount && ('first_name' in (sentAccount as IDataObject) || 'last_name' in (sentAccount as IDataObject))) {
		// Django's full name: the first and last name joined by a space.
		account.full_name = [account.first_name, account.last_name].filter((part) => part !== undefined && part !== '').join(' ');
	}
	return {
		...plan.read,
		...flat,
		// The update sends the employee status as `new_employee_status`; the driver shows it as `employee_status`.
		...(new_employee_status === undefined ? {} : { employee_status: new_employee_status }),
		...(Object.keys(account).length ? { account } : {}),
		id: plan.id,
	};
}
