import { equipmentGetMany } from '../../shared/equipment';
import { TRUCK } from './kind';

export const { operation: truckGetManyOperation, fields: truckGetManyFields } = equipmentGetMany(
	TRUCK,
	"List the company's trucks with unit number, VIN, make, model, year, plate, status and driver, optionally searched by text or filtered by status. Datatruck does not publish the truck fields; the node returns them as received.",
);
