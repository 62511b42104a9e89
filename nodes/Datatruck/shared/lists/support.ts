import type { Logger } from 'n8n-workflow';

/**
 * What one Datatruck was seen to support, where the specification says "not shown" (docs/assumptions.md).
 *
 * The node starts from its assumptions and checks every answer against the question. When an answer shows that an
 * assumption does not hold (a filter ignored, an ordering refused, a request line too long), the reader records it
 * here and continues with a plan that needs less of Datatruck. The record is kept per credential origin for the life
 * of the process, so the next read starts with the plan that works, and n8n's log says it once per origin.
 */
export interface Finding {
	/** Stable key of what was checked, e.g. `loads.ordering.multi`, `workOrders.filter`, `drivers.filter.id`. */
	key: string;
	/** The assumption it belongs to, e.g. `A22`. */
	assumption: string;
	/** What Datatruck did, in plain words: "ignored the filter on id". */
	seen: string;
	/** What the node does instead: "reads the driver list with page_size=all". */
	instead: string;
}

const notHeld = new Map<string, Map<string, Finding>>();

/** False once this origin was seen not to support `key`; true before anything was seen. */
export function supports(origin: string, key: string): boolean {
	return !notHeld.get(origin)?.has(key);
}

/** Remembers that `key` does not hold on this origin; the first time, says so in n8n's log. */
export function markNotHeld(ctx: { logger?: Logger }, origin: string, finding: Finding): void {
	let findings = notHeld.get(origin);
	if (!findings) notHeld.set(origin, (findings = new Map()));
	if (findings.has(finding.key)) return;
	findings.set(finding.key, finding);
	ctx.logger?.warn(
		`Datatruck at ${origin} differs from assumption ${finding.assumption}: it ${finding.seen}. The node now ${finding.instead}.`,
		{ origin, assumption: finding.assumption, key: finding.key },
	);
}

/** Everything seen not to hold on this origin, oldest first (Check Compatibility reports these). */
export function findingsFor(origin: string): Finding[] {
	return [...(notHeld.get(origin)?.values() ?? [])];
}

/** Records a page of each list holds on each origin, where Datatruck answers another size than asked. */
const pageSizes = new Map<string, number>();

/** The records a page of `list` holds on this origin, once seen to differ from what the node asks. */
export function servedPageSize(origin: string, list: string): number | undefined {
	return pageSizes.get(`${origin} ${list}`);
}

/** Remembers the page size Datatruck answers on this list; the first time, says so in n8n's log. */
export function rememberPageSize(ctx: { logger?: Logger }, origin: string, list: string, size: number): void {
	pageSizes.set(`${origin} ${list}`, size);
	markNotHeld(ctx, origin, {
		key: `${list}.pageSize`,
		assumption: 'A2',
		seen: `answered pages of ${size} records on the ${list} list, whatever page_size asked`,
		instead: `asks for pages of ${size} and reads the list exactly at that size`,
	});
}

/** Forgets every finding: for tests, which start each case from the node's assumptions. */
export function resetSupport(): void {
	notHeld.clear();
	pageSizes.clear();
}
