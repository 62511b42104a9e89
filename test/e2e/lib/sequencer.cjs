'use strict';
/**
 * Jest's order (files it has no timing for first, then the slowest first), except that published.test.cts always
 * starts: most of its minutes are n8n waiting for the trigger's poll schedule, which then overlaps the busy start of
 * the runs beside it (the other n8n line, the editor suite) instead of idling the end of this one.
 */
const Sequencer = require('@jest/test-sequencer').default;

const WAITS_ON_POLLS = /[\\/]published\.test\.cts$/;

class PollWaitsFirst extends Sequencer {
	async sort(tests) {
		const sorted = await super.sort(tests);
		return [...sorted.filter((t) => WAITS_ON_POLLS.test(t.path)), ...sorted.filter((t) => !WAITS_ON_POLLS.test(t.path))];
	}
}

module.exports = PollWaitsFirst;
// scripts/e2e-lines.cjs runs the same file apart on the line whose runtime comes last.
module.exports.WAITS_ON_POLLS = WAITS_ON_POLLS;
