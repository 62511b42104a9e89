'use strict';
/**
 * Refreshes the screenshots the README shows: runs the editor UI suite (which saves its screenshots to the
 * git-ignored test-results/ui/), then copies the chosen ones to docs/screenshots/ under stable names.
 *
 *   node test/ui/screenshots.js              run the UI suite, then copy
 *   node test/ui/screenshots.js --copy-only  copy what the last UI run saved
 *
 * Nothing is copied unless the suite passed and every chosen screenshot exists, so docs/ never mixes pictures of
 * two runs or of a failing one.
 */
const fs = require('fs');
const path = require('path');
const { spawnSync } = require('child_process');

const ROOT = path.resolve(__dirname, '../..');
const FROM = path.join(ROOT, 'test-results', 'ui');
const TO = path.join(ROOT, 'docs', 'screenshots');

/** docs name ← test-results name, in the order the README shows them. */
const CHOSEN = {
	'node-panel.png': 'node-panel.png',
	'load-get-many-filters.png': 'load-get-many-filters.png',
	'execution-success.png': 'execution-success.png',
	'work-order-create.png': 'work-order-tasks.png',
	'work-order-procedures.png': 'work-order-procedures.png',
	'credential-success.png': 'credential-success.png',
	'credential-error.png': 'credential-error.png',
	'trigger-fetch-test-event.png': 'trigger-fetch-test-event.png',
	'schema-preview.png': 'schema-preview-load-get.png',
	'load-get-documents-binary.png': 'load-get-documents-binary.png',
	'driver-picker.png': 'driver-picker.png',
	// The newcomer's Driver › Update and Check Compatibility, on the demo as `npm start` leaves it (issue 42).
	'driver-update-phone.png': 'newcomer-driver-update.png',
	'check-compatibility.png': 'check-compatibility.png',
	'load-picker.png': 'load-picker.png',
	'dispatcher-dropdown.png': 'dispatcher-dropdown.png',
	'mailbox-example.png': 'mailbox-example.png',
	'load-get-many-sort.png': 'load-get-many-sort.png',
	'work-order-create-output.png': 'work-order-create-output.png',
	'driver-create-birth-date.png': 'driver-create-birth-date.png',
	'bad-date-node-error.png': 'bad-date-node-error.png',
};

function main() {
	if (!process.argv.includes('--copy-only')) {
		const jest = path.join(ROOT, 'node_modules', '.bin', 'jest');
		const r = spawnSync(jest, ['-c', 'jest.ui.config.js'], { cwd: ROOT, stdio: 'inherit' });
		if (r.error) throw r.error;
		if (r.status !== 0) {
			console.error(`[screenshots] the UI suite failed (exit ${r.status}): docs/screenshots/ left as it was`);
			process.exit(r.status || 1);
		}
	}
	const missing = Object.values(CHOSEN).filter((name) => !fs.existsSync(path.join(FROM, name)));
	if (missing.length) {
		console.error(`[screenshots] not in ${path.relative(ROOT, FROM)}/: ${missing.join(', ')} (run the UI suite first)`);
		process.exit(1);
	}
	fs.mkdirSync(TO, { recursive: true });
	for (const [docName, shotName] of Object.entries(CHOSEN)) {
		fs.copyFileSync(path.join(FROM, shotName), path.join(TO, docName));
		const kb = Math.round(fs.statSync(path.join(TO, docName)).size / 1024);
		console.log(`[screenshots] docs/screenshots/${docName} (${kb} KB) ← test-results/ui/${shotName}`);
	}
}

main();
