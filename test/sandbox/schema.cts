/**
 * Field schemas: a runtime description of each served record, used to resolve Django-style ORM
 * paths (`trip__driver__full_name`, `stops__location__city`) for `filter` and `ordering`, and to
 * compare values by their real type (decimal strings numerically, date-times chronologically).
 * `SchemaOf<T>` makes the compiler check that a schema names exactly the fields of its record type.
 */

export type ScalarKind = 'int' | 'float' | 'decimal' | 'string' | 'datetime' | 'date' | 'bool';
export type FieldSchema = ScalarKind | ObjectSchema | readonly [FieldSchema];
export interface ObjectSchema {
	readonly [key: string]: FieldSchema;
}

type KindFor<V> = V extends string
	? 'string' | 'decimal' | 'datetime' | 'date'
	: V extends number
		? 'int' | 'float'
		: V extends boolean
			? 'bool'
			: never;
type SchemaFor<V> = V extends readonly (infer E)[]
	? readonly [SchemaFor<E>]
	: V extends object
		? SchemaOf<V>
		: KindFor<V>;
export type SchemaOf<T> = { readonly [K in keyof T]-?: SchemaFor<NonNullable<T[K]>> };

export interface PathStep {
	key: string;
	/** The value under `key` is an array whose elements the rest of the path applies to. */
	intoArray: boolean;
}

export interface ResolvedPath {
	column: string;
	steps: PathStep[];
	/** Scalar kind at the end of the path, or 'object' when the path names a nested object. */
	leaf: ScalarKind | 'object';
	crossesArray: boolean;
}

const isScalar = (schema: FieldSchema): schema is ScalarKind => typeof schema === 'string';
const isArraySchema = (schema: FieldSchema): schema is readonly [FieldSchema] => Array.isArray(schema);

/**
 * Resolves `column` against `schema`, or returns undefined for an unknown path. At each level the
 * longest run of segments that is itself a key wins, because several API fields contain `__`
 * literally (`customer__company_name`, `trip.driver__full_name`, `settlement.settlement__status`).
 */
export function resolvePath(schema: ObjectSchema, column: string): ResolvedPath | undefined {
	const segments = column.split('__');
	if (segments.some((s) => s === '')) return undefined;
	const steps: PathStep[] = [];
	let current: FieldSchema = schema;
	let index = 0;
	while (index < segments.length) {
		if (isScalar(current) || isArraySchema(current)) return undefined;
		const objectSchema: ObjectSchema = current;
		let matchedEnd = -1;
		for (let end = segments.length; end > index; end--) {
			if (Object.prototype.hasOwnProperty.call(objectSchema, segments.slice(index, end).join('__'))) {
				matchedEnd = end;
				break;
			}
		}
		if (matchedEnd < 0) return undefined;
		const key = segments.slice(index, matchedEnd).join('__');
		const child: FieldSchema = objectSchema[key];
		const intoArray = isArraySchema(child);
		steps.push({ key, intoArray });
		current = intoArray ? child[0] : child;
		index = matchedEnd;
	}
	if (isArraySchema(current)) return undefined; // arrays of arrays do not occur in the API
	return {
		column,
		steps,
		leaf: isScalar(current) ? current : 'object',
		crossesArray: steps.some((s) => s.intoArray),
	};
}

/**
 * Every value reached by `path` in `record`. Crossing an array yields one value per element; a null
 * object or an empty array on the way yields a single null, as a SQL LEFT JOIN would.
 */
export function valuesAt(record: unknown, path: ResolvedPath): unknown[] {
	let current: unknown[] = [record];
	for (const step of path.steps) {
		const next: unknown[] = [];
		for (const value of current) {
			if (value === null || typeof value !== 'object') {
				next.push(null);
				continue;
			}
			const child = (value as Record<string, unknown>)[step.key];
			if (!step.intoArray) next.push(child === undefined ? null : child);
			else if (Array.isArray(child) && child.length > 0) next.push(...(child as unknown[]));
			else next.push(null);
		}
		current = next;
	}
	return current;
}

/** A stored scalar as a value that compares by its real type; null stays null. */
export type Comparable = number | string | boolean | null;

export function toComparable(kind: ScalarKind, raw: unknown): Comparable {
	if (raw === null || raw === undefined) return null;
	switch (kind) {
		case 'int':
		case 'float':
		case 'decimal':
			return Number(raw);
		case 'datetime':
			return Date.parse(String(raw));
		case 'date':
			return Date.parse(`${String(raw).slice(0, 10)}T00:00:00Z`);
		case 'bool':
			return Boolean(raw);
		case 'string':
			return String(raw);
	}
}

/** Picks the schema's keys from a record: projects a stored record onto a served shape. */
export function project<T>(record: T, schema: ObjectSchema): Partial<T> {
	const out: Record<string, unknown> = {};
	for (const key of Object.keys(schema)) out[key] = (record as Record<string, unknown>)[key];
	return out as Partial<T>;
}
