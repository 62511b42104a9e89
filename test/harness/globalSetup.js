'use strict';
/**
 * A folder for the in-process run's n8n user folders (test/harness/env.cts makes one a jest worker inside it, so that
 * no two workers write n8n-core's config at once), made before the workers start so that they inherit it;
 * globalTeardown.js removes it. Made in the system's temp folder and never removed, a machine that ran the suites for
 * weeks held thousands.
 */
const fs = require('fs');
const os = require('os');
const path = require('path');

module.exports = async function globalSetup() {
	process.env.DATATRUCK_TEST_FOLDERS = fs.mkdtempSync(path.join(os.tmpdir(), 'n8n-datatruck-test-'));
};
