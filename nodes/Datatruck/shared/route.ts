import type {
	DeclarativeRestApiSettings,
	IDataObject,
	IExecutePaginationFunctions,
	IExecuteSingleFunctions,
	IHttpRequestMethods,
	IHttpRequestOptions,
	INodeExecutionData,
	INodePropertyOptions,
	PreSendAction,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { fetchList, replacementsFor, type ListShape } from './lists';
import { datatruckRequest, type DatatruckRequest, type RequestPurpose, userTimeoutOf } from './transport';
import { ParameterCheck } from './fields';

/**
 * Turns what Datatruck returned into output records (e.g. Simplify, or one shape for two replies); `sent` is the
 * request as the preSend built it (e.g. a create's body, to return the record as sent).
 */
export type RecordShaper = (
	this: IExecuteSingleFunctions,
	records: IDataObject[],
	sent: DatatruckRequest,
) => IDataObject[] | Promise<IDataObject[]>;

export interface OperationSpec {
	name: string;
	value: string;
	action: string;
	description: string;
	method: IHttpRequestMethods;
	/** Path under the API base; may be an n8n expression such as `=/orders/{{$parameter.loadId}}`. */
	path: string;
	/** For list operations: paged with Return All / Limit. */
	list?: ListShape;
	/** The 404 message, e.g. "No load with ID 12 exists"; gets the item's context. */
	notFoundMessage?: (this: IExecuteSingleFunctions) => string;
	/** Checks and builds the request from the parameters before anything is sent. */
	preSend?: PreSendAction[];
	shape?: RecordShaper;
	/**
	 * For a list Datatruck cannot filter as asked: the records to keep, or undefined to keep all.
	 * The list is then read whole (one request where it takes `page_size=all`) and Limit counts kept records.
	 */
	keep?: (this: IExecuteSingleFunctions) => ((record: IDataObject) => boolean) | undefined;
	/**
	 * Makes the records itself instead of sending `method` `path`, e.g. an operation whose only
	 * requests are look-ups, or a write that reads its own answer; they are shaped and paired like any
	 * answer. `request` is the one the parameters and `preSend` built.
	 */
	records?: (this: IExecutePaginationFunctions, request: DatatruckRequest, purpose: Partial<RequestPurpose>) => Promise<IDataObject[]>;
	/** Builds the output items itself, e.g. with binary data; they are paired with the input item. */
	toItems?: (
		this: IExecutePaginationFunctions,
		records: IDataObject[],
		request: DatatruckRequest,
	) => Promise<INodeExecutionData[]>;
}

/**
 * One entry of a resource's Operation dropdown. n8n's routing builds the request from the
 * parameters declaratively; the request itself then goes through this package's transport (rate
 * budget, retries, errors, safe pagination), which n8n lets a declarative node plug in as its
 * "pagination" step.
 */
export function datatruckOperation(spec: OperationSpec): INodePropertyOptions {
	return {
		name: spec.name,
		value: spec.value,
		action: spec.action,
		description: spec.description,
		routing: {
			request: { method: spec.method, url: spec.path },
			send: { paginate: true, ...(spec.preSend ? { preSend: [holdCheckErrors(spec.preSend)] } : {}) },
			operations: { pagination: pairErrors(routeThroughTransport(spec)) },
		},
	};
}

function routeThroughTransport(spec: OperationSpec) {
	return async function (
		this: IExecutePaginationFunctions,
		requestData: DeclarativeRestApiSettings.ResultOptions,
	): Promise<INodeExecutionData[]> {
		const { qs, body } = requestData.options;
		const request = {
			// A preSend may choose another method for the same path (Driver › Update's partial update).
			method: (requestData.options.method ?? spec.method) as IHttpRequestMethods,
			url: requestData.options.url as string,
			qs: qs as IDataObject,
			body: body as IDataObject,
			// Not requestData's timeout: n8n fills in 300 s there when the user set none.
			timeout: userTimeoutOf(this.getNodeParameter('requestOptions', {})),
		};
		const purpose = { notFoundMessage: spec.notFoundMessage?.call(this) };

		let records: IDataObject[];
		if (spec.records) {
			records = await spec.records.call(this, request, purpose);
		} else if (spec.list) {
			const returnAll = this.getNodeParameter('returnAll', false) as boolean;
			const limit = returnAll
				? undefined
				: ParameterCheck.forItem(this).integer(
						this.getNodeParameter('limit', 50),
						'Limit',
						'50',
						1,
					);
			const keep = spec.keep?.call(this);
			records = await fetchList(this, request, spec.list, keep ? undefined : limit, purpose, replacementsFor(requestData.options));
			if (keep) records = records.filter(keep).slice(0, limit);
		} else {
			records = asRecords(await datatruckRequest(this, request, purpose));
		}
		if (spec.shape) records = await spec.shape.call(this, records, request);

		const pairedItem = { item: this.getItemIndex() };
		if (spec.toItems) {
			return (await spec.toItems.call(this, records, request)).map((item) => ({ ...item, pairedItem }));
		}
		return records.map((json) => ({ json, pairedItem }));
	};
}

/** What Datatruck answered, as output records: a list as it is, one object as one record, anything else wrapped. */
export function asRecords(body: unknown): IDataObject[] {
	if (Array.isArray(body)) return body as IDataObject[];
	if (body && typeof body === 'object') return [body as IDataObject];
	return [{ result: body as string }];
}

/**
 * Whose error it is. n8n's RoutingNode (n8n-core 1.x and 2.x alike) wraps everything the preSend
 * and the request step reject with in a `NodeApiError` (error code "none", shown "From Datatruck")
 * unless it already is one. A check of the node's own (`ParameterCheck`, a preSend, this file) is
 * a `NodeOperationError` and must reach the editor as one: so no preSend throws; its error is held
 * until the request step, which then does not reject but resolves with an output that throws the
 * error when RoutingNode reads it, after its wrapping (`failsWhenRead`). Datatruck's answers are
 * `NodeApiError`s and are thrown as they are.
 *
 * Continue On Fail keeps the failed item's pairing. RoutingNode outputs a failed item as
 * `{ json: {}, error }` without `pairedItem` (the engine fills it in only when input and output
 * counts match, not for lists), so every error of an item is returned from the request step, paired
 * with its item.
 */
const heldErrors = new WeakMap<object, unknown>();

function holdCheckErrors(actions: PreSendAction[]): PreSendAction {
	return async function (this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions) {
		let options = requestOptions;
		try {
			for (const action of actions) options = await action.call(this, options);
		} catch (error) {
			heldErrors.set(options, error);
		}
		return options;
	};
}

/**
 * An item's output that throws `error` as soon as RoutingNode reads it (it spreads the output into
 * the node's items outside its wrapping); a promise's look-up of `then` is the one read let through.
 */
function failsWhenRead(error: NodeOperationError): INodeExecutionData[] {
	return new Proxy([], {
		get(_target, key) {
			if (key === 'then') return undefined;
			throw error;
		},
	});
}

type RequestStep = ReturnType<typeof routeThroughTransport>;

function pairErrors(step: RequestStep): RequestStep {
	return async function (this: IExecutePaginationFunctions, requestData) {
		const continueOnFail = this.continueOnFail();
		const failed = (error: unknown): INodeExecutionData[] => {
			if (continueOnFail) return [{ json: {}, error: error as NodeOperationError, pairedItem: { item: this.getItemIndex() } }];
			if (error instanceof NodeOperationError) return failsWhenRead(error);
			throw error;
		};
		if (heldErrors.has(requestData.options)) return failed(heldErrors.get(requestData.options));
		try {
			return await step.call(this, requestData);
		} catch (error) {
			return failed(error);
		}
	};
}
