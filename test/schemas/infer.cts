/**
 * Infers a JSON Schema (draft-07) from the items a node really returned, in the shape of n8n's own
 * `__schema__` files: `type` (a list of types where a field was seen with several, `"null"` among
 * them for a nullable text, number or flag), `properties` for objects, `items` for arrays, and no
 * `required` list (Datatruck's records are sparse: a field present on one record may be missing on
 * the next).
 *
 * One exception, for n8n's editor: an object or a list that is sometimes `null` (a load's `trip`
 * before it is dispatched, a stop's `location`) is typed `"object"`/`"array"` alone. n8n 2.41's schema
 * preview opens an object only when its `type` is exactly "object" (useDataSchema's
 * getSchemaForJsonSchema); with `["object", "null"]` it would offer `trip` but none of `trip.driver__full_name`,
 * `trip.truck__unit_number`, … for mapping. n8n's own schema harvester drops `null` the same way.
 * `NULLABLE_CONTAINERS` lists where this happens; the schema test accepts `null` there.
 */

export type JsonSchema = {
	$schema?: string;
	type?: string | string[];
	properties?: Record<string, JsonSchema>;
	items?: JsonSchema;
};

export const DRAFT_07 = 'http://json-schema.org/draft-07/schema#';

/** What was seen at one place of the output, across every sample. */
interface Shape {
	types: Set<string>;
	properties: Map<string, Shape>;
	items?: Shape;
}

const emptyShape = (): Shape => ({ types: new Set(), properties: new Map() });

function typeOf(value: unknown): string {
	if (value === null) return 'null';
	if (Array.isArray(value)) return 'array';
	const type = typeof value;
	if (type === 'string' || type === 'number' || type === 'boolean' || type === 'object') return type;
	throw new Error(`cannot describe a ${type} in JSON Schema: outputs must be JSON`);
}

function observe(shape: Shape, value: unknown): void {
	const type = typeOf(value);
	shape.types.add(type);
	if (type === 'object') {
		for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
			if (!shape.properties.has(key)) shape.properties.set(key, emptyShape());
			observe(shape.properties.get(key)!, child);
		}
	} else if (type === 'array') {
		shape.items ??= emptyShape();
		for (const element of value as unknown[]) observe(shape.items, element);
	}
}

/**
 * Types in a stable order with `null` last: n8n's editor shows a field as its first type (so a nullable
 * text shows as text), and only opens an object or a list whose `type` is exactly "object"/"array".
 */
const typeOrder = (a: string, b: string) => Number(a === 'null') - Number(b === 'null') || a.localeCompare(b);

function toSchema(shape: Shape): JsonSchema {
	const types = [...shape.types].sort(typeOrder);
	const schema: JsonSchema = {};
	// Seen only as null (or never, as an always-empty list's items): its type is unknown, so any value
	// (as n8n's own schema harvester does); "null" alone would wrongly say it is never filled.
	if (types.length === 0 || (types.length === 1 && types[0] === 'null')) return schema;
	const container = shape.types.has('object') || shape.types.has('array');
	const declared = container ? types.filter((type) => type !== 'null') : types;
	schema.type = declared.length === 1 ? declared[0] : declared;
	if (shape.types.has('object')) {
		schema.properties = Object.fromEntries(
			[...shape.properties.keys()].sort().map((key) => [key, toSchema(shape.properties.get(key)!)]),
		);
	}
	if (shape.types.has('array')) schema.items = shape.items && shape.items.types.size > 0 ? toSchema(shape.items) : {};
	return schema;
}

/** The schema of a list of output items (their `json`), as one item of them. */
export function inferSchema(samples: unknown[]): JsonSchema {
	if (samples.length === 0) throw new Error('cannot infer a schema from no output at all');
	if (!samples.every((sample) => typeOf(sample) === 'object')) throw new Error('an output item must be an object');
	const shape = emptyShape();
	// What n8n stores and the editor sees is the JSON text of an item.
	for (const sample of samples) observe(shape, JSON.parse(JSON.stringify(sample)));
	return { $schema: DRAFT_07, ...toSchema(shape) };
}

/** Places whose type the samples did not show (only ever null, or always-empty lists' items). */
export function untypedPaths(schema: JsonSchema, path = ''): string[] {
	if (schema.type === undefined) return [path || '(root)'];
	const inner = Object.entries(schema.properties ?? {}).flatMap(([key, child]) =>
		untypedPaths(child, path ? `${path}.${key}` : key),
	);
	return schema.items ? [...inner, ...untypedPaths(schema.items, `${path}[]`)] : inner;
}

/** Objects and lists that were seen as `null` too, though their schema says only object or list. */
export function nullableContainerPaths(samples: unknown[]): string[] {
	const found = new Set<string>();
	const visit = (value: unknown, path: string, seen: Map<string, Set<string>>) => {
		const types = seen.get(path) ?? new Set<string>();
		types.add(typeOf(value));
		seen.set(path, types);
		if (Array.isArray(value)) value.forEach((element) => visit(element, `${path}[]`, seen));
		else if (value && typeof value === 'object') {
			for (const [key, child] of Object.entries(value)) visit(child, path ? `${path}.${key}` : key, seen);
		}
	};
	const seen = new Map<string, Set<string>>();
	for (const sample of samples) visit(JSON.parse(JSON.stringify(sample)), '', seen);
	for (const [path, types] of seen) if (types.has('null') && (types.has('object') || types.has('array'))) found.add(path);
	return [...found].sort();
}
