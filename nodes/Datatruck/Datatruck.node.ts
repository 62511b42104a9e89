import { NodeConnectionTypes, type INodeType, type INodeTypeDescription } from 'n8n-workflow';
import { connectionDescription } from './resources/connection';
import { dispatcherBoardDescription } from './resources/dispatcherBoard';
import { driverDescription } from './resources/driver';
import { loadDescription } from './resources/load';
import { trailerDescription } from './resources/trailer';
import { truckDescription } from './resources/truck';
import { workOrderDescription } from './resources/workOrder';
import { listSearch } from './methods/listSearch';
import { loadOptions } from './methods/loadOptions';

export class Datatruck implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Datatruck',
		name: 'datatruck',
		icon: { light: 'file:../../icons/datatruck.svg', dark: 'file:../../icons/datatruck.dark.svg' },
		group: ['transform'],
		// 1.1: Driver › Update changes only the fields given (version 1 workflows keep their full form).
		// 1.2: Sort shows its Direction, Ascending by default (earlier workflows keep their newest-first default).
		version: [1, 1.1, 1.2],
		defaultVersion: 1.2,
		subtitle: '={{ $parameter["operation"] + ": " + $parameter["resource"] }}',
		description:
			'Work with loads, work orders, the dispatcher board, drivers, trailers and trucks in the Datatruck TMS',
		defaults: { name: 'Datatruck' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'datatruckApi', required: true }],
		requestDefaults: {
			headers: { Accept: 'application/json' },
		},
		properties: [
			{
				displayName: 'Resource',
				name: 'resource',
				type: 'options',
				noDataExpression: true,
				options: [
					{ name: 'Connection', value: 'connection' },
					{ name: 'Dispatcher Board', value: 'dispatcherBoard' },
					{ name: 'Driver', value: 'driver' },
					{ name: 'Load', value: 'load' },
					{ name: 'Trailer', value: 'trailer' },
					{ name: 'Truck', value: 'truck' },
					{ name: 'Work Order', value: 'workOrder' },
				],
				default: 'load',
			},
			...connectionDescription,
			...dispatcherBoardDescription,
			...driverDescription,
			...loadDescription,
			...trailerDescription,
			...truckDescription,
			...workOrderDescription,
		],
	};

	methods = { listSearch, loadOptions };
}
