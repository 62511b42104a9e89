'use strict';
/**
 * Makes sure Debian's Dovecot IMAP server is installed for the mailbox end-to-end test (test/e2e/mailbox.test.cts).
 *
 * The test runs its own dovecot (its own config, ports and maildir in a temp folder, no system service), so only
 * the binary is needed. Installed with apt-get as root, like scripts/ensure-chromium.js; .ci/run starts both at
 * once, so apt-get is retried while the other holds apt's locks (scripts/apt.cjs). The package's postinst may start the system
 * service: it is stopped again, since the test needs none.
 *
 *   node scripts/ensure-imap.js          installs when missing, prints the version
 *   node scripts/ensure-imap.js --check  only says whether it is there (exit 1 when not)
 */
const fs = require('fs');
const { spawnSync } = require('child_process');
const { aptGet } = require('./apt.cjs');

const DOVECOT = '/usr/sbin/dovecot';

function say(msg) {
	process.stderr.write(`[ensure-imap] ${msg}\n`);
}

function version() {
	if (!fs.existsSync(DOVECOT)) return null;
	const r = spawnSync(DOVECOT, ['--version'], { encoding: 'utf8', timeout: 30000 });
	return r.status === 0 ? r.stdout.trim() : null;
}

/** Returns dovecot's version, installing Debian's dovecot-imapd first when needed. */
function ensureImap() {
	const found = version();
	if (found) return found;
	if (process.platform !== 'linux' || !fs.existsSync('/usr/bin/apt-get')) {
		throw new Error(`${DOVECOT} is missing and this is not a Debian machine: install dovecot-imapd`);
	}
	if (typeof process.getuid === 'function' && process.getuid() !== 0) {
		throw new Error(`${DOVECOT} is missing: run "sudo apt-get update && sudo apt-get install -y dovecot-imapd" once`);
	}
	say(`${DOVECOT} is missing: installing Debian's dovecot-imapd`);
	aptGet(['update'], say);
	aptGet(['install', '-y', '--no-install-recommends', 'dovecot-imapd'], say);
	spawnSync('service', ['dovecot', 'stop'], { stdio: 'ignore' });
	const v = version();
	if (!v) throw new Error(`apt-get installed dovecot-imapd but ${DOVECOT} does not run`);
	return v;
}

module.exports = { ensureImap, aptGet, DOVECOT };

if (require.main === module) {
	try {
		if (process.argv.includes('--check')) {
			const v = version();
			say(v ? `dovecot ${v}` : `${DOVECOT} is missing`);
			process.exit(v ? 0 : 1);
		}
		say(`dovecot ${ensureImap()}`);
	} catch (e) {
		say(e.message);
		process.exit(1);
	}
}
