/**
 * What n8n did all day, read back through its REST API (what the editor's Executions tab shows): every execution
 * of every day workflow with the records its record node emitted and the error it ended with; and what the day's
 * processes looked like while it ran (each n8n process's resident memory, each workflow's static data).
 */
import { readFileSync } from 'node:fs';
import { executionRun, isRunning } from '../e2e/lib/executions.cts';
import type { Session } from '../e2e/lib/n8n.cts';
import type { ExecutionRun } from '../e2e/lib/output.cts';
import { storedStaticData } from '../e2e/lib/triggerState.cts';
import { httpJson } from '../../scripts/n8n-runtime.cjs';
import type { DayWorkflow } from './workflows.cts';
import { STATE_FIELD } from '../../nodes/DatatruckTrigger/state';

export interface DayExecution {
	id: string;
	workflowId: string;
	status: string;
	mode: string;
	startedAt: number;
	stoppedAt: number | null;
	/** The JSON of the items the workflow's record node emitted (empty when it did not run). */
	records: Array<Record<string, unknown>>;
	/** The execution's error message (its own, or the first failed node's), when it failed. */
	error?: string;
	/** Names of the nodes that ran. */
	ran: string[];
}

interface Listed {
	id: string;
	workflowId: string;
	status: string;
	mode: string;
	startedAt: string | null;
	createdAt?: string;
	stoppedAt: string | null;
}

/** n8n's REST API, asked again when a busy main process does not answer in time (it polls, enqueues and serves at once). */
async function patientRest(session: Session, path: string): Promise<any> {
	for (let attempt = 1; ; attempt++) {
		try {
			return await session.rest('GET', path);
		} catch (error) {
			if (attempt >= 5 || !/timed out|ECONNRESET|socket hang up/.test(String(error))) throw error;
			await new Promise((resolve) => setTimeout(resolve, 2000));
		}
	}
}

/** Executions of the day not yet finished, of every workflow at once. */
export async function unfinishedExecutions(session: Session): Promise<Listed[]> {
	const filter = encodeURIComponent(JSON.stringify({ status: ['new', 'running', 'waiting'] }));
	return (await patientRest(session, `/executions?filter=${filter}&limit=100`)).data.results;
}

/**
 * Every execution of a workflow, newest first, paged through n8n's list (100 a page). n8n 2.41 pages by the
 * `nextCursor` of each answer (its `lastId` is refused: "Use cursor to load execution pages").
 */
export async function listExecutions(session: Session, workflowId: string): Promise<Listed[]> {
	const all: Listed[] = [];
	let cursor: string | undefined;
	for (;;) {
		const filter = encodeURIComponent(JSON.stringify({ workflowId }));
		const page = await patientRest(session, `/executions?filter=${filter}&limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
		const results: Listed[] = page.data.results;
		all.push(...results);
		cursor = page.data.nextCursor ?? undefined;
		if (!cursor || !results.length) return all;
	}
}

function errorOfRun(run: ExecutionRun): string | undefined {
	const own = run.data?.resultData?.error;
	if (own?.message) return [own.message, own.description].filter(Boolean).join(' ');
	for (const runs of Object.values(run.data?.resultData?.runData ?? {})) {
		const error = runs[0]?.error;
		if (error?.message) return [error.message, error.description].filter(Boolean).join(' ');
	}
	return undefined;
}

/**
 * Every execution of a day workflow; the run data (records, error) is read for the failed ones and those `wanted`
 * says (each read carries the whole run, a sync's every load: the rest are counted, not read).
 */
export async function readExecutions(session: Session, wf: DayWorkflow, workflowId: string, wanted: (startedAt: number) => boolean = () => true): Promise<DayExecution[]> {
	const patient = { rest: (_method: string, path: string) => patientRest(session, path) };
	const listed = await listExecutions(session, workflowId);
	const out: DayExecution[] = [];
	for (const e of listed.reverse()) {
		const base = {
			id: e.id,
			workflowId,
			status: e.status,
			mode: e.mode,
			// A poll that failed never started an execution: n8n records it with no start time.
			startedAt: Date.parse(e.startedAt ?? e.createdAt ?? e.stoppedAt ?? ''),
			stoppedAt: e.stoppedAt ? Date.parse(e.stoppedAt) : null,
		};
		if (isRunning(e.status) || (e.status === 'success' && !wanted(base.startedAt))) {
			out.push({ ...base, records: [], ran: [] });
			continue;
		}
		let run: ExecutionRun;
		try {
			run = await executionRun(patient, e.id, 5000);
		} catch (error) {
			// A crashed execution (its worker killed) may have no run data at all.
			out.push({ ...base, records: [], ran: [], error: `no run data: ${(error as Error).message}` });
			continue;
		}
		const runData = run.data?.resultData?.runData ?? {};
		const node = runData[wf.recordNode]?.[0];
		out.push({
			...base,
			records: (node?.data?.main?.[0] ?? []).map((item) => item.json),
			ran: Object.keys(runData),
			error: base.status === 'success' ? undefined : (errorOfRun(run) ?? base.status),
		});
	}
	return out;
}

/**
 * What a dispatcher does once the credential holds the regenerated token (docs/credentials.md): in n8n's Executions
 * list, retries each execution the old token failed after its trigger had emitted (Retry › With original workflow),
 * so that the work of the events emitted just before the regeneration (a proof of delivery, a repair mail's work
 * order) is done. A failed poll is left alone: its trigger reads again from where it was. The Return All and Check
 * Compatibility run again on their schedules. Returns the ids retried, and those n8n refused to retry, with why.
 */
export async function retryTokenFailures(
	session: Session,
	workflows: Array<DayWorkflow & { id: string }>,
	window: { from: number; until: number },
	failedBy: RegExp,
): Promise<{ retried: string[]; refused: string[] }> {
	const patient = { rest: (_method: string, path: string) => patientRest(session, path) };
	const out = { retried: [] as string[], refused: [] as string[] };
	for (const wf of workflows.filter((w) => w.role !== 'sync' && w.role !== 'compatibility')) {
		for (const e of await listExecutions(session, wf.id)) {
			// Running at any moment of the window: the proofs of delivery lost in session 7 started as their trigger
			// emitted, just before the regeneration, and failed on a later request.
			const started = Date.parse(e.startedAt ?? e.createdAt ?? '');
			const ended = e.stoppedAt ? Date.parse(e.stoppedAt) : started;
			if (e.status !== 'error' || e.mode === 'retry' || !(ended >= window.from && started <= window.until)) continue;
			const run = await executionRun(patient, e.id, 5000).catch(() => undefined);
			const ranNodes = Object.keys(run?.data?.resultData?.runData ?? {});
			if (!run || ranNodes.length < 2 || !failedBy.test(errorOfRun(run) ?? '')) continue;
			try {
				await session.rest('POST', `/executions/${e.id}/retry`, { loadWorkflow: false });
				out.retried.push(e.id);
			} catch (error) {
				out.refused.push(`${e.id}: ${(error as Error).message.slice(0, 200)}`);
			}
		}
	}
	return out;
}

/**
 * Resident memory of a process in bytes (/proc), or undefined once it is gone: in all, and the part of it that is
 * anonymous (what the process allocated: V8's heap, the C allocator's) and file-backed (the node binary, shared
 * libraries and files it mapped, paged in as code paths are first used and kept while memory is free).
 */
export function residentOf(pid: number): { rss: number; anon?: number; file?: number } | undefined {
	try {
		const status = readFileSync(`/proc/${pid}/status`, 'utf8');
		const kB = (field: string) => {
			const match = new RegExp(`^${field}:\\s+(\\d+)\\s+kB`, 'm').exec(status);
			return match ? Number(match[1]) * 1024 : undefined;
		};
		const rss = kB('VmRSS');
		return rss === undefined ? undefined : { rss, anon: kB('RssAnon'), file: kB('RssFile') };
	} catch {
		return undefined;
	}
}

/**
 * The V8 heap of an n8n process, from n8n's Prometheus metrics (`N8N_METRICS=true`; a worker serves them on its
 * health port): bytes in use and committed, and held outside the heap where given, or undefined where the process
 * does not answer. RSS alone cannot tell a leak of JavaScript objects from a heap V8 has not yet shrunk or from the C
 * allocator's own growth.
 */
export async function heapOf(url: string): Promise<{ used: number; total: number; external?: number } | undefined> {
	try {
		const { status, text } = await httpJson('GET', `${url}/metrics`, { timeoutMs: 2000 });
		return status === 200 ? heapFromMetrics(text) : undefined;
	} catch {
		return undefined;
	}
}

/**
 * The V8 heap in Prometheus text: prom-client's `nodejs_heap_size_*_bytes`, under n8n's prefix (`n8n_`) or none, and
 * `nodejs_external_memory_bytes` where given: the Buffers and other memory V8 objects hold outside the heap, which
 * RSS counts and the heap does not.
 */
export function heapFromMetrics(text: string): { used: number; total: number; external?: number } | undefined {
	const read = (name: string) => Number(new RegExp(`^(?:\\w+_)?nodejs_${name}(?:\\{[^}]*\\})? ([0-9.e+]+)$`, 'm').exec(text)?.[1]);
	const [used, total, external] = [read('heap_size_used_bytes'), read('heap_size_total_bytes'), read('external_memory_bytes')];
	if (!Number.isFinite(used) || !Number.isFinite(total)) return undefined;
	return Number.isFinite(external) ? { used, total, external } : { used, total };
}

export interface Sample {
	at: number;
	/** Scaled minute of the day. */
	minute: number;
	rss: Record<string, number>;
	/** The anonymous and the file-backed part of each `rss` entry, where /proc gives them (residentOf). */
	rssAnon?: Record<string, number>;
	rssFile?: Record<string, number>;
	/** The pid each `rss` entry was read from (a restarted worker's slot changes pid). */
	pids: Record<string, number>;
	/** Bytes of each workflow's static data as n8n stores it (JSON), by role. */
	staticData: Record<string, number>;
	/** The same without the read a trigger has in progress (restingStaticData): what it keeps from read to read. */
	staticDataResting?: Record<string, number>;
	/** With the static data: each process's V8 heap in use and committed (bytes), by the same names as `rss` (heapOf). */
	heapUsed?: Record<string, number>;
	heapTotal?: Record<string, number>;
	/** With the static data: each process's memory held outside the V8 heap by its objects (Buffers), where n8n gives it. */
	external?: Record<string, number>;
	/** With the static data: how many loads each trigger must remember by its own rule then (growth.cts). */
	remembered?: Record<string, number>;
}

/** Bytes of a workflow's static data, as the editor's API returns the workflow, and of what it keeps at rest. */
export async function staticDataBytes(session: Session, workflowId: string): Promise<{ bytes: number; resting: number }> {
	const { data } = await patientRest(session, `/workflows/${workflowId}`);
	const staticData = storedStaticData(data);
	return { bytes: JSON.stringify(staticData).length, resting: JSON.stringify(restingStaticData(staticData)).length };
}

/**
 * A workflow's static data without the read each Datatruck Trigger has in progress: the loads Load Flagged's read has
 * found so far (`pass`) and where it goes on (`scan`). A read of the flagged list takes several polls on a busy
 * token, and between them the trigger keeps what it found beside the last complete read's list, until the read
 * ends; samples that fell in a read read half as much again (docs/carrier-day.md, defect 12).
 */
export function restingStaticData(staticData: Record<string, unknown>): Record<string, unknown> {
	return Object.fromEntries(
		Object.entries(staticData).map(([node, data]) => {
			const state = (data as Record<string, unknown> | null)?.[STATE_FIELD] as Record<string, unknown> | undefined;
			if (!state || typeof state !== 'object') return [node, data];
			const { scan: _scan, ...kept } = state;
			return [node, { ...(data as object), [STATE_FIELD]: { ...kept, pass: [] } }];
		}),
	);
}
