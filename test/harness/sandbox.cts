import type { IDataObject } from 'n8n-workflow';
import { resetLimiters } from '../../nodes/Datatruck/shared/transport/rateLimiter';
import { retryPolicy } from '../../nodes/Datatruck/shared/transport/transport';
import { startSandbox, type Sandbox, type SandboxOptions } from '../sandbox/index.cts';
import { runDatatruck, sandboxCredentials, type RunOptions } from './run.cts';

/**
 * Starts one sandbox for a test file and gives each test a clean log, no faults and fresh rate
 * budgets. Retry waits are shortened so fault tests take milliseconds, not minutes.
 */
export function useSandbox(options: SandboxOptions = { rateLimit: false }) {
	let sandbox: Sandbox;
	const savedPolicy = { ...retryPolicy };

	beforeAll(async () => {
		sandbox = await startSandbox(options);
		Object.assign(retryPolicy, { backoffBaseMs: 5, backoffCapMs: 50 });
	});
	afterAll(async () => {
		Object.assign(retryPolicy, savedPolicy);
		await sandbox?.close();
	});
	beforeEach(() => {
		sandbox.clearLog();
		sandbox.clearFaults();
		resetLimiters();
	});

	return {
		get sandbox() {
			return sandbox;
		},
		credentials(extra: IDataObject = {}) {
			return sandboxCredentials(sandbox.baseUrl, sandbox.token, extra);
		},
		/** Runs the node against this sandbox with its token unless the test gives other credentials. */
		run(options: Omit<RunOptions, 'credentials'> & { credentials?: RunOptions['credentials'] }) {
			return runDatatruck({ credentials: sandboxCredentials(sandbox.baseUrl, sandbox.token), ...options });
		},
		/** The API requests the sandbox received, as `METHOD path`. */
		requestLines() {
			return sandbox.log.map((entry) => `${entry.method} ${entry.path}`);
		},
	};
}
