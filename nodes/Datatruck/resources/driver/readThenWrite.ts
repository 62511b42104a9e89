import { NodeOperationError } from 'n8n-workflow';
import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions } from 'n8n-workflow';
import { type BodyField, checkedBody, type FieldLabel, ParameterCheck, toApiKeys } from '../../shared/fields';
import { buildApiFilters, readPage } from '../../shared/lists';
import { locatorValue } from '../../shared/pickers';
import { datatruckRequest } from '../../shared/transport';
import { DRIVER_FIELDS } from './fields';

/**
 * Driver › Update (version 1.1) changes only what the user sets. Datatruck's update replaces the
 * whole driver and requires every one of its fields, so the node reads the driver first (the
 * driver list filtered by ID, exactly as Get Many filters: 1 request), lays the user's changes over
 * what it read, and sends the whole driver back (1 request). A required field that neither the
 * read nor the user supplies is asked for by name before the update is sent; it is never guessed.
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

async function readDriver(ctx: IExecuteSingleFunctions, id: number): Promise<IDataObject> {
	const filter = buildApiFilters([{ field: 'id', operator: 'is', value: String(id) }], DRIVER_FIELDS, ctx.getNode());
	const page = readPage(
		await datatruckRequest(ctx, {
			method: 'GET',
			url: '/drivers/list/',
			qs: { page_size: 1, filter: JSON.stringify(filter) },
		}),
	);
	// Only the driver with this ID is merged, even if Datatruck ignored the filter.
	const driver = page.results.find((record) => Number(record.id) === id);
	if (!driver) {
		throw new NodeOperationError(ctx.getNode(), `No driver with ID ${id} exists in this Datatruck company; nothing was updated`, {
			description:
				"Datatruck's driver list has no active driver with this ID (the driver may have been deleted or terminated). Pick the driver again from the list.",
			itemIndex: ctx.getItemIndex(),
		});
	}
	return driver;
}

/** preSend of Update (version 1.1): check, read, merge; the PUT itself is the operation's request. */
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

		const body = mergedDriverBody(currentDriverBody(await readDriver(this, id)), changes);
		const missing = fields.filter((field) => REQUIRED_KEYS.includes(field.key) && !present(valueAt(body, field.key)));
		if (missing.length) {
			throw new NodeOperationError(
				this.getNode(),
				`${missing.map(updateFieldLabel).join(', ')}: Datatruck's update must send ${missing.length === 1 ? 'this field' : 'these fields'} and its driver list did not return ${missing.length === 1 ? 'it' : 'them'} for driver ${id}; nothing was updated`,
				{
					description: `Add ${missing.map((field) => field.label).join(', ')} under Update Fields with the driver's current ${missing.length === 1 ? 'value' : 'values'} (for example ${missing.map((field) => `${field.label}: ${field.example}`).join('; ')}). The node never fills them with a guess.`,
					itemIndex: this.getItemIndex(),
				},
			);
		}
		requestOptions.url = `/drivers/update/${id}/`;
		requestOptions.body = body;
		return requestOptions;
	};
}
