/**
 * n8n verifies a community package (for n8n Cloud and the "verified" badge) with @n8n/scan-community-package.
 * Its lint, run from the published scanner (test/package/scan.mjs), must find nothing in our sources
 * (package.json, nodes/, credentials/) nor in the packed tarball. `eslint-disable` comments do not count:
 * the scanner ignores them.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { packPackage, ROOT, type Packed } from './pack.cts';

interface Leg {
	passed: boolean;
	message?: string;
	details?: string;
}

interface ScanResult {
	sourcePatterns: string[];
	distPatterns: string[];
	source: Leg;
	dist: Leg;
}

const SCANNER = '@n8n/scan-community-package';

function scan(sourceDir: string, packageDir: string): ScanResult {
	// Not jest's NODE_ENV=test: eslint-plugin-n8n-nodes-base then takes every file for a trigger node.
	const env = { ...process.env };
	delete env.NODE_ENV;
	const run = spawnSync(process.execPath, [join(__dirname, 'scan.mjs'), sourceDir, packageDir], {
		cwd: ROOT,
		encoding: 'utf8',
		// Bounds a hang only: the scanner's lint of sources and tarball took over 120 s once on CI's 2 busy cores.
		timeout: 300_000,
		env,
	});
	if (run.status !== 0) {
		const hint = /Cannot find (package|module) '@n8n\/scan-community-package/.test(run.stderr)
			? `\n${SCANNER} is not installed: it is a devDependency, run \`npm install --ignore-scripts\``
			: '';
		throw new Error(`test/package/scan.mjs failed (exit ${run.status}):\n${run.stderr}${hint}`);
	}
	return JSON.parse(run.stdout) as ScanResult;
}

function explain(leg: Leg): string {
	return leg.passed ? 'passed' : `${leg.message ?? ''}\n${leg.details ?? ''}`;
}

describe(`the lint of n8n's verification scanner (${SCANNER})`, () => {
	let packed: Packed;
	let result: ScanResult;

	beforeAll(() => {
		packed = packPackage();
		result = scan(ROOT, packed.dir);
	});

	afterAll(() => packed?.cleanup());

	test('scans the same targets as a verification: the sources and the tarball', () => {
		expect(result.sourcePatterns).toEqual(['package.json', '{nodes,credentials}/**/*.{js,ts,json}']);
		expect(result.distPatterns).toEqual(['**/*.js', 'package.json']);
		// analyzePackage passes an empty target with this message: ours are not empty.
		expect(result.source.message).not.toBe('No files found to analyze');
		expect(result.dist.message).not.toBe('No files found to analyze');
	});

	test('finds nothing in package.json, nodes/ and credentials/', () => {
		expect(explain(result.source)).toBe('passed');
	});

	test('finds nothing in the packed tarball (compiled JavaScript and package.json)', () => {
		expect(explain(result.dist)).toBe('passed');
	});

	test('does report what it is meant to catch, eslint-disable comments or not (control)', () => {
		const dir = mkdtempSync(join(tmpdir(), 'datatruck-scan-control-'));
		try {
			mkdirSync(join(dir, 'nodes', 'Bad'), { recursive: true });
			mkdirSync(join(dir, 'dist'));
			writeFileSync(
				join(dir, 'package.json'),
				JSON.stringify({
					name: 'n8n-nodes-control',
					version: '0.1.0',
					description: 'A package that breaks the verification rules on purpose',
					license: 'MIT',
					keywords: ['n8n-community-node-package'],
					author: { name: 'Control', email: 'control@example.com' },
					homepage: 'https://example.com',
					files: ['dist'],
					n8n: { n8nNodesApiVersion: 1, nodes: ['dist/bad.js'], credentials: [] },
					dependencies: { axios: '1.0.0' },
					peerDependencies: { 'n8n-workflow': '*', lodash: '*' },
				}),
			);
			writeFileSync(
				join(dir, 'nodes', 'Bad', 'Bad.node.ts'),
				[
					'/* eslint-disable */',
					'export async function f(): Promise<void> {',
					'\ttry {',
					'\t\tawait Promise.resolve();',
					'\t} catch (error) {',
					'\t\tthrow error; // eslint-disable-line',
					'\t}',
					'}',
				].join('\n'),
			);
			writeFileSync(join(dir, 'dist', 'bad.js'), '"use strict";\nconst fs = require("fs");\nsetTimeout(() => fs, 1);\n');

			const control = scan(dir, dir);
			expect(control.source.passed).toBe(false);
			expect(control.dist.passed).toBe(false);
			for (const rule of [
				'no-runtime-dependencies',
				'valid-peer-dependencies',
				'require-node-api-error',
			]) {
				expect(control.source.details).toContain(`@n8n/community-nodes/${rule}`);
			}
			for (const rule of ['no-restricted-imports', 'no-restricted-globals', 'no-runtime-dependencies']) {
				expect(control.dist.details).toContain(`@n8n/community-nodes/${rule}`);
			}
		} finally {
			rmSync(dir, { recursive: true, force: true });
		}
	});
});
