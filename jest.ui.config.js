/**
 * The editor UI suite: Debian's Chromium (playwright-core, executablePath) driving the real n8n 2.41.1 editor with
 * the packed package installed, against the in-process sandbox. One worker: one n8n and one browser on 2 cores.
 * Screenshots land in test-results/ui/ (git-ignored); `node test/ui/screenshots.js` copies the chosen ones to docs/.
 */
module.exports = {
	testEnvironment: 'node',
	roots: ['<rootDir>/test/ui'],
	testMatch: ['<rootDir>/test/ui/**/*.test.cts'],
	// The newcomer files (issue 42) doubled the suite's time and pushed `npm test` past its 20-minute budget on 2 cores
	// (24.7 min, with listUnderChange's timing-bound tests failing under the contention): until they fit, they run with
	// `npm run test:ui:newcomer` (DATATRUCK_UI_ALL=1) and `npm run screenshots`, not in `npm test`.
	testPathIgnorePatterns: process.env.DATATRUCK_UI_ALL ? [] : ['/test/ui/newcomer'],
	moduleFileExtensions: ['ts', 'cts', 'js', 'json'],
	transform: {
		'^.+\\.c?ts$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.test.json' }],
	},
	globalSetup: '<rootDir>/test/ui/lib/globalSetup.js',
	maxWorkers: 1,
	testTimeout: 180_000,
	// Low, so that CI's log shows every file's time (what keeps the run under its 30 minutes).
	slowTestThreshold: 10,
};
