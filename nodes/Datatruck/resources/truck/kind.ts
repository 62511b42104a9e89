import type { EquipmentKind } from '../../shared/equipment';

export const TRUCK: EquipmentKind = {
	resource: 'truck',
	noun: 'truck',
	plural: 'trucks',
	basePath: '/trucks/',
	// The truck list's paging is not published: pages of at most 25, followed via next (A2, A19).
	list: { maxPageSize: 25 },
	unitExample: 'T-1042',
};
