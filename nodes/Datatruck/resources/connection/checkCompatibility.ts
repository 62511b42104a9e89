import type { IExecuteSingleFunctions, IHttpRequestOptions, INodeExecutionData } from 'n8n-workflow';
import { findingsOrigin, replaceFindings } from '../../shared/lists';
import { datatruckOperation } from '../../shared/route';
import { connectionFor } from '../../shared/transport';
import { runChecks } from './checks';
import { rowOf, summaryOf } from './report';
import { answerOf } from './probes';

/** preSend: the first probe is the operation's own request, the loads sorted by id. */
async function loadsById(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions): Promise<IHttpRequestOptions> {
	requestOptions.qs = { page_size: 25, ordering: 'id' };
	return requestOptions;
}

/**
 * Check Compatibility: probes that write nothing (13 GETs and one OPTIONS at most, through the token's limiter) of
 * what the specification leaves open. What does not hold is remembered for the credential's origin at once, so the
 * next read in this n8n process starts with the plan that works (shared/lists/support.ts). The first item sums it up
 * in plain words; one row per check follows (report.ts).
 */
export const connectionCheckCompatibilityOperation = datatruckOperation({
	name: 'Check Compatibility',
	value: 'checkCompatibility',
	action: 'Check what this Datatruck supports',
	description:
		'Ask your Datatruck, with at most 14 requests that change nothing, whether it works the way this node assumes where the API specification is silent. The first item sums it up in plain words, with what Driver › Update will need; then one item per check: what differs and what the node does about it.',
	method: 'GET',
	path: '/orders/',
	preSend: [loadsById],
	async toItems(records): Promise<INodeExecutionData[]> {
		// A bare array comes here as its records; an envelope as one record.
		const body = records.length === 1 && Array.isArray(records[0].results) ? records[0] : records;
		const { verdicts, driverList } = await runChecks(this, answerOf(body));
		const origin = findingsOrigin(await connectionFor(this));
		// What the check found replaces what the node remembered for this Datatruck (a release may have fixed it).
		// A key no reader consults (the driver list's several ordering fields) is reported, not remembered.
		const notHeld = verdicts.filter((found) => found.result === 'not held' && found.about.remembered !== false);
		// A page size it found is kept with its finding: lists are then asked for that size from the first request on.
		replaceFindings(
			this,
			origin,
			notHeld.map(({ about, seen, served }) => ({ key: about.key, assumption: about.assumption, seen, instead: about.ifNotHeld, served })),
		);
		return [summaryOf(verdicts, driverList), ...verdicts.map(rowOf)].map((json) => ({ json }));
	},
});
