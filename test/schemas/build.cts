/** The schema files the package ships, computed from collected outputs: what `npm run schemas` writes. */
import { readdirSync, statSync } from 'node:fs';
import { join, posix, relative } from 'node:path';
import type { CollectedOutput } from './collect.cts';
import { inferSchema, type JsonSchema } from './infer.cts';
import { aliasFiles, packageNodes, ROOT } from './targets.cts';

export interface SchemaFile {
	/** Relative to the repository. */
	file: string;
	schema: JsonSchema;
	/** The outputs that must validate against it. */
	from: CollectedOutput;
}

export function buildSchemaFiles(outputs: CollectedOutput[]): SchemaFile[] {
	const files = outputs.map((output) => ({ file: output.target.file, schema: inferSchema(output.samples), from: output }));
	for (const { file, sameAs } of aliasFiles()) {
		const source = files.find((f) => f.file === sameAs.file)!;
		files.push({ file, schema: source.schema, from: source.from });
	}
	return files.sort((a, b) => a.file.localeCompare(b.file));
}

/** The file's text: tabs, as the repository's JSON, and a final newline. */
export const schemaText = (schema: JsonSchema) => `${JSON.stringify(schema, null, '\t')}\n`;

/** Every `__schema__` JSON file now in the nodes' source folders, relative to the repository. */
export function shippedSchemaFiles(): string[] {
	const walk = (dir: string): string[] =>
		readdirSync(dir).flatMap((name) => {
			const path = join(dir, name);
			return statSync(path).isDirectory() ? walk(path) : [path];
		});
	return packageNodes()
		.flatMap((node) => {
			const dir = join(ROOT, node.folder, '__schema__');
			try {
				return walk(dir);
			} catch {
				return [];
			}
		})
		.filter((path) => path.endsWith('.json'))
		.map((path) => relative(ROOT, path).split('\\').join(posix.sep))
		.sort();
}
