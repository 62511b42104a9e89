/**
 * n8n Cloud verification needs strict mode and n8n's default ESLint config, untouched. Test code, the sandbox,
 * benchmarks and scripts use Node's globals freely, so they are written as `.cts`/`.cjs`/`.js`, which the default
 * config (it lints `**\/*.ts` and package.json) does not reach, while nodes/ and credentials/ keep every Cloud rule.
 * This proves both halves: n8n's own command says "eligible", and ESLint applies the Cloud rules where the package's
 * code lives and nowhere else.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './pack.cts';

const BIN = join(ROOT, 'node_modules', '.bin');
const ANSI = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');

/** Not jest's NODE_ENV=test: eslint-plugin-n8n-nodes-base then takes every file for a trigger node. */
function run(command: string, args: string[], input?: string) {
	const env: NodeJS.ProcessEnv = { ...process.env, FORCE_COLOR: '0', NO_COLOR: '1' };
	delete env.NODE_ENV;
	const result = spawnSync(join(BIN, command), args, { cwd: ROOT, encoding: 'utf8', input, env, timeout: 300_000 });
	return { status: result.status, output: `${result.stdout}${result.stderr}`.replace(ANSI, '') };
}

interface LintMessage {
	ruleId: string | null;
	message: string;
}

/** Lints `code` as if it were the file at `path` of this repository, with the repository's own config. */
function lintAs(path: string, code: string): LintMessage[] {
	const { output } = run('eslint', ['--format', 'json', '--stdin', '--stdin-filename', path], code);
	const json = output.slice(output.indexOf('['), output.lastIndexOf(']') + 1);
	return (JSON.parse(json) as Array<{ messages: LintMessage[] }>).flatMap((file) => file.messages);
}

/** Code that breaks two Cloud rules: a restricted global and a console call. */
const PROBE = 'export const token = process.env.DATATRUCK_TOKEN;\nconsole.log(token);\n';

describe('n8n Cloud verification', () => {
	it('npx n8n-node cloud-support says the package is eligible', () => {
		const { output } = run('n8n-node', ['cloud-support']);
		expect(output).toMatch(/Cloud support is ENABLED/);
		expect(output).toMatch(/Strict mode: enabled/);
		expect(output).toMatch(/ESLint config: using default config/);
		expect(output).toMatch(/Status: eligible for n8n Cloud verification/);
		expect(output).not.toMatch(/NOT eligible/);
	});

	it('runs in strict mode with the default ESLint config, unchanged', () => {
		const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
		expect(pkg.n8n.strict).toBe(true);
		const config = readFileSync(join(ROOT, 'eslint.config.mjs'), 'utf8').replace(/\s+/g, ' ').trim();
		expect(config).toBe("import { config } from '@n8n/node-cli/eslint'; export default config;");
	});

	it.each(['nodes/Datatruck/shared/probe.ts', 'nodes/DatatruckTrigger/probe.ts', 'credentials/probe.ts'])(
		'applies the Cloud rules to %s',
		(path) => {
			const rules = lintAs(path, PROBE).map((m) => m.ruleId);
			expect(rules).toEqual(expect.arrayContaining(['@n8n/community-nodes/no-restricted-globals', 'no-console']));
		},
	);

	it.each(['test/harness/probe.cts', 'test/sandbox/probe.cts', 'bench/lib/probe.cts', 'scripts/probe.cjs'])(
		'leaves %s (developer-only code) to the type checker',
		(path) => {
			const rules = lintAs(path, PROBE).map((m) => m.ruleId);
			expect(rules).not.toContain('@n8n/community-nodes/no-restricted-globals');
			expect(rules).not.toContain('no-console');
		},
	);
});
