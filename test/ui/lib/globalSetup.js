'use strict';
/**
 * Once per UI run: Debian's Chromium (installed with apt-get when missing), the pinned n8n runtime, and the package
 * built and packed as npm would publish it. Everything goes under <WORK_DIR>/ui/ (not <WORK_DIR>/e2e/, which the e2e
 * suite wipes at its own start, so both suites can run side by side); screenshots go to test-results/ui/.
 */
const fs = require('fs');
const path = require('path');
const { ensureChromium } = require('../../../scripts/ensure-chromium');
const runtime = require('../../../scripts/n8n-runtime.cjs');
const { buildAndPack } = require('../../../scripts/pack.cjs');
const { stopRecorded } = require('../../e2e/lib/sharedRecord.cjs');

const ROOT = path.resolve(__dirname, '../../..');
// A run of its own folder when several run side by side (DATATRUCK_UI_RUN, scripts/e2e-lines.cjs).
const RUN_DIR = path.join(runtime.WORK_DIR, process.env.DATATRUCK_UI_RUN || 'ui');
const SHOTS_DIR = path.join(ROOT, 'test-results', 'ui');

module.exports = async function globalSetup() {
	const chromium = ensureChromium();
	runtime.ensureRuntime();
	// An n8n left by a run that was stopped before its teardown, whose folder is about to go.
	await stopRecorded(RUN_DIR, 5000);
	fs.rmSync(RUN_DIR, { recursive: true, force: true });
	// Runs side by side share the pictures' folder: whoever started them emptied it.
	if (!process.env.DATATRUCK_UI_RUN) fs.rmSync(SHOTS_DIR, { recursive: true, force: true });
	fs.mkdirSync(RUN_DIR, { recursive: true });
	fs.mkdirSync(SHOTS_DIR, { recursive: true });
	// Handed over by scripts/e2e-lines.cjs --with-ui, which packed it for the real-n8n suite already.
	const tarball = process.env.DATATRUCK_E2E_TARBALL || buildAndPack(path.join(RUN_DIR, 'pack'));
	fs.writeFileSync(path.join(RUN_DIR, 'run.json'), JSON.stringify({ tarball, chromium }));
};
