/**
 * What trailers and trucks share: the list query (`search`, `status`; A3, A4) and the creation body
 * (A13), including the unit-number uniqueness a real fleet database enforces.
 */
import { switchesFor } from '../config.cts';
import { ApiReply, ApiRequest, badRequest, lastParam, requireObjectBody } from '../http.cts';
import { withoutIgnoredParameters } from '../listSwitches.cts';
import { PageSizePolicy } from '../pagination.cts';
import { SandboxStore } from '../store.cts';
import { pageReply } from './listing.cts';
import { rules, validateBody, Validated } from '../validation.cts';

export interface EquipmentRecord {
	id: number;
	unit_number: string;
	plate_number: string;
	vin: string;
	make: string;
	model: string;
	status: string;
}

const SEARCHED_FIELDS = ['unit_number', 'plate_number', 'vin', 'make', 'model'] as const;

/** `search`: case-insensitive substring of any searched field; `status`: exact match. */
export function searchEquipment<T extends EquipmentRecord>(records: readonly T[], request: ApiRequest): T[] {
	const search = lastParam(request.query, 'search')?.trim().toLowerCase() ?? '';
	const status = lastParam(request.query, 'status');
	return records
		.filter((r) => search === '' || SEARCHED_FIELDS.some((field) => r[field].toLowerCase().includes(search)))
		.filter((r) => status === null || status === '' || r.status === status)
		.sort((a, b) => a.id - b.id);
}

/** One page of a trailer or truck list, searched as far as the list's switches honour `search` and `status`. */
export function equipmentPage<T extends EquipmentRecord>(list: 'trucks' | 'trailers', records: readonly T[], request: ApiRequest, store: SandboxStore, policy: PageSizePolicy): ApiReply {
	const searched = searchEquipment(records, withoutIgnoredParameters(request, switchesFor(store.config, list)));
	return pageReply(list, searched, request, store, policy);
}

const { string, integer, required } = rules;

export const EQUIPMENT_CREATE_FIELDS = {
	unit_number: required(string({ minLength: 1 })),
	vin: string(),
	make: string(),
	model: string(),
	year: integer(),
	plate_number: string(),
	state: string(),
	status: string(),
};

export type EquipmentCreateBody = Validated<typeof EQUIPMENT_CREATE_FIELDS>;

/** Validates an A13 body (plus any `extraFields`) and rejects a unit number already in the fleet. */
export function validateEquipmentBody<F extends typeof EQUIPMENT_CREATE_FIELDS>(
	request: ApiRequest,
	fields: F,
	existing: readonly EquipmentRecord[],
	noun: string,
): Validated<F> {
	const body = validateBody(fields, requireObjectBody(request.body));
	const unitNumber = body.unit_number as string;
	if (existing.some((r) => r.unit_number.toLowerCase() === unitNumber.toLowerCase())) {
		throw badRequest(`unit_number: a ${noun} with unit number "${unitNumber}" already exists.`);
	}
	if (body.year !== undefined && ((body.year as number) < 1950 || (body.year as number) > 2100)) {
		throw badRequest(`year: ${body.year} is not a plausible model year.`);
	}
	return body;
}

/** The fields every created record takes straight from the body, with empty strings for absent text. */
export function equipmentBasics(body: EquipmentCreateBody) {
	return {
		unit_number: body.unit_number,
		vin: body.vin ?? '',
		make: body.make ?? '',
		model: body.model ?? '',
		year: body.year ?? null,
		plate_number: body.plate_number ?? '',
		state: body.state ?? '',
		status: body.status ?? 'Active',
	};
}
