import { equipmentGetMany } from '../../shared/equipment';
import { TRAILER } from './kind';

export const { operation: trailerGetManyOperation, fields: trailerGetManyFields } = equipmentGetMany(
	TRAILER,
	"List the company's active trailers with unit number, VIN, make, model, year, plate, type, status and assigned drivers, optionally searched by text or filtered by status",
);
