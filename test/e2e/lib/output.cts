/**
 * `n8n execute --rawOutput` prints the run as pretty JSON, but on the same stdout as n8n's log lines (task broker,
 * license SDK, migrations…). The run is the pretty-printed top-level object: a line `{` … a line `}`.
 */

export interface NodeRun {
	executionStatus?: string;
	error?: { message?: string; description?: string };
	data?: { main?: Array<Array<{ json: Record<string, unknown> }> | null> };
}

export interface ExecutionRun {
	status: string;
	finished?: boolean;
	data: {
		resultData: {
			runData: Record<string, NodeRun[]>;
			error?: { message?: string; description?: string };
			lastNodeExecuted?: string;
		};
	};
}

export function parseRun(stdout: string): ExecutionRun | undefined {
	const lines = stdout.split(/\r?\n/);
	let found: ExecutionRun | undefined;
	for (let i = 0; i < lines.length; i++) {
		if (lines[i] !== '{') continue;
		for (let j = i + 1; j < lines.length; j++) {
			if (lines[j] !== '}') continue;
			try {
				const value = JSON.parse(lines.slice(i, j + 1).join('\n'));
				if (value?.data?.resultData?.runData) {
					found = value; // keep the last one: on failure n8n logs the run once more
					i = j;
					break;
				}
			} catch {
				/* a `}` inside the object: keep extending */
			}
		}
	}
	return found && withFinalStatus(found);
}

/**
 * n8n 1.85's `execute` prints the run before n8n gives it its final status: a finished run still says "running".
 * That command itself judges the run by `resultData.error` ("Execution was NOT successful"), and so does this.
 * Newer n8n prints the final status, which is kept as it is.
 */
function withFinalStatus(run: ExecutionRun): ExecutionRun {
	if (run.status !== 'running') return run;
	return { ...run, status: run.data.resultData.error ? 'error' : 'success' };
}

/** The JSON of every item a node emitted on `output` (first run of the node). */
export function itemsOf(run: ExecutionRun, nodeName: string, output = 0): Array<Record<string, unknown>> {
	const runs = run.data.resultData.runData[nodeName];
	if (!runs) throw new Error(`node "${nodeName}" did not run; ran: ${Object.keys(run.data.resultData.runData).join(', ')}`);
	const nodeRun = runs[0];
	if (nodeRun.error) throw new Error(`node "${nodeName}" failed: ${nodeRun.error.message}`);
	return (nodeRun.data?.main?.[output] ?? []).map((i) => i.json);
}

/** The error a node ended with, if any. */
export function errorOf(run: ExecutionRun, nodeName: string): { message?: string; description?: string } | undefined {
	return run.data.resultData.runData[nodeName]?.[0]?.error;
}
