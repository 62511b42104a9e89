/**
 * Figure 6: the package as npm ships it. Runtime dependencies, the size of the `npm pack` tarball,
 * and what loading it costs n8n: `n8n start` until ready with vs. without the package (medians of
 * alternating starts on warmed user folders), and n8n-core's PackageDirectoryLoader time for the
 * package as a share of n8n's startup.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import * as runtime from '../../scripts/n8n-runtime.cjs';
import { fmtBytes, fmtRatio, median, say, writeResult, type FigureResult } from '../lib/common.cts';
import { benchN8n, tarballFromEnv } from '../lib/n8n.cts';

const ROOT = resolve(__dirname, '../..');
const PAIRS = Number(process.env.BENCH_FIG6_PAIRS ?? 2);

function tarballContents(tarball: string) {
	const listing = execFileSync('tar', ['-tzvf', tarball], { encoding: 'utf8' }).trim().split('\n');
	let unpacked = 0;
	const stray = { files: 0, bytes: 0, folders: new Set<string>(), paths: [] as string[] };
	for (const line of listing) {
		const parts = line.split(/\s+/);
		const size = Number(parts[2]);
		if (Number.isFinite(size)) unpacked += size;
		// What a user needs: the built nodes, credentials and icons, the manifest, licence and readme.
		const file = parts[parts.length - 1].replace(/^package\//, '');
		if (!/^(dist\/(nodes|credentials|icons)\/|package\.json$|LICENSE|README)/.test(file)) {
			stray.files++;
			stray.bytes += Number.isFinite(size) ? size : 0;
			stray.folders.add(file.split('/').slice(0, 2).join('/'));
			stray.paths.push(`package/${file}`);
		}
	}
	const manifest = JSON.parse(execFileSync('tar', ['-xzOf', tarball, 'package/package.json'], { encoding: 'utf8' })) as {
		dependencies?: Record<string, string>;
		peerDependencies?: Record<string, string>;
	};
	return { files: listing.length, unpacked, manifest, stray: { files: stray.files, bytes: stray.bytes, folders: [...stray.folders], paths: stray.paths } };
}

/** The size the tarball would have without the files a user does not need (re-packed with gzip, as npm does). */
function sizeWithout(tarball: string, paths: string[]): number {
	const dir = mkdtempSync(join(tmpdir(), 'bench-pack-'));
	try {
		execFileSync('tar', ['-xzf', tarball, '-C', dir]);
		for (const path of paths) rmSync(join(dir, path), { force: true });
		const slim = join(dir, 'slim.tgz');
		execFileSync('tar', ['-czf', slim, '-C', dir, 'package']);
		return statSync(slim).size;
	} finally {
		rmSync(dir, { recursive: true, force: true });
	}
}

/** Milliseconds from spawning `n8n start` to /healthz/readiness answering 200. */
async function startupMs(n8n: Awaited<ReturnType<typeof benchN8n>>): Promise<number> {
	const t0 = Date.now();
	const proc = await runtime.startN8n(n8n.env, { newPortsIfTaken: true });
	const ms = Date.now() - t0;
	await proc.stop();
	return ms;
}

async function main(): Promise<void> {
	const tarball = tarballFromEnv();
	const size = statSync(tarball).size;
	const { files, unpacked, manifest, stray } = tarballContents(tarball);
	const slimSize = stray.files ? sizeWithout(tarball, stray.paths) : size;
	const repoManifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { dependencies?: Record<string, string> };
	const deps = Object.keys(manifest.dependencies ?? {});
	const missing: string[] = [];

	say('figure 6: n8n startup with and without the package');
	const without = await benchN8n('startup-without');
	const withPkg = await benchN8n('startup-with', tarball);
	const times = { without: [] as number[], with: [] as number[] };
	let loader: { requireN8nCoreMs: number; loadPackageMs: number; nodes: string[]; credentials: string[] } | undefined;
	try {
		// The first start of a user folder creates its database; not measured.
		await startupMs(without);
		await startupMs(withPkg);
		for (let pair = 0; pair < PAIRS; pair++) {
			const order = pair % 2 ? (['with', 'without'] as const) : (['without', 'with'] as const);
			for (const which of order) {
				say(`figure 6: n8n start ${which} the package (${pair + 1} of ${PAIRS})`);
				times[which].push(await startupMs(which === 'with' ? withPkg : without));
			}
		}
		const packageDir = join(withPkg.userFolder, '.n8n', 'nodes', 'node_modules', 'n8n-nodes-datatruck');
		const r = spawnSync(runtime.paths.node, [join(ROOT, 'bench', 'n8nLoader.js'), join(runtime.paths.root, 'n8n', 'node_modules'), packageDir], {
			encoding: 'utf8',
			env: { ...withPkg.env, N8N_LOG_LEVEL: 'silent' },
		});
		if (r.status === 0) loader = JSON.parse(r.stdout.trim().split('\n').pop() ?? '{}');
		else missing.push(`n8n-core's loader could not be run on the package: ${(r.stderr || String(r.error)).slice(0, 300)}`);
	} catch (error) {
		missing.push(`n8n startup could not be measured: ${(error as Error).message.split('\n')[0]}`);
	}

	const medWith = times.with.length ? median(times.with) : NaN;
	const medWithout = times.without.length ? median(times.without) : NaN;
	const spread = times.without.length ? (Math.max(...times.without) - Math.min(...times.without)) / medWithout : NaN;
	const result: FigureResult = {
		figure: '6',
		headline: `${deps.length} runtime dependencies; tarball ${fmtBytes(size)}${stray.files ? ` (${fmtBytes(slimSize)} without the ${stray.files} stray files of ${stray.folders.join(', ')})` : ''}; n8n start with ÷ without it ${fmtRatio(medWith / medWithout)} (run-to-run noise ±${fmtRatio(spread / 2)}); loading it = ${loader ? fmtRatio(loader.loadPackageMs / medWithout) : '—'} of n8n's startup`,
		title: 'The package: dependencies, tarball, load time in n8n',
		columns: ['Measure', 'Value'],
		rows: [
			['Runtime dependencies (packed package.json)', `${deps.length}${deps.length ? ` (${deps.join(', ')})` : ''}; peer: ${Object.keys(manifest.peerDependencies ?? {}).join(', ') || 'none'}`],
			['`npm pack` tarball', `${fmtBytes(size)} (${files} files, ${fmtBytes(unpacked)} unpacked)`],
			[
				'…of which not nodes, credentials, icons, manifest, licence or readme',
				stray.files ? `${stray.files} files, ${fmtBytes(stray.bytes)} unpacked (${stray.folders.join(', ')})` : 'none',
			],
			...(stray.files ? [['Tarball without them', fmtBytes(slimSize)]] : []),
			['n8n start until ready: with ÷ without the package', `${fmtRatio(medWith / medWithout)} (medians of ${times.with.length}; run-to-run spread without it: ±${fmtRatio(spread / 2, 3)})`],
			[
				"n8n-core's PackageDirectoryLoader on the package ÷ n8n's startup",
				loader ? `${fmtRatio(loader.loadPackageMs / medWithout)} (${loader.nodes.length} nodes, ${loader.credentials.length} credential)` : '—',
			],
		],
		notes: [
			...(stray.files
				? [
						`The tarball carries ${stray.files} files a user does not need (${stray.folders.join(', ')}): \`n8n-node build\` copies every png/svg of the project into dist/ — the README's screenshots in docs/ and, on a machine where the UI tests ran, their test-results/ — and \`files: ["dist"]\` publishes them.`,
					]
				: []),
			`Runtime dependencies in the repository's package.json: ${Object.keys(repoManifest.dependencies ?? {}).length}. n8n-workflow is a peer dependency that n8n itself provides.`,
			`n8n ${runtime.VERSIONS.n8n} on Node ${runtime.VERSIONS.node}; the package unpacked where n8n's community-node installer puts it. Each start ends when /healthz/readiness answers 200; the first start of each user folder (database creation) is not counted; with and without alternate.`,
			'The loader time is measured in a fresh Node 24 process after n8n-core is loaded, with n8n\'s module paths, so it is the package\'s own cost (reading its package.json and codex files, compiling and running its modules).',
		],
		missing,
		raw: { size, slimSize, files, unpacked, stray, deps, times, loader },
	};
	writeResult(result);
}

main().catch((error) => {
	console.error(error);
	process.exit(1);
});
