/** The sandbox's state: seeded data, runtime configuration, the reference clock. */
import { SandboxConfig } from './config.cts';
import { buildSandboxData, DocumentLinkBuilder, SeedGenerator } from './seed.cts';
import { SandboxData } from './types.cts';

export const DEFAULT_SEED = 42;
export const DEFAULT_LOAD_COUNT = 1200;

export class SandboxStore {
	data!: SandboxData;
	generator!: SeedGenerator;
	seed: number;
	loadCount: number;
	/** Set once the server listens: the origin `next`/`previous` links are built on. */
	origin = '';

	constructor(
		public config: SandboxConfig,
		options: { seed: number; loads: number },
		/** Reference clock: seeds relative dates, answers `today`, stamps created records. */
		readonly now: () => Date,
		/** The storage host's signed link for a load's file (its documents' `file_link`). */
		readonly documentLink?: DocumentLinkBuilder,
	) {
		this.seed = options.seed;
		this.loadCount = options.loads;
		this.reseed();
	}

	reset(options: { seed?: number; loads?: number } = {}): void {
		this.seed = options.seed ?? this.seed;
		this.loadCount = options.loads ?? this.loadCount;
		this.reseed();
	}

	private reseed(): void {
		const built = buildSandboxData({ seed: this.seed, loads: this.loadCount, now: this.now(), documentLink: this.documentLink });
		this.data = built.data;
		this.generator = built.generator;
	}

	/** Origin for pagination links, honouring the `nextOrigin` test hook. */
	linkOrigin(): string {
		return this.config.nextOrigin ?? this.origin;
	}
}

/** The id a new record gets: one past the largest in use. */
export function nextId(records: readonly { id: number }[]): number {
	return records.reduce((max, record) => Math.max(max, record.id), 0) + 1;
}
