/**
 * The real-n8n suite: the packed package inside a pinned n8n 2.41.1 (Node 24, provisioned into .cache by
 * scripts/n8n-runtime.cjs). One worker, because every test drives whole n8n processes on a 2-core machine.
 */
module.exports = {
	testEnvironment: 'node',
	roots: ['<rootDir>/test/e2e'],
	testMatch: ['<rootDir>/test/e2e/**/*.test.cts'],
	moduleFileExtensions: ['ts', 'cts', 'js', 'json'],
	transform: {
		'^.+\\.c?ts$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.test.json' }],
	},
	globalSetup: '<rootDir>/test/e2e/lib/globalSetup.js',
	globalTeardown: '<rootDir>/test/e2e/lib/globalTeardown.js',
	testSequencer: '<rootDir>/test/e2e/lib/sequencer.cjs',
	maxWorkers: 1,
	testTimeout: 300_000,
	// Low, so that CI's log shows every file's time (what keeps the run under its 30 minutes).
	slowTestThreshold: 10,
};
