import { NodeApiError } from 'n8n-workflow';
import type { IDataObject, IExecuteSingleFunctions } from 'n8n-workflow';
import { datatruckRequest } from '../../shared/transport';
import type { ProbedAssumption } from './assumptions';

export type CheckResult = 'held' | 'not held' | 'could not tell';

export interface Verdict {
	about: ProbedAssumption;
	result: CheckResult;
	/** What Datatruck's answers showed, in plain words. */
	seen: string;
	/** For a page-size question: the records a page holds as Datatruck answers. */
	served?: number;
}

export const verdict = (about: ProbedAssumption, result: CheckResult, seen: string, served?: number): Verdict => ({ about, result, seen, ...(served ? { served } : {}) });

/** One answer to a probe: a page of records, or the refusal (400 or 414) that is itself the finding. */
export interface ProbeAnswer {
	status: number;
	records: IDataObject[];
	count?: number;
	/** Datatruck's message on a refusal. */
	refusal?: string;
	/** The `next` link as written; null when the answer had none, undefined when it had no `next` key (or no envelope). */
	next?: string | null;
	/** Answered as a bare JSON array. */
	bare?: boolean;
}

export interface ProbeQuery {
	page_size?: number | 'all';
	ordering?: string;
	filter?: Array<{ column: string; value: unknown; contains: string }>;
	/** Other query parameters, sent as given: an equipment list's `search`, the board's window. */
	params?: IDataObject;
}

/**
 * One GET through the transport (the token's limiter, retries of transient faults). A 400 or 414 is an
 * answer here, not a failure: it is how Datatruck says it does not take the query. Anything else that
 * fails (a wrong token, Datatruck down) ends the check with the transport's own error.
 */
export async function probe(ctx: IExecuteSingleFunctions, url: string, query: ProbeQuery): Promise<ProbeAnswer> {
	const qs: IDataObject = {};
	if (query.page_size !== undefined) qs.page_size = query.page_size;
	if (query.ordering) qs.ordering = query.ordering;
	if (query.filter) qs.filter = JSON.stringify(query.filter);
	Object.assign(qs, query.params);
	return await datatruckRequest(ctx, { method: 'GET', url, qs }).then(answerOf, (error: unknown): ProbeAnswer => {
		const status = error instanceof NodeApiError ? Number(error.httpCode) : NaN;
		// Anything but a refusal of the query is the transport's NodeApiError, passed on unchanged.
		if (status !== 400 && status !== 414) throw error;
		const apiError = error as NodeApiError;
		return { status, records: [], refusal: apiError.description ?? apiError.message };
	});
}

/** The pagination envelope, or a plain array (A19). */
export function answerOf(body: unknown): ProbeAnswer {
	if (Array.isArray(body)) return { status: 200, records: body as IDataObject[], bare: true };
	const envelope = (body ?? {}) as IDataObject;
	const records = Array.isArray(envelope.results) ? (envelope.results as IDataObject[]) : [];
	const count = typeof envelope.count === 'number' ? envelope.count : undefined;
	const next = !('next' in envelope) ? undefined : typeof envelope.next === 'string' && envelope.next ? envelope.next : null;
	return { status: 200, records, count, next };
}

export function idsOf(answer: ProbeAnswer): number[] {
	return answer.records.map((record) => Number(record.id));
}

/** True when every next id is above (or, descending, below) the one before it. */
export function inIdOrder(ids: number[], descending: boolean): boolean {
	return ids.every((id, index) => index === 0 || (descending ? id < ids[index - 1] : id > ids[index - 1]));
}

/** Runs of records with the same value of `field`, in the order they came. */
export function runsOf(records: IDataObject[], field: string): IDataObject[][] {
	const runs: IDataObject[][] = [];
	for (const record of records) {
		const last = runs[runs.length - 1];
		if (last && last[0][field] === record[field]) last.push(record);
		else runs.push([record]);
	}
	return runs;
}
