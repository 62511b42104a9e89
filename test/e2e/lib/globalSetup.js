'use strict';
/**
 * Once per e2e run: make sure the pinned n8n runtime exists, then build and pack the package, so every test
 * installs exactly the tarball a user would get from npm. The tarball path is handed to the tests through a file
 * (jest globals set here are not visible in test files).
 */
const fs = require('fs');
const path = require('path');
const runtime = require('../../../scripts/n8n-runtime');
const { buildAndPack } = require('../../../scripts/pack');

const RUN_DIR = path.resolve(__dirname, '../../../.cache/e2e');

module.exports = async function globalSetup() {
	runtime.ensureRuntime();
	fs.rmSync(RUN_DIR, { recursive: true, force: true });
	fs.mkdirSync(RUN_DIR, { recursive: true });
	const tarball = buildAndPack(path.join(RUN_DIR, 'pack'));
	fs.writeFileSync(path.join(RUN_DIR, 'run.json'), JSON.stringify({ tarball }));
};
