import { equipmentCreate } from '../../shared/equipment';
import { TRUCK } from './kind';

export const { operation: truckCreateOperation, fields: truckCreateFields } = equipmentCreate(TRUCK, {
	properties: [],
	body: [],
});
