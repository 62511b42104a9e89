import type { IDataObject, ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';
import { TAKES_ALL, valueAt, type ListShape } from '../shared/lists';
import { containsText, type PickerSearch } from '../shared/pickers';
import { containsFilter, label, searchPage } from './searchPage';

/*
 * The record pickers' searches (resource locators, "From List" mode). Each page is one request,
 * through the package's transport and the token's rate budget, and is cached for a minute per
 * credential; Datatruck itself searches (filter or search parameter) so a page holds only matches,
 * unless its answer shows it ignored the search: then the node matches the whole list itself.
 */

const PERSON = (value: unknown) => (value && typeof value === 'object' ? (value as IDataObject) : {});

/** How the lists the pickers read page when the node reads them whole (as their Get Many do). */
const PAGED_BY_25: ListShape = { maxPageSize: 25 };

/** A search on a `filter` column: the first page asks Datatruck, the check compares that column. */
function columnSearch(list: string, url: string, qs: IDataObject, column: string, text: string | undefined, fallback: PickerSearch['fallback']): PickerSearch {
	return {
		list,
		assumption: list === 'drivers' ? 'A5' : 'A30',
		request: { method: 'GET', url, qs: { ...qs, ...containsFilter(column, text) } },
		alsoIgnoredWhen: [`${list}.filter`, `${list}.filter.${column}`],
		matches: (record) => !text?.trim() || containsText(valueAt(record, column), text),
		fallback,
	};
}

/** Loads, newest first, by load number; when no load number matches, by customer (a second request). */
export async function searchLoads(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const toItem = (load: IDataObject) => ({
		name: label(load.load_id ? `Load ${String(load.load_id)}` : `Load #${String(load.id)}`, load.customer__company_name, load.status),
		value: String(load.id),
	});
	const qs = { page_size: 25, ordering: '-created_datetime' };
	// Without Datatruck's filter, a page is matched on both at once: the load number or the customer.
	const either = (load: IDataObject) => !filter?.trim() || [load.load_id, load.customer__company_name].some((value) => containsText(value, filter));
	const fallback = { kind: 'pageByPage' as const, request: { method: 'GET' as const, url: '/orders/', qs }, matches: either };
	const search = (column: string) => columnSearch('loads', '/orders/', qs, column, filter, fallback);
	const byLoadNumber = await searchPage(this, search('load_id'), paginationToken, toItem);
	if (paginationToken || byLoadNumber.results.length || byLoadNumber.paginationToken || !filter?.trim()) return byLoadNumber;
	return await searchPage(this, search('customer__company_name'), undefined, toItem);
}

/** Drivers by any part of their full name, by last name. */
export async function searchDrivers(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const url = '/drivers/list/';
	const ordering = 'account__last_name';
	const fallback = { kind: 'wholeList' as const, request: { method: 'GET' as const, url, qs: { ordering } }, shape: TAKES_ALL };
	const search = columnSearch('drivers', url, { page_size: 50, ordering }, 'account__full_name', filter, fallback);
	return await searchPage(this, search, paginationToken, (driver) => ({
		name: label(PERSON(driver.account).full_name ?? `Driver #${String(driver.id)}`, driver.status, `ID ${String(driver.id)}`),
		value: String(driver.id),
	}));
}

/** The fields a truck or trailer search matches (A3; A4: trucks as trailers). */
const SEARCHED_FIELDS = ['unit_number', 'plate_number', 'vin', 'make', 'model'];

const EQUIPMENT = {
	trucks: { path: '/trucks/list/', pageSize: 25, shape: PAGED_BY_25, assumption: 'A4' },
	trailers: { path: '/trailers/list/', pageSize: 50, shape: TAKES_ALL, assumption: 'A3' },
};

/** A truck or trailer search by unit number, plate, VIN, make or model, as the pickers and unit look-ups send it. */
export function equipmentSearch(list: keyof typeof EQUIPMENT, filter: string | undefined): PickerSearch {
	const { path, pageSize, shape, assumption } = EQUIPMENT[list];
	const text = filter?.trim() ?? '';
	return {
		list,
		assumption,
		request: { method: 'GET', url: path, qs: { page_size: pageSize, ...(text ? { search: text } : {}) } },
		alsoIgnoredWhen: [`${list}.filter`, `${list}.filter.search`],
		matches: (unit) => !text || SEARCHED_FIELDS.some((field) => containsText(unit[field], text)),
		fallback: { kind: 'wholeList', request: { method: 'GET', url: path }, shape },
	};
}

/** The picker of a truck or trailer; the value is the unit number. */
function equipmentPicker(list: keyof typeof EQUIPMENT) {
	return async function (this: ILoadOptionsFunctions, filter?: string, paginationToken?: string): Promise<INodeListSearchResult> {
		return await searchPage(this, equipmentSearch(list, filter), paginationToken, (unit) => ({
			name: label(unit.unit_number, [unit.make, unit.model].filter(Boolean).join(' '), unit.plate_number, unit.status),
			value: String(unit.unit_number),
		}));
	};
}

/** The truck list takes at most 25 a page (A2); the trailer list any size. */
export const searchTrucks = equipmentPicker('trucks');
export const searchTrailers = equipmentPicker('trailers');

export const listSearch = { searchDrivers, searchLoads, searchTrailers, searchTrucks };
