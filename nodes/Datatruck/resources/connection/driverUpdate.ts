import type { IDataObject, IExecuteSingleFunctions } from 'n8n-workflow';
import { datatruckResponse } from '../../shared/transport';
import { lackedForUpdate } from '../driver/readThenWrite';
import { PROBED } from './assumptions';
import { verdict, type ProbeAnswer, type Verdict } from './probes';

/**
 * What Driver › Update will need on this Datatruck, learnt without a write: whether the driver list shows every
 * value the full update (PUT) requires, and whether the update path takes a partial update (PATCH, A37).
 */

/** The methods a path takes, as DRF answers OPTIONS: `Allow: PUT, PATCH, OPTIONS`; undefined without the header. */
function allowedMethods(headers: IDataObject): string[] | undefined {
	const allow = headers.allow ?? headers.Allow;
	if (typeof allow !== 'string' || allow.trim() === '') return undefined;
	return allow.split(',').map((method) => method.trim().toUpperCase());
}

const UNKNOWN_UNTIL_FIRST_UPDATE =
	'unknown until the first update: Driver › Update then tries PATCH, and if Datatruck refuses it, asks for the missing fields and remembers that';

/**
 * One OPTIONS request on a driver's update path. OPTIONS reads and writes nothing; Django REST Framework answers it
 * with the methods the view takes in `Allow`. Any other answer (no header, a refusal) cannot tell, and says so.
 */
export async function driverUpdateVerdict(ctx: IExecuteSingleFunctions, drivers: ProbeAnswer): Promise<Verdict> {
	const about = PROBED.driversUpdatePatch;
	const id = drivers.records.map((driver) => Number(driver.id)).find((value) => Number.isSafeInteger(value) && value > 0) ?? 1;
	const asked = `OPTIONS on \`/drivers/update/${id}/\``;
	const answer = await datatruckResponse(ctx, { method: 'OPTIONS', url: `/drivers/update/${id}/` }).catch((error: unknown) => {
		const status = Number((error as { httpCode?: unknown }).httpCode);
		// Datatruck's answer, whatever it is, is a finding here; a fault of the connection ends the check as always.
		if (!Number.isInteger(status)) throw error;
		return status;
	});
	if (typeof answer === 'number') return verdict(about, 'could not tell', `${asked} was answered with HTTP ${answer}: ${UNKNOWN_UNTIL_FIRST_UPDATE}`);
	const allowed = allowedMethods(answer.headers);
	if (!allowed) return verdict(about, 'could not tell', `${asked} answered no \`Allow\` header: ${UNKNOWN_UNTIL_FIRST_UPDATE}`);
	const listed = `${asked} listed ${allowed.join(', ')}`;
	if (allowed.includes('PATCH')) return verdict(about, 'held', listed);
	if (allowed.includes('PUT')) return verdict(about, 'not held', `${listed}: PUT alone`);
	return verdict(about, 'could not tell', `${listed}, not even PUT: ${UNKNOWN_UNTIL_FIRST_UPDATE}`);
}

/** Whether the driver list shows the full update's values: the display names of those some drivers lack. */
export interface DriverListReport {
	drivers: number;
	/** Display names of the full update's fields, each with the number of drivers read that lack it. */
	lacking: Array<{ field: string; drivers: number }>;
}

export function driverListReport(drivers: ProbeAnswer): DriverListReport {
	const counts = new Map<string, number>();
	for (const driver of drivers.records) for (const field of lackedForUpdate(driver)) counts.set(field, (counts.get(field) ?? 0) + 1);
	return { drivers: drivers.records.length, lacking: [...counts].map(([field, count]) => ({ field, drivers: count })) };
}
