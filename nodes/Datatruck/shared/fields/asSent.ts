import type { IDataObject } from 'n8n-workflow';

/**
 * What a create returns: the record as the node sent it, under the API's field names, with what Datatruck
 * answered laid over it, its new `id` first. Datatruck answers a create with little (`{"id": 26}`, `{"detail": …}`);
 * the next node (a message, a sheet row) needs the record, and the node has it at no request more. Only what was
 * checked and sent is there: nothing is guessed, and the body holds no credential.
 */
export function sentWithAnswer(sent: IDataObject, answer: IDataObject[]): IDataObject {
	const { id, ...said } = answer.find((record) => record && typeof record === 'object' && !Array.isArray(record)) ?? {};
	return id === undefined ? { ...sent, ...said } : { id, ...sent, ...said };
}
