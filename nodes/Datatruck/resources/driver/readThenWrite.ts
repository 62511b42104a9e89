import { NodeApiError, NodeOperationError } from 'n8n-workflow';
import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions } from 'n8n-workflow';
import { type BodyField, checkedBody, type FieldLabel, ParameterCheck, toApiKeys } from '../../shared/fields';
import { buildApiFilters, findingsOrigin, markNotHeld, readPage, supports, type Page } from '../../shared/lists';
import { locatorValue } from '../../shared/pickers';
import { connectionFor, datatruckRequest, isBadRequest } from '../../shared/transport';
import { DRIVER_FIELDS, driverBodyFields, UPDATE_KEYS } from './fields';
import { missingFieldsError, takesPatch } from './partialUpdate';
import { withPlan } from './savedDriver';

/**
 * Driver › Update (version 1.1) changes only what the user sets. Datatruck's update (PUT) replaces the
 * whole driver and requires every one of its fields, so the node reads the driver first (the
 * driver list filtered by ID, exactly as Get Many filters: 1 request; where Datatruck ignores or
 * refuses that filter, the whole list with `page_size=all`, remembered per origin), lays the user's changes over
 * what it read, and sends the whole driver back (1 request). Where a required field is neither in the read nor
 * given, the write is a partial update (PATCH) of the fields set alone (partialUpdate.ts); where this Datatruck
 * takes PUT alone, the field is asked for by name before anything is written. It is never guessed.
 */

export const UPDATE_FIELDS = 'updateFields';
export const DRIVER_PARAMETER = 'driverId';

export const updateFieldLabel: FieldLabel = (field) => `Update Fields › ${field.label}`;

/** The keys Datatruck's update requires (spec 8). */
const REQUIRED_KEYS = [
	'account.first_name',
	'account.last_name',
	'account.email',
	'contact_number',
	'driver_type',
	'new_employee_status',
	'status',
	'is_main',
	'mc_number',
	'brith_date',
];

/** The optional keys: carried over when the read returns them, so the replace does not clear them. */
const OPTIONAL_TEXT_KEYS = [
	'telegram_number',
	'driver_license',
	'driver_license_issue_date',
	'driver_license_state',
	'driver_license_expiration',
	'driver_license_class',
];

function present(value: unknown): boolean {
	return value !== undefined && value !== null && !(typeof value === 'string' && value.trim() === '');
}

function firstPresent(record: IDataObject, keys: string[]): unknown {
	return keys.map((key) => record[key]).find(present);
}

/** A record reference as Datatruck may send it: an integer, a numeric string or `{id, …}`. */
function referenceId(value: unknown): number | undefined {
	const raw = value && typeof value === 'object' ? (value as IDataObject).id : value;
	const number = Number(raw);
	return present(raw) && Number.isSafeInteger(number) && number > 0 ? number : undefined;
}

function booleanOf(value: unknown): boolean | undefined {
	if (typeof value === 'boolean') return value;
	const text = String(value ?? '').trim().toLowerCase();
	return text === 'true' ? true : text === 'false' ? false : undefined;
}

function dateOf(value: unknown): string | undefined {
	const match = /^\d{4}-\d{2}-\d{2}/.exec(String(value ?? ''));
	return match ? match[0] : undefined;
}

/**
 * The driver as read, in the update's body shape. The published list shape lacks `is_main`,
 * `mc_number` and the date of birth; if Datatruck sends them anyway they are used, under the
 * spellings it might plausibly use (docs/api-contract.md A24).
 */
export function currentDriverBody(driver: IDataObject): IDataObject {
	const account = (driver.account && typeof driver.account === 'object' ? driver.account : {}) as IDataObject;
	const body: IDataObject = {
		account: {
			first_name: firstPresent(account, ['first_name']) ?? driver.first_name,
			last_name: firstPresent(account, ['last_name']) ?? driver.last_name,
			email: firstPresent(account, ['email']) ?? driver.email,
		} as IDataObject,
		contact_number: driver.contact_number,
		driver_type: driver.driver_type,
		new_employee_status: firstPresent(driver, ['new_employee_status', 'employee_status']) as string | undefined,
		status: driver.status,
		is_main: booleanOf(firstPresent(driver, ['is_main', 'main_driver', 'is_main_driver'])),
		mc_number: referenceId(firstPresent(driver, ['mc_number', 'mc_number_id'])),
		brith_date: dateOf(firstPresent(driver, ['brith_date', 'birth_date', 'date_of_birth'])),
		dispatch_status: referenceId(driver.dispatch_status),
	};
	for (const key of OPTIONAL_TEXT_KEYS) body[key] = driver[key];
	return prune(body);
}

function prune(body: IDataObject): IDataObject {
	const out: IDataObject = {};
	for (const [key, value] of Object.entries(body)) {
		if (value && typeof value === 'object' && !Array.isArray(value)) out[key] = prune(value as IDataObject);
		else if (present(value)) out[key] = value;
	}
	return out;
}

/** The changes laid over the current driver; the account is merged field by field. */
export function mergedDriverBody(current: IDataObject, changes: IDataObject): IDataObject {
	return {
		...current,
		...changes,
		account: { ...(current.account as IDataObject), ...(changes.account as IDataObject) },
	};
}

function valueAt(body: IDataObject, key: string): unknown {
	return key.split('.').reduce<unknown>((value, part) => (value as IDataObject | undefined)?.[part], body);
}

/** The fields the full update (PUT) requires that this body lacks. */
function lackedByFullUpdate(body: IDataObject, fields: BodyField[]): BodyField[] {
	return fields.filter((field) => REQUIRED_KEYS.includes(field.key) && !present(valueAt(body, field.key)));
}

/**
 * What the full update would lack for this driver as the driver list shows it, by display name (Check Compatibility
 * reports it: where these are lacking and not given, Driver › Update sends a partial update or asks for them).
 */
export function lackedForUpdate(driver: IDataObject): string[] {
	return lackedByFullUpdate(currentDriverBody(driver), driverBodyFields(UPDATE_KEYS, [])).map((field) => field.label);
}

const FILTER_BY_ID = 'drivers.filter.id';

/**
 * The driver list filtered on `id` (A26), checked: an answer holding another driver shows the filter
 * was ignored, and a 400 that it is refused. Either way `undefined` says "not known from this read".
 */
async function readFiltered(ctx: IExecuteSingleFunctions, id: number): Promise<{ page?: Page; ignored: boolean }> {
	const filter = buildApiFilters([{ field: 'id', operator: 'is', value: String(id) }], DRIVER_FIELDS, ctx.getNode());
	let refused = false;
	const body: unknown = await datatruckRequest(ctx, {
		method: 'GET',
		url: '/drivers/list/',
		qs: { page_size: 1, filter: JSON.stringify(filter) },
	}).catch((error: unknown) => {
		// The filter column is the node's own choice, not the user's: a 400 is answered with the published form.
		if (!isBadRequest(error)) throw error;
		refused = true;
	});
	if (refused) return { ignored: true };
	const page = readPage(body);
	return { page, ignored: page.results.some((record) => Number(record.id) !== id) };
}

/**
 * The published way to find one driver: the whole list with `page_size=all`. Should Datatruck page it
 * anyway, its pages are followed by number within 2 × pages + 3 requests (from the first answer).
 */
async function findInWholeList(ctx: IExecuteSingleFunctions, id: number): Promise<IDataObject | undefined> {
	const seen = new Set<number>();
	let budget = Number.POSITIVE_INFINITY;
	for (let page = 1; ; page++) {
		const answer = readPage(
			await datatruckRequest(ctx, { method: 'GET', url: '/drivers/list/', qs: { page_size: 'all', ...(page > 1 ? { page } : {}) } }),
		);
		const driver = answer.results.find((record) => Number(record.id) === id);
		if (driver) return driver;
		if (!answer.next) return undefined;
		if (page === 1) budget = 2 * Math.max(1, Math.ceil((answer.count ?? answer.results.length) / Math.max(1, answer.results.length))) + 3;
		const fresh = answer.results.filter((record) => !seen.has(Number(record.id)));
		fresh.forEach((record) => seen.add(Number(record.id)));
		// Past the budget, or a page with nothing new (the page number ignored too): the list cannot be read whole.
		if (page + 1 > budget || fresh.length === 0) throw wholeListError(ctx, id, page);
	}
}

function wholeListError(ctx: IExecuteSingleFunctions, id: number, pages: number): NodeApiError {
	return new NodeApiError(
		ctx.getNode(),
		{ message: 'driver list could not be read whole' },
		{
			message: `Datatruck's driver list could not be read to its end within ${pages} requests while looking for driver ${id}; nothing was updated`,
			description:
				"The driver list ignores the filter on ID, so the node reads the whole list to find the driver; Datatruck kept paging it or repeated a page. Try again; if it repeats, please report it to the node's maintainers.",
			itemIndex: ctx.getItemIndex(),
		},
	);
}

async function readDriver(ctx: IExecuteSingleFunctions, origin: string, id: number): Promise<IDataObject> {
	let driver: IDataObject | undefined;
	if (supports(origin, FILTER_BY_ID)) {
		const { page, ignored } = await readFiltered(ctx, id);
		// Only the driver with this ID is merged, whatever else the answer holds.
		driver = page?.results.find((record) => Number(record.id) === id);
		if (ignored) {
			markNotHeld(ctx, origin, {
				key: FILTER_BY_ID,
				assumption: 'A26',
				seen: page ? 'ignored the filter on id of the driver list' : 'refused the filter on id of the driver list with a 400',
				instead: 'finds a driver for Driver › Update in the whole driver list (page_size=all)',
			});
		}
		if (driver || !ignored) return driver ?? missingDriver(ctx, id);
	}
	return (await findInWholeList(ctx, id)) ?? missingDriver(ctx, id);
}

function missingDriver(ctx: IExecuteSingleFunctions, id: number): never {
	throw new NodeOperationError(ctx.getNode(), `No driver with ID ${id} exists in this Datatruck company; nothing was updated`, {
		description:
			"Datatruck's driver list has no active driver with this ID (the driver may have been deleted or terminated). Pick the driver again from the list.",
		itemIndex: ctx.getItemIndex(),
	});
}

/**
 * preSend of Update (version 1.1): check, read, merge. The write is the operation's request (savedDriver.ts): the
 * whole driver by PUT when every value it requires is known, else only the fields set by PATCH (partialUpdate.ts).
 */
export function readThenWrite(fields: BodyField[]) {
	return async function (
		this: IExecuteSingleFunctions,
		requestOptions: IHttpRequestOptions,
	): Promise<IHttpRequestOptions> {
		const check = ParameterCheck.forItem(this);
		const id = check.integer(locatorValue(this.getNodeParameter(DRIVER_PARAMETER, '')), 'Driver', '214', 1);
		const values = this.getNodeParameter(UPDATE_FIELDS, {}) as IDataObject;
		const changes = checkedBody(check, toApiKeys(values, fields), fields, updateFieldLabel);
		if (Object.keys(changes).length === 0) {
			check.fail('Update Fields', 'add at least one field to change (nothing else of the driver is touched)', 'Update Fields › Contact Number: +1 312 555 0142');
		}

		const origin = findingsOrigin(await connectionFor(this));
		const read = await readDriver(this, origin, id);
		const body = mergedDriverBody(currentDriverBody(read), changes);
		const missing = lackedByFullUpdate(body, fields);
		if (missing.length && !takesPatch(origin)) throw missingFieldsError(this, id, missing, updateFieldLabel, false);
		requestOptions.url = `/drivers/update/${id}/`;
		// Only what the user set goes in a partial update: nothing read is sent back, so nothing else can change.
		requestOptions.method = missing.length ? 'PATCH' : 'PUT';
		requestOptions.body = withPlan(missing.length ? changes : body, { id, origin, read, missing, label: updateFieldLabel });
		return requestOptions;
	};
}
