import type { IDataObject, INodeParameters } from 'n8n-workflow';
import { useSandbox } from '../harness/sandbox.cts';
import type { FaultSpec } from '../sandbox/index.cts';

/** Everything an error or item exposes, non-enumerable properties (stack, cause) included. */
function exposed(value: unknown, seen = new Set<unknown>(), depth = 0): string {
	if (value === null || typeof value !== 'object') return String(value);
	if (seen.has(value) || depth > 8) return '';
	seen.add(value);
	return Object.getOwnPropertyNames(value)
		.map((key) => `${key}=${exposed((value as Record<string, unknown>)[key], seen, depth + 1)}`)
		.join(';');
}

const dt = useSandbox();

interface ErrorPath {
	name: string;
	parameters?: INodeParameters;
	credentials?: IDataObject;
	fault?: FaultSpec;
	configure?: IDataObject;
	continueOnFail?: boolean;
}

const getMany = { resource: 'load', operation: 'getMany', returnAll: true };

const paths: ErrorPath[] = [
	{ name: 'wrong token (401)', credentials: { apiToken: 'dtk_live_WRONG_9f8e7d6c5b4a' } },
	{ name: 'token refused by a detail body', fault: { count: 1, kind: 'detail401' } },
	{ name: 'unknown load (404)', parameters: { resource: 'load', operation: 'get', loadId: '987654321' } },
	{ name: 'API validation error (400)', parameters: { ...getMany, sort: { field: '__custom', customField: 'nope' } } },
	{ name: 'field errors (400)', fault: { count: 1, kind: 'fieldErrors' } },
	{ name: 'rate limit exhausted (429)', fault: { count: 20, kind: '429', retryAfter: 0 } },
	{ name: 'server errors exhausted (503)', fault: { count: 20, kind: 503 } },
	{ name: 'broken JSON exhausted', fault: { count: 20, kind: 'malformed' } },
	{ name: 'HTML error page', fault: { count: 20, kind: 'html' } },
	{ name: 'dropped connections', fault: { count: 20, kind: 'drop' } },
	{ name: 'timeouts', fault: { count: 20, kind: 'hang', hangMs: 400 }, parameters: { ...getMany, requestOptions: { timeout: 100 } } },
	{ name: 'page number ignored', configure: { lists: { trucks: { ignorePage: true } } }, parameters: { resource: 'truck', operation: 'getMany', returnAll: true } },
	{ name: 'bad input', parameters: { resource: 'load', operation: 'get', loadId: 'x1' } },
	{ name: 'bad company', credentials: { company: 'not a company' } },
	{ name: 'nothing listening', credentials: { company: 'http://127.0.0.1:9' } },
	{ name: 'continue on fail', parameters: { resource: 'load', operation: 'get', loadId: '987654321' }, continueOnFail: true },
];

describe('the API token never leaks', () => {
	afterEach(() => dt.sandbox.configure({ nextOrigin: null, repeatNext: false, lists: {} }));

	test.each(paths.map((entry) => [entry.name, entry] as const))('%s', async (_name, entry) => {
		const printed: string[] = [];
		const spies = (['log', 'info', 'warn', 'error', 'debug'] as const).map((method) =>
			jest.spyOn(console, method).mockImplementation((...args: unknown[]) => {
				printed.push(args.map((arg) => exposed(arg)).join(' '));
			}),
		);
		try {
			if (entry.fault) dt.sandbox.injectFaults(entry.fault);
			if (entry.configure) dt.sandbox.configure(entry.configure);
			const credentials = dt.credentials(entry.credentials ?? {});
			const result = await dt.run({
				parameters: entry.parameters ?? getMany,
				credentials,
				continueOnFail: entry.continueOnFail,
			});
			const failed = result.error ?? result.items.find((item) => item.error)?.error;
			expect(failed).toBeDefined();
			const everything = [exposed(result.error), exposed(result.items), exposed(result.run?.data?.resultData), ...printed].join('\n');
			// The search covers what a user would see: the error's own words are in it.
			expect(everything).toContain(failed!.message);
			for (const secret of [dt.sandbox.token, String(credentials.apiToken)]) {
				expect(everything).not.toContain(secret);
			}
		} finally {
			spies.forEach((spy) => spy.mockRestore());
		}
	});
});
