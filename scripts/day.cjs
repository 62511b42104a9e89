'use strict';
/**
 * `npm run day` (a carrier's working day, about 30 minutes) and `npm run day:short` (`--short`: the CI day, at most
 * 3 minutes): test/day/run.cts under ts-node. See docs/carrier-day.md.
 */
const path = require('path');
const { spawn } = require('child_process');

const ROOT = path.resolve(__dirname, '..');
const child = spawn(process.execPath, ['-r', 'ts-node/register', path.join(ROOT, 'test/day/run.cts'), ...process.argv.slice(2)], {
	cwd: ROOT,
	stdio: 'inherit',
	env: {
		...process.env,
		TS_NODE_PROJECT: path.join(ROOT, 'tsconfig.test.json'),
		TS_NODE_TRANSPILE_ONLY: 'true',
		TS_NODE_PREFER_TS_EXTS: 'true',
	},
});
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
