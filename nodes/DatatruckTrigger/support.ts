import type { Finding } from '../Datatruck/shared/lists';
import { listOf } from './answerCheck';
import type { EventSpec } from './events';

/**
 * What the poller may ask of shared/lists/support.ts, apart from n8n: the node binds it to the
 * credential's origin and n8n's logger (DatatruckTrigger.node.ts); a poll run on its own (property
 * tests) gets one that remembers for itself.
 */
export interface ListSupport {
	supports(key: string): boolean;
	markNotHeld(finding: Finding): void;
}

/** Whether the event's time bound is taken: the whole `filter` and its column on this list. */
export function boundHeld(support: ListSupport, event: EventSpec): boolean {
	const list = listOf(event);
	return support.supports(`${list}.filter`) && support.supports(`${list}.filter.${event.orderField}`);
}

/** Whether every filter the node adds to the event's reads (its bound, its conditions) is taken by this origin's list. */
export function ownFiltersHeld(support: ListSupport, event: EventSpec): boolean {
	const list = listOf(event);
	const columns = event.conditions.map((filter) => filter.column);
	return boundHeld(support, event) && columns.every((column) => support.supports(`${list}.filter.${column}`));
}

export function memorySupport(): ListSupport {
	const notHeld = new Set<string>();
	return {
		supports: (key) => !notHeld.has(key),
		markNotHeld: (finding) => notHeld.add(finding.key),
	};
}
