import type { INode } from 'n8n-workflow';
import { cachedPerCredential, clearSearchCache, SEARCH_CACHE_TTL_MS } from '../../nodes/Datatruck/shared/pickers/searchCache';
import type { DatatruckContext } from '../../nodes/Datatruck/shared/transport/transport';

function contextWith(apiToken: string, company = 'acme'): DatatruckContext {
	return {
		getNode: () => ({ name: 'Datatruck' }) as INode,
		getCredentials: async <T extends object>() => ({ company, apiToken }) as unknown as T,
		helpers: { httpRequest: async () => ({}), httpRequestWithAuthentication: async () => ({}) },
	};
}

describe('the picker cache', () => {
	let clock = 0;
	const now = () => clock;
	beforeEach(() => {
		clearSearchCache();
		clock = 1_000_000;
	});

	test('answers the same search of the same credential from the cache until it is a minute old', async () => {
		const load = jest.fn(async () => ['Maria Lopez']);
		const ctx = contextWith('token-a');
		await cachedPerCredential(ctx, 'drivers lop', load, now);
		clock += SEARCH_CACHE_TTL_MS - 1;
		expect(await cachedPerCredential(ctx, 'drivers lop', load, now)).toEqual(['Maria Lopez']);
		expect(load).toHaveBeenCalledTimes(1);
		clock += 1;
		await cachedPerCredential(ctx, 'drivers lop', load, now);
		expect(load).toHaveBeenCalledTimes(2);
	});

	test('keeps tokens and companies apart', async () => {
		const load = jest.fn(async () => ['x']);
		await cachedPerCredential(contextWith('token-a'), 'k', load, now);
		await cachedPerCredential(contextWith('token-b'), 'k', load, now);
		await cachedPerCredential(contextWith('token-a', 'other'), 'k', load, now);
		await cachedPerCredential(contextWith('Token token-a'), 'k', load, now); // the same token, pasted with its prefix
		expect(load).toHaveBeenCalledTimes(3);
	});

	test('concurrent identical searches share one load, and a failure is not remembered', async () => {
		let calls = 0;
		const failing = async () => {
			calls++;
			throw new Error('Datatruck is down');
		};
		const ctx = contextWith('token-a');
		await Promise.all([
			expect(cachedPerCredential(ctx, 'k', failing, now)).rejects.toThrow('Datatruck is down'),
			expect(cachedPerCredential(ctx, 'k', failing, now)).rejects.toThrow('Datatruck is down'),
		]);
		expect(calls).toBe(1);
		await expect(cachedPerCredential(ctx, 'k', async () => 'ok', now)).resolves.toBe('ok');
	});
});
