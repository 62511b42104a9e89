/**
 * One running n8n for the e2e files that work through its REST API alone (suite.cts, schemas, credential). Each
 * `n8n start` of a fresh user folder costs about 20 s of CPU (boot, the database's migrations, the owner), and CI
 * runs two n8n lines beside the editor suite on 2 cores, so a start per file kept CI near its 30 minutes.
 *
 * The first file to ask starts it and writes it down in the run folder; later files of the same run reuse it;
 * globalTeardown.js stops it. Each file keeps its own sandbox, credentials and workflows, so all a file shares is
 * n8n's process: the node's rate limiters are per Datatruck address and token, and every sandbox has its own
 * address. A file that finds it dead (a crash in an earlier file) starts another one, so one crash fails one file.
 * Files run one at a time (maxWorkers 1), so two never start it at once.
 */
import * as runtime from '../../../scripts/n8n-runtime.cjs';
import { N8n, runDir, Session } from './n8n.cts';
import { answers, readRecord, stopRecorded, writeRecord, type SharedRecord } from './sharedRecord.cjs';

let starts = 0;

export async function sharedSession(): Promise<Session> {
	const dir = runDir();
	const known = readRecord(dir);
	if (known && (await answers(known.url))) return borrowed(known);
	if (known) await stopRecorded(dir, 5000); // whatever is left of it
	const n8n = await N8n.create(`shared-${process.pid}-${++starts}`);
	const own = await n8n.start();
	const record = { pid: own.proc.pid, url: own.url, cookie: own.cookie, logFile: own.proc.logFile };
	writeRecord(dir, record);
	return borrowed(record);
}

/** A session on the shared n8n whose stop() leaves it running for the next file. */
function borrowed(record: SharedRecord): Session {
	const proc: runtime.RunningN8n = { pid: record.pid, url: record.url, logFile: record.logFile, stop: async () => null, exited: () => null };
	return new Session(proc, record.cookie);
}
