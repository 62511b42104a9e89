/**
 * The output schemas under each node's `__schema__/` (what the editor offers for mapping before a node
 * ran): one for every operation and trigger event (Simplify on and off), none without an operation,
 * and each one true to what the node really returns from the sandbox, checked with ajv.
 */
import Ajv, { type ValidateFunction } from 'ajv';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { useSandbox } from '../harness/sandbox.cts';
import { buildSchemaFiles, schemaText, shippedSchemaFiles, type SchemaFile } from '../schemas/build.cts';
import { collectOutputs, planCases, SCHEMA_SANDBOX } from '../schemas/collect.cts';
import { DRAFT_07, nullableContainerPaths, type JsonSchema } from '../schemas/infer.cts';
import { aliasFiles, ROOT, schemaTargets } from '../schemas/targets.cts';

const REGENERATE = 'run `npm run schemas` and commit the result';
const dt = useSandbox(SCHEMA_SANDBOX);

const readShipped = (file: string) => JSON.parse(readFileSync(join(ROOT, file), 'utf8')) as JsonSchema;

/**
 * The schema as the checks read it: `additionalProperties: false` on every object (an output field it does not
 * name fails), and `null` accepted where it says object or list (the shipped files leave `null` out of those
 * for n8n's editor, see test/schemas/infer.ts).
 */
function closed(schema: JsonSchema): JsonSchema & { additionalProperties?: boolean } {
	const copy: JsonSchema & { additionalProperties?: boolean } = { ...schema };
	if (schema.type === 'object' || schema.type === 'array') copy.type = [schema.type, 'null'];
	if (schema.properties) {
		copy.properties = Object.fromEntries(Object.entries(schema.properties).map(([k, v]) => [k, closed(v)]));
		copy.additionalProperties = false;
	}
	if (schema.items) copy.items = closed(schema.items);
	return copy;
}

describe('output schemas (__schema__)', () => {
	test('every operation and trigger event, Simplify on and off, has a case to generate its schema from', () => {
		expect(() => planCases()).not.toThrow();
		const targets = schemaTargets();
		// 16 operations + 3 Simplify variants (loads: Get, Get Many; work orders: Get Many); 5 events + 4 Simplify variants.
		expect(targets.filter((t) => t.node === 'datatruck')).toHaveLength(19);
		expect(targets.filter((t) => t.node === 'datatruckTrigger')).toHaveLength(9);
	});

	test('a case for an operation the nodes do not have, or a missing case, is an error that says what to do', () => {
		const bogus = { node: 'datatruck', name: 'archive a load', parameters: { resource: 'load', operation: 'archive' } };
		expect(() => planCases([bogus])).toThrow(/no case for datatruck › load\/get[\s\S]*case "archive a load" \(datatruck › load\/archive\) names no operation/);
	});

	test('a schema file ships for every operation and event, and every schema file belongs to one', () => {
		const expected = [...schemaTargets().map((t) => t.file), ...aliasFiles().map((f) => f.file)].sort();
		const shipped = shippedSchemaFiles();
		expect({ missing: expected.filter((f) => !shipped.includes(f)), orphaned: shipped.filter((f) => !expected.includes(f)) }).toEqual({
			missing: [],
			orphaned: [],
		});
	});

	test('each file is an object schema the editor accepts (draft-07, type object, named properties, no required list)', () => {
		for (const file of shippedSchemaFiles()) {
			const schema = readShipped(file) as JsonSchema & { required?: unknown };
			expect({ file, $schema: schema.$schema, type: schema.type, required: schema.required }).toEqual({
				file,
				$schema: DRAFT_07,
				type: 'object',
				required: undefined,
			});
			// n8n's editor drops a preview without properties.
			expect(Object.keys(schema.properties ?? {}).length).toBeGreaterThan(0);
			expect(JSON.stringify(schema)).not.toMatch(/"required"/);
		}
	});

	describe('against what the node returns from the sandbox', () => {
		let files: SchemaFile[];
		const ajv = new Ajv({ allErrors: true, strict: true, allowUnionTypes: true });

		beforeAll(async () => {
			files = buildSchemaFiles(await collectOutputs(dt.sandbox));
		}, 180_000);

		test('every item of every operation and event validates against its shipped schema, with no field the schema lacks', () => {
			const failures: string[] = [];
			for (const { file, from } of files) {
				const validate: ValidateFunction = ajv.compile(closed(readShipped(file)));
				from.samples.forEach((sample, index) => {
					if (!validate(sample)) {
						const errors = (validate.errors ?? []).slice(0, 3).map((e) => `${e.instancePath || '/'} ${e.message} ${JSON.stringify(e.params)}`);
						failures.push(`${file}: item ${index} of "${from.cases.join('", "')}": ${errors.join('; ')}`);
					}
				});
			}
			if (failures.length > 0) throw new Error(`${failures.slice(0, 20).join('\n')}\n(${REGENERATE})`);
		});

		test('the shipped files are exactly what `npm run schemas` makes now (the runs are deterministic)', () => {
			const outdated = files.filter(({ file, schema }) => readFileSync(join(ROOT, file), 'utf8') !== schemaText(schema));
			expect({ outdated: outdated.map((f) => f.file), hint: REGENERATE }).toEqual({ outdated: [], hint: REGENERATE });
		});

		test('the checks can fail: a changed type and an unknown field are refused', () => {
			const { file, from } = files.find((f) => f.file.endsWith('load/get.simplify-true.json'))!;
			const validate = ajv.compile(closed(readShipped(file)));
			expect(validate(from.samples[0])).toBe(true);
			expect(validate({ ...from.samples[0], load_pay: { amount: 1 } })).toBe(false);
			expect(validate({ ...from.samples[0], surprise: 'new field' })).toBe(false);
		});

		test('nullable fields are type lists with null last; objects and lists stay "object"/"array" so the editor opens them', () => {
			const { file, from } = files.find((f) => f.file.endsWith('load/getMany.json'))!;
			const shipped = readShipped(file);
			// Seen both ways in the sandbox's loads: a load not yet dispatched has no trip, no times.
			expect(nullableContainerPaths(from.samples)).toEqual(expect.arrayContaining(['trip']));
			expect(shipped.properties?.trip?.type).toBe('object');
			expect(shipped.properties?.trip?.properties?.driver__full_name?.type).toBe('string');
			expect(shipped.properties?.trip?.properties?.team_driver__full_name?.type).toEqual(['string', 'null']);
			expect(shipped.properties?.pickup_time?.type).toEqual(['string', 'null']);
		});
	});
});
