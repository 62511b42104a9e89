/**
 * Packs the package exactly as `npm publish` would upload it (the `dist/` that `npm test` has just built,
 * filtered by package.json's `files`), and unpacks the tarball into a temporary folder.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';

export const ROOT = resolve(__dirname, '..', '..');

export interface PackageJson {
	name: string;
	version: string;
	description?: string;
	license?: string;
	homepage?: string;
	keywords?: string[];
	author?: { name?: string; email?: string; url?: string } | string;
	repository?: { type?: string; url?: string } | string;
	bugs?: { url?: string } | string;
	engines?: Record<string, string>;
	files?: string[];
	scripts?: Record<string, string>;
	dependencies?: Record<string, string>;
	optionalDependencies?: Record<string, string>;
	bundleDependencies?: unknown;
	bundledDependencies?: unknown;
	peerDependencies?: Record<string, string>;
	overrides?: unknown;
	n8n?: { n8nNodesApiVersion?: number; strict?: boolean; nodes?: string[]; credentials?: string[] };
}

export interface Packed {
	/** The .tgz written by `npm pack`. */
	tarball: string;
	/** The unpacked tarball (what n8n's community-node installer puts in node_modules/n8n-nodes-datatruck). */
	dir: string;
	/** Paths inside the package as npm lists them, sorted. */
	files: string[];
	/** The package.json inside the tarball. */
	manifest: PackageJson;
	cleanup(): void;
}

export function readRootManifest(): PackageJson {
	return JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as PackageJson;
}

/** Every file under `dir`, as paths relative to it with forward slashes. */
export function listFiles(dir: string, base = dir): string[] {
	return readdirSync(dir).flatMap((name) => {
		const path = join(dir, name);
		return statSync(path).isDirectory() ? listFiles(path, base) : [relative(base, path).split('\\').join('/')];
	});
}

export function packPackage(): Packed {
	if (!existsSync(join(ROOT, 'dist', 'nodes'))) {
		throw new Error('dist/ is missing: `npm test` builds it before running jest; on its own, run `npm run build` first');
	}
	const work = mkdtempSync(join(tmpdir(), 'datatruck-pack-'));
	// --ignore-scripts: the test checks the build that `npm test` made, and must not start another one.
	const result = spawnSync('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', work], {
		cwd: ROOT,
		encoding: 'utf8',
		stdio: ['ignore', 'pipe', 'pipe'],
	});
	if (result.status !== 0) {
		rmSync(work, { recursive: true, force: true });
		throw new Error(`npm pack failed (exit ${result.status}):\n${result.stderr}`);
	}
	const [info] = JSON.parse(result.stdout.slice(result.stdout.indexOf('['))) as Array<{
		filename: string;
		files: Array<{ path: string }>;
	}>;
	const tarball = join(work, info.filename);
	const unpacked = join(work, 'unpacked');
	mkdirSync(unpacked);
	const tar = spawnSync('tar', ['-xzf', tarball, '-C', unpacked], { encoding: 'utf8' });
	if (tar.status !== 0) throw new Error(`tar failed: ${tar.stderr}`);
	const dir = join(unpacked, 'package');

	const files = info.files.map((f) => f.path).sort();
	const onDisk = listFiles(dir).sort();
	if (JSON.stringify(files) !== JSON.stringify(onDisk)) {
		throw new Error(`npm pack's file list and the tarball differ:\n${files.join('\n')}\n---\n${onDisk.join('\n')}`);
	}
	return {
		tarball,
		dir,
		files,
		manifest: JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as PackageJson,
		cleanup: () => rmSync(work, { recursive: true, force: true }),
	};
}
