/**
 * What `npm publish` would upload: exactly what n8n loads (compiled nodes and credential, codex JSON, output schemas,
 * icons), the README, the licence and package.json, and nothing of the tests, the sandbox, the sources or
 * the build's leftovers. The tarball must work on its own: n8n installs it with no dependency but the
 * n8n-workflow it provides itself.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, symlinkSync } from 'node:fs';
import { join, posix } from 'node:path';
import { SANDBOX_TOKEN } from '../sandbox/index.cts';
import { shippedSchemaFiles } from '../schemas/build.cts';
import { listFiles, packPackage, readRootManifest, ROOT, type Packed } from './pack.cts';

/** Everything allowed in the tarball; anything else is a stray file. */
const SHIPPABLE: RegExp[] = [
	/^package\.json$/,
	/^README\.md$/,
	/^LICENSE\.md$/,
	/^CHANGELOG\.md$/,
	/^dist\/(nodes|credentials)\/.+\.js$/,
	/^dist\/nodes\/.+\.node\.json$/,
	// Icons only: the build also copies any other picture of the repository (screenshots) into dist/.
	/^dist\/(icons|nodes|credentials)\/.+\.(svg|png)$/,
	/^dist\/.+\/__schema__\/.+\.json$/,
];

/** Never in the tarball, whatever the allowlist above comes to say. */
const FORBIDDEN: RegExp[] = [
	/(^|\/)test(s)?\//,
	/sandbox/i,
	/(^|\/)bench\//,
	/\.map$/,
	/\.tsbuildinfo$/,
	/\.ts$/,
	/(^|\/)\.env/,
	/(^|\/)\.npmrc$/,
	/^dist\/package\.json$/,
	/(^|\/)examples\//,
];

interface LoadReport {
	nodes: Array<{
		path: string;
		className: string;
		found: boolean;
		name?: string;
		icon?: unknown;
		credentials?: string[];
		usableAsTool?: boolean;
		polling?: boolean;
	}>;
	credentials: Array<{ path: string; className: string; found: boolean; name?: string; icon?: unknown; documentationUrl?: string }>;
	bareRequests: string[];
}

/**
 * Loads every node and credential that package.json's `n8n` field names, from the unpacked tarball, in a
 * plain Node process (no jest, no ts-node), with only n8n-workflow installed beside it, and records every
 * non-relative module the package's own files ask for.
 */
const LOADER = `
const Module = require('module');
const path = require('path');
const [pkgDir, manifestJson] = process.argv.slice(1);
const n8n = JSON.parse(manifestJson).n8n;
const bare = new Set();
const load = Module._load;
Module._load = function (request, parent, ...rest) {
	const from = parent && parent.filename;
	if (from && from.startsWith(pkgDir + path.sep) && !from.includes(path.sep + 'node_modules' + path.sep)
		&& !request.startsWith('.') && !path.isAbsolute(request)) bare.add(request);
	return load.call(this, request, parent, ...rest);
};
const instantiate = (p, suffix) => {
	const className = path.basename(p).replace(suffix, '');
	const Cls = require(path.join(pkgDir, p))[className];
	return { className, instance: typeof Cls === 'function' ? new Cls() : undefined };
};
const report = {
	nodes: (n8n.nodes || []).map((p) => {
		const { className, instance } = instantiate(p, /\\.node\\.js$/);
		const d = instance && instance.description;
		return d ? { path: p, className, found: true, name: d.name, icon: d.icon,
			credentials: (d.credentials || []).map((c) => c.name), usableAsTool: d.usableAsTool, polling: d.polling }
			: { path: p, className, found: false };
	}),
	credentials: (n8n.credentials || []).map((p) => {
		const { className, instance } = instantiate(p, /\\.credentials\\.js$/);
		return instance ? { path: p, className, found: true, name: instance.name, icon: instance.icon,
			documentationUrl: instance.documentationUrl } : { path: p, className, found: false };
	}),
	bareRequests: [...bare].sort(),
};
process.stdout.write(JSON.stringify(report));
`;

function iconFiles(icon: unknown): string[] {
	if (typeof icon === 'string') return [icon];
	if (icon && typeof icon === 'object') return Object.values(icon as Record<string, string>);
	return [];
}

describe('the npm tarball', () => {
	let packed: Packed;
	let report: LoadReport;

	beforeAll(() => {
		packed = packPackage();
		// n8n provides n8n-workflow to community nodes; nothing else is installed with the package.
		mkdirSync(join(packed.dir, 'node_modules'));
		symlinkSync(join(ROOT, 'node_modules', 'n8n-workflow'), join(packed.dir, 'node_modules', 'n8n-workflow'), 'dir');
		const run = spawnSync(process.execPath, ['-e', LOADER, packed.dir, JSON.stringify(packed.manifest)], {
			cwd: packed.dir,
			encoding: 'utf8',
			env: { PATH: process.env.PATH, N8N_LOG_LEVEL: 'silent' },
		});
		if (run.status !== 0) throw new Error(`loading the packed nodes failed:\n${run.stderr}`);
		report = JSON.parse(run.stdout) as LoadReport;
	});

	afterAll(() => packed?.cleanup());

	test('holds only dist/ (nodes, credentials, codex JSON, icons, output schemas), README.md, LICENSE.md and package.json', () => {
		const stray = packed.files.filter((f) => !SHIPPABLE.some((re) => re.test(f)));
		expect(stray).toEqual([]);
		const forbidden = packed.files.filter((f) => FORBIDDEN.some((re) => re.test(f)));
		expect(forbidden).toEqual([]);
		expect(packed.files).toEqual(expect.arrayContaining(['package.json', 'README.md', 'LICENSE.md']));
		expect(packed.files.filter((f) => f.startsWith('dist/icons/'))).not.toEqual([]);
	});

	test('every path in the n8n field is in the tarball, with a codex file beside each node', () => {
		const n8n = packed.manifest.n8n ?? {};
		expect(n8n.n8nNodesApiVersion).toBe(1);
		expect(n8n.nodes?.length).toBeGreaterThan(0);
		expect(n8n.credentials?.length).toBeGreaterThan(0);
		for (const path of [...(n8n.nodes ?? []), ...(n8n.credentials ?? [])]) {
			expect(packed.files).toContain(path);
		}
		for (const path of n8n.nodes ?? []) {
			expect(packed.files).toContain(path.replace(/\.js$/, '.json'));
		}
	});

	test('every compiled file the package requires is in the tarball', () => {
		const missing: string[] = [];
		for (const file of packed.files.filter((f) => f.endsWith('.js'))) {
			const source = readFileSync(join(packed.dir, file), 'utf8');
			for (const [, request] of source.matchAll(/require\("(\.{1,2}\/[^"]+)"\)/g)) {
				const target = posix.normalize(posix.join(posix.dirname(file), request));
				const candidates = [target, `${target}.js`, `${target}/index.js`];
				if (!candidates.some((c) => packed.files.includes(c))) missing.push(`${file} → ${request}`);
			}
		}
		expect(missing).toEqual([]);
	});

	test('the nodes and the credential load from the tarball with n8n-workflow as their only module', () => {
		for (const entry of [...report.nodes, ...report.credentials]) {
			expect({ path: entry.path, className: entry.className, found: entry.found }).toEqual({
				path: entry.path,
				className: entry.className,
				found: true,
			});
		}
		expect(report.bareRequests.filter((r) => r !== 'n8n-workflow' && !r.startsWith('n8n-workflow/'))).toEqual([]);

		const credentialNames = report.credentials.map((c) => c.name);
		for (const node of report.nodes) {
			expect(node.credentials?.every((name) => credentialNames.includes(name))).toBe(true);
		}
		const actionNode = report.nodes.find((n) => n.name === 'datatruck');
		expect(actionNode?.usableAsTool).toBe(true);
		expect(report.nodes.find((n) => n.name === 'datatruckTrigger')?.polling).toBe(true);
	});

	test('every output schema (__schema__ JSON, copied by n8n-node build) ships beside its node, unchanged', () => {
		const sources = shippedSchemaFiles();
		expect(sources.length).toBeGreaterThan(0);
		const missing = sources.filter((file) => !packed.files.includes(`dist/${file}`));
		expect(missing).toEqual([]);
		for (const file of sources) {
			expect(readFileSync(join(packed.dir, 'dist', file), 'utf8')).toBe(readFileSync(join(ROOT, file), 'utf8'));
		}
		// n8n looks for them in the folder of the compiled node named in package.json's n8n field.
		for (const node of packed.manifest.n8n?.nodes ?? []) {
			const folder = posix.dirname(node);
			expect(packed.files.some((f) => f.startsWith(`${folder}/__schema__/v1.0.0/`))).toBe(true);
		}
	});

	test('every icon the nodes and the credential name is an SVG in the tarball', () => {
		const entries = [...report.nodes, ...report.credentials];
		for (const entry of entries) {
			const icons = iconFiles(entry.icon);
			expect(icons.length).toBeGreaterThan(0);
			for (const icon of icons) {
				expect(icon).toMatch(/^file:.+\.svg$/);
				const path = posix.normalize(posix.join(posix.dirname(entry.path), icon.slice('file:'.length)));
				expect(packed.files).toContain(path);
				const svg = readFileSync(join(packed.dir, path), 'utf8');
				expect(svg).toMatch(/<svg[\s>]/);
				expect(svg).toMatch(/viewBox=/);
			}
		}
	});

	test('package.json: no runtime dependencies, n8n-workflow the only peer dependency, no install scripts', () => {
		const m = packed.manifest;
		expect(m.dependencies ?? {}).toEqual({});
		expect(m.optionalDependencies ?? {}).toEqual({});
		expect(m.bundleDependencies ?? m.bundledDependencies ?? []).toEqual([]);
		expect(Object.keys(m.peerDependencies ?? {})).toEqual(['n8n-workflow']);
		expect(m.overrides).toBeUndefined();
		for (const hook of ['preinstall', 'install', 'postinstall', 'prepare']) {
			expect(m.scripts?.[hook]).toBeUndefined();
		}
		// What npm publishes is the repo's package.json, unchanged.
		expect(m).toEqual(readRootManifest());
	});

	test('package.json: name, keyword, licence, version, engines and links are those of a community package', () => {
		const m = packed.manifest;
		expect(m.name).toMatch(/^(@[a-z0-9-]+\/)?n8n-nodes-[a-z0-9-]+$/);
		expect(m.keywords).toContain('n8n-community-node-package');
		expect(m.license).toBe('MIT');
		expect(m.version).toMatch(/^\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?$/);
		expect(m.description?.length).toBeGreaterThan(20);
		expect(m.engines?.node).toMatch(/^>=\s*\d+(\.\d+){0,2}$/);

		const author = typeof m.author === 'object' ? m.author : undefined;
		expect(author?.name).toBeTruthy();
		expect(author?.email).toMatch(/^[^@\s]+@[^@\s]+\.[^@\s]+$/);

		// repository, homepage (and bugs, if given) name one and the same GitHub repository.
		const repoUrl = typeof m.repository === 'object' ? m.repository.url : m.repository;
		const repo = /github\.com[/:]([^/]+\/[^/.#]+)/.exec(repoUrl ?? '')?.[1];
		expect(repo).toBeTruthy();
		expect(m.homepage).toBe(`https://github.com/${repo}#readme`);
		const bugs = typeof m.bugs === 'object' ? m.bugs.url : m.bugs;
		if (bugs) expect(bugs).toBe(`https://github.com/${repo}/issues`);
	});

	test('the CHANGELOG and the licence match the package', () => {
		const m = packed.manifest;
		const changelog = readFileSync(join(ROOT, 'CHANGELOG.md'), 'utf8');
		expect(changelog).toMatch(new RegExp(`^## \\[?${m.version.replace(/\./g, '\\.')}\\]?`, 'm'));
		const licence = readFileSync(join(packed.dir, 'LICENSE.md'), 'utf8');
		expect(licence).toMatch(/MIT License/);
	});

	test('no secret, token or local path is shipped', () => {
		const leaks: string[] = [];
		const needles: Array<[string, RegExp]> = [
			['the sandbox token', new RegExp(SANDBOX_TOKEN)],
			['a Datatruck-looking token', /\bdtk_[A-Za-z0-9_]{8,}/],
			['an npm token', /\bnpm_[A-Za-z0-9]{30,}/],
			['a private key', /-----BEGIN [A-Z ]*PRIVATE KEY-----/],
			['this checkout’s path', new RegExp(ROOT.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))],
			['an inline source map', /sourceMappingURL=data:/],
		];
		for (const file of packed.files) {
			const text = readFileSync(join(packed.dir, file), 'utf8');
			for (const [what, re] of needles) if (re.test(text)) leaks.push(`${file}: ${what}`);
		}
		expect(leaks).toEqual([]);
	});

	test('the local dist/ holds nothing the node needs that the tarball leaves out', () => {
		// `files` ships dist/nodes, dist/credentials and dist/icons: every compiled .js, codex file and icon
		// there must ship. (n8n-node build also copies every other picture of the repository, such as
		// docs/screenshots, into dist/; those stay out.)
		const local = listFiles(join(ROOT, 'dist'))
			.map((f) => `dist/${f}`)
			.filter((f) => /^dist\/(nodes|credentials|icons)\//.test(f) && /\.(js|json|svg|png)$/.test(f));
		expect(local.filter((f) => !packed.files.includes(f))).toEqual([]);
	});
});
