import type { IDataObject, IExecutePaginationFunctions, INodeProperties } from 'n8n-workflow';
import { findingsOrigin, markNotHeld, saysAbout, supports, type Finding } from '../../shared/lists';
import { asRecords } from '../../shared/route';
import { connectionFor, datatruckRequest, isBadRequest, userTimeoutOf } from '../../shared/transport';
import {
	bodyFromJsonParameter,
	checkedWorkOrderBody,
	fieldNameForUser,
	inPublishedForm,
	isAdditionalField,
	sendsNotesOrTags,
} from './body';

/**
 * Work Order › Create as Datatruck's published page POST /work-orders/create/ has it, beside the API contract.
 *
 * Notes and tags: the contract sends `notes: [{body}]` and `tags: [{name}]`, the published page arrays of strings.
 * The node sends the contract's form; a 400 that names `notes` or `tags` gets one retry in the published form (a 400
 * writes nothing, so the retry cannot make a second work order). Once the published form is taken, it is remembered
 * for the credential's origin and said once in n8n's log, and the next creates there send it straight away.
 *
 * Required fields: the published page marks `status`, `type_work_order`, `payment_type`, `invoice_id`,
 * `scheduled_on_date`, `assigned_to` and `odometer` required; the contract requires none of them (docs/assumptions.md
 * A9), so the form keeps them optional. A 400 saying some are required fails naming them as the user sees them.
 */

export const CREATE_PATH = '/work-orders/create/';

export const STRING_NOTES: Finding = {
	key: 'workOrders.create.stringNotes',
	assumption: 'A9',
	seen: 'refused the notes and tags of Work Order › Create in the API contract\'s form ([{"body": …}], [{"name": …}]) with a 400',
	instead:
		"sends them as arrays of strings, the form of Datatruck's published page POST /work-orders/create/",
};

type Refusal = { httpCode?: unknown; message?: unknown; description?: unknown; errorResponse?: unknown };

const asRefusal = (error: unknown) => (error ?? {}) as Refusal;

/** Datatruck's own 400 body, when it is an object of field errors (DRF's `{"field": ["…"]}`) or `{error, message}`. */
function refusalBody(error: unknown): IDataObject {
	const body = asRefusal(error).errorResponse;
	return body && typeof body === 'object' && !Array.isArray(body) ? (body as IDataObject) : {};
}

/** A 400 that names `notes` or `tags`: as a key of DRF's field errors, or in Datatruck's words. */
function refusesNotesOrTags(error: unknown): boolean {
	if (!isBadRequest(error)) return false;
	const body = refusalBody(error);
	return ['notes', 'tags'].some((key) => key in body || saysAbout(asRefusal(error), key));
}

/** DRF's words for a field left out or empty ("A valid number is required." is about a value given, not this). */
const REQUIRED_WORDS = /^this field (is required|may not be (blank|null))\.?$/i;

/**
 * The body fields a 400 says are required (or may not be left blank): DRF's `{"type_work_order": ["This field is
 * required."]}`, or `type_work_order: this field is required.` in a message.
 */
export function requiredByRefusal(error: unknown): string[] {
	if (!isBadRequest(error)) return [];
	const body = refusalBody(error);
	const fromFields = Object.entries(body)
		.filter(([, said]) => (Array.isArray(said) ? said : [said]).some((words) => typeof words === 'string' && REQUIRED_WORDS.test(words.trim())))
		.map(([key]) => key);
	const words = [body.message, asRefusal(error).message, asRefusal(error).description].filter((text) => typeof text === 'string').join('; ');
	const fromWords = [...words.matchAll(/\b([a-z][a-z0-9_]*): (?:this field is required|this field may not be (?:blank|null))/gi)].map((match) => match[1]);
	return [...new Set([...fromFields, ...fromWords])].filter((key) => !['error', 'message', 'detail'].includes(key));
}

/** The 400 on required fields, naming them as the user sees them and where to set them; other errors unchanged. */
function explained(error: unknown, properties: INodeProperties[], fromJson: boolean): unknown {
	const required = requiredByRefusal(error);
	if (required.length === 0 || !(error instanceof Error)) return error;
	const names = required.map((key) => fieldNameForUser(properties, key, fromJson));
	const them = names.length === 1 ? 'it' : 'them';
	const where = fromJson
		? `add ${them} to JSON Body`
		: required.every(isAdditionalField)
			? `set ${them} under Additional Fields`
			: `set ${them} in the form`;
	const said = asRefusal(error).description;
	error.message = `Datatruck requires ${names.length === 1 ? 'this field' : 'these fields'}: ${names.join(', ')} — ${where}`;
	(error as Refusal).description =
		"Datatruck's published API marks them required for a new work order; nothing was created. " +
		`Give ${names.length === 1 ? 'it a value' : 'each a value'} and run the node again.${typeof said === 'string' && said ? ` ${said}` : ''}`;
	return error;
}

/**
 * Per credential origin, the create that is finding out which form of notes and tags Datatruck takes. n8n sends the
 * items of a run side by side, so the others wait for its answer instead of each being refused once. Origins seen
 * to take the contract's form are not asked again (nothing to say in the log then: the assumption holds).
 */
const findingOut = new Map<string, Promise<unknown>>();
const contractFormTaken = new Set<string>();

/**
 * The create's own send (the operation's `records`): the body checked again exactly as the preSend checked it (n8n
 * hands a custom send no request), the form this origin takes, and one retry in the published form where needed.
 */
export function createWorkOrder(properties: INodeProperties[]) {
	return async function (this: IExecutePaginationFunctions): Promise<IDataObject[]> {
		const fromJson = bodyFromJsonParameter.call(this);
		const body = checkedWorkOrderBody.call(this, properties);
		const origin = findingsOrigin(await connectionFor(this));
		const send = async (sent: IDataObject) =>
			asRecords(
				await datatruckRequest(this, {
					method: 'POST',
					url: CREATE_PATH,
					body: sent,
					timeout: userTimeoutOf(this.getNodeParameter('requestOptions', {})),
				}),
			);
		const explain = (error: unknown) => explained(error, properties, fromJson);

		if (!sendsNotesOrTags(body)) return await send(body).catch((error: unknown) => Promise.reject(explain(error)));
		if (!contractFormTaken.has(origin)) {
			for (let pending = findingOut.get(origin); pending; pending = findingOut.get(origin)) await pending.catch(() => undefined);
		}
		if (!supports(origin, STRING_NOTES.key)) {
			return await send(inPublishedForm(body)).catch((error: unknown) => Promise.reject(explain(error)));
		}

		const learnt = () => {
			markNotHeld(this, origin, STRING_NOTES);
			contractFormTaken.delete(origin);
		};
		const attempt = (async () => {
			try {
				const answer = await send(body);
				contractFormTaken.add(origin);
				return answer;
			} catch (error) {
				// Fields that are missing would be missing from the retry too: say so at once, after one request.
				if (!refusesNotesOrTags(error) || requiredByRefusal(error).length > 0) throw explain(error);
			}
			try {
				const answer = await send(inPublishedForm(body));
				learnt();
				return answer;
			} catch (error) {
				// A 400 on something else still shows the strings were taken.
				if (isBadRequest(error) && !refusesNotesOrTags(error)) learnt();
				throw explain(error);
			}
		})();
		findingOut.set(origin, attempt);
		try {
			return await attempt;
		} finally {
			if (findingOut.get(origin) === attempt) findingOut.delete(origin);
		}
	};
}
