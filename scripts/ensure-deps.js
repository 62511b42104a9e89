'use strict';
/**
 * Run before `gulp …` by the npm scripts so that `npm start` works straight after a clone.
 * `npm install --ignore-scripts` rather than `npm ci`: a preinstall in eslint-plugin-n8n-nodes-base insists on
 * pnpm, isolated-vm cannot compile on this Node, and the registry here lacks some optional platform packages that
 * make `npm ci` reject the lock file (see the shared toolchain notes).
 */
const fs = require('fs');
const path = require('path');
const { spawnSync } = require('child_process');

const root = path.resolve(__dirname, '..');
const needed = ['n8n-node', 'jest', 'gulp', 'ts-node'].map((b) => path.join(root, 'node_modules', '.bin', b));
const missing = needed.filter((f) => !fs.existsSync(f));

if (missing.length > 0) {
	console.error(`[ensure-deps] missing ${missing.map((f) => path.basename(f)).join(', ')}: running npm install`);
	const r = spawnSync('npm', ['install', '--ignore-scripts', '--no-audit', '--no-fund'], {
		cwd: root,
		stdio: 'inherit',
	});
	if (r.status !== 0) process.exit(r.status || 1);
}
