import { NodeApiError, NodeConnectionTypes, NodeOperationError } from 'n8n-workflow';
import type {
	IDataObject,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
	IPollFunctions,
} from 'n8n-workflow';
import { findingsOrigin, readPage } from '../Datatruck/shared/lists';
import { simplifyLoad } from '../Datatruck/shared/fields';
import { connectionFor, datatruckRequest } from '../Datatruck/shared/transport';
import { originSupport, type ListSupport } from './answerCheck';
import { triggerProperties } from './description';
import type { EventSpec } from './events';
import { UnreadableEventTimeError } from './eventTime';
import { TriggerReadError } from './fallbackScan';
import { oneAtATime } from './lock';
import { planFromParameters } from './plan';
import { latestRecords, pollOnce, type FetchPage } from './poller';
import { triggerSettings } from './settings';
import { readState, writeState } from './state';

/** Every request goes through the package's transport: shared rate budget, retries, errors. */
function pageFetcher(ctx: IPollFunctions, event: EventSpec): FetchPage {
	return async (query) =>
		readPage(
			await datatruckRequest(ctx, {
				method: 'GET',
				url: event.path,
				qs: {
					...(query.filter.length ? { filter: JSON.stringify(query.filter) } : {}),
					ordering: query.ordering,
					page: query.page,
					page_size: query.pageSize,
				},
				timeout: triggerSettings.requestTimeoutMs,
			}),
		);
}

/** What this credential's Datatruck was seen to support, remembered per origin for the process. */
async function supportFor(ctx: IPollFunctions): Promise<ListSupport> {
	return originSupport(findingsOrigin(await connectionFor(ctx)), ctx);
}

function asNodeError(ctx: IPollFunctions, error: unknown): unknown {
	// A read that could not be finished within its budget is about Datatruck's answers: an API error.
	if (error instanceof TriggerReadError) {
		return new NodeApiError(ctx.getNode(), { message: error.message }, { message: error.message, description: error.description });
	}
	if (!(error instanceof UnreadableEventTimeError)) return error;
	return new NodeOperationError(ctx.getNode(), error.message, { description: error.description });
}

/** A failed poll says that it changed nothing, so the user knows no record was skipped. */
function withNothingCommitted(error: unknown): unknown {
	if (error instanceof NodeApiError || error instanceof NodeOperationError) {
		error.description = `${error.description ? `${error.description} ` : ''}${POLL_FAILED_NOTE}`;
	}
	return error;
}

const POLL_FAILED_NOTE =
	'This poll emitted nothing and did not move the trigger forward: the next poll reads again from the same point, so no record is skipped.';

/** A poll may take this share of the time n8n gives it (newer n8n only) before it stops reading. */
function pollDeadline(ctx: IPollFunctions): () => boolean {
	const startedAt = Date.now();
	const budgetMs = typeof ctx.getPollBudgetMs === 'function' ? ctx.getPollBudgetMs() : undefined;
	return () => budgetMs === undefined || Date.now() - startedAt < budgetMs / 2;
}

export class DatatruckTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Datatruck Trigger',
		name: 'datatruckTrigger',
		icon: { light: 'file:../../icons/datatruck.svg', dark: 'file:../../icons/datatruck.dark.svg' },
		group: ['trigger'],
		version: 1,
		subtitle: '={{ $parameter["event"] }}',
		description: 'Starts the workflow when loads are created, flagged, picked up or delivered, or work orders are created in Datatruck',
		defaults: { name: 'Datatruck Trigger' },
		polling: true,
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'datatruckApi', required: true }],
		properties: triggerProperties,
	};

	async poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
		const plan = planFromParameters(this);
		const fetchPage = pageFetcher(this, plan.event);
		const support = await supportFor(this);
		const shape = (records: IDataObject[]) =>
			plan.event.isLoad && (this.getNodeParameter('simplify', false) as boolean) ? records.map(simplifyLoad) : records;

		if (this.getMode() === 'manual') {
			const records = await latestRecords(plan, fetchPage, triggerSettings.now(), support).catch((error: unknown) => {
				throw asNodeError(this, error);
			});
			if (!records.length) {
				throw new NodeOperationError(this.getNode(), `No ${plan.event.noun} matches this trigger yet`, {
					description:
						'Fetch Test Event shows the most recent matching record. Create one in Datatruck, or loosen the filters, then try again.',
				});
			}
			return [this.helpers.returnJsonArray(shape(records))];
		}

		const node = this.getNode();
		const lockKey = `${this.getWorkflow().id ?? ''}\u0000${node.id ?? node.name}`;
		return await oneAtATime(lockKey, async (covered) => {
			if (covered) {
				this.logger.debug('Datatruck Trigger: the poll this one waited for read Datatruck after it started; this one sends nothing');
				return { value: null, readToEnd: true };
			}
			// Read inside the lock: a poll that waited sees the cursor the previous one stored.
			const staticData = this.getWorkflowStaticData('node');
			const outcome = await pollOnce(plan, readState(staticData, plan.key), fetchPage, {
				now: triggerSettings.now,
				mayContinue: pollDeadline(this),
			}, support).catch((error: unknown) => {
				throw withNothingCommitted(asNodeError(this, error));
			});
			if (outcome.skipped.length) {
				this.logger.warn(
					`Datatruck Trigger skipped ${plan.event.noun}s without a readable "${plan.event.orderField}": ids ${outcome.skipped.join(', ')}`,
				);
			}
			// Only a poll that succeeded as a whole gets here: the cursor moves together with its items.
			writeState(staticData, outcome.state);
			const value = outcome.records.length ? [this.helpers.returnJsonArray(shape(outcome.records))] : null;
			return { value, readToEnd: outcome.state.scan === undefined };
		});
	}
}
