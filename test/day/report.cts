/**
 * The day written up: `.cache/day/summary.json` (the numbers), and for `npm run day` the report for people,
 * docs/carrier-day.md's generated part (between its markers) with one table per workflow and one of the n8n
 * processes, and the chart docs/carrier-day.svg. The short day writes its report and chart under .cache/day/ only.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { packageRequests, senderOf, type Sender } from './attribution.cts';
import { chartSvg } from './chart.cts';
import { fmtGrowth, type Verdict } from './checks.cts';
import type { DayRecord } from './day.cts';
import type { DayPlan } from './plan.cts';
import type { DayServices } from './services.cts';
import type { DayWorkflow } from './workflows.cts';
import { byProcess, countsByProcess } from './senderProcess.cts';

const ROOT = resolve(__dirname, '../..');
const DAY_DIR = resolve(ROOT, '.cache/day');
const DOC = resolve(ROOT, 'docs/carrier-day.md');
export const BEGIN = '<!-- day:begin (written by `npm run day`) -->';
export const END = '<!-- day:end -->';

export interface ReportInput {
	plan: DayPlan;
	record: DayRecord;
	verdict: Verdict;
	services: DayServices;
	workflows: Array<DayWorkflow & { id: string }>;
	short: boolean;
}

const pct = (n: number) => `${(n * 100).toFixed(1)} %`;

function workflowTables(input: ReportInput): string[] {
	const { record, services, verdict } = input;
	const log = services.sb.log.map((e) => ({ ...e, sender: senderOf({ ...e, host: e.headers.host }) }));
	const dayLog = log.filter((e) => e.at >= record.dayStart);
	const lines: string[] = [];
	const bySender = (sender: Sender) => dayLog.filter((e) => e.sender === sender);
	for (const wf of input.workflows) {
		const executions = record.executions[wf.role] ?? [];
		const requests = wf.role === 'repairWebhook' ? [] : bySender(wf.role);
		const failures = verdict.failures.filter((f) => f.role === wf.role);
		const reasons = [...new Set(failures.map((f) => `${f.why}: ${f.error.slice(0, 140)}`))];
		lines.push(`#### ${wf.name}${wf.file ? ` (\`examples/${wf.file}\`)` : ''}`, '');
		lines.push('| executions | succeeded | failed | requests | share of the token | answered 429 |', '|---:|---:|---:|---:|---:|---:|');
		lines.push(
			`| ${executions.length} | ${executions.filter((e) => e.status === 'success').length} | ${failures.length} | ${wf.role === 'repairWebhook' ? 'with the mailbox\'s' : requests.length} | ${wf.role === 'repairWebhook' ? '' : pct(requests.length / Math.max(1, dayLog.length))} | ${requests.filter((e) => e.status === 429).length} |`,
			'',
		);
		if (reasons.length) lines.push(...reasons.map((r) => `- failed: ${r}`), '');
	}
	const other = bySender('otherApp');
	if (other.length) lines.push(`Another app on the same token: ${other.length} requests (${pct(other.length / dayLog.length)} of the token), ${other.filter((e) => e.status === 429).length} answered 429.`, '');
	lines.push(`Work-order creates are counted under the shop mailbox for both repair workflows (the request does not say which sent it).`, '');
	return lines;
}

/**
 * Requests and 429s of each n8n process (senderProcess.cts), counted as the 429 check counts them: every request of
 * the package, the activation polls and the settling included, so that the rows add up to the check's numbers. The
 * workers' first meetings show here.
 */
function processTable(input: ReportInput): string[] {
	const ours = packageRequests(input.services.sb.log);
	const rows = [...countsByProcess(byProcess(ours, input.record))].map(([name, { all, tooMany }]) => `| ${name} | ${all} | ${pct(all / Math.max(1, ours.length))} | ${tooMany} |`);
	return ['### Per n8n process', '', "| process | requests | share of the package's | answered 429 |", '|---|---:|---:|---:|', ...rows, ''];
}

function markdown(input: ReportInput, chartFile: string): string {
	const { plan, record, verdict } = input;
	const { summary } = verdict;
	const minutes = (ms: number) => ((ms - record.dayStart) / plan.length.minuteMs).toFixed(0);
	return [
		BEGIN,
		'',
		`Seed **${plan.seed}**, ${plan.length.minutes} scaled minutes (${(plan.length.minutes / 60).toFixed(1)} working hours) of ${plan.length.minuteMs / 1000} s, ${plan.events.length} planned events, ${plan.loadsAtStart} loads at the start; run ${new Date(record.dayStart).toISOString().slice(0, 16)} UTC, ${((record.settledAt - record.dayStart) / 60000).toFixed(1)} min of the day and its settling.`,
		`Replay: \`DAY_SEED=${plan.seed} npm run ${input.short ? 'day:short' : 'day'}\`.`,
		'',
		'Faults (scaled minutes): ' + record.faults.map((f) => `${f.name} ${minutes(f.from)}–${f.to ? minutes(f.to) : '?'}`).join(', ') + '.',
		'',
		'| check | result | what the day saw |',
		'|---|---|---|',
		...verdict.checks.map((c) => `| ${c.name} | ${c.pass ? 'pass' : '**FAIL**'} | ${c.detail.replace(/\|/g, '/').slice(0, 400)} |`),
		'',
		`Summary: missed ${summary.missed}, duplicated ${summary.duplicated}, unexpected failures ${summary.unexpectedFailures}, 429 share ${pct(summary.share429)}, longest poll wait during a Return All ${summary.maxPollWaitWindows ?? 'n/a'} windows, RSS growth ${summary.rssGrowth ? fmtGrowth(summary.rssGrowth) : 'not measured (short day)'}, static data growth ${summary.staticDataGrowth ? fmtGrowth(summary.staticDataGrowth) : 'not measured (short day)'}.`,
		'',
		`![Requests per rate window across the day, by workflow, faults shaded](${chartFile})`,
		'',
		'### Per workflow',
		'',
		...workflowTables(input),
		...processTable(input),
		END,
	].join('\n');
}

export function writeReport(input: ReportInput): void {
	const { record, services, verdict, plan } = input;
	writeFileSync(resolve(DAY_DIR, 'summary.json'), `${JSON.stringify(verdict.summary, null, 2)}\n`);
	const svg = chartSvg({
		windowMs: plan.length.minuteMs,
		from: record.dayStart,
		to: record.settledAt,
		limit: 20,
		requests: services.sb.log.map((e) => ({ at: e.at, status: e.status, sender: senderOf({ ...e, host: e.headers.host }) })),
		faults: record.faults.map((f) => ({ name: f.name, from: f.from, to: f.to ?? f.from + plan.length.minuteMs })),
		title: `Carrier day, seed ${plan.seed}: requests per rate window (${plan.length.minuteMs / 1000} s = Datatruck's minute), by workflow`,
	});
	if (input.short) {
		writeFileSync(resolve(DAY_DIR, 'short-day.svg'), svg);
		writeFileSync(resolve(DAY_DIR, 'short-day.md'), markdown(input, 'short-day.svg'));
		return;
	}
	writeFileSync(resolve(ROOT, 'docs/carrier-day.svg'), svg);
	const generated = markdown(input, 'carrier-day.svg');
	const doc = existsSync(DOC) ? readFileSync(DOC, 'utf8') : `${BEGIN}\n${END}\n`;
	const [before, rest] = doc.split(BEGIN);
	const after = rest?.split(END)[1] ?? '\n';
	writeFileSync(DOC, `${before}${generated}${after}`);
}
