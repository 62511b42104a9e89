'use strict';
/**
 * Once per e2e run: make sure the pinned n8n runtime exists, then build and pack the package, so every test
 * installs exactly the tarball a user would get from npm.
 *
 * Each run gets its own folder `<runtime.WORK_DIR>/e2e/run-<pid>` (outside the repository: see scripts/n8n-runtime.cjs), handed to the tests in DATATRUCK_E2E_RUN_DIR, so two runs
 * on one machine (a developer's and CI's, or the bench's) never wipe each other's n8n user folders. Folders of
 * runs whose process is gone are removed here; the last run's stay for reading its n8n logs.
 */
const fs = require('fs');
const path = require('path');
const runtime = require('../../../scripts/n8n-runtime.cjs');
const { buildAndPack } = require('../../../scripts/pack.cjs');

const E2E_DIR = path.join(runtime.WORK_DIR, 'e2e');

module.exports = async function globalSetup() {
	runtime.ensureRuntime();
	fs.mkdirSync(E2E_DIR, { recursive: true });
	for (const name of fs.readdirSync(E2E_DIR)) {
		const pid = Number((/^run-(\d+)$/.exec(name) || [])[1]);
		if (!pid || !runtime.pidAlive(pid)) fs.rmSync(path.join(E2E_DIR, name), { recursive: true, force: true });
	}
	const runDir = path.join(E2E_DIR, `run-${process.pid}`);
	fs.mkdirSync(runDir, { recursive: true });
	// scripts/e2e-lines.cjs builds and packs once for the runs it starts side by side (two builds at once
	// would clobber each other's dist/).
	const tarball = process.env.DATATRUCK_E2E_TARBALL || buildAndPack(path.join(runDir, 'pack'));
	fs.writeFileSync(path.join(runDir, 'run.json'), JSON.stringify({ tarball }));
	process.env.DATATRUCK_E2E_RUN_DIR = runDir;
};
