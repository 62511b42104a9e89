/**
 * The queue-mode suite (`npm run test:queue`): Redis, Postgres, a main n8n and two workers (scripts/queue-mode.js)
 * with the packed package, against the rate-limited sandbox. Minutes long; run on its own, not by `npx jest`.
 */
module.exports = {
	testEnvironment: 'node',
	roots: ['<rootDir>/test/queue'],
	testMatch: ['<rootDir>/test/queue/**/*.test.cts'],
	moduleFileExtensions: ['ts', 'cts', 'js', 'json'],
	transform: {
		'^.+\\.c?ts$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.test.json' }],
	},
	maxWorkers: 1,
	testTimeout: 900_000,
	slowTestThreshold: 300,
};
