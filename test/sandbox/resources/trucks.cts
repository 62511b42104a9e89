/** Trucks: GET /trucks/list/ (A4, A8) and POST /trucks/create/ (A13). */
import { ApiRequest, created } from '../http.cts';
import { CAPPED_PAGE_SIZE } from '../pagination.cts';
import { Route } from '../router.cts';
import { nextId, SandboxStore } from '../store.cts';
import { Truck } from '../types.cts';
import { EQUIPMENT_CREATE_FIELDS, equipmentBasics, equipmentPage, validateEquipmentBody } from './equipment.cts';

function createTruck(request: ApiRequest, store: SandboxStore) {
	const body = validateEquipmentBody(request, EQUIPMENT_CREATE_FIELDS, store.data.trucks, 'truck');
	const truck: Truck = { id: nextId(store.data.trucks), ...equipmentBasics(body), type: null, driver: null, dispatch_status: null };
	store.data.trucks.push(truck);
	return created(truck);
}

export const truckRoutes: Route[] = [
	{
		method: 'GET',
		pattern: '/trucks/list/',
		handler: (request, store) => equipmentPage('trucks', store.data.trucks, request, store, CAPPED_PAGE_SIZE),
	},
	{ method: 'POST', pattern: '/trucks/create/', handler: createTruck },
];
