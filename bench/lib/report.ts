/** Turns the figures' results into bench/results.md (also printed at the end of a run). */
import type { FigureResult } from './common';

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
	const figures = ['1', '2', '3', '4', '5', '6', '7'];
	const titles: Record<string, string> = {
		'1': 'Return All of ~5,000 loads vs the HTTP Request node',
		'2': 'Lists with page_size `all`',
		'3': 'Trigger polls',
		'4': 'Bulk create of 200 work orders',
		'5': 'In-process cost vs a bare HTTP client',
		'6': 'Package',
		'7': 'Time to 500 loads at 300 ms latency',
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
