'use strict';
/**
 * apt-get for the scripts that install Debian packages the tests need (Chromium, Dovecot, Redis and Postgres).
 * .ci/run starts those installs at once on a fresh machine, so one apt-get finds another holding apt's locks
 * (`/var/lib/apt/lists/lock` during `update`, dpkg's lock during `install`): it is retried until the other is done.
 * Plain CommonJS on Node built-ins, so it runs before anything else.
 */
const { spawnSync } = require('child_process');

const LOCK_WAIT_MS = 10 * 60 * 1000;

/** Runs `apt-get args…`, retried while another apt-get holds its locks; `say` prefixes the caller's log lines. */
function aptGet(args, say) {
	const deadline = Date.now() + LOCK_WAIT_MS;
	for (;;) {
		say(`apt-get ${args.join(' ')}`);
		const r = spawnSync('apt-get', ['-o', 'DPkg::Lock::Timeout=120', ...args], {
			encoding: 'utf8',
			env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
		});
		if (r.error) throw r.error;
		process.stderr.write(r.stdout + r.stderr);
		if (r.status === 0) return;
		if (!/lock/i.test(r.stderr) || Date.now() > deadline) {
			throw new Error(`apt-get ${args.join(' ')} failed with exit code ${r.status}`);
		}
		spawnSync('sleep', ['5']);
	}
}

module.exports = { aptGet };
