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

export function memorySupport(): ListSupport {
	const notHeld = new Set<string>();
	return {
		supports: (key) => !notHeld.has(key),
		markNotHeld: (finding) => notHeld.add(finding.key),
	};
}
