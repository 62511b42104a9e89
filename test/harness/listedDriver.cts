import type { IDataObject } from 'n8n-workflow';
import type { Sandbox } from '../sandbox/index.cts';

/**
 * A driver as the sandbox's driver list shows it now, asked over HTTP as the node would. It is a request of its own,
 * logged like any: ask after the test has checked the run's request log.
 */
export async function listedDriver(sandbox: Pick<Sandbox, 'baseUrl' | 'token'>, id: number): Promise<IDataObject> {
	const filter = JSON.stringify([{ column: 'id', value: String(id), contains: 'is' }]);
	const response = await fetch(`${sandbox.baseUrl}/drivers/list/?page_size=1&filter=${encodeURIComponent(filter)}`, {
		headers: { Authorization: `Token ${sandbox.token}` },
	});
	return ((await response.json()) as { results: IDataObject[] }).results[0];
}
