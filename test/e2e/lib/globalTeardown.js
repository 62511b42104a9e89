'use strict';
/** Once per e2e run, after the last file: stop the n8n the files shared (sharedN8n.cts), if one was started. */
const { stopRecorded } = require('./sharedRecord.cjs');

module.exports = async function globalTeardown() {
	const runDir = process.env.DATATRUCK_E2E_RUN_DIR;
	if (runDir) await stopRecorded(runDir);
};
