'use strict';
/**
 * Run by the pinned Node 24 (figure 6): loads an installed package with n8n-core's own
 * PackageDirectoryLoader, the class n8n uses for community packages, and prints how long the
 * loading took, as one JSON line. Module resolution is set up as n8n sets it (n8n's node_modules
 * on NODE_PATH), so the package's `require('n8n-workflow')` finds n8n's copy.
 *
 *   node bench/n8nLoader.js <n8n's node_modules> <installed package dir>
 */
const Module = require('module');
const path = require('path');

async function main() {
	const [n8nModules, packageDir] = process.argv.slice(2);
	process.env.NODE_PATH = [n8nModules, process.env.NODE_PATH].filter(Boolean).join(path.delimiter);
	Module._initPaths();
	const t0 = process.hrtime.bigint();
	const { PackageDirectoryLoader } = require(path.join(n8nModules, 'n8n-core'));
	const t1 = process.hrtime.bigint();
	const loader = new PackageDirectoryLoader(packageDir);
	await loader.loadAll();
	const t2 = process.hrtime.bigint();
	process.stdout.write(
		`${JSON.stringify({
			requireN8nCoreMs: Number(t1 - t0) / 1e6,
			loadPackageMs: Number(t2 - t1) / 1e6,
			nodes: Object.keys(loader.nodeTypes),
			credentials: Object.keys(loader.credentialTypes),
		})}\n`,
	);
}

main().catch((error) => {
	console.error(error);
	process.exit(1);
});
