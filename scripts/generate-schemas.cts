/**
 * `npm run schemas`: runs every operation of the Datatruck node and every event of the Datatruck
 * Trigger (Simplify on and off) against the sandbox, with the parameters of test/schemas/cases.ts,
 * infers a JSON Schema of what each returned, and writes them under each node's `__schema__/`
 * (n8n's layout; `n8n-node build` copies them into dist/). Old schema files are removed, so a file is
 * never left behind for an operation that is gone. test/package/schemas.test.ts checks the result.
 */
import '../test/harness/env.cts';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { startSandbox } from '../test/sandbox/index.cts';
import { buildSchemaFiles, schemaText, shippedSchemaFiles } from '../test/schemas/build.cts';
import { collectOutputs, SCHEMA_SANDBOX } from '../test/schemas/collect.cts';
import { nullableContainerPaths, untypedPaths } from '../test/schemas/infer.cts';
import { ROOT } from '../test/schemas/targets.cts';

async function main() {
	const sandbox = await startSandbox(SCHEMA_SANDBOX);
	try {
		const files = buildSchemaFiles(await collectOutputs(sandbox));
		for (const file of shippedSchemaFiles()) rmSync(join(ROOT, file));
		for (const { file, schema, from } of files) {
			mkdirSync(dirname(join(ROOT, file)), { recursive: true });
			writeFileSync(join(ROOT, file), schemaText(schema));
			const untyped = untypedPaths(schema);
			console.log(`${file}  (${from.samples.length} items from ${from.cases.length} case(s))`);
			// A case in which Datatruck fills such a field would let the schema say what it holds.
			if (untyped.length > 0) console.log(`  type not seen (only null or empty): ${untyped.join(', ')}`);
			const nullable = nullableContainerPaths(from.samples);
			if (nullable.length > 0) console.log(`  sometimes null, typed object/list for the editor: ${nullable.join(', ')}`);
		}
		console.log(`${files.length} schema files written.`);
	} finally {
		await sandbox.close();
	}
}

main().catch((error: Error) => {
	console.error(error.message);
	process.exitCode = 1;
});
