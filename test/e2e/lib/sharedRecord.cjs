'use strict';
/**
 * Where the run's shared n8n (sharedN8n.cts) is written down, so that a later test file finds it and
 * globalTeardown.js stops it. Plain CommonJS: jest loads the teardown without a transform.
 */
const fs = require('fs');
const path = require('path');
const { httpJson, pidAlive, STOP_GRACE_MS } = require('../../../scripts/n8n-runtime.cjs');

const RECORD = 'shared-n8n.json';

function recordFile(runDir) {
	return path.join(runDir, RECORD);
}

/** `{pid, url, cookie, logFile}` of the shared n8n, or undefined when none was started in this run. */
function readRecord(runDir) {
	const file = recordFile(runDir);
	return fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : undefined;
}

function writeRecord(runDir, record) {
	fs.writeFileSync(recordFile(runDir), JSON.stringify(record));
}

function signalGroup(pid, signal) {
	try {
		process.kill(-pid, signal);
	} catch {
		/* already gone */
	}
}

/** Stops the recorded n8n and its task runner (its process group): SIGTERM, then SIGKILL after `graceMs`. */
async function stopRecorded(runDir, graceMs = STOP_GRACE_MS) {
	const record = readRecord(runDir);
	if (!record) return;
	fs.rmSync(recordFile(runDir), { force: true });
	signalGroup(record.pid, 'SIGTERM');
	const deadline = Date.now() + graceMs;
	while (pidAlive(record.pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
	signalGroup(record.pid, 'SIGKILL');
}

/** Whether the n8n at `url` (a recorded one, maybe gone since) answers its health check. */
async function answers(url) {
	try {
		return (await httpJson('GET', `${url}/healthz`, { timeoutMs: 10000 })).status === 200;
	} catch {
		return false;
	}
}

module.exports = { readRecord, writeRecord, stopRecorded, answers };
