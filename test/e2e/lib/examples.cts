/** The workflows shipped in examples/, read as users import them. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { WorkflowJson } from './n8n.cts';
import type { CredentialRef } from './workflow.cts';

const EXAMPLES = join(__dirname, '../../../examples');

export function example(file: string): WorkflowJson {
	return JSON.parse(readFileSync(join(EXAMPLES, file), 'utf8'));
}

/** The credential the examples reference (the demo's "Datatruck Sandbox"), so that they open ready to run. */
export function exampleCredential(): CredentialRef {
	const node = example('weekly-dispatcher-board-report.json').nodes.find((n) => n.credentials) as {
		credentials: { datatruckApi: CredentialRef };
	};
	return node.credentials.datatruckApi;
}

/** A row of the dispatcher board as Datatruck answers it (the fields the weekly report reads). */
interface BoardRow {
	total_trips: number | string;
	total_gross: number | string;
	total_mile: number | string;
	total_driver_pay: number | string;
	dispatcher: { full_name: string };
}

/** What the weekly board report example's Report node makes of last week's board (its numbers and its top dispatcher). */
export function weeklyReportOf(rows: BoardRow[], week: string) {
	const sum = (field: 'total_trips' | 'total_gross' | 'total_mile' | 'total_driver_pay') => rows.reduce((total, row) => total + Number(row[field]), 0);
	return {
		week,
		dispatchers: rows.length,
		trips: sum('total_trips'),
		gross: Math.round(sum('total_gross') * 100) / 100,
		loadedMiles: Math.round(sum('total_mile')),
		driverPay: Math.round(sum('total_driver_pay') * 100) / 100,
		topDispatcher: [...rows].sort((a, b) => Number(b.total_gross) - Number(a.total_gross))[0]?.dispatcher.full_name ?? 'nobody',
	};
}
