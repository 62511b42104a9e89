/**
 * The GitHub Actions workflows cannot run where this repository is developed; these checks keep them in
 * step with .ci/run and with what n8n requires of a publish (a version tag, provenance, n8n-node release).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readRootManifest, ROOT } from './pack.cts';

const read = (path: string): string => readFileSync(join(ROOT, path), 'utf8');

/** The `run:` commands of a workflow, in order (single-line and block forms). */
function runCommands(workflow: string): string[] {
	const commands: string[] = [];
	const lines = workflow.split('\n');
	for (let i = 0; i < lines.length; i++) {
		const match = /^(\s*)(?:- )?run:\s*(.*)$/.exec(lines[i]);
		if (!match) continue;
		if (match[2] !== '|') {
			commands.push(match[2].trim());
			continue;
		}
		const indent = match[1].length;
		for (i++; i < lines.length && (lines[i].trim() === '' || lines[i].search(/\S/) > indent); i++) {
			if (lines[i].trim()) commands.push(lines[i].trim());
		}
		i--;
	}
	return commands;
}

describe('GitHub Actions workflows', () => {
	test('ci.yml installs, lints, builds and tests as .ci/run does', () => {
		const ci = read('.github/workflows/ci.yml');
		const ciRun = read('.ci/run');
		const install = /^npm install .*$/m.exec(ciRun)?.[0];
		expect(install).toContain('--ignore-scripts');
		expect(runCommands(ci)).toEqual([install, 'npm run lint', 'npm run build', 'npm test']);
		expect(ciRun).toMatch(/^npm test\b/m);
		expect(ci).toMatch(/pull_request/);
	});

	test('publish.yml publishes a version tag with provenance through n8n-node release', () => {
		const publish = read('.github/workflows/publish.yml');
		expect(publish).toMatch(/on:\s*\n\s+push:\s*\n\s+tags:/);
		expect(publish).toMatch(/id-token: write/);
		const commands = runCommands(publish);
		expect(commands).toContain('npm test');
		expect(commands[commands.length - 1]).toBe('npm run release');
		// The release script is n8n-node's, which publishes with NPM_CONFIG_PROVENANCE=true in GitHub Actions,
		// and a bare `npm publish` is refused by its prepublishOnly guard.
		const { scripts } = readRootManifest();
		expect(scripts?.release).toBe('n8n-node release');
		expect(scripts?.prepublishOnly).toBe('n8n-node prerelease');
		expect(publish.indexOf('needs: test')).toBeGreaterThan(0);
	});

	test('.ci/run installs Dovecot for the mailbox test in the background, beside Chromium', () => {
		const ciRun = read('.ci/run');
		expect(ciRun).toMatch(/^node scripts\/ensure-imap\.js > \.cache\/imap-install\.log 2>&1 &/m);
		// Started before the install command (not its mentions in comments), so that it runs beside it.
		expect(ciRun.search(/^node scripts\/ensure-imap\.js/m)).toBeLessThan(ciRun.search(/^npm install /m));
	});
});
