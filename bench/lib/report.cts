/** Turns the figures' results into bench/results.md (also printed at the end of a run). */
import type { FigureResult } from './common.cts';

export interface RunInfo {
	command: string;
	startedAt: string;
	totalSeconds: number;
	machine: Array<[string, string]>;
	settings: Array<[string, string]>;
	/** Figures that did not produce a result, with the reason. */
	failures: Array<{ figure: string; title: string; reason: string }>;
}

const cell = (value: string | number): string => String(value).replace(/\|/g, '\\|').replace(/\n/g, ' ');

function table(columns: string[], rows: Array<Array<string | number>>): string {
	return [
		`| ${columns.map(cell).join(' | ')} |`,
		`| ${columns.map(() => '---').join(' | ')} |`,
		...rows.map((row) => `| ${row.map(cell).join(' | ')} |`),
	].join('\n');
}

export function renderReport(results: FigureResult[], info: RunInfo): string {
	const out: string[] = [];
	out.push('# Benchmarks', '');
	out.push(
		`Produced by \`${info.command}\` on ${info.startedAt}; the whole run took ${Math.floor(Math.round(info.totalSeconds) / 60)} min ${Math.round(info.totalSeconds) % 60} s. ` +
			'Every speed is a ratio within this run (against the rate limit\'s bound, the HTTP Request node or a bare HTTP client), never an absolute time: the machine is shared and noisy. Not part of the test suite.',
		'',
	);
	out.push('## Summary', '');
	const byFigure = new Map(results.map((r) => [r.figure, r]));
	const figures = ['1', '2', '3', '4', '5', '6', '7', '8'];
	const titles: Record<string, string> = {
		'1': 'Return All of ~5,000 loads vs the HTTP Request node',
		'2': 'Lists with page_size `all`',
		'3': 'Trigger polls',
		'4': 'Bulk create of 200 work orders',
		'5': 'In-process cost vs a bare HTTP client',
		'6': 'Package',
		'7': 'One token, several processes (queue mode, another app)',
		'8': 'Time to 500 loads at 300 ms latency',
	};
	out.push(
		table(
			['#', 'Figure', 'Result'],
			figures.map((f) => {
				const r = byFigure.get(f);
				const failure = info.failures.find((x) => x.figure === f);
				return [f, r?.title ?? titles[f], r ? r.headline : `not measured: ${failure?.reason ?? 'no result'}`];
			}),
		),
		'',
	);
	out.push('## Machine and settings', '');
	out.push(table(['', ''], [...info.machine, ...info.settings]), '');

	for (const f of figures) {
		const r = byFigure.get(f);
		if (!r) continue;
		out.push(`## ${r.figure}. ${r.title}`, '');
		out.push(table(r.columns, r.rows), '');
		for (const note of r.notes) out.push(`- ${note}`);
		if (r.notes.length) out.push('');
		if (r.missing?.length) {
			out.push('Not measured:', '');
			for (const m of r.missing) out.push(`- ${m}`);
			out.push('');
		}
	}
	if (info.failures.length) {
		out.push('## Figures that did not run', '');
		for (const failure of info.failures) out.push(`- ${failure.figure}. ${failure.title}: ${failure.reason}`);
		out.push('');
	}
	return `${out.join('\n').trimEnd()}\n`;
}

/**
 * `existing` (bench/results.md) with the summary rows and sections of `figures` taken from `fresh` (a report of
 * a run of only those figures): how `BENCH_ONLY=… BENCH_WRITE=merge` updates one figure and keeps the others.
 */
export function mergeFigures(existing: string, fresh: string, figures: string[]): string {
	const sections = (text: string) => text.split(/\n(?=## )/);
	const figureOf = (section: string) => /^## (\d+)\. /.exec(section)?.[1];
	const summaryRow = (text: string, f: string) => text.split('\n').find((line) => line.startsWith(`| ${f} |`));
	let lines = existing.split('\n');
	for (const f of figures) {
		const row = summaryRow(fresh, f);
		if (!row) continue;
		const at = lines.findIndex((line) => line.startsWith(`| ${f} |`));
		if (at >= 0) lines[at] = row;
		else {
			const rows = lines.map((line, i) => (/^\| \d+ \|/.test(line) ? i : -1)).filter((i) => i >= 0);
			lines.splice((rows[rows.length - 1] ?? 0) + 1, 0, row);
		}
	}
	const parts = sections(lines.join('\n'));
	for (const section of sections(fresh).filter((s) => figures.includes(figureOf(s) ?? ''))) {
		const at = parts.findIndex((s) => figureOf(s) === figureOf(section));
		if (at >= 0) parts[at] = section.trimEnd() + '\n';
		else {
			const failures = parts.findIndex((s) => s.startsWith('## Figures that did not run'));
			parts.splice(failures >= 0 ? failures : parts.length, 0, section.trimEnd() + '\n');
		}
	}
	lines = parts.join('\n').split('\n');
	return `${lines.join('\n').trimEnd()}\n`;
}
