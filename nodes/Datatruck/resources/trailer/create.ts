import type { INodeProperties } from 'n8n-workflow';
import { fieldFor } from '../../shared/fields';
import { equipmentCreate } from '../../shared/equipment';
import { TRAILER } from './kind';

const trailerType: INodeProperties = {
	displayName: 'Trailer Type Name or ID',
	name: 'trailerType',
	type: 'options',
	typeOptions: { loadOptionsMethod: 'getTrailerTypes' },
	default: '',
	description:
		'The kind of trailer, e.g. Dry Van, Reefer or Flatbed (the list holds the types the company\'s trailers have; an ID such as 1 also works). Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
};

export const { operation: trailerCreateOperation, fields: trailerCreateFields } = equipmentCreate(TRAILER, {
	properties: [trailerType],
	body: [fieldFor(trailerType, 'type', 'positiveInteger', '1')],
});
