import type { INodeParameters } from 'n8n-workflow';
import { resetSupport } from '../../nodes/Datatruck/shared/lists';
import { coreLogger } from '../harness/coreLogger.cts';
import { useSandbox } from '../harness/sandbox.cts';

/**
 * Issue 28, requirement 1: what a list read finds does not hold is said once in n8n's log per credential origin and
 * finding, whatever the number of reads, and the log line never holds the API token. Two sandboxes are two origins.
 */
const first = useSandbox();
const second = useSandbox();

let warn: jest.SpyInstance;
beforeEach(() => {
	resetSupport();
	for (const dt of [first, second]) dt.sandbox.configure({ profile: 'default', lists: { workOrders: { ignoreFilter: true, ignoreOrdering: true, ignorePageSize: true } } });
	warn = jest.spyOn(coreLogger(), 'warn').mockImplementation(() => undefined);
});
afterEach(() => warn.mockRestore());

const workOrders: INodeParameters = {
	resource: 'workOrder',
	operation: 'getMany',
	returnAll: true,
	filters: { conditions: [{ field: 'status', operator: 'is_not', value: 'Completed' }] },
};
const originOf = (dt: typeof first) => /^(https?:\/\/[^/]+)/.exec(dt.sandbox.baseUrl)?.[1] ?? '';
/** The Datatruck findings n8n's logger was given, as `origin key`. */
const logged = () =>
	warn.mock.calls
		.filter(([message]) => /differs from assumption/.test(String(message)))
		.map(([, meta]) => `${(meta as { origin: string }).origin} ${(meta as { key: string }).key}`);

test('two reads on each of two origins: each finding logged once per origin, naming the assumption, without the token', async () => {
	for (const dt of [first, second, first, second]) {
		const result = await dt.run({ parameters: workOrders });
		expect(result.error).toBeUndefined();
		expect(result.json.length).toBeGreaterThan(0);
		expect(result.json.every((workOrder) => workOrder.status !== 'Completed')).toBe(true);
	}
	const lines = logged();
	expect(lines.length).toBeGreaterThan(1);
	// Once per origin and key, and the same findings on both origins.
	expect(new Set(lines).size).toBe(lines.length);
	const keysOf = (dt: typeof first) => lines.filter((line) => line.startsWith(`${originOf(dt)} `)).map((line) => line.split(' ')[1]).sort();
	expect(keysOf(first).length).toBeGreaterThan(0);
	expect(keysOf(second)).toEqual(keysOf(first));
	expect(keysOf(first).every((key) => key.startsWith('workOrders.'))).toBe(true);

	const said = JSON.stringify(warn.mock.calls);
	expect(said).toMatch(/assumption A6/);
	for (const dt of [first, second]) expect(said).not.toContain(dt.sandbox.token);
});
