'use strict';
/**
 * Makes sure Debian's Chromium is at /usr/bin/chromium for the editor UI tests (test/ui).
 *
 * Playwright cannot download its own browser build here, so the UI suite drives Debian's `chromium` package
 * through playwright-core's `executablePath`. When the binary is missing this installs the package with apt-get
 * (CI runs as root with Debian's packages reachable): `apt-get update` once, then `apt-get install chromium`, retried
 * while the Dovecot install holds apt's locks (scripts/apt.cjs).
 * Plain CommonJS on Node built-ins, so it runs before anything else.
 *
 *   node scripts/ensure-chromium.js          installs when missing, prints the version
 *   node scripts/ensure-chromium.js --check  only says whether it is there (exit 1 when not)
 *
 * CHROMIUM_PATH overrides the binary (a developer's own Chromium or Chrome); nothing is installed then.
 */
const fs = require('fs');
const { spawnSync } = require('child_process');
const { aptGet } = require('./apt.cjs');

const DEFAULT_PATH = '/usr/bin/chromium';

function chromiumPath() {
	return process.env.CHROMIUM_PATH || DEFAULT_PATH;
}

function say(msg) {
	process.stderr.write(`[ensure-chromium] ${msg}\n`);
}

function version(bin) {
	const r = spawnSync(bin, ['--version'], { encoding: 'utf8', timeout: 60000 });
	return r.status === 0 ? r.stdout.trim() : null;
}

/** Returns the path of a working Chromium, installing Debian's package first when needed. */
function ensureChromium() {
	const bin = chromiumPath();
	if (fs.existsSync(bin) && version(bin)) return bin;
	if (process.env.CHROMIUM_PATH) throw new Error(`CHROMIUM_PATH=${bin} does not run`);
	if (process.platform !== 'linux' || !fs.existsSync('/usr/bin/apt-get')) {
		throw new Error(`${bin} is missing and this is not a Debian machine: install Chromium and set CHROMIUM_PATH`);
	}
	if (typeof process.getuid === 'function' && process.getuid() !== 0) {
		throw new Error(`${bin} is missing: run "sudo apt-get update && sudo apt-get install -y chromium" once`);
	}
	say(`${bin} is missing: installing Debian's chromium package (a minute or two)`);
	aptGet(['update'], say);
	aptGet(['install', '-y', '--no-install-recommends', 'chromium', 'fonts-liberation'], say);
	const v = version(bin);
	if (!v) throw new Error(`apt-get installed chromium but ${bin} does not run`);
	return bin;
}

module.exports = { ensureChromium, chromiumPath, DEFAULT_PATH };

if (require.main === module) {
	try {
		if (process.argv.includes('--check')) {
			const bin = chromiumPath();
			const v = fs.existsSync(bin) ? version(bin) : null;
			say(v ? `${bin}: ${v}` : `${bin} is missing`);
			process.exit(v ? 0 : 1);
		}
		const bin = ensureChromium();
		say(`${bin}: ${version(bin)}`);
	} catch (e) {
		say(e.message);
		process.exit(1);
	}
}
