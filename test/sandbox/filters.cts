/**
 * The `filter` and `ordering` engine shared by the loads, drivers and work-order lists
 * (spec "GET /orders/" and docs/api-contract.md "Filter semantics").
 */
import { DAY_MS, parseIsoDateOrDateTime, toIsoDate } from './dates.cts';
import { badRequest, isPlainObject } from './http.cts';
import { Comparable, ObjectSchema, ResolvedPath, ScalarKind, resolvePath, toComparable, valuesAt } from './schema.cts';

export type RecordPredicate = (record: unknown) => boolean;
/** Tests the values a column path reaches in one record (several when the path crosses an array). */
type ValuesMatcher = (values: unknown[]) => boolean;

interface FilterTerm {
	path: ResolvedPath;
	value: unknown;
	/** Names the term in error messages, e.g. `filter[1] (column "load_pay", operator "between")`. */
	where: string;
	now: () => Date;
}

interface Operator {
	/** Field kinds the operator applies to; undefined = any scalar. */
	kinds?: readonly ScalarKind[];
	/** The operator also applies to a path that names a nested object (only `isnull` does). */
	acceptsObject?: boolean;
	compile(term: FilterTerm): ValuesMatcher;
}

const NUMERIC_KINDS: readonly ScalarKind[] = ['int', 'float', 'decimal'];
const TEMPORAL_KINDS: readonly ScalarKind[] = ['datetime', 'date'];
const NUMBER_TEXT = /^\s*-?\d+(\.\d+)?\s*$/;

function fail(term: FilterTerm, problem: string): never {
	throw badRequest(`Invalid filter: ${term.where}: ${problem}`);
}

function leafKind(term: FilterTerm): ScalarKind {
	if (term.path.leaf === 'object') fail(term, 'the column names a nested object; name one of its fields');
	return term.path.leaf;
}

function parseNumber(term: FilterTerm, raw: unknown, label = 'value'): number {
	if (typeof raw === 'number' && Number.isFinite(raw)) return raw;
	if (typeof raw === 'string' && NUMBER_TEXT.test(raw)) return Number(raw);
	return fail(term, `${label} must be a number (a numeric string such as "1500.00"), got ${JSON.stringify(raw)}`);
}

/** Epoch ms of an ISO date or date-time; a date alone means its midnight UTC, as Django reads it. */
function parseInstant(term: FilterTerm, raw: unknown, label = 'value'): number {
	const parsed = typeof raw === 'string' ? parseIsoDateOrDateTime(raw.trim()) : NaN;
	if (Number.isNaN(parsed)) {
		return fail(term, `${label} must be an ISO 8601 date-time such as "2024-05-01T00:00:00Z", got ${JSON.stringify(raw)}`);
	}
	return parsed;
}

/** A filter value for a temporal column, truncated to its date when the column holds plain dates. */
function parseTemporal(term: FilterTerm, raw: unknown, label?: string): number {
	const instant = parseInstant(term, raw, label);
	return leafKind(term) === 'date' ? Math.floor(instant / DAY_MS) * DAY_MS : instant;
}

function parseBoolean(term: FilterTerm, raw: unknown): boolean {
	if (typeof raw === 'boolean') return raw;
	if (typeof raw === 'string' && /^(true|false)$/i.test(raw.trim())) return raw.trim().toLowerCase() === 'true';
	return fail(term, `value must be true or false (boolean or the strings "true"/"false"), got ${JSON.stringify(raw)}`);
}

/** A value for exact comparison (`is`, `is_in` elements), typed like the column. */
function parseExact(term: FilterTerm, raw: unknown): Comparable {
	if (raw === null) return null;
	const kind = leafKind(term);
	switch (kind) {
		case 'bool':
			return parseBoolean(term, raw);
		case 'int':
		case 'float':
		case 'decimal':
			return parseNumber(term, raw);
		case 'datetime':
		case 'date':
			return parseTemporal(term, raw);
		case 'string':
			if (typeof raw === 'string' || typeof raw === 'number') return String(raw);
			return fail(term, `value must be a string, got ${JSON.stringify(raw)}`);
	}
}

function parsePair(term: FilterTerm, example: string): [unknown, unknown] {
	const parts = typeof term.value === 'string' ? term.value.split(',') : [];
	if (parts.length !== 2) fail(term, `value must be two values separated by a comma, e.g. "${example}", got ${JSON.stringify(term.value)}`);
	return [parts[0].trim(), parts[1].trim()];
}

function checkOrder(term: FilterTerm, low: number, high: number): void {
	if (low > high) fail(term, `the first bound must not exceed the second, got ${JSON.stringify(term.value)}`);
}

function parseList(term: FilterTerm): Comparable[] {
	if (!Array.isArray(term.value) || term.value.length === 0) {
		fail(term, `value must be a non-empty JSON array, got ${JSON.stringify(term.value)}`);
	}
	return term.value.map((item) => parseExact(term, item));
}

/** Matches when any reached value is non-null and satisfies `test` (nulls never compare). */
function anyValue(term: FilterTerm, test: (value: Comparable) => boolean): ValuesMatcher {
	const kind = leafKind(term);
	return (values) => values.some((v) => v !== null && test(toComparable(kind, v)));
}

function matchesExact(term: FilterTerm, target: Comparable): ValuesMatcher {
	return target === null ? (values) => values.includes(null) : anyValue(term, (v) => v === target);
}

const negate =
	(operator: Operator): Operator => ({
		...operator,
		compile: (term) => {
			const positive = operator.compile(term);
			return (values) => !positive(values);
		},
	});

const IS: Operator = { compile: (term) => matchesExact(term, parseExact(term, term.value)) };
const IS_IN: Operator = {
	compile: (term) => {
		const targets = parseList(term);
		// A set, as a database looks values up in an index: a check read leaves out up to 600 ids.
		const wanted = new Set<Comparable>(targets.filter((target) => target !== null));
		const kind = leafKind(term);
		const wantsNull = wanted.size < targets.length;
		return (values) => values.some((v) => (v === null ? wantsNull : wanted.has(toComparable(kind, v))));
	},
};

const OPERATORS: Record<string, Operator> = {
	is: IS,
	is_not: negate(IS),
	exclude: negate(IS),
	is_in: IS_IN,
	is_not_in: negate(IS_IN),
	exclude_in: negate(IS_IN),
	contains: {
		compile: (term) => {
			if (typeof term.value !== 'string' && typeof term.value !== 'number') {
				fail(term, `value must be a string, got ${JSON.stringify(term.value)}`);
			}
			const needle = String(term.value).toLowerCase();
			return (values) => values.some((v) => v !== null && String(v).toLowerCase().includes(needle));
		},
	},
	before: {
		kinds: TEMPORAL_KINDS,
		compile: (term) => {
			const limit = parseTemporal(term, term.value);
			return anyValue(term, (v) => (v as number) <= limit);
		},
	},
	after: {
		kinds: TEMPORAL_KINDS,
		compile: (term) => {
			const limit = parseTemporal(term, term.value);
			return anyValue(term, (v) => (v as number) >= limit);
		},
	},
	greater_than: {
		kinds: NUMERIC_KINDS,
		compile: (term) => {
			const limit = parseNumber(term, term.value);
			return anyValue(term, (v) => (v as number) >= limit);
		},
	},
	less_than: {
		kinds: NUMERIC_KINDS,
		compile: (term) => {
			const limit = parseNumber(term, term.value);
			return anyValue(term, (v) => (v as number) <= limit);
		},
	},
	between: {
		kinds: NUMERIC_KINDS,
		compile: (term) => {
			const [a, b] = parsePair(term, '100,200');
			const low = parseNumber(term, a, 'the first bound');
			const high = parseNumber(term, b, 'the second bound');
			checkOrder(term, low, high);
			return anyValue(term, (v) => (v as number) >= low && (v as number) <= high);
		},
	},
	between_datetime: {
		kinds: TEMPORAL_KINDS,
		compile: (term) => {
			const [a, b] = parsePair(term, '2024-05-01T00:00:00Z,2024-05-31T23:59:59Z');
			const low = parseTemporal(term, a, 'the first bound');
			const high = parseTemporal(term, b, 'the second bound');
			checkOrder(term, low, high);
			return anyValue(term, (v) => (v as number) >= low && (v as number) <= high);
		},
	},
	isnull: {
		acceptsObject: true,
		compile: (term) => {
			const wantNull = parseBoolean(term, term.value);
			return (values) => values.some((v) => (v === null) === wantNull);
		},
	},
	today: {
		kinds: TEMPORAL_KINDS,
		compile: (term) => {
			const kind = leafKind(term);
			return (values) => {
				const today = toIsoDate(term.now());
				return values.some((v) => v !== null && toIsoDate(toComparable(kind, v) as number) === today);
			};
		},
	},
};

export const FILTER_OPERATORS: readonly string[] = Object.keys(OPERATORS);

function compileTerm(raw: unknown, index: number, schema: ObjectSchema, now: () => Date): RecordPredicate {
	const at = `filter[${index}]`;
	if (!isPlainObject(raw)) throw badRequest(`Invalid filter: ${at} must be an object with keys column, value and contains.`);
	for (const key of ['column', 'value', 'contains']) {
		if (!(key in raw)) throw badRequest(`Invalid filter: ${at} is missing the key "${key}".`);
	}
	const { column, contains: operatorName, value } = raw;
	if (typeof column !== 'string' || column === '') throw badRequest(`Invalid filter: ${at}.column must be a non-empty string.`);
	if (typeof operatorName !== 'string' || !Object.prototype.hasOwnProperty.call(OPERATORS, operatorName)) {
		throw badRequest(
			`Invalid filter: ${at}.contains ${JSON.stringify(operatorName)} is not an operator; use one of ${FILTER_OPERATORS.join(', ')}.`,
		);
	}
	const path = resolvePath(schema, column);
	if (!path) throw badRequest(`Invalid filter: ${at}.column "${column}" is not a field of this list.`);
	const operator = OPERATORS[operatorName];
	const term: FilterTerm = { path, value, now, where: `${at} (column "${column}", operator "${operatorName}")` };
	if (path.leaf === 'object' && !operator.acceptsObject) leafKind(term);
	if (operator.kinds && path.leaf !== 'object' && !operator.kinds.includes(path.leaf)) {
		fail(term, `the operator applies to ${operator.kinds.join(' or ')} columns, and this column holds ${path.leaf} values`);
	}
	const matcher = operator.compile(term);
	return (record) => matcher(valuesAt(record, path));
}

/** Compiles the `filter` query parameter; absent or blank means "everything". All terms must hold. */
export function compileFilter(raw: string | null, schema: ObjectSchema, now: () => Date): RecordPredicate {
	if (raw === null || raw.trim() === '') return () => true;
	let parsed: unknown;
	try {
		parsed = JSON.parse(raw);
	} catch (error) {
		throw badRequest(`Invalid filter: not valid JSON (${(error as Error).message}).`);
	}
	if (!Array.isArray(parsed)) throw badRequest('Invalid filter: must be a JSON array of {column, value, contains} objects.');
	const predicates = parsed.map((term, index) => compileTerm(term, index, schema, now));
	return (record) => predicates.every((p) => p(record));
}

/**
 * Text collates as PostgreSQL's usual `en_US.UTF-8` does (A33): alphabetically, upper and lower case
 * side by side (`booked`, `cancelled`, …, `In Progress`), not by code unit (`In Progress` first).
 * Strings the collation calls equal are then told apart by code unit, like a deterministic collation.
 */
const TEXT_COLLATION = new Intl.Collator('en');

/** PostgreSQL sorts NULL above every value: last when ascending, first when descending. */
function compareComparable(a: Comparable, b: Comparable): number {
	if (a === b) return 0;
	if (a === null) return 1;
	if (b === null) return -1;
	if (typeof a === 'string' && typeof b === 'string') {
		const order = TEXT_COLLATION.compare(a, b);
		if (order !== 0) return order;
	}
	return a < b ? -1 : a > b ? 1 : 0;
}

export type RecordSorter = <T extends { id: number }>(records: readonly T[]) => T[];

/**
 * Compiles the `ordering` parameter (comma-separated ORM paths, `-` for descending; blank means
 * `defaultOrdering`) into a sorter. Ties are broken by id in the direction of the first term, so
 * `-created_datetime` pages exactly like the loads' default `-created_datetime,-id`.
 */
export function compileOrdering(raw: string | null, schema: ObjectSchema, defaultOrdering: string): RecordSorter {
	const text = raw === null || raw.trim() === '' ? defaultOrdering : raw;
	const terms = text.split(',').map((part) => {
		const term = part.trim();
		const descending = term.startsWith('-');
		const column = descending ? term.slice(1) : term;
		const path = column === '' ? undefined : resolvePath(schema, column);
		if (!path || path.leaf === 'object') throw badRequest(`Invalid ordering: "${term}" is not a field of this list.`);
		if (path.crossesArray) throw badRequest(`Invalid ordering: "${term}" crosses a list of values and cannot order results.`);
		const kind = path.leaf;
		return { sign: descending ? -1 : 1, read: (record: unknown) => toComparable(kind, valuesAt(record, path)[0]) };
	});
	const tieBreakSign = terms[0].sign;
	return (records) =>
		// Each record's sort keys are read once, not on every comparison.
		records
			.map((record) => ({ record, keys: terms.map((term) => term.read(record)) }))
			.sort((a, b) => {
				for (let i = 0; i < terms.length; i++) {
					const order = compareComparable(a.keys[i], b.keys[i]);
					if (order !== 0) return terms[i].sign * order;
				}
				return tieBreakSign * (a.record.id - b.record.id);
			})
			.map(({ record }) => record);
}

/** Filters then sorts; returns a new array. */
export function queryRecords<T extends { id: number }>(
	records: readonly T[],
	query: { filter: string | null; ordering: string | null },
	options: { schema: ObjectSchema; defaultOrdering: string; now: () => Date },
): T[] {
	const predicate = compileFilter(query.filter, options.schema, options.now);
	const sort = compileOrdering(query.ordering, options.schema, options.defaultOrdering);
	return sort(records.filter(predicate));
}
