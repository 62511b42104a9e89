/**
 * The README is what n8n links to from the node panel and the credential dialog, and what a carrier
 * reads before installing: it must list what the nodes really do, and the links in the codex files
 * and the credential must land on sections that exist.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { INodeProperties, INodeTypeDescription } from 'n8n-workflow';
import { DatatruckApi } from '../../credentials/DatatruckApi.credentials';
import { Datatruck } from '../../nodes/Datatruck/Datatruck.node';
import { DatatruckTrigger } from '../../nodes/DatatruckTrigger/DatatruckTrigger.node';
import { readRootManifest, ROOT } from './pack.cts';

const README = readFileSync(join(ROOT, 'README.md'), 'utf8');

/** The heading anchors GitHub gives a README (github-slugger), with -1, -2 … for repeated headings. */
function anchors(markdown: string): Set<string> {
	const seen = new Map<string, number>();
	const result = new Set<string>();
	for (const [, heading] of markdown.replace(/```[\s\S]*?```/g, '').matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
		const base = heading
			.replace(/`|\*|_(?=\W)|\[|\]\([^)]*\)/g, '')
			.toLowerCase()
			.replace(/[^\p{L}\p{N}\s_-]/gu, '')
			.replace(/\s/g, '-');
		const count = seen.get(base) ?? 0;
		seen.set(base, count + 1);
		result.add(count === 0 ? base : `${base}-${count}`);
	}
	return result;
}

/** The body of a `## Title` section, up to the next `## ` heading. */
function section(title: string): string {
	const start = README.search(new RegExp(`^## ${title}\\s*$`, 'm'));
	if (start < 0) throw new Error(`README has no "## ${title}" section`);
	const rest = README.slice(start + 3);
	const end = rest.search(/^## /m);
	return end < 0 ? rest : rest.slice(0, end);
}

function optionsOf(property: INodeProperties | undefined): Array<{ name: string; value: string }> {
	return ((property?.options ?? []) as Array<{ name: string; value: string }>).map(({ name, value }) => ({ name, value }));
}

function repoWebUrl(): string {
	const repository = readRootManifest().repository;
	const url = typeof repository === 'object' ? repository.url : repository;
	const repo = /github\.com[/:]([^/]+\/[^/.#]+)/.exec(url ?? '')?.[1];
	if (!repo) throw new Error('package.json repository is not a GitHub repository');
	return `https://github.com/${repo}`;
}

const action: INodeTypeDescription = new Datatruck().description;
const trigger: INodeTypeDescription = new DatatruckTrigger().description;

describe('README.md', () => {
	test.each([
		'Installation',
		'Operations',
		'Credentials',
		'Datatruck Trigger',
		'Rate limits and reliability',
		'Compatibility',
		'Usage',
		'Assumptions',
		'Development',
		'Resources',
		'Version history',
	])('has the section "%s"', (title) => {
		expect(section(title).trim().length).toBeGreaterThan(0);
	});

	test('Installation names the package and both ways to install it', () => {
		const text = section('Installation');
		expect(text).toContain('Settings → Community Nodes');
		expect(text).toContain(readRootManifest().name);
		expect(text).toMatch(/npm install n8n-nodes-datatruck/);
	});

	test('Operations lists every operation of every resource, one row each, and nothing else', () => {
		const resources = optionsOf(action.properties.find((p) => p.name === 'resource'));
		const expected: string[] = [];
		for (const resource of resources) {
			const operation = action.properties.find(
				(p) => p.name === 'operation' && p.displayOptions?.show?.resource?.includes(resource.value),
			);
			for (const op of optionsOf(operation)) expected.push(`${resource.name} › ${op.name}`);
		}
		expect(expected.length).toBeGreaterThan(0);

		const rows = [...section('Operations').matchAll(/^\|\s*([^|]+?)\s*\|\s*([^|]+?)\s*\|/gm)]
			.map(([, resource, operation]) => `${resource} › ${operation}`)
			.filter((row) => !/^Resource › Operation$|^-+ › -+$/.test(row));
		expect([...rows].sort()).toEqual([...expected].sort());
		expect(README).toMatch(new RegExp(`\\b${expected.length} operations\\b`));
	});

	test('the trigger section lists every event of the trigger, one row each', () => {
		const events = optionsOf(trigger.properties.find((p) => p.name === 'event')).map((e) => e.name);
		expect(events.length).toBeGreaterThan(0);
		// The first table of the section is the events table.
		const eventsTable = /^\|\s*Event\s*\|[\s\S]*?(?=\n\n)/m.exec(section('Datatruck Trigger'))?.[0] ?? '';
		const rows = [...eventsTable.matchAll(/^\|\s*([^|]+?)\s*\|/gm)]
			.map(([, name]) => name.replace(/\*\*/g, '').replace(/\s*\(default\)$/, ''))
			.filter((name) => !/^Event$|^-+$/.test(name));
		expect([...rows].sort()).toEqual([...events].sort());
	});

	test('Assumptions lists every row of docs/api-contract.md, linked to it', () => {
		const contract = readFileSync(join(ROOT, 'docs', 'api-contract.md'), 'utf8');
		const ids = [...contract.matchAll(/^\|\s*(A\d+)\s*\|/gm)].map(([, id]) => id);
		expect(ids.length).toBeGreaterThan(0);
		const text = section('Assumptions');
		const listed = [...text.matchAll(/^\|\s*\[(A\d+)\]\(docs\/api-contract\.md#[^)]+\)\s*\|/gm)].map(([, id]) => id);
		expect(listed).toEqual(ids);
		for (const [, anchor] of text.matchAll(/\(docs\/api-contract\.md#([^)]+)\)/g)) {
			expect(anchors(contract)).toContain(anchor);
		}
	});

	test('Usage describes every example workflow', () => {
		const examples = readdirSync(join(ROOT, 'examples')).filter((f) => f.endsWith('.json'));
		expect(examples.length).toBeGreaterThan(0);
		for (const file of examples) expect(section('Usage')).toContain(`(examples/${file})`);
	});

	test('Version history and the CHANGELOG have the package version', () => {
		const { version } = readRootManifest();
		expect(section('Version history')).toContain(version);
		expect(readFileSync(join(ROOT, 'CHANGELOG.md'), 'utf8')).toContain(`## ${version}`);
	});

	test('local links point at files that exist', () => {
		const missing = [...README.matchAll(/\]\((?!https?:|#)([^)#]+)(#[^)]*)?\)/g)]
			.map(([, target]) => target)
			.filter((target) => !existsSync(join(ROOT, target)));
		expect(missing).toEqual([]);
		for (const [, anchor] of README.matchAll(/\]\(#([^)]+)\)/g)) expect(anchors(README)).toContain(anchor);
	});
});

describe('codex files and the credential link to the README', () => {
	const readmeAnchors = anchors(README);
	const base = repoWebUrl();

	function expectReadmeLink(url: string): void {
		const parsed = new URL(url);
		expect(`${parsed.origin}${parsed.pathname}`).toBe(base);
		expect(readmeAnchors).toContain(parsed.hash.slice(1));
	}

	test.each([
		['Datatruck', action],
		['DatatruckTrigger', trigger],
	])('%s.node.json: node name, categories and documentation links', (folder, description) => {
		const codex = JSON.parse(readFileSync(join(ROOT, 'nodes', folder, `${folder}.node.json`), 'utf8')) as {
			node: string;
			nodeVersion: string;
			codexVersion: string;
			categories: string[];
			subcategories?: Record<string, string[]>;
			resources: Record<string, Array<{ url: string }>>;
		};
		expect(codex.node).toBe(`${readRootManifest().name}.${description.name}`);
		expect(codex.nodeVersion).toBe('1.0');
		expect(codex.categories.length).toBeGreaterThan(0);
		for (const category of Object.keys(codex.subcategories ?? {})) expect(codex.categories).toContain(category);
		expect(codex.resources.primaryDocumentation?.length).toBeGreaterThan(0);
		expect(codex.resources.credentialDocumentation?.length).toBeGreaterThan(0);
		for (const link of Object.values(codex.resources).flat()) expectReadmeLink(link.url);
	});

	test('the credential documentationUrl opens the section on creating a Datatruck token', () => {
		const url = new DatatruckApi().documentationUrl;
		expectReadmeLink(url);
		const heading = [...README.matchAll(/^#{2,3} (.+)$/gm)].find(([, h]) => anchors(`## ${h}`).has(new URL(url).hash.slice(1)));
		expect(heading?.[1]).toMatch(/token/i);
	});
});
