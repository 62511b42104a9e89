/**
 * The house rules of docs/architecture.md, checked on the source so that they stay true: `nodes/Datatruck/shared/` is
 * grouped by concern, a file reaches another folder only through its entry file, and no module imports itself back
 * through a chain of others.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { ROOT } from './pack.cts';

const SHARED = join(ROOT, 'nodes', 'Datatruck', 'shared');
const CONCERNS = ['documents', 'fields', 'lists', 'pickers', 'transport'];

function sourceFiles(dir: string): string[] {
	return readdirSync(dir).flatMap((name) => {
		const path = join(dir, name);
		if (statSync(path).isDirectory()) return name === '__schema__' ? [] : sourceFiles(path);
		return name.endsWith('.ts') ? [path] : [];
	});
}

const FILES = [...sourceFiles(join(ROOT, 'nodes')), ...sourceFiles(join(ROOT, 'credentials'))];

/** The project files a source file imports (type-only imports included: they bind the design as much). */
function importsOf(file: string): string[] {
	const source = readFileSync(file, 'utf8');
	return [...source.matchAll(/\bfrom\s+'(\.{1,2}\/[^']+)'/g)].map(([, spec]) => {
		const target = resolve(dirname(file), spec);
		return FILES.find((candidate) => candidate === `${target}.ts` || candidate === join(target, 'index.ts')) ?? target;
	});
}

/** The concern folder a file belongs to, or undefined outside `shared/<concern>/`. */
function concernOf(file: string): string | undefined {
	const [folder, ...rest] = relative(SHARED, file).split('/');
	return rest.length > 0 && CONCERNS.includes(folder) ? folder : undefined;
}

describe('nodes/Datatruck/shared layout', () => {
	test('shared/ holds only the routing glue at its top, and one folder per concern', () => {
		const entries = readdirSync(SHARED).sort();
		expect(entries.filter((name) => statSync(join(SHARED, name)).isDirectory())).toEqual(CONCERNS);
		expect(entries.filter((name) => name.endsWith('.ts'))).toEqual(['descriptions.ts', 'equipment.ts', 'route.ts']);
	});

	test.each(CONCERNS)('%s/ opens its entry file with a comment saying what it owns', (folder) => {
		const entry = readFileSync(join(SHARED, folder, 'index.ts'), 'utf8');
		expect(entry).toMatch(/^\/\/ \S.{20,}/);
		expect(entry.split('\n')[0]).toMatch(new RegExp(`^// ${folder[0].toUpperCase()}${folder.slice(1)} owns? `));
	});

	test('no file reaches into another concern folder past its entry file', () => {
		const breaches = FILES.flatMap((file) =>
			importsOf(file)
				.filter((target) => {
					const concern = concernOf(target);
					return concern && concern !== concernOf(file) && !target.endsWith(join(concern, 'index.ts'));
				})
				.map((target) => `${relative(ROOT, file)} → ${relative(ROOT, target)}`),
		);
		expect(breaches).toEqual([]);
	});

	test('no import circle between modules, nor between concern folders', () => {
		const graph = new Map(FILES.map((file) => [file, importsOf(file).filter((target) => FILES.includes(target))]));
		expect(circlesIn(graph).map((circle) => circle.map((file) => relative(SHARED, file)).join(' → '))).toEqual([]);

		const folders = new Map(CONCERNS.map((concern) => [concern, new Set<string>()]));
		for (const [file, targets] of graph) {
			const from = concernOf(file);
			for (const to of targets.map(concernOf)) if (from && to && to !== from) folders.get(from)!.add(to);
		}
		const folderGraph = new Map([...folders].map(([folder, targets]) => [folder, [...targets]]));
		expect(circlesIn(folderGraph).map((circle) => circle.join(' → '))).toEqual([]);
	});
});

/** Every circle a depth-first walk meets, each as the path that closes it. */
function circlesIn(graph: Map<string, string[]>): string[][] {
	const circles: string[][] = [];
	const state = new Map<string, 'open' | 'done'>();
	const walk = (node: string, path: string[]) => {
		if (state.get(node) === 'done') return;
		if (state.get(node) === 'open') {
			circles.push([...path.slice(path.indexOf(node)), node]);
			return;
		}
		state.set(node, 'open');
		for (const next of graph.get(node) ?? []) walk(next, [...path, node]);
		state.set(node, 'done');
	};
	for (const node of graph.keys()) walk(node, []);
	return circles;
}
