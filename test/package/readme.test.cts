/**
 * The README is what n8n links to from the node panel and the credential dialog, and what a carrier
 * reads on npm before installing: it must stay short (n8n's community-node outline, at most 15 KB), list
 * what the nodes really do, and send everything deeper to one page per topic under docs/. Every relative
 * link of the README, CONTRIBUTING.md and docs/*.md must reach a file, and every #anchor a heading of it;
 * the links in the codex files and the credential must land on sections that exist.
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import type { INodeProperties, INodeTypeDescription } from 'n8n-workflow';
import { DatatruckApi } from '../../credentials/DatatruckApi.credentials';
import { Datatruck } from '../../nodes/Datatruck/Datatruck.node';
import { DatatruckTrigger } from '../../nodes/DatatruckTrigger/DatatruckTrigger.node';
import { readRootManifest, ROOT } from './pack.cts';

const README_PATH = join(ROOT, 'README.md');
const README = readFileSync(README_PATH, 'utf8');
const DOCS = join(ROOT, 'docs');
/** The pages under docs/, each linked from the README. */
const DOC_PAGES = readdirSync(DOCS).filter((name) => name.endsWith('.md')).sort();
/** The README's limit: what npm and n8n's panel show should be read in a minute or two. */
const MAX_README_BYTES = 15 * 1024;
/** n8n's community-node README outline, in order, after the opening (what it is). */
const OUTLINE = [
	'Installation',
	'Operations',
	'Credentials',
	'Datatruck Trigger',
	'Compatibility',
	'Usage',
	'Resources',
	'Version history',
	'Development',
];

function read(path: string): string {
	return readFileSync(path, 'utf8');
}

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

/** The body of a `## Title` section of `markdown` (the README when omitted), up to the next `## ` heading. */
function section(title: string, markdown = README): string {
	const start = markdown.search(new RegExp(`^## ${title}\\s*$`, 'm'));
	if (start < 0) throw new Error(`no "## ${title}" section`);
	const rest = markdown.slice(start + 3);
	const end = rest.search(/^## /m);
	return end < 0 ? rest : rest.slice(0, end);
}

/** Markdown without its fenced code blocks and inline code, where brackets are not links. */
function prose(markdown: string): string {
	return markdown.replace(/```[\s\S]*?```/g, '').replace(/`[^`\n]*`/g, '``');
}

interface Link {
	/** The file the link is in, relative to the repository. */
	from: string;
	target: string;
	/** The file the link reaches, absolute; the linking file itself for `#anchor`. */
	file: string;
	anchor?: string;
}

/** The relative links and images of a Markdown file (web addresses and mailto: left out). */
function relativeLinks(path: string, markdown = read(path)): Link[] {
	const from = relative(ROOT, path);
	return [...prose(markdown).matchAll(/\]\(\s*<?([^)\s>]*)>?(?:\s+"[^"]*")?\s*\)/g)]
		.map(([, target]) => target)
		.filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target))
		.map((target) => {
			const [pathPart, anchor] = target.split('#', 2);
			const file = pathPart ? resolve(dirname(path), decodeURIComponent(pathPart)) : path;
			return { from, target, file, anchor: anchor || undefined };
		});
}

/** The links whose file does not exist, as "from: target". */
function missingFiles(links: Link[]): string[] {
	return links.filter((link) => !existsSync(link.file)).map((link) => `${link.from}: ${link.target}`);
}

/** The links whose #anchor is not a heading of the Markdown file they reach, as "from: target". */
function brokenAnchors(links: Link[]): string[] {
	return links
		.filter((link) => link.anchor !== undefined)
		.filter((link) => !link.file.endsWith('.md') || !existsSync(link.file) || !anchors(read(link.file)).has(link.anchor as string))
		.map((link) => `${link.from}: ${link.target}`);
}

/** The rows of the first table in `markdown` whose header starts with `| Event |`, first column, bold and "(default)" dropped. */
function eventRows(markdown: string): string[] {
	const table = /^\|\s*Event\s*\|[\s\S]*?(?=\n\n|\n?$(?![\s\S]))/m.exec(markdown)?.[0] ?? '';
	return [...table.matchAll(/^\|\s*([^|]+?)\s*\|/gm)]
		.map(([, name]) => name.replace(/\*\*/g, '').replace(/\s*\(default\)$/, ''))
		.filter((name) => !/^Event$|^-+$/.test(name));
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
	test(`is at most ${MAX_README_BYTES} bytes`, () => {
		expect(statSync(README_PATH).size).toBeLessThanOrEqual(MAX_README_BYTES);
	});

	test("follows n8n's community-node outline: the opening, then its sections in order and no others", () => {
		const headings = [...prose(README).matchAll(/^## (.+?)\s*$/gm)].map(([, heading]) => heading);
		expect(headings).toEqual(OUTLINE);
		for (const title of OUTLINE) expect(section(title).trim().length).toBeGreaterThan(0);
		const opening = README.slice(0, README.search(/^## /m));
		expect(opening).toMatch(/^# n8n-nodes-datatruck\n/);
		expect(opening).toContain('n8n community node package');
		expect(opening).toContain('**Datatruck**');
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

	test('the trigger section lists every event of the trigger, one row each, and links the whole page', () => {
		const events = optionsOf(trigger.properties.find((p) => p.name === 'event')).map((e) => e.name);
		expect(events.length).toBeGreaterThan(0);
		expect([...eventRows(section('Datatruck Trigger'))].sort()).toEqual([...events].sort());
		expect(section('Datatruck Trigger')).toContain('](docs/trigger.md)');
	});

	test('Usage describes every example workflow and shows a screenshot', () => {
		const examples = readdirSync(join(ROOT, 'examples')).filter((f) => f.endsWith('.json'));
		expect(examples.length).toBeGreaterThan(0);
		for (const file of examples) expect(section('Usage')).toContain(`(examples/${file})`);
		// The package exists for work orders from a mailbox: Usage shows that example first, with its screenshot.
		expect(section('Usage').match(/\(examples\/([^)]+\.json)\)/g)?.[0]).toBe('(examples/create-work-order-from-mailbox.json)');
		expect(section('Usage')).toContain('](docs/screenshots/mailbox-example.png)');
		const shots = [...section('Usage').matchAll(/!\[[^\]]+\]\((docs\/screenshots\/[^)]+\.png)\)/g)].map(([, path]) => path);
		expect(shots.length).toBeGreaterThan(0);
		for (const shot of shots) expect(existsSync(join(ROOT, shot))).toBe(true);
	});

	test('Development gives the two commands, and links the development and architecture pages', () => {
		const text = section('Development');
		expect(text).toMatch(/^npm start\s+#/m);
		expect(text).toMatch(/^npm test\s+#/m);
		expect(text).toContain('](docs/development.md)');
		expect(text).toContain('](docs/architecture.md)');
	});

	test('Version history and the CHANGELOG have the package version', () => {
		const { version } = readRootManifest();
		expect(section('Version history')).toContain(version);
		expect(readFileSync(join(ROOT, 'CHANGELOG.md'), 'utf8')).toContain(`## ${version}`);
	});

	test('links every page under docs/', () => {
		expect(DOC_PAGES.length).toBeGreaterThan(1);
		const linked = new Set(relativeLinks(README_PATH).map((link) => relative(ROOT, link.file)));
		expect(DOC_PAGES.filter((page) => !linked.has(`docs/${page}`))).toEqual([]);
	});
});

describe('the pages under docs/ and CONTRIBUTING.md', () => {
	const NEW_PAGES = DOC_PAGES.filter((page) => page !== 'api-contract.md');

	test.each(NEW_PAGES)('docs/%s opens with a link back to the README, then its title', (page) => {
		expect(read(join(DOCS, page))).toMatch(/^\[← Back to the README\]\(\.\.\/README\.md\)\n\n# \S/);
	});

	test('docs/trigger.md lists every event of the trigger, one row each', () => {
		const events = optionsOf(trigger.properties.find((p) => p.name === 'event')).map((e) => e.name);
		expect([...eventRows(section('Events', read(join(DOCS, 'trigger.md'))))].sort()).toEqual([...events].sort());
	});

	test('docs/assumptions.md lists every row of docs/api-contract.md, linked to it', () => {
		const contract = read(join(DOCS, 'api-contract.md'));
		const ids = [...contract.matchAll(/^\|\s*(A\d+)\s*\|/gm)].map(([, id]) => id);
		expect(ids.length).toBeGreaterThan(0);
		const text = read(join(DOCS, 'assumptions.md'));
		const listed = [...text.matchAll(/^\|\s*\[(A\d+)\]\(api-contract\.md#[^)]+\)\s*\|/gm)].map(([, id]) => id);
		expect(listed).toEqual(ids);
	});

	test('the targets decided for lists (issue 12) and queue mode (issue 15) are stated, and 0.9 is not the target', () => {
		const rates = read(join(DOCS, 'rate-limits-and-queue-mode.md'));
		const lists = read(join(DOCS, 'lists-while-datatruck-changes.md'));
		for (const page of [rates, lists, README]) expect(page).toMatch(/3 waves/);
		expect(rates).toMatch(/≥ 0\.85 of the token's bound in every run/);
		expect(rates).toMatch(/≤ 5 % of(?: the)? requests answered 429/);
		expect(rates).toMatch(/0 failed\s+executions/);
		expect(rates).toContain('0.91–0.92');
		for (const page of [README, ...DOC_PAGES.map((name) => read(join(DOCS, name)))]) {
			expect(page).not.toMatch(/target[^.]{0,40}≥ 0\.9\b/);
		}
	});
});

describe('relative links of README.md, CONTRIBUTING.md and docs/*.md', () => {
	const FILES = [README_PATH, join(ROOT, 'CONTRIBUTING.md'), ...DOC_PAGES.map((page) => join(DOCS, page))];
	const LINKS = FILES.flatMap((file) => relativeLinks(file));

	test('there are links to check in every file but docs/api-contract.md (kept as it was, with none)', () => {
		for (const file of FILES.filter((path) => !path.endsWith('api-contract.md'))) {
			expect(LINKS.some((link) => link.from === relative(ROOT, file))).toBe(true);
		}
	});

	test('every link reaches a file or folder that exists', () => {
		expect(missingFiles(LINKS)).toEqual([]);
	});

	test('every #anchor is a heading of the file it points into', () => {
		expect(brokenAnchors(LINKS)).toEqual([]);
	});

	test('the checks can fail: a missing page, a missing heading and a file that is not Markdown are found', () => {
		const page = [
			'[fine](../README.md#credentials) [fine too](#the-map) ![shot](screenshots/node-panel.png) [web](https://n8n.io/#x)',
			'[gone](no-such-page.md) [moved](../README.md#rate-limits-and-reliability) [here](#no-such-heading)',
			'[not markdown](../package.json#name) `[in code](nowhere.md)`',
			'```',
			'[in a fence](nowhere.md)',
			'```',
		].join('\n');
		const links = relativeLinks(join(DOCS, 'architecture.md'), page);
		expect(links.map((link) => link.target)).toEqual([
			'../README.md#credentials',
			'#the-map',
			'screenshots/node-panel.png',
			'no-such-page.md',
			'../README.md#rate-limits-and-reliability',
			'#no-such-heading',
			'../package.json#name',
		]);
		expect(missingFiles(links)).toEqual(['docs/architecture.md: no-such-page.md']);
		expect(brokenAnchors(links)).toEqual([
			'docs/architecture.md: ../README.md#rate-limits-and-reliability',
			'docs/architecture.md: #no-such-heading',
			'docs/architecture.md: ../package.json#name',
		]);
	});
});

describe('codex files and the credential link to sections that exist', () => {
	const base = repoWebUrl();

	/** A documentation link: the README on GitHub (`…?tab=readme-ov-file#anchor`) or a page in the repository (`…/blob/<branch>/docs/x.md#anchor`). */
	function expectDocumentationLink(url: string): string {
		const parsed = new URL(url);
		const page = parsed.pathname === new URL(base).pathname ? 'README.md' : /^\/[^/]+\/[^/]+\/blob\/[^/]+\/(.+\.md)$/.exec(parsed.pathname)?.[1];
		expect(`${parsed.origin}${parsed.pathname}`.startsWith(base)).toBe(true);
		expect(page).toBeDefined();
		expect(existsSync(join(ROOT, page as string))).toBe(true);
		expect(anchors(read(join(ROOT, page as string)))).toContain(parsed.hash.slice(1));
		return read(join(ROOT, page as string));
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
		for (const link of Object.values(codex.resources).flat()) expectDocumentationLink(link.url);
	});

	test('the credential documentationUrl opens the section on creating a Datatruck token', () => {
		const url = new DatatruckApi().documentationUrl;
		const page = expectDocumentationLink(url);
		const heading = [...page.matchAll(/^#{1,3} (.+)$/gm)].find(([, h]) => anchors(`## ${h}`).has(new URL(url).hash.slice(1)));
		expect(heading?.[1]).toMatch(/token/i);
	});
});
