'use strict';
/** Once per UI run, after the last file: stop the n8n the files shared (sharedInstance.cts), if one was started. */
const path = require('path');
const runtime = require('../../../scripts/n8n-runtime.cjs');
const { stopRecorded } = require('../../e2e/lib/sharedRecord.cjs');

module.exports = async function globalTeardown() {
	await stopRecorded(path.join(runtime.WORK_DIR, process.env.DATATRUCK_UI_RUN || 'ui'));
};
