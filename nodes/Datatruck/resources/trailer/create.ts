import type { INodeProperties } from 'n8n-workflow';
import { fieldFor } from '../../shared/bodyFields';
import { equipmentCreate } from '../../shared/equipment';
import { TRAILER } from './kind';

const trailerType: INodeProperties = {
	displayName: 'Trailer Type ID',
	name: 'trailerType',
	type: 'number',
	default: 0,
	description:
		"Datatruck's numeric ID of the trailer type (e.g. the ID of Dry Van, Reefer or Flatbed in the company's list), as in the type of a listed trailer",
};

export const { operation: trailerCreateOperation, fields: trailerCreateFields } = equipmentCreate(TRAILER, {
	properties: [trailerType],
	body: [fieldFor(trailerType, 'type', 'positiveInteger', '1')],
});
