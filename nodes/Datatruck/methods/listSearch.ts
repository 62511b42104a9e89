import type { IDataObject, ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';
import type { DatatruckContext } from '../shared/transport';
import { containsFilter, label, searchPage } from './searchPage';

/*
 * The record pickers' searches (resource locators, "From List" mode). Each page is one request,
 * through the package's transport and the token's rate budget, and is cached for a minute per
 * credential; Datatruck itself searches (filter or search parameter) so a page holds only matches.
 */

const PERSON = (value: unknown) => (value && typeof value === 'object' ? (value as IDataObject) : {});

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
	const request = (column: string) => ({
		method: 'GET' as const,
		url: '/orders/',
		qs: { page_size: 25, ordering: '-created_datetime', ...containsFilter(column, filter) },
	});
	const byLoadNumber = await searchPage(this, request('load_id'), paginationToken, toItem);
	if (paginationToken || byLoadNumber.results.length || !filter?.trim()) return byLoadNumber;
	return await searchPage(this, request('customer__company_name'), undefined, toItem);
}

/** Drivers by any part of their full name, by last name. */
export async function searchDrivers(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	return await searchPage(
		this,
		{
			method: 'GET',
			url: '/drivers/list/',
			qs: { page_size: 50, ordering: 'account__last_name', ...containsFilter('account__full_name', filter) },
		},
		paginationToken,
		(driver) => ({
			name: label(PERSON(driver.account).full_name ?? `Driver #${String(driver.id)}`, driver.status, `ID ${String(driver.id)}`),
			value: String(driver.id),
		}),
	);
}

/**
 * Trucks or trailers by unit number, plate, VIN, make or model; the value is the unit number. Any
 * context that can send may search: Work Order › Extract From Text checks a unit with it.
 */
function equipmentSearch(path: string, pageSize: number) {
	return async function (
		this: DatatruckContext,
		filter?: string,
		paginationToken?: string,
	): Promise<INodeListSearchResult> {
		const search = filter?.trim() ? { search: filter.trim() } : {};
		return await searchPage(
			this,
			{ method: 'GET', url: path, qs: { page_size: pageSize, ...search } },
			paginationToken,
			(unit) => ({
				name: label(unit.unit_number, [unit.make, unit.model].filter(Boolean).join(' '), unit.plate_number, unit.status),
				value: String(unit.unit_number),
			}),
		);
	};
}

/** The truck list takes at most 25 a page (A2); the trailer list any size. */
export const searchTrucks = equipmentSearch('/trucks/list/', 25);
export const searchTrailers = equipmentSearch('/trailers/list/', 50);

export const listSearch = { searchDrivers, searchLoads, searchTrailers, searchTrucks };
