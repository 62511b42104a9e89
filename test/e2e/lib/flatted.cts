/**
 * n8n stores execution data in the `flatted` format (JSON that can hold cycles). Reading it needs only this
 * decoder; flatted itself is not a dependency of this repo. Format: a JSON array, entry 0 is the root; inside
 * objects and arrays every string is the index (as a string) of the real value in the array.
 */
export function parseFlatted(text: string): unknown {
	const table: unknown[] = JSON.parse(text);
	const done = new Map<number, unknown>();
	const resolve = (index: number): unknown => {
		if (done.has(index)) return done.get(index);
		const raw = table[index];
		if (raw === null || typeof raw !== 'object') {
			done.set(index, raw);
			return raw;
		}
		const out: any = Array.isArray(raw) ? [] : {};
		done.set(index, out);
		for (const [k, v] of Object.entries(raw)) out[k] = typeof v === 'string' ? resolve(Number(v)) : v;
		return out;
	};
	return resolve(0);
}
