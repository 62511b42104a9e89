/**
 * Runs every schema case against the sandbox through the in-process harness (n8n-core's real
 * WorkflowExecute/RoutingNode for the action node, PollContext for the trigger) and gathers the items
 * the node returned, per schema target. Anything missing is an error, never a silent gap: a target
 * with no case, a case that names no target, a case that fails or returns nothing.
 */
import type { IDataObject } from 'n8n-workflow';
import { resetSupport } from '../../nodes/Datatruck/shared/lists';
import { resetLimiters } from '../../nodes/Datatruck/shared/transport/rateLimiter';
import { triggerSettings } from '../../nodes/DatatruckTrigger/settings';
import { PollHarness } from '../harness/poll.cts';
import { runDatatruck, sandboxCredentials } from '../harness/run.cts';
import type { Sandbox, SandboxConfig, SandboxOptions } from '../sandbox/index.cts';
import { SCHEMA_CASES, SCHEMA_CLOCK, type SchemaCase } from './cases.cts';
import { operationKey, packageNodes, schemaTargets, variantOf, type SchemaTarget } from './targets.cts';

export interface CollectedOutput {
	target: SchemaTarget;
	/** The `json` of every item the target's cases returned. */
	samples: IDataObject[];
	/** The cases that produced them, for messages. */
	cases: string[];
}

const targetId = (node: string, operation: string, variant: string) => `${node} › ${operation}${variant ? ` (${variant})` : ''}`;

/** Matches each case to its target; throws listing every target without a case and every stray case. */
export function planCases(cases: SchemaCase[] = SCHEMA_CASES) {
	const nodes = packageNodes();
	const targets = schemaTargets(nodes);
	const byId = new Map(targets.map((t) => [targetId(t.node, t.operation, t.variant), { target: t, cases: [] as SchemaCase[] }]));
	const stray: string[] = [];
	for (const schemaCase of cases) {
		const node = nodes.find((n) => n.name === schemaCase.node);
		const id = node ? targetId(node.name, operationKey(schemaCase.parameters), variantOf(node, schemaCase.parameters)) : '';
		const entry = byId.get(id);
		if (entry) entry.cases.push(schemaCase);
		else stray.push(`"${schemaCase.name}" (${id || `unknown node ${schemaCase.node}`})`);
	}
	const uncovered = [...byId.entries()].filter(([, entry]) => entry.cases.length === 0).map(([id]) => id);
	const problems = [
		...uncovered.map((id) => `no case for ${id}: add realistic parameters for it to test/schemas/cases.cts`),
		...stray.map((name) => `case ${name} names no operation of the nodes: fix or remove it in test/schemas/cases.cts`),
	];
	if (problems.length > 0) throw new Error(`Output schema cases do not match the nodes:\n- ${problems.join('\n- ')}`);
	return [...byId.values()];
}

/** The sandbox's current values of some settings, read from its control API. */
async function sandboxSettings(sandbox: Sandbox, keys: string[]): Promise<Partial<SandboxConfig>> {
	const config = (await (await fetch(`${sandbox.origin}/__sandbox/config`)).json()) as Record<string, unknown>;
	return Object.fromEntries(keys.map((key) => [key, config[key]])) as Partial<SandboxConfig>;
}

async function runCase(sandbox: Sandbox, schemaCase: SchemaCase): Promise<IDataObject[]> {
	// No pacing: the sandbox runs without its rate limit, and the cases add up to well over 20 requests.
	const credentials = sandboxCredentials(sandbox.baseUrl, sandbox.token, { rateLimitRequests: 100_000 });
	resetLimiters();
	const restore = schemaCase.sandbox ? await sandboxSettings(sandbox, Object.keys(schemaCase.sandbox)) : undefined;
	if (schemaCase.sandbox) sandbox.configure(schemaCase.sandbox);
	const undo = schemaCase.prepare?.(sandbox);
	try {
		if (schemaCase.node === 'datatruckTrigger') {
			const result = await new PollHarness({ parameters: schemaCase.parameters, credentials }).poll('trigger');
			if (result.error) throw result.error;
			return result.json;
		}
		const result = await runDatatruck({ parameters: schemaCase.parameters, credentials, items: schemaCase.items, typeVersion: schemaCase.typeVersion });
		if (result.error) throw result.error;
		const failed = result.json.filter((json) => json.error !== undefined);
		if (failed.length > 0) throw new Error(String(failed[0].error));
		return result.json;
	} catch (error) {
		throw new Error(`schema case "${schemaCase.name}" failed: ${(error as Error).message}`);
	} finally {
		undo?.();
		if (restore) sandbox.configure(restore);
		// What the node found out about a Datatruck configured for one case is not carried into the next.
		if (restore) resetSupport();
	}
}

/** The sandbox the cases run against: no rate limit, seeded data on the fixed clock of the cases. */
export const SCHEMA_SANDBOX: SandboxOptions = { rateLimit: false, now: () => new Date(SCHEMA_CLOCK) };

/**
 * Runs every case (one after another: creates change what later lists return) against a sandbox started
 * with SCHEMA_SANDBOX, with the trigger on the same clock, and groups the items by target.
 */
export async function collectOutputs(sandbox: Sandbox, cases: SchemaCase[] = SCHEMA_CASES): Promise<CollectedOutput[]> {
	const plan = planCases(cases);
	const collected: CollectedOutput[] = [];
	const triggerClock = triggerSettings.now;
	triggerSettings.now = () => Date.parse(SCHEMA_CLOCK);
	try {
		for (const { target, cases: targetCases } of plan) {
			const samples: IDataObject[] = [];
			for (const schemaCase of targetCases) {
				const json = await runCase(sandbox, schemaCase);
				if (json.length === 0) {
					throw new Error(`schema case "${schemaCase.name}" returned no item: give it parameters that find records`);
				}
				samples.push(...json);
			}
			collected.push({ target, samples, cases: targetCases.map((c) => c.name) });
		}
	} finally {
		triggerSettings.now = triggerClock;
	}
	return collected;
}
