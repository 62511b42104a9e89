/**
 * Where a list read's requests went: the sandbox's request log grouped by the form of each query (the ordering,
 * the filter's columns and operators without their values, page_size, whether a page number was sent). Figure 1
 * prints it for the spec-only profile, where a cost above the minimum has to be explained from the log itself.
 */
import type { RequestLogEntry } from '../../test/sandbox/index.cts';

export interface QueryForm {
	form: string;
	requests: number;
	/** Answers by status, e.g. {200: 199, 400: 1}. */
	statuses: Record<number, number>;
	/** The page numbers sent in this form, lowest and highest (none when no `page` was sent). */
	pages?: { from: number; to: number };
	/** The longest request line (`GET <target> HTTP/1.1`) of this form, in bytes. */
	longestLine: number;
}

const single = (value: string | string[] | undefined): string | undefined => (Array.isArray(value) ? value[value.length - 1] : value);

/** A filter's terms as `column operator`, an array value as its length (`id exclude_in [40 ids]`). */
function filterForm(raw: string | undefined): string {
	if (raw === undefined) return 'no filter';
	try {
		const terms = JSON.parse(raw) as Array<{ column?: unknown; contains?: unknown; value?: unknown }>;
		if (!Array.isArray(terms)) return 'filter (not an array)';
		return `filter ${terms
			.map((t) => `${String(t.column)} ${String(t.contains)}${Array.isArray(t.value) ? ` [${t.value.length} values]` : ''}`)
			.join(' & ')}`;
	} catch {
		return 'filter (not JSON)';
	}
}

function formOf(entry: RequestLogEntry): string {
	const ordering = single(entry.query.ordering);
	const pageSize = single(entry.query.page_size);
	return [
		ordering === undefined ? 'no ordering' : `ordering ${ordering}`,
		filterForm(single(entry.query.filter)),
		pageSize === undefined ? 'no page_size' : `page_size ${pageSize}`,
		entry.query.page === undefined ? 'no page number' : 'page N',
	].join(', ');
}

const lineBytes = (entry: RequestLogEntry): number => Buffer.byteLength(`${entry.method} ${entry.rawUrl} HTTP/1.1`);

/** The matching requests grouped by form, in the order each form was first sent. */
export function queryForms(log: RequestLogEntry[], match: (entry: RequestLogEntry) => boolean): QueryForm[] {
	const forms = new Map<string, QueryForm>();
	for (const entry of log.filter(match)) {
		const form = formOf(entry);
		const seen = forms.get(form) ?? { form, requests: 0, statuses: {}, longestLine: 0 };
		seen.requests++;
		seen.statuses[entry.status] = (seen.statuses[entry.status] ?? 0) + 1;
		seen.longestLine = Math.max(seen.longestLine, lineBytes(entry));
		const page = Number(single(entry.query.page));
		if (Number.isFinite(page) && entry.query.page !== undefined) {
			seen.pages = seen.pages ? { from: Math.min(seen.pages.from, page), to: Math.max(seen.pages.to, page) } : { from: page, to: page };
		}
		forms.set(form, seen);
	}
	return [...forms.values()];
}

/** One line per form: `12 × ordering -load_pay, … (pages 2–13; 200: 12; line ≤ 312 B)`. */
export function describeForms(forms: QueryForm[]): string {
	return forms
		.map((f) => {
			const statuses = Object.entries(f.statuses)
				.map(([status, n]) => `${status}: ${n}`)
				.join(', ');
			const pages = f.pages ? `pages ${f.pages.from}${f.pages.to !== f.pages.from ? `–${f.pages.to}` : ''}; ` : '';
			return `${f.requests} × ${f.form} (${pages}${statuses}; request line ≤ ${f.longestLine} B)`;
		})
		.join('; ');
}
