import * as path from 'node:path';

/** n8n-core's own logger instance (its nested @n8n/di container), the one a node's `this.logger` is: spy on it. */
export function coreLogger(): { warn: (...args: unknown[]) => void } {
	const fromCore = (name: string) => require(require.resolve(name, { paths: [path.dirname(require.resolve('n8n-core'))] }));
	const { Container } = fromCore('@n8n/di');
	const { Logger } = fromCore('@n8n/backend-common');
	return Container.get(Logger);
}
