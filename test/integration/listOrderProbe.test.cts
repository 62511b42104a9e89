import { FINDING_LIFETIME_MS, findingClock } from '../../nodes/Datatruck/shared/lists/support';
import { resetSupport } from '../../nodes/Datatruck/shared/lists';
import { findingKeys } from '../harness/findings.cts';
import { useSandbox } from '../harness/sandbox.cts';

/**
 * A Limit whose page 1 keeps to the order asked for and to the order Datatruck falls back to when it ignores
 * `ordering` (every load on it without a pickup time, ids descending): the node asks once in the opposite direction
 * (orderProbe.ts), and only on such a page. The composed property found the gap: seed 584615294. The same for a whole
 * list sorted by text, whose order the node leaves to Datatruck (seed 642017569).
 */
const dt = useSandbox();
const idsOf = (items: Array<{ id?: unknown }>) => items.map((item) => Number(item.id));
const newestPickupFirst = (limit: number) => ({ resource: 'load', operation: 'getMany', returnAll: false, limit, sort: { field: 'pickup_time', descending: true } });
const oppositeAsked = () => dt.sandbox.log.filter((entry) => entry.path.endsWith('/orders/') && String(entry.query.ordering ?? '').startsWith('pickup_time'));

beforeEach(() => {
	resetSupport();
	dt.sandbox.configure({ profile: 'default' });
	dt.sandbox.reset({ loads: 40 });
	// No load has been picked up yet, and the load with the highest id was entered with the oldest creation time (a
	// load keyed in late for a week ago): Datatruck's default order, newest created first, puts it last.
	const orders = dt.sandbox.data.orders;
	for (const order of orders) order.pickup_time = null;
	const byId = [...orders].sort((a, b) => b.id - a.id);
	const oldest = [...orders].sort((a, b) => a.created_datetime.localeCompare(b.created_datetime))[0];
	byId[0].created_datetime = new Date(Date.parse(oldest.created_datetime) - 86_400_000).toISOString().replace('.000Z', 'Z');
	dt.sandbox.log.length = 0;
});

const expected = (limit: number) => dt.sandbox.data.orders.map((order) => order.id).sort((a, b) => b - a).slice(0, limit);

test('ordering ignored, 10 a page: the opposite question comes back the same way round, so the Limit is read in the node’s order', async () => {
	// Datatruck's published dialect answers 10 a page: page 1 alone meets the Limit.
	dt.sandbox.configure({ lists: { loads: { ignoreOrdering: true, ignorePageSize: true } } });
	const result = await dt.run({ parameters: newestPickupFirst(8) });
	expect(idsOf(result.json)).toEqual(expected(8));
	expect(oppositeAsked()).toHaveLength(1);
	expect(findingKeys(dt.sandbox)).toContain('loads.ordering');
});

test('ordering kept to: one request more, once; the next read within the hour trusts it, the one after an hour asks again', async () => {
	const first = await dt.run({ parameters: newestPickupFirst(8) });
	expect(idsOf(first.json)).toEqual(expected(8));
	expect(oppositeAsked()).toHaveLength(1);
	expect(dt.sandbox.log).toHaveLength(2);
	expect(findingKeys(dt.sandbox)).toEqual([]);

	dt.sandbox.log.length = 0;
	const again = await dt.run({ parameters: newestPickupFirst(8) });
	expect(idsOf(again.json)).toEqual(expected(8));
	expect(dt.sandbox.log).toHaveLength(1);

	const now = findingClock.now;
	findingClock.now = () => now() + FINDING_LIFETIME_MS;
	try {
		dt.sandbox.log.length = 0;
		await dt.run({ parameters: newestPickupFirst(8) });
		expect(oppositeAsked()).toHaveLength(1);
	} finally {
		findingClock.now = now;
	}
});

test('a page that the fallback order could not have given, or a read of the whole list, costs no request more', async () => {
	dt.sandbox.configure({ lists: { loads: { ignoreOrdering: true } } });
	// Newest created first is what was asked: an ignored ordering answers it all the same.
	await dt.run({ parameters: { resource: 'load', operation: 'getMany', returnAll: false, limit: 8 } });
	expect(dt.sandbox.log).toHaveLength(1);
	dt.sandbox.configure({ lists: { loads: { ignoreOrdering: false } } });
	dt.sandbox.log.length = 0;
	// Every load on page 1 tied on the sort field (no pickup time): in id order whichever way, nothing to ask.
	const all = await dt.run({ parameters: { ...newestPickupFirst(0), returnAll: true } });
	expect(idsOf(all.json)).toEqual(expected(40));
	expect(oppositeAsked()).toHaveLength(0);
});

test('a whole list sorted by text that the fallback order could have given is asked the other way round too: Datatruck may have ignored the order', async () => {
	// Composed property, seed 642017569: eleven loads delivered and the oldest one In Progress, newest first. That is
	// the status order descending in the C collation ("d" after "I") and Datatruck's default order alike.
	dt.sandbox.reset({ loads: 12 });
	const orders = [...dt.sandbox.data.orders].sort((a, b) => a.id - b.id);
	orders.forEach((order, index) => Object.assign(order, { status: index === 0 ? 'In Progress' : 'delivered', created_datetime: new Date(Date.UTC(2026, 10, 1, index)).toISOString() }));
	dt.sandbox.configure({ lists: { loads: { ignoreOrdering: true } } });
	const byStatus = { resource: 'load', operation: 'getMany', returnAll: true, sort: { field: 'status', descending: true } };
	const result = await dt.run({ parameters: byStatus });
	// In English order "In Progress" comes after "delivered", so first when descending; ties newest first.
	expect(idsOf(result.json)).toEqual([orders[0].id, ...orders.slice(1).map((order) => order.id).reverse()]);
	expect(dt.sandbox.log.filter((entry) => entry.query.ordering === 'status,id')).toHaveLength(1);
	// Remembered though the plan that took over needed no request more: the next read asks no question twice.
	expect(findingKeys(dt.sandbox)).toContain('loads.ordering');
	dt.sandbox.log.length = 0;
	expect(idsOf((await dt.run({ parameters: byStatus })).json)).toEqual(idsOf(result.json));
	expect(dt.sandbox.log).toHaveLength(1);
});

test('a part of a long read anchored on its sort field, its first page in id order too: asked the other way round before the next page is anchored on it', async () => {
	// Composed property, seed 649263946: Datatruck took one ordering field and ignored it, 10 a page. Page 1 of the loads
	// with a pickup time came newest id first, which was also latest pickup first; anchored on its last load, the next
	// page ("picked up at or before") skipped the older load whose pickup had been moved later.
	dt.sandbox.reset({ loads: 12 });
	const orders = [...dt.sandbox.data.orders].sort((a, b) => a.id - b.id);
	const at = (hour: number, minute = 0) => new Date(Date.UTC(2026, 10, 2, hour, minute)).toISOString().replace('.000Z', 'Z');
	// Entered in id order, each picked up an hour after the one before, but the second.
	orders.forEach((order, index) => Object.assign(order, { created_datetime: at(index - 24), pickup_time: at(index) }));
	orders[1].pickup_time = at(5, 30);
	// A read earlier in the hour found that it takes one ordering field; a release since ignores that field, 10 a page.
	// (The first answer, of the loads without a pickup time, is empty: the read is budgeted in the size seen next.)
	dt.sandbox.configure({ lists: { loads: { singleOrdering: 'reject' } } });
	await dt.run({ parameters: { ...newestPickupFirst(3), sort: { field: 'load_pay', descending: true } } });
	expect(findingKeys(dt.sandbox)).toEqual(['loads.ordering.multi']);
	dt.sandbox.configure({ lists: { loads: { ignoreOrdering: true, ignorePageSize: true } } });
	dt.sandbox.log.length = 0;
	const result = await dt.run({ parameters: { ...newestPickupFirst(0), returnAll: true } });
	const latestPickupFirst = [...orders].sort((a, b) => String(b.pickup_time).localeCompare(String(a.pickup_time)) || b.id - a.id);
	expect(idsOf(result.json)).toEqual(latestPickupFirst.map((order) => order.id));
	expect(oppositeAsked()).toHaveLength(1);
	expect(findingKeys(dt.sandbox)).toContain('loads.ordering');
});
