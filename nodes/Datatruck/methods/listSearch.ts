import type { IDataObject, ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';
import { valueAt, type ListShape } from '../shared/lists';
import { containsText } from '../shared/pickers';
import type { DatatruckContext } from '../shared/transport';
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
const TAKES_ALL: ListShape = { maxPageSize: 1000, acceptsAll: true };

/** A search on a `filter` column: the first page asks Datatruck, the check and the fallback compare that column. */
function columnSearch(list: string, url: string, qs: IDataObject, shape: ListShape, column: string, text: string | undefined) {
	return {
		list,
		assumption: list === 'drivers' ? 'A5' : 'A30',
		request: { method: 'GET' as const, url, qs: { ...qs, ...containsFilter(column, text) } },
		alsoIgnoredWhen: [`${list}.filter`, `${list}.filter.${column}`],
		whole: { request: { method: 'GET' as const, url, qs: { ordering: qs.ordering } }, shape },
		matches: (record: IDataObject) => !text?.trim() || containsText(valueAt(record, column), text),
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
	const search = (column: string) =>
		columnSearch('loads', '/orders/', { page_size: 25, ordering: '-created_datetime' }, PAGED_BY_25, column, filter);
	const byLoadNumber = await searchPage(this, search('load_id'), paginationToken, toItem);
	if (paginationToken || byLoadNumber.results.length || !filter?.trim()) return byLoadNumber;
	return await searchPage(this, search('customer__company_name'), undefined, toItem);
}

/** Drivers by any part of their full name, by last name. */
export async function searchDrivers(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const search = columnSearch('drivers', '/drivers/list/', { page_size: 50, ordering: 'account__last_name' }, TAKES_ALL, 'account__full_name', filter);
	return await searchPage(this, search, paginationToken, (driver) => ({
		name: label(PERSON(driver.account).full_name ?? `Driver #${String(driver.id)}`, driver.status, `ID ${String(driver.id)}`),
		value: String(driver.id),
	}));
}

/** The fields a truck or trailer search matches (A3; A4: trucks as trailers). */
const SEARCHED_FIELDS = ['unit_number', 'plate_number', 'vin', 'make', 'model'];

/**
 * Trucks or trailers by unit number, plate, VIN, make or model; the value is the unit number. Any
 * context that can send may search: Work Order › Extract From Text checks a unit with it.
 */
function equipmentSearch(list: 'trucks' | 'trailers', path: string, pageSize: number, shape: ListShape) {
	return async function (
		this: DatatruckContext,
		filter?: string,
		paginationToken?: string,
	): Promise<INodeListSearchResult> {
		const text = filter?.trim() ?? '';
		const search = {
			list,
			assumption: list === 'trucks' ? 'A4' : 'A3',
			request: { method: 'GET' as const, url: path, qs: { page_size: pageSize, ...(text ? { search: text } : {}) } },
			alsoIgnoredWhen: [`${list}.filter`, `${list}.filter.search`],
			whole: { request: { method: 'GET' as const, url: path }, shape },
			matches: (unit: IDataObject) => !text || SEARCHED_FIELDS.some((field) => containsText(unit[field], text)),
		};
		return await searchPage(this, search, paginationToken, (unit) => ({
			name: label(unit.unit_number, [unit.make, unit.model].filter(Boolean).join(' '), unit.plate_number, unit.status),
			value: String(unit.unit_number),
		}));
	};
}

/** The truck list takes at most 25 a page (A2); the trailer list any size. */
export const searchTrucks = equipmentSearch('trucks', '/trucks/list/', 25, PAGED_BY_25);
export const searchTrailers = equipmentSearch('trailers', '/trailers/list/', 50, TAKES_ALL);

export const listSearch = { searchDrivers, searchLoads, searchTrailers, searchTrucks };
