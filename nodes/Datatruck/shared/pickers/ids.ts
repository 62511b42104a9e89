import type { IExecuteSingleFunctions, IHttpRequestOptions } from 'n8n-workflow';
import { locatorValue } from './recordLocator';
import { ParameterCheck } from '../fields';

/**
 * preSend: puts a checked record ID into the path. The ID is checked before it reaches the URL,
 * so "12a" or "-3" is reported as a wrong parameter instead of becoming a puzzling 404.
 */
export function pathWithId(parameter: string, label: string, path: (id: number) => string) {
	return async function (
		this: IExecuteSingleFunctions,
		requestOptions: IHttpRequestOptions,
	): Promise<IHttpRequestOptions> {
		const check = ParameterCheck.forItem(this);
		const id = check.integer(locatorValue(this.getNodeParameter(parameter)), label, '10482', 1);
		requestOptions.url = path(id);
		return requestOptions;
	};
}

/** The ID parameter's value as the user typed or picked it, for "no load with ID …" messages. */
export function idParameter(this: IExecuteSingleFunctions, parameter: string): string {
	return String(locatorValue(this.getNodeParameter(parameter, '')) ?? '').trim();
}
