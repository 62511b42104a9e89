'use strict';
/** Builds the package with n8n-node and packs it the way `npm publish` would ship it (shared by gulp and e2e). */
const fs = require('fs');
const path = require('path');
const { spawnSync } = require('child_process');

const ROOT = path.resolve(__dirname, '..');

/** `npm run build` (n8n-node build) into dist/. */
function build() {
	const b = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit'] });
	if (b.status !== 0) throw new Error(`npm run build failed (exit ${b.status})`);
}

/** Returns the absolute path of the tarball written into `destDir`. */
function buildAndPack(destDir, { build: rebuild = true } = {}) {
	if (rebuild) build();
	fs.mkdirSync(destDir, { recursive: true });
	const r = spawnSync('npm', ['pack', '--json', '--pack-destination', destDir], {
		cwd: ROOT,
		encoding: 'utf8',
		stdio: ['ignore', 'pipe', 'inherit'],
	});
	if (r.status !== 0) throw new Error(`npm pack failed (exit ${r.status})`);
	// npm may print lifecycle noise before the JSON array.
	const [info] = JSON.parse(r.stdout.slice(r.stdout.indexOf('[')));
	return path.join(destDir, info.filename);
}

module.exports = { build, buildAndPack };
