/**
 * The editor UI suite: Debian's Chromium (playwright-core, executablePath) driving the real n8n 2.41.1 editor with
 * the packed package installed, one n8n for the run and each file with its own in-process sandbox. One worker: one
 * n8n and one browser on 2 cores.
 * Screenshots land in test-results/ui/ (git-ignored); `node test/ui/screenshots.js` copies the chosen ones to docs/.
 */
module.exports = {
	testEnvironment: 'node',
	roots: ['<rootDir>/test/ui'],
	testMatch: ['<rootDir>/test/ui/**/*.test.cts'],
	moduleFileExtensions: ['ts', 'cts', 'js', 'json'],
	transform: {
		'^.+\\.c?ts$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.test.json' }],
	},
	globalSetup: '<rootDir>/test/ui/lib/globalSetup.js',
	// The files share one n8n (test/ui/lib/sharedInstance.cts), stopped here.
	globalTeardown: '<rootDir>/test/ui/lib/globalTeardown.js',
	maxWorkers: 1,
	// Bounds a hung test only: on CI's 2 cores, busy with both n8n lines and the in-process suite, a test of the
	// editor takes two to three times what it takes alone.
	testTimeout: 360_000,
	// Low, so that CI's log shows every file's time (what keeps the run under its 30 minutes).
	slowTestThreshold: 10,
};
