/**
 * The day's faults, switched on and off at run time through the sandbox's controls and the queue-mode processes:
 * Datatruck restarting (every connection reset while it is down), a 503 outage, a release that for a while
 * behaves as the strict lists do (the `id` filter ignored, one ordering field), the token regenerated (401 until the
 * credential is updated through n8n's REST API), and a worker killed mid-execution.
 */
import { PROFILE_SETTINGS, type Sandbox } from '../sandbox/index.cts';
import type { Session } from '../e2e/lib/n8n.cts';
import type { FaultName } from './plan.cts';

/** Datatruck after the release: the published lists, and on loads the `id` filter ignored and one ordering field. */
export function releasedLists() {
	const published = PROFILE_SETTINGS.published.lists;
	return { ...published, loads: { ...published.loads, ignoreFilter: ['id'], singleOrdering: 'ignoreRest' as const } };
}

/** A count no day reaches: the fault holds until it is cleared. */
const UNTIL_CLEARED = 1_000_000;

export interface FaultLogEntry {
	name: FaultName;
	from: number;
	to?: number;
	note?: string;
}

export class FaultSwitch {
	readonly log: FaultLogEntry[] = [];

	constructor(private readonly sb: Sandbox) {}

	start(name: FaultName, note?: string): void {
		if (name === 'restart') this.sb.injectFaults({ kind: 'drop', count: UNTIL_CLEARED });
		if (name === 'outage') this.sb.injectFaults({ kind: 503, count: UNTIL_CLEARED });
		if (name === 'release') this.sb.configure({ lists: releasedLists() });
		this.log.push({ name, from: Date.now(), note });
	}

	end(name: FaultName): void {
		if (name === 'restart' || name === 'outage') this.sb.clearFaults();
		if (name === 'release') this.sb.configure({ profile: 'published' });
		const open = [...this.log].reverse().find((entry) => entry.name === name && entry.to === undefined);
		if (open) open.to = Date.now();
	}
}

/** The token regenerated in Datatruck: the old one is refused from now on. */
export function regenerateToken(sb: Sandbox, newToken: string): void {
	sb.configure({ tokens: [newToken] });
}

/** The dispatcher pastes the new token into the credential, as the editor's credential dialog saves it. */
export async function updateCredentialToken(session: Session, credentialId: string, data: Record<string, unknown>, newToken: string): Promise<void> {
	const { data: current } = await session.rest('GET', `/credentials/${credentialId}`);
	await session.rest('PATCH', `/credentials/${credentialId}`, { name: current.name, type: current.type, data: { ...data, apiToken: newToken } });
}
