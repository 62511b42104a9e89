/**
 * What the carrier's n8n runs all day: the shipped examples read from examples/ at run time (so a change to one is
 * what the day runs), pointed at the day's sandbox, mailboxes, SMTP stand-in and webhook catcher and polling every
 * scaled minute; beside them what carriers add: two more triggers (new loads, pickups), a sync (Load › Get Many,
 * Return All, into a table of ids) every few scaled minutes and Check Compatibility every scaled hour.
 *
 * Left out, and why: `create-work-order-with-ai.json` needs an OpenAI account (no network here), and
 * `email-proof-of-delivery-n8n-1x.json` is the n8n 1.x copy of the proof-of-delivery example.
 */
import { example } from '../e2e/lib/examples.cts';
import type { CredentialImport, WorkflowJson } from '../e2e/lib/n8n.cts';
import { DATATRUCK, DATATRUCK_TRIGGER, type CredentialRef } from '../e2e/lib/workflow.cts';
import { eventSpec } from '../../nodes/DatatruckTrigger/events';
import type { DayPlan } from './plan.cts';
import { pollEveryScaledMinute, scheduleEvery, scheduleOnce } from './scale.cts';

/** The credential every Datatruck node of the examples names: the day's one token. */
export const DAY_CREDENTIAL: CredentialRef = { id: 'dtSandboxCred001', name: 'Datatruck Sandbox' };
export const RATECON_IMAP: CredentialRef = { id: 'dayImapRatecon01', name: 'Loads inbox (IMAP)' };

export const EXCLUDED_EXAMPLES: Record<string, string> = {
	'create-work-order-with-ai.json': 'needs an OpenAI account (no network here)',
	'email-proof-of-delivery-n8n-1x.json': 'the n8n 1.x copy of email-proof-of-delivery.json',
};

/** The day's workflows by role; `name` is how the report and the checks call them. */
export interface DayWorkflow {
	role: WorkflowRole;
	name: string;
	/** The example file it comes from, when it is one. */
	file?: string;
	/** The node whose output items are the workflow's records (a trigger's events, the sync's table). */
	recordNode: string;
	json: WorkflowJson;
}

export type WorkflowRole =
	| 'alertFlagged'
	| 'podEmail'
	| 'repairMailbox'
	| 'repairWebhook'
	| 'rateConfirmation'
	| 'weeklyReport'
	| 'newLoad'
	| 'pickedUp'
	| 'sync'
	| 'compatibility';

export const TRIGGER_ROLES = ['newLoad', 'pickedUp', 'podEmail', 'alertFlagged'] as const satisfies readonly WorkflowRole[];

type Node = WorkflowJson['nodes'][number] & { type: string; name: string; parameters: Record<string, unknown>; credentials?: Record<string, CredentialRef> };

function nodesOf(wf: WorkflowJson): Node[] {
	return wf.nodes as Node[];
}

function node(wf: WorkflowJson, name: string): Node {
	const found = nodesOf(wf).find((n) => n.name === name);
	if (!found) throw new Error(`workflow ${wf.name} has no node "${name}" (did the example change?)`);
	return found;
}

/**
 * Every Datatruck Trigger of the workflow polls every scaled minute instead of every minute, and its late-entry window
 * (real minutes by default: 10 for new loads, 60 for pickups and deliveries) is its default in scaled minutes, so
 * that the trigger remembers what it remembers in a real day (its static data) and no more.
 */
function scaledPolls(wf: WorkflowJson, minuteMs: number): WorkflowJson {
	for (const n of nodesOf(wf)) {
		if (n.type !== DATATRUCK_TRIGGER) continue;
		n.parameters.pollTimes = pollEveryScaledMinute(minuteMs);
		const event = eventSpec(String(n.parameters.event));
		if (event?.kind === 'eventTime') {
			n.parameters.options = { ...(n.parameters.options as object), lateEntryWindow: (event.defaultLateEntryMinutes * minuteMs) / 60_000 };
		}
	}
	return wf;
}

function triggerName(wf: WorkflowJson): string {
	const trigger = nodesOf(wf).find((n) => n.type === DATATRUCK_TRIGGER);
	if (!trigger) throw new Error(`workflow ${wf.name} has no Datatruck Trigger`);
	return trigger.name;
}

/** A Datatruck Trigger feeding a No Op: what a carrier wires before the real work (a Slack post, a sheet row). */
function triggerOnly(id: string, name: string, event: string, minuteMs: number): WorkflowJson {
	return scaledPolls({
		id,
		name,
		nodes: [
			{ id: `${id}-t`, name: 'Datatruck Trigger', type: DATATRUCK_TRIGGER, typeVersion: 1, position: [0, 0], parameters: { pollTimes: pollEveryScaledMinute(minuteMs), event, options: {} }, credentials: { datatruckApi: DAY_CREDENTIAL } },
			{ id: `${id}-o`, name: 'Received', type: 'n8n-nodes-base.noOp', typeVersion: 1, position: [240, 0], parameters: {} },
		],
		connections: { 'Datatruck Trigger': { main: [[{ node: 'Received', type: 'main', index: 0 }]] } },
		active: false,
		settings: { executionOrder: 'v1' },
		pinData: {},
	}, minuteMs);
}

/** Schedule → one Datatruck operation (→ more nodes). */
function scheduled(id: string, name: string, rule: Record<string, unknown>, steps: Array<{ name: string; type?: string; parameters: Record<string, unknown>; typeVersion?: number }>): WorkflowJson {
	const nodes: Node[] = [{ id: `${id}-s`, name: 'Schedule', type: 'n8n-nodes-base.scheduleTrigger', typeVersion: 1.2, position: [0, 0], parameters: rule } as Node];
	const connections: Record<string, { main: Array<Array<{ node: string; type: 'main'; index: number }>> }> = {};
	steps.forEach((step, i) => {
		const type = step.type ?? DATATRUCK;
		nodes.push({
			id: `${id}-${i}`,
			name: step.name,
			type,
			typeVersion: step.typeVersion ?? 1,
			position: [240 * (i + 1), 0],
			parameters: step.parameters,
			...(type === DATATRUCK ? { credentials: { datatruckApi: DAY_CREDENTIAL } } : {}),
		} as Node);
		connections[i === 0 ? 'Schedule' : steps[i - 1].name] = { main: [[{ node: step.name, type: 'main', index: 0 }]] };
	});
	return { id, name, nodes, connections, active: false, settings: { executionOrder: 'v1' }, pinData: {} };
}

export interface DayEndpoints {
	minuteMs: number;
	/** The webhook catcher standing in for Slack. */
	slackUrl: string;
}

/** When the scheduled workflows run: set from the day's minute 0 (plannedDayStart), known once n8n is ready. */
export interface DaySchedules {
	minuteMs: number;
	dayStart: number;
	plan: Pick<DayPlan, 'syncEveryMinutes' | 'syncAtMinute' | 'compatibilityAtMinute' | 'weeklyReportAtMinute'>;
}

export function dayWorkflows(to: DayEndpoints): DayWorkflow[] {
	const { minuteMs } = to;
	const alert = scaledPolls(example('alert-on-flagged-loads.json'), minuteMs);
	node(alert, 'Post to Slack').parameters.url = to.slackUrl;
	const pod = scaledPolls(example('email-proof-of-delivery.json'), minuteMs);
	const mailbox = example('create-work-order-from-mailbox.json');
	const webhook = example('create-work-order-from-email.json');
	const rateCon = example('create-load-from-rate-confirmation.json');
	for (const n of nodesOf(rateCon)) if (n.credentials?.imap) n.credentials.imap = RATECON_IMAP;
	return [
		{ role: 'alertFlagged', name: 'Alert on flagged loads', file: 'alert-on-flagged-loads.json', recordNode: triggerName(alert), json: alert },
		{ role: 'podEmail', name: 'Email proof of delivery', file: 'email-proof-of-delivery.json', recordNode: triggerName(pod), json: pod },
		{ role: 'repairMailbox', name: 'Work orders from the shop mailbox', file: 'create-work-order-from-mailbox.json', recordNode: 'New repair email', json: mailbox },
		{ role: 'repairWebhook', name: 'Work orders from an inbound-mail webhook', file: 'create-work-order-from-email.json', recordNode: 'Repair email received', json: webhook },
		{ role: 'rateConfirmation', name: 'Loads from rate confirmations', file: 'create-load-from-rate-confirmation.json', recordNode: 'New rate confirmation', json: rateCon },
		{ role: 'newLoad', name: 'New loads', recordNode: 'Datatruck Trigger', json: triggerOnly('dayTriggerNewLd1', 'Day: new loads', 'newLoad', minuteMs) },
		{ role: 'pickedUp', name: 'Loads picked up', recordNode: 'Datatruck Trigger', json: triggerOnly('dayTriggerPickd1', 'Day: loads picked up', 'loadPickedUp', minuteMs) },
	];
}

/** The sync's nodes after its trigger: Load › Get Many, Return All, into a table of ids (also bench/workerMemory.cts). */
export const SYNC_NODES = [
	{ name: 'All loads', parameters: { resource: 'load', operation: 'getMany', returnAll: true, filters: {}, options: {} } },
	{
		name: 'Loads table',
		type: 'n8n-nodes-base.code',
		typeVersion: 2,
		parameters: { mode: 'runOnceForAllItems', jsCode: 'const ids = $input.all().map((item) => item.json.id);\nreturn [{ json: { count: ids.length, ids } }];' },
	},
];

/**
 * The sync (SYNC_NODES), the hourly Check Compatibility, and the weekly board report, its Monday 7:00 moved to the
 * day's minute of it (it would not fall in the day otherwise, and ran in none until session 27).
 */
export function scheduledDayWorkflows(at: DaySchedules): DayWorkflow[] {
	const { minuteMs, dayStart, plan } = at;
	const every = (scaledMinutes: number, atMinute: number) => scheduleEvery(scaledMinutes, minuteMs, { dayStart, atMinute });
	const sync = scheduled('daySyncLoads0001', 'Day: sync every load', every(plan.syncEveryMinutes, plan.syncAtMinute), SYNC_NODES);
	const compatibility = scheduled('dayCompatCheck01', 'Day: check compatibility hourly', every(60, plan.compatibilityAtMinute), [
		{ name: 'Check Compatibility', parameters: { resource: 'connection', operation: 'checkCompatibility' } },
	]);
	const weekly = example('weekly-dispatcher-board-report.json');
	node(weekly, 'Every Monday at 7:00').parameters = scheduleOnce(minuteMs, { dayStart, atMinute: plan.weeklyReportAtMinute });
	return [
		{ role: 'weeklyReport', name: 'Weekly dispatcher board report', file: 'weekly-dispatcher-board-report.json', recordNode: 'Report', json: weekly },
		{ role: 'sync', name: 'Sync of every load', recordNode: 'Loads table', json: sync },
		{ role: 'compatibility', name: 'Check Compatibility hourly', recordNode: 'Check Compatibility', json: compatibility },
	];
}

/** The credentials the day's workflows name, pointed at the day's services. */
export function dayCredentials(sandbox: { origin: string; token: string }, minuteMs: number, imap: CredentialImport, rateConImap: CredentialImport, smtp: CredentialImport): CredentialImport[] {
	return [
		{
			...DAY_CREDENTIAL,
			type: 'datatruckApi',
			data: { company: sandbox.origin, apiToken: sandbox.token, rateLimitRequests: 20, rateLimitWindowSeconds: minuteMs / 1000 },
		},
		imap,
		rateConImap,
		smtp,
	];
}
