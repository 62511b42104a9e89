/**
 * The real-n8n suites read a run from what `n8n execute --rawOutput` printed before it called process.exit().
 * A child's output must arrive whole however slowly this process reads it.
 */
import { runToEnd } from '../../scripts/n8n-runtime.cjs';

const SIZE = 3_000_000;
// Prints more than a pipe holds and exits at once, as n8n's CLI does after printing a run.
const PRINT_AND_EXIT = `process.stdout.write('x'.repeat(${SIZE}) + '\\n'); process.stderr.write('done'); process.exit(3);`;

describe('runToEnd', () => {
	it('keeps every byte a process printed just before process.exit(), and its exit code', async () => {
		const busy = setInterval(() => {
			const until = Date.now() + 20; // a busy reader, as jest is beside two n8n lines
			while (Date.now() < until);
		}, 1);
		try {
			const r = await runToEnd(process.execPath, ['-e', PRINT_AND_EXIT], { timeoutMs: 60_000 });
			expect(r.code).toBe(3);
			expect(r.stdout.length).toBe(SIZE + 1);
			expect(r.stderr).toBe('done');
		} finally {
			clearInterval(busy);
		}
	});

	it('kills a process that outlives its time and says which command it was, with what it printed', async () => {
		const hang = `console.log('started'); setInterval(() => {}, 1000);`;
		// Long enough for node to start and print under CI's load: at 1.5 s it had not yet printed (session 7's CI).
		await expect(runToEnd(process.execPath, ['-e', hang], { timeoutMs: 10_000, title: 'the hanging one' })).rejects.toThrow(
			/the hanging one did not finish in 10000 ms\nstarted/,
		);
	});
});
