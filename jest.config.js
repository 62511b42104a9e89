/** Every test runs against the sandbox over loopback HTTP; none needs the network. */
module.exports = {
	testEnvironment: 'node',
	roots: ['<rootDir>/test'],
	testMatch: ['**/*.test.cts'],
	moduleFileExtensions: ['ts', 'cts', 'js', 'json'],
	transform: {
		'^.+\\.c?ts$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.test.json' }],
	},
	globalSetup: '<rootDir>/test/harness/globalSetup.js',
	globalTeardown: '<rootDir>/test/harness/globalTeardown.js',
	setupFiles: ['<rootDir>/test/harness/env.cts'],
	testTimeout: 60_000,
	// The real-n8n suite provisions its own runtime and is run by its own project config.
	testPathIgnorePatterns: ['/node_modules/', '/dist/', '/test/e2e/', '/test/ui/', '/test/queue/'],
};
