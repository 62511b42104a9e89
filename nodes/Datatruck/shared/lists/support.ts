import type { Logger } from 'n8n-workflow';

/**
 * What one Datatruck was seen to support, where the specification says "not shown" (docs/assumptions.md).
 *
 * The node starts from its assumptions and checks every answer against the question. When an answer shows that an
 * assumption does not hold (a filter ignored, an ordering refused, a request line too long), the reader records it
 * here and continues with a plan that needs less of Datatruck. The record is kept per credential origin, so the next
 * read starts with the plan that works, and n8n's log says it once per origin. A Datatruck release may fix what was
 * seen, and one odd answer should not cost a costlier plan for months: a finding expires after an hour (60 of the
 * credential's rate windows where they are shorter: findingsOrigin), and the read after that tries the better plan
 * again, checked as always (found again, it is remembered again).
 * Check Compatibility replaces what is remembered for its origin with what it found.
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
	/** `<list>.pageSize`: the records a page holds as Datatruck answers it, which later reads ask for. */
	served?: number;
}

/** How long a finding is trusted before a read tries the better plan again: an hour, at most. */
export const FINDING_LIFETIME_MS = 60 * 60 * 1000;

/**
 * 60 of the credential's rate windows, at most an hour: the hour at Datatruck's minute. A test Datatruck that runs its
 * day faster (docs/carrier-day.md) ends a release at its own pace, where a real hour outlived the scaled day's release
 * by 20 scaled hours (issue 40, defect 9).
 */
export const findingLifetimeMs = (windowMs: number): number => Math.min(FINDING_LIFETIME_MS, 60 * windowMs);

/** Per origin, how long its findings last (set by findingsOrigin from the credentials that read it). */
const lifetimes = new Map<string, number>();
const lifetimeOf = (origin: string) => lifetimes.get(origin) ?? FINDING_LIFETIME_MS;

/** The origin whose findings a read on this connection keeps and consults, aging them at its rate window's pace. */
export function findingsOrigin(connection: { origin: string; windowMs: number }): string {
	lifetimes.set(connection.origin, findingLifetimeMs(connection.windowMs));
	return connection.origin;
}

/** The clock findings age by (tests move it). */
export const findingClock = { now: (): number => Date.now() };

/** Per origin, per key: what was seen, and when (it expires its origin's lifetime later: findingsOrigin). */
const notHeld = new Map<string, Map<string, { finding: Finding; at: number }>>();

/** The finding of `key` on this origin while it has not expired. */
function current(origin: string, key: string): Finding | undefined {
	const entry = notHeld.get(origin)?.get(key);
	if (entry && findingClock.now() - entry.at >= lifetimeOf(origin)) notHeld.get(origin)?.delete(key);
	return notHeld.get(origin)?.get(key)?.finding;
}

/** False once this origin was seen not to support `key` (until that expires); true before anything was seen. */
export function supports(origin: string, key: string): boolean {
	return current(origin, key) === undefined;
}

/** Remembers that `key` does not hold on this origin; the first time, says so in n8n's log. */
export function markNotHeld(ctx: { logger?: Logger }, origin: string, finding: Finding): void {
	let findings = notHeld.get(origin);
	if (!findings) notHeld.set(origin, (findings = new Map()));
	for (const key of confirmed.get(origin)?.keys() ?? []) if (key.startsWith(`${finding.key}:`)) confirmed.get(origin)?.delete(key);
	if (current(origin, finding.key)) return;
	findings.set(finding.key, { finding, at: findingClock.now() });
	ctx.logger?.warn(
		`Datatruck at ${origin} differs from assumption ${finding.assumption}: it ${finding.seen}. The node now ${finding.instead}.`,
		{ origin, assumption: finding.assumption, key: finding.key },
	);
}

/** Everything seen not to hold on this origin and not yet expired, oldest first (Check Compatibility reports these). */
export function findingsFor(origin: string): Finding[] {
	return [...(notHeld.get(origin)?.keys() ?? [])].map((key) => current(origin, key)).filter((finding): finding is Finding => finding !== undefined);
}

/**
 * Check Compatibility's answer replaces what this origin was seen to do: everything remembered is forgotten, then
 * `found` remembered (each said in n8n's log), and the log says that the node now goes by the check.
 */
export function replaceFindings(ctx: { logger?: Logger }, origin: string, found: Finding[]): void {
	const before = notHeld.get(origin)?.size ?? 0;
	notHeld.delete(origin);
	for (const finding of found) markNotHeld(ctx, origin, finding);
	ctx.logger?.info(
		`Check Compatibility replaced what the node remembered of Datatruck at ${origin} (${before} finding(s)) with what it found now (${found.length} not held).`,
		{ origin },
	);
}

/** The records a page of `list` holds on this origin, once seen to differ from what the node asks (until that expires). */
export function servedPageSize(origin: string, list: string): number | undefined {
	return current(origin, `${list}.pageSize`)?.served;
}

/** Remembers the page size Datatruck answers on this list (a later size replaces it); the first time, says so in n8n's log. */
export function rememberPageSize(ctx: { logger?: Logger }, origin: string, list: string, size: number): void {
	const key = `${list}.pageSize`;
	const seen = `answered pages of ${size} records on the ${list} list, whatever page_size asked`;
	markNotHeld(ctx, origin, { key, assumption: 'A2', seen, instead: `asks for pages of ${size} and reads the list exactly at that size`, served: size });
	(current(origin, key) as Finding).served = size;
}

/** Per origin, per key: when an answer confirmed what the answer checks alone could not tell (orderProbe.ts). */
const confirmed = new Map<string, Map<string, number>>();

/** Whether `key` was confirmed on this origin less than its origin's finding lifetime ago, and not seen broken since. */
export function confirmedRecently(origin: string, key: string): boolean {
	const at = confirmed.get(origin)?.get(key);
	return at !== undefined && findingClock.now() - at < lifetimeOf(origin);
}

export function rememberConfirmed(origin: string, key: string): void {
	if (!confirmed.has(origin)) confirmed.set(origin, new Map());
	confirmed.get(origin)?.set(key, findingClock.now());
}

/** Forgets every finding: for tests, which start each case from the node's assumptions. */
export function resetSupport(): void {
	notHeld.clear();
	confirmed.clear();
	lifetimes.clear();
}
