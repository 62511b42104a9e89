import { findingsFor } from '../../nodes/Datatruck/shared/lists';
import type { Sandbox } from '../sandbox/index.cts';

/** The keys of what the node found this sandbox not to support (remembered per credential origin, support.ts). */
export const findingKeys = (sandbox: Pick<Sandbox, 'origin'>): string[] => findingsFor(sandbox.origin).map((finding) => finding.key);
