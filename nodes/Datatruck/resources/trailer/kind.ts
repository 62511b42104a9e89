import type { EquipmentKind } from '../../shared/equipment';

export const TRAILER: EquipmentKind = {
	resource: 'trailer',
	noun: 'trailer',
	plural: 'trailers',
	basePath: '/trailers/',
	// The trailer list takes page_size=all: Return All is one request.
	list: { maxPageSize: 1000, acceptsAll: true },
	unitExample: 'TRL-5531',
};
