/** The trigger's handling of records without a readable event time, on the pure poll algorithm. */
import type { IDataObject } from 'n8n-workflow';
import { eventSpec } from '../../nodes/DatatruckTrigger/events';
import { UnreadableEventTimeError } from '../../nodes/DatatruckTrigger/eventTime';
import { latestRecords, pollOnce, type FetchPage, type PollPlan } from '../../nodes/DatatruckTrigger/poller';
import { emptyState } from '../../nodes/DatatruckTrigger/state';

const NOW = Date.parse('2026-06-01T12:00:00Z');
const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
const clock = { now: () => NOW, mayContinue: () => true };

function plan(event: string): PollPlan {
	return { event: eventSpec(event)!, filters: [], key: event, lateEntryMs: 600_000, createdWithinDays: 7 };
}
const onePage = (results: IDataObject[]): FetchPage => async () => ({ results, next: null });

describe('a read mixing readable and unreadable event times', () => {
	test('records without a readable time are skipped and reported; the others are emitted once, oldest first', async () => {
		const stored = { ...emptyState('newWorkOrder'), high: NOW - 60_000, floor: 0 };
		const page = [
			{ id: 3, created_datetime: iso(NOW - 10_000) },
			{ id: 4, created_datetime: null },
			{ id: 5, created_datetime: 'yesterday-ish' },
			{ id: 2, created_datetime: iso(NOW - 20_000) },
		];
		const outcome = await pollOnce(plan('newWorkOrder'), stored, onePage(page), clock);
		expect(outcome.records.map((record) => record.id)).toEqual([2, 3]);
		expect(outcome.skipped).toEqual([4, 5]);
		const again = await pollOnce(plan('newWorkOrder'), outcome.state, onePage(page), clock);
		expect(again.records).toEqual([]);
	});

	test('Load Flagged does not order by a time it reads, so it does not need one', async () => {
		const flagged = [{ id: 7, created_datetime: null, is_flagged: true }];
		const baseline = await pollOnce(plan('loadFlagged'), undefined, onePage([]), clock);
		const outcome = await pollOnce(plan('loadFlagged'), baseline.state, onePage(flagged), clock);
		expect(outcome.records.map((record) => record.id)).toEqual([7]);
		expect(outcome.skipped).toEqual([]);
	});
});

describe('a read in which no record has a readable time', () => {
	const page = [{ id: 1, created_at: iso(NOW) }, { id: 2, created_at: iso(NOW) }];

	// New Work Order goes by id instead (test/integration/triggerWorkOrderById.test.cts).
	test.each([
		['activation', () => pollOnce(plan('newLoad'), undefined, onePage(page), clock)],
		['a running poll', () => pollOnce(plan('newLoad'), { ...emptyState('newLoad'), high: NOW - 1000 }, onePage(page), clock)],
		['Fetch Test Event', () => latestRecords(plan('newLoad'), onePage(page), NOW)],
	])('%s fails with the field expected and the fields found', async (_label, read) => {
		const error = await (read as () => Promise<unknown>)().catch((caught: unknown) => caught);
		expect(error).toBeInstanceOf(UnreadableEventTimeError);
		expect((error as Error).message).toBe('Datatruck\'s loads carry no readable "created_datetime", so New Load cannot tell which ones are new');
		expect((error as UnreadableEventTimeError).description).toContain('have the fields id, created_at (date-times: created_at).');
	});

	test.each(['newLoad', 'loadPickedUp', 'loadDelivered'])('%s names its own field', async (event) => {
		const spec = eventSpec(event)!;
		const error = await pollOnce(plan(event), undefined, onePage([{ id: 1 }]), clock).catch((caught: unknown) => caught);
		expect((error as Error).message).toBe(
			`Datatruck's ${spec.noun}s carry no readable "${spec.orderField}", so ${spec.name} cannot tell which ones are new`,
		);
	});
});
