import { NodeOperationError, sleep } from 'n8n-workflow';
import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions } from 'n8n-workflow';
import {
	CREDENTIAL_TYPE,
	countedByDatatruck,
	describeFault,
	faultRetryPause,
	mayRetryTooManyRequests,
	pause,
	retryPolicy,
	TOO_MANY_REQUESTS_HINT,
	type Connection,
} from '../transport';
import { linkRefusal } from './linkPolicy';

/** What a download is of, for error messages: "the proof of delivery of load 1001". */
export interface DownloadSubject {
	loadId: number;
	documentType: string;
}

export interface DownloadLimits {
	maxBytes: number;
	timeoutMs: number;
}

export interface DownloadedFile {
	bytes: Buffer;
	/** The answer's Content-Type without parameters; undefined when it said nothing useful. */
	mimeType?: string;
	fileName?: string;
}

const MAX_REDIRECTS = 5;
const GENERIC_TYPES = new Set(['application/octet-stream', 'binary/octet-stream', 'application/binary']);

interface StreamBody extends AsyncIterable<Buffer | string> {
	destroy(): void;
	/** Set when the body stopped before its end (not at the deadline): the download may go again from the start. */
	brokeOff?: boolean;
}

interface FileResponse {
	statusCode: number;
	headers: IDataObject;
	body: StreamBody;
}

/**
 * Downloads one document link. `file_link`s point either at Datatruck itself or at a storage host
 * with a signed URL, so the API token is sent only to the credential's own origin (and only that
 * origin's downloads spend the token's rate budget). Redirects are followed here, one hop at a
 * time, so the token can never ride along to another host and every hop passes `linkRefusal`: https,
 * and never into the n8n host's own network. A message never shows a link's query string: on a
 * signed URL that is the credential.
 */
export async function downloadFile(
	ctx: IExecuteSingleFunctions,
	connection: Connection,
	link: string,
	subject: DownloadSubject,
	limits: DownloadLimits,
): Promise<DownloadedFile> {
	const fail = failureFor(ctx, subject);
	let url = checkedUrl(link, connection, fail);
	const rateLimited = connection.limiter.rateLimitStreak(retryPolicy.rateLimitRetries);
	const firstSentAt = Date.now();
	let faults = 0;
	// A download is a GET: after a 5xx, a connection that failed before any answer or a body that broke off, it goes
	// again from the start, by the API's rule.
	const mayTryAgain = async (unavailable: boolean) => {
		const pauseMs = faultRetryPause(faults, firstSentAt, connection.windowMs, limits.timeoutMs, unavailable);
		if (pauseMs === undefined) return false;
		faults++;
		await pause(pauseMs, ctx.getExecutionCancelSignal?.());
		return true;
	};
	const tries = () => (faults ? ` (gave up after ${faults + 1} tries)` : '');
	for (let hops = 0; ; ) {
		const response = await fetchOnce(ctx, connection, url, limits, fail);
		if ('unreachable' in response) {
			const { code } = response.unreachable;
			if (await mayTryAgain(code === 'ECONNREFUSED')) continue;
			throw fail(`the file host could not be reached (${code ?? 'network error'})${tries()}`, url);
		}
		const { statusCode, headers } = response;
		if (statusCode >= 300 && statusCode < 400 && typeof headers.location === 'string') {
			response.body.destroy();
			if (++hops > MAX_REDIRECTS) fail(`the link redirected more than ${MAX_REDIRECTS} times`, url);
			url = checkedUrl(new URL(headers.location, url).href, connection, fail, url);
			continue;
		}
		// A document on Datatruck's own address is a request of the token like any other: its 429s are ridden out as the
		// API's are, and teach the limiter the same.
		if (statusCode === 429 && url.origin === connection.origin) {
			response.body.destroy();
			if (mayRetryTooManyRequests(connection, headers, rateLimited)) continue;
			throw fail(`Datatruck kept answering "too many requests" (gave up after ${rateLimited.tries()} tries)`, url, TOO_MANY_REQUESTS_HINT);
		}
		if (statusCode >= 500) {
			response.body.destroy();
			if (await mayTryAgain(statusCode === 503)) continue;
			throw fail(`${statusProblem(statusCode, '')}${tries()}`, url, httpHint(statusCode, ''));
		}
		if (statusCode >= 400) {
			const text = (await readBody(response.body, 4096, () => undefined)).toString('utf8');
			throw fail(statusProblem(statusCode, text), url, httpHint(statusCode, text));
		}
		const mimeType = contentTypeOf(headers);
		if (mimeType === 'text/html') {
			response.body.destroy();
			throw fail(
				'the link answered with a web page instead of the file (often a sign-in or error page)',
				url,
				'Open the load in Datatruck and check that the document opens there; the storage host may need the document to be uploaded again.',
			);
		}
		const declared = Number(headers['content-length']);
		if (Number.isFinite(declared) && declared > limits.maxBytes) {
			response.body.destroy();
			throw oversize(ctx, subject, declared, limits);
		}
		const bytes = await readBody(response.body, limits.maxBytes, (size) => {
			throw oversize(ctx, subject, size, limits);
		});
		if (response.body.brokeOff) {
			if (await mayTryAgain(false)) continue;
			throw fail(`the connection broke off during the download${tries()}`, url);
		}
		return { bytes, mimeType: mimeType && !GENERIC_TYPES.has(mimeType) ? mimeType : undefined, fileName: fileNameOf(headers, url) };
	}
}

async function fetchOnce(
	ctx: IExecuteSingleFunctions,
	connection: Connection,
	url: URL,
	limits: DownloadLimits,
	fail: ReturnType<typeof failureFor>,
): Promise<FileResponse | { unreachable: ReturnType<typeof describeFault> }> {
	const ours = url.origin === connection.origin;
	const cancel = ctx.getExecutionCancelSignal?.();
	const slot = ours ? await connection.limiter.acquire(cancel) : undefined;
	const abort = new AbortController();
	const stopTimer = new AbortController();
	const onCancel = () => abort.abort();
	cancel?.addEventListener('abort', onCancel, { once: true });
	// The whole download, body included, must finish in time; a request timeout alone covers only the wait for headers.
	sleep(limits.timeoutMs, stopTimer.signal).then(
		() => abort.abort(),
		() => undefined,
	);
	const options: IHttpRequestOptions = {
		method: 'GET',
		url: url.href,
		encoding: 'stream',
		json: false,
		returnFullResponse: true,
		ignoreHttpStatusErrors: true,
		disableFollowRedirect: true,
		sendCredentialsOnCrossOriginRedirect: false,
		timeout: limits.timeoutMs,
		abortSignal: abort.signal,
		headers: { Accept: '*/*' },
	};
	let refused = false;
	try {
		const response = (ours
			? await ctx.helpers.httpRequestWithAuthentication.call(ctx, CREDENTIAL_TYPE, options)
			: await ctx.helpers.httpRequest(options)) as FileResponse;
		refused = !countedByDatatruck(response.statusCode);
		const body = response.body;
		// Reading the body stays under the same deadline; the timer stops once the body is consumed.
		const guarded: StreamBody = {
			destroy: () => {
				stopTimer.abort();
				body.destroy();
			},
			async *[Symbol.asyncIterator]() {
				try {
					for await (const chunk of body) yield chunk;
				} catch {
					if (abort.signal.aborted) throw timedOut(url, limits, fail, cancel);
					guarded.brokeOff = true;
				} finally {
					stopTimer.abort();
					cancel?.removeEventListener('abort', onCancel);
				}
			},
		};
		return { ...response, body: guarded };
	} catch (error) {
		stopTimer.abort();
		cancel?.removeEventListener('abort', onCancel);
		const fault = describeFault(error, limits.timeoutMs);
		// A refused connection never reached Datatruck (as on the API path).
		refused = fault.code === 'ECONNREFUSED';
		if (abort.signal.aborted || fault.timedOut) throw timedOut(url, limits, fail, cancel);
		if (fault.transient) return { unreachable: fault };
		throw fail(`the file host could not be reached (${fault.code ?? 'network error'})`, url);
	} finally {
		slot?.answered(refused);
	}
}

function timedOut(url: URL, limits: DownloadLimits, fail: ReturnType<typeof failureFor>, cancel?: AbortSignal) {
	if (cancel?.aborted) return fail('the execution was cancelled', url);
	return fail(
		`the download did not finish within ${Math.round(limits.timeoutMs / 100) / 10} s`,
		url,
		'Raise Request Options › Timeout (at the bottom of the node) if the file host is slow, or try again later.',
	);
}

/** Reads the whole body, calling `tooBig` (which throws) as soon as it grows past `maxBytes`. */
async function readBody(body: StreamBody, maxBytes: number, tooBig: (size: number) => void): Promise<Buffer> {
	const chunks: Buffer[] = [];
	let size = 0;
	for await (const chunk of body) {
		const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
		size += bytes.length;
		if (size > maxBytes) {
			body.destroy();
			tooBig(size);
			break;
		}
		chunks.push(bytes);
	}
	return Buffer.concat(chunks);
}

/** A link the node may fetch for this credential (see linkPolicy.ts), checked again at every redirect hop. */
function checkedUrl(link: string, connection: Connection, fail: ReturnType<typeof failureFor>, from?: URL): URL {
	let url: URL;
	try {
		url = new URL(link);
	} catch {
		throw fail(from ? 'the file host redirected to an address that is not valid' : 'the document has no valid link', from);
	}
	const refusal = linkRefusal(url, connection.origin);
	if (refusal === 'private network') {
		throw fail(
			from
				? `the file host redirected to an address on a private or local network (${where(url)})`
				: `the link points to an address on a private or local network (${where(url)})`,
			undefined,
			'A document link must lead to Datatruck itself or to a public https address: the node never fetches addresses of the n8n host’s own network from a link in an answer.',
		);
	}
	if (refusal === 'not https') {
		throw fail(
			from ? `the file host redirected to a non-https address (${where(url)})` : `the link is not an https address (${where(url)})`,
			undefined,
			'Documents are only downloaded over https, so that the file and any signed link stay private.',
		);
	}
	return url;
}

/** Host and file name only: the path may name the company and the query of a signed link is a secret. */
function where(url: URL): string {
	const file = decodeURIComponent(url.pathname.split('/').pop() ?? '');
	return file ? `${url.host}, file ${file}` : url.host;
}

function failureFor(ctx: IExecuteSingleFunctions, subject: DownloadSubject) {
	return (problem: string, url?: URL, description?: string): never => {
		throw new NodeOperationError(
			ctx.getNode(),
			`Could not download the ${subject.documentType} of load ${subject.loadId}: ${problem}${url && !problem.includes(url.host) ? ` (${where(url)})` : ''}`,
			{ itemIndex: ctx.getItemIndex(), description },
		);
	};
}

function oversize(ctx: IExecuteSingleFunctions, subject: DownloadSubject, size: number, limits: DownloadLimits) {
	const exact = size > limits.maxBytes + 64 * 1024 ? `${megabytes(size)} MB` : `more than ${megabytes(limits.maxBytes)} MB`;
	return new NodeOperationError(
		ctx.getNode(),
		`The ${subject.documentType} of load ${subject.loadId} is too large: ${exact}, over the ${megabytes(limits.maxBytes)} MB limit`,
		{
			itemIndex: ctx.getItemIndex(),
			description: 'Raise Options › Max File Size (MB) if you need files this large.',
		},
	);
}

function megabytes(bytes: number): string {
	return String(Math.round((bytes / (1024 * 1024)) * 10) / 10);
}

function statusProblem(status: number, text: string): string {
	if (/expired/i.test(text)) return `the link has expired (HTTP ${status})`;
	if (status === 404) return 'the file is not there any more (HTTP 404)';
	if (status === 401 || status === 403) return `the file host refused access (HTTP ${status})`;
	return `the file host answered HTTP ${status}`;
}

function httpHint(status: number, text: string): string {
	if (/expired/i.test(text) || status === 403 || status === 401) {
		return 'Datatruck signs document links for a limited time. Run the node again so it reads the load afresh; if it keeps failing, open the load in Datatruck and check the document.';
	}
	if (status === 404) return 'The document was probably deleted or replaced in Datatruck. Open the load there and upload it again.';
	return 'Try again later.';
}

function contentTypeOf(headers: IDataObject): string | undefined {
	const value = headers['content-type'];
	const type = typeof value === 'string' ? value.split(';')[0].trim().toLowerCase() : '';
	return type || undefined;
}

function fileNameOf(headers: IDataObject, url: URL): string | undefined {
	const disposition = typeof headers['content-disposition'] === 'string' ? headers['content-disposition'] : '';
	const quoted = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition)?.[1];
	const name = quoted ?? url.pathname.split('/').pop();
	try {
		return name ? decodeURIComponent(name).replace(/[/\\]/g, '_') : undefined;
	} catch {
		return name;
	}
}
