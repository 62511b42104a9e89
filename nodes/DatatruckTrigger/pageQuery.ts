import type { ApiFilter, Page } from '../Datatruck/shared/lists';

/** One page request of a poll: the poller and its newest-first fallback scan both ask in this shape. */
export interface PageQuery {
	filter: ApiFilter[];
	ordering: string;
	page: number;
	pageSize: number;
}

export type FetchPage = (query: PageQuery) => Promise<Page>;

/** Datatruck's time filters take whole seconds. */
export function isoSeconds(ms: number): string {
	return new Date(Math.floor(ms / 1000) * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');
}
