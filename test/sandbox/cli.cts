/**
 * Runs the sandbox on its own, for a real n8n instance or a benchmark to talk to:
 *
 *   npx ts-node --transpile-only test/sandbox/cli.ts [--port 4010] [--host 127.0.0.1] [--seed 42]
 *       [--loads 1200] [--limit 20] [--window-ms 60000] [--retry-after-step-ms 1000] [--no-rate-limit]
 *       [--profile default|spec-only|published]
 *
 * Prints one line with the base URL and the token; stops on SIGINT or SIGTERM.
 */
import { SANDBOX_PROFILES, SandboxProfile, startSandbox, SandboxOptions } from './index.cts';

const USAGE =
	'usage: cli.ts [--port N] [--host H] [--seed N] [--loads N] [--limit N] [--window-ms N] [--retry-after-step-ms N] [--no-rate-limit] [--profile default|spec-only|published]';

function parseArgs(argv: string[]): SandboxOptions {
	const numbers: Record<string, number> = {};
	let rateLimited = true;
	let host: string | undefined;
	let profile: SandboxProfile | undefined;
	for (let i = 0; i < argv.length; i++) {
		const flag = argv[i];
		if (flag === '--no-rate-limit') {
			rateLimited = false;
			continue;
		}
		const value = argv[i + 1];
		if (value === undefined) throw new Error(`${flag} needs a value\n${USAGE}`);
		i++;
		if (flag === '--host') {
			host = value;
			continue;
		}
		if (flag === '--profile') {
			if (!SANDBOX_PROFILES.includes(value as SandboxProfile)) throw new Error(`--profile must be one of ${SANDBOX_PROFILES.join(', ')}, got ${value}`);
			profile = value as SandboxProfile;
			continue;
		}
		if (!['--port', '--seed', '--loads', '--limit', '--window-ms', '--retry-after-step-ms'].includes(flag)) throw new Error(`unknown option ${flag}\n${USAGE}`);
		if (!/^\d+$/.test(value)) throw new Error(`${flag} must be a non-negative integer, got ${value}`);
		numbers[flag] = Number(value);
	}
	return {
		port: numbers['--port'] ?? 4010,
		host,
		profile,
		seed: numbers['--seed'],
		loads: numbers['--loads'],
		// Changed through HTTP only, so list answers can be kept until a change (queryCache.cts).
		cacheQueries: true,
		rateLimit: rateLimited
			? {
					limit: numbers['--limit'] ?? 20,
					windowMs: numbers['--window-ms'] ?? 60_000,
					retryAfterStepMs: numbers['--retry-after-step-ms'],
				}
			: false,
	};
}

async function main(): Promise<void> {
	const sandbox = await startSandbox(parseArgs(process.argv.slice(2)));
	console.log(`Datatruck sandbox listening: baseUrl=${sandbox.baseUrl} token=${sandbox.token} control=${sandbox.origin}/__sandbox/`);
	const stop = (): void => {
		void sandbox.close().then(() => process.exit(0));
	};
	process.once('SIGINT', stop);
	process.once('SIGTERM', stop);
}

main().catch((error: Error) => {
	console.error(error.message);
	process.exit(1);
});
