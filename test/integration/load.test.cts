import { useSandbox } from '../harness/sandbox.cts';

const dt = useSandbox();

function filterOf(query: Record<string, string | string[]>) {
	return JSON.parse(String(query.filter));
}

describe('Load › Get Many', () => {
	test('Return All walks every page via next and returns each matching load once', async () => {
		// Statuses in the seed follow the clock (old loads are delivered); cancelled loads span pages.
		const cancelled = dt.sandbox.data.orders.filter((order) => order.status === 'cancelled');
		expect(cancelled.length).toBeGreaterThan(25);

		const result = await dt.run({
			parameters: {
				resource: 'load',
				operation: 'getMany',
				returnAll: true,
				filters: { conditions: [{ field: 'status', operator: 'is', value: 'cancelled' }] },
				sort: { field: 'load_pay', descending: false },
			},
		});

		expect(result.error).toBeUndefined();
		const ids = result.json.map((load) => load.id);
		expect(new Set(ids).size).toBe(ids.length);
		expect(ids.sort()).toEqual(cancelled.map((order) => order.id).sort());
		const pays = result.json.map((load) => Number(load.load_pay ?? 0));
		// The API orders by pay; n8n must keep that order across pages.
		const nonNull = result.json.filter((load) => load.load_pay !== null).map((load) => Number(load.load_pay));
		expect(nonNull).toEqual([...nonNull].sort((a, b) => a - b));
		expect(pays.length).toBe(cancelled.length);

		const log = dt.sandbox.log;
		expect(log).toHaveLength(Math.ceil(cancelled.length / 25));
		expect(log[0].path).toBe('/api/v1/openapi/orders/');
		expect(log[0].query.page_size).toBe('25');
		expect(log[0].query.ordering).toBe('load_pay,id');
		expect(filterOf(log[0].query)).toEqual([{ column: 'status', value: 'cancelled', contains: 'is' }]);
		for (const [index, entry] of log.entries()) {
			expect(entry.headers.authorization).toBe(`Token ${dt.sandbox.token}`);
			// Pages after the first come from `next`: every parameter exactly once. The last is the check
			// read (the same query without the loads held), see test/integration/listUnderChange.test.ts.
			if (index > 0 && index < log.length - 1) {
				// Sent at once, so they may arrive in any order.
				expect(Number(entry.query.page)).toBeGreaterThan(1);
				expect(Array.isArray(entry.query.page_size)).toBe(false);
				expect(Array.isArray(entry.query.filter)).toBe(false);
			}
		}
		expect(result.items.every((item) => JSON.stringify(item.pairedItem) === '{"item":0}')).toBe(true);
	});

	test('Limit asks for no more than needed (and at least a checkable page) and returns exactly the limit', async () => {
		const result = await dt.run({
			parameters: { resource: 'load', operation: 'getMany', returnAll: false, limit: 30 },
		});
		expect(result.json).toHaveLength(30);
		// The second read, the check, asks for the 5 loads still needed, in a page of 10 whose order can be checked.
		expect(dt.sandbox.log.map((entry) => entry.query.page_size)).toEqual(['25', '10']);

		const small = await dt.run({
			parameters: { resource: 'load', operation: 'getMany', returnAll: false, limit: 7 },
		});
		expect(small.json).toHaveLength(7);
		// One request either way; ten records let the node check that Datatruck kept the order (CHECKED_PAGE).
		expect(dt.sandbox.log.slice(2).map((entry) => entry.query.page_size)).toEqual(['10']);
	});

	test('several conditions become one filter array with typed values, and the API applies them', async () => {
		const result = await dt.run({
			parameters: {
				resource: 'load',
				operation: 'getMany',
				returnAll: true,
				filters: {
					conditions: [
						{ field: 'status', operator: 'is_in', value: 'delivered, dispatched' },
						{ field: 'load_pay', operator: 'between', value: '1000,3500' },
						{ field: 'is_flagged', operator: 'is', value: 'false' },
						{ field: '__custom', customField: 'stops__location__state', operator: 'is', value: 'TX' },
					],
				},
			},
		});
		expect(result.error).toBeUndefined();
		expect(filterOf(dt.sandbox.log[0].query)).toEqual([
			{ column: 'status', value: ['delivered', 'dispatched'], contains: 'is_in' },
			{ column: 'load_pay', value: '1000,3500', contains: 'between' },
			{ column: 'is_flagged', value: false, contains: 'is' },
			{ column: 'stops__location__state', value: 'TX', contains: 'is' },
		]);
		const expected = dt.sandbox.data.orders.filter(
			(order) =>
				['delivered', 'dispatched'].includes(order.status) &&
				order.load_pay !== null &&
				Number(order.load_pay) >= 1000 &&
				Number(order.load_pay) <= 3500 &&
				!order.is_flagged &&
				order.stops.some((stop) => stop.location?.state === 'TX'),
		);
		expect(expected.length).toBeGreaterThan(0);
		expect(result.json.map((load) => load.id).sort()).toEqual(expected.map((order) => order.id).sort());
	});

	test('Simplify returns one flat row per load', async () => {
		const result = await dt.run({
			parameters: { resource: 'load', operation: 'getMany', limit: 3, simplify: true },
		});
		expect(result.json).toHaveLength(3);
		for (const row of result.json) {
			expect(Object.keys(row).sort()).toEqual(
				[
					'created_datetime', 'customer', 'delivery_city', 'delivery_state', 'delivery_time', 'dispatcher',
					'driver', 'flagging_reason', 'id', 'is_flagged', 'load_id', 'load_pay', 'pickup_city',
					'pickup_state', 'pickup_time', 'status', 'total_miles', 'truck',
				].sort(),
			);
			const order = dt.sandbox.data.orders.find((candidate) => candidate.id === row.id)!;
			expect(row.load_pay).toBe(order.load_pay);
			expect(row.customer).toBe(order.customer__company_name);
		}
	});
});

describe('Load › Get', () => {
	test('returns the load by ID, with money as decimal strings', async () => {
		const order = dt.sandbox.data.orders.find((candidate) => candidate.load_pay !== null)!;
		const result = await dt.run({ parameters: { resource: 'load', operation: 'get', loadId: String(order.id) } });
		expect(result.error).toBeUndefined();
		expect(result.json).toEqual([JSON.parse(JSON.stringify(order))]);
		expect(typeof result.json[0].load_pay).toBe('string');
		expect(dt.requestLines()).toEqual([`GET /api/v1/openapi/orders/${order.id}`]);
	});

	test('an unknown ID says which load does not exist', async () => {
		const result = await dt.run({ parameters: { resource: 'load', operation: 'get', loadId: '99999999' } });
		expect(result.error?.message).toBe('No load with ID 99999999 exists in this Datatruck company');
		expect(result.error?.httpCode).toBe('404');
	});

	test('runs once per input item, keeps pairing, and Continue On Fail reports the bad item alone', async () => {
		const [first, second] = dt.sandbox.data.orders;
		const result = await dt.run({
			parameters: { resource: 'load', operation: 'get', loadId: '={{ $json.id }}' },
			items: [{ id: first.id }, { id: 'abc' }, { id: second.id }],
			continueOnFail: true,
		});
		expect(result.items).toHaveLength(3);
		expect(result.items[0].json.id).toBe(first.id);
		expect(result.items[1].json.error).toMatch(/Load: "abc" is not a whole number/);
		expect(result.items[2].json.id).toBe(second.id);
		expect(result.items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
		// The bad item never reached Datatruck.
		expect(dt.requestLines()).toEqual([
			`GET /api/v1/openapi/orders/${first.id}`,
			`GET /api/v1/openapi/orders/${second.id}`,
		]);
	});
});
