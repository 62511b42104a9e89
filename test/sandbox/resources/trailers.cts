/** Trailers: GET /trailers/list/ (spec 5, A3) and POST /trailers/create/ (A13). */
import { ApiRequest, badRequest, created } from '../http.cts';
import { OPEN_PAGE_SIZE } from '../pagination.cts';
import { Route } from '../router.cts';
import { nextId, SandboxStore } from '../store.cts';
import { Trailer } from '../types.cts';
import { rules } from '../validation.cts';
import { EQUIPMENT_CREATE_FIELDS, equipmentBasics, equipmentPage, validateEquipmentBody } from './equipment.cts';

/** Trailers also take `type`, the integer id of a trailer type. */
const TRAILER_CREATE_FIELDS = { ...EQUIPMENT_CREATE_FIELDS, type: rules.integer() };

function createTrailer(request: ApiRequest, store: SandboxStore) {
	const body = validateEquipmentBody(request, TRAILER_CREATE_FIELDS, store.data.trailers, 'trailer');
	const type = body.type === undefined ? null : store.data.trailerTypes.find((t) => t.id === body.type);
	if (type === undefined) throw badRequest(`type: no trailer type has id ${body.type}.`);
	const trailer: Trailer = {
		id: nextId(store.data.trailers),
		...equipmentBasics(body),
		driver_operator: null,
		co_driver_operator: null,
		type,
		dispatch_status: null,
	};
	store.data.trailers.push(trailer);
	return created(trailer);
}

export const trailerRoutes: Route[] = [
	{
		method: 'GET',
		pattern: '/trailers/list/',
		handler: (request, store) => equipmentPage('trailers', store.data.trailers, request, store, OPEN_PAGE_SIZE),
	},
	{ method: 'POST', pattern: '/trailers/create/', handler: createTrailer },
];
