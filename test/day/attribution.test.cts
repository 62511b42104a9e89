/** Which day workflow sent a request (attribution.cts `senderOf`), for the shapes the day's logs hold. */
import { OTHER_APP_HOST } from './actors.cts';
import { packageRequests, senderOf } from './attribution.cts';

const loads = (query: Record<string, string>) => ({ method: 'GET', path: '/api/v1/openapi/orders/', query, host: '127.0.0.1:1' });
const before = JSON.stringify([{ column: 'created_datetime', value: '2026-12-06T10:00:00Z', contains: 'before' }]);

describe('senderOf', () => {
	it("the sync's read on from the last load seen is the sync's, by both orderings and by creation alone (the release hour's one ordering field; full day 727112, session 20: 165 requests filed under Check Compatibility)", () => {
		expect(senderOf(loads({ ordering: '-created_datetime,-id', filter: before }))).toBe('sync');
		expect(senderOf(loads({ ordering: '-created_datetime', filter: before }))).toBe('sync');
	});

	it("New Load's first read on activation, newest first by page, stays New Load's in either ordering", () => {
		expect(senderOf(loads({ ordering: '-created_datetime,-id', page: '1' }))).toBe('newLoad');
		expect(senderOf(loads({ ordering: '-created_datetime', page: '1' }))).toBe('newLoad');
	});

	it("Check Compatibility's reads by other orderings stay its own", () => {
		expect(senderOf(loads({ ordering: '-id' }))).toBe('compatibility');
		expect(senderOf(loads({ ordering: 'status,id' }))).toBe('compatibility');
	});

	it("the weekly report's board is last week's; Check Compatibility's spans years", () => {
		const board = (start_date: string, end_date: string) => ({ method: 'GET', path: '/api/v1/openapi/orders/dispatcher-board/list/', query: { start_date, end_date, page_size: 'all' } });
		expect(senderOf(board('2026-11-23', '2026-11-29'))).toBe('weeklyReport');
		expect(senderOf({ ...board('2021-01-01', '2027-12-31'), query: { start_date: '2021-01-01', end_date: '2027-12-31', page_size: '2' } })).toBe('compatibility');
	});

	it("the package's requests are every one but the other app's (told apart by its Host), as the 429 check and the per-process table count them", () => {
		const entry = (host: string, status: number) => ({ method: 'GET', path: '/api/v1/openapi/orders/', query: { ordering: '-id' }, headers: { host }, status });
		const log = [entry('127.0.0.1:8080', 200), entry(OTHER_APP_HOST, 429), entry('127.0.0.1:8080', 429)];
		expect(packageRequests(log)).toEqual([log[0], log[2]]);
	});
});
