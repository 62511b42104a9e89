import { AxiosInstance } from 'axios';
import { Order, Sandbox } from './index.cts';
import { apiClient, FilterTerm, filterParam, FIXED_NOW, startTestSandbox } from './testClient.cts';

/**
 * Every operator is checked against an independent predicate over the store: the ids the API returns
 * across all pages must be exactly the ids the predicate selects, and the selection must be neither
 * empty nor everything (so a filter that ignores its term cannot pass).
 */
describe('sandbox filter and ordering engine', () => {
	let sandbox: Sandbox;
	let client: AxiosInstance;
	let orders: Order[];
	beforeAll(async () => {
		sandbox = await startTestSandbox({ loads: 250 });
		client = apiClient(sandbox);
		orders = sandbox.data.orders;
	});
	afterAll(() => sandbox.close());

	async function fetchIds(path: string, params: Record<string, string>): Promise<number[]> {
		const ids: number[] = [];
		for (let page = 1; page < 50; page++) {
			const response = await client.get(path, { params: { ...params, page, page_size: 25 } });
			if (response.status !== 200) throw new Error(`${response.status} ${JSON.stringify(response.data)}`);
			ids.push(...response.data.results.map((r: { id: number }) => r.id));
			if (response.data.next === null) return ids;
		}
		throw new Error('too many pages');
	}

	async function expectSelection(terms: FilterTerm[], predicate: (order: Order) => boolean, options: { allowEmpty?: boolean } = {}) {
		const expected = orders.filter(predicate).map((o) => o.id).sort((a, b) => a - b);
		if (!options.allowEmpty) expect(expected.length).toBeGreaterThan(0);
		expect(expected.length).toBeLessThan(orders.length);
		const actual = await fetchIds('/orders/', { filter: filterParam(...terms) });
		expect([...actual].sort((a, b) => a - b)).toEqual(expected);
	}

	const term = (column: string, contains: string, value: unknown): FilterTerm => ({ column, contains, value });
	const pickedValue = <T,>(select: (o: Order) => T | null | undefined): T => {
		const found = orders.map(select).find((v) => v !== null && v !== undefined);
		if (found === undefined || found === null) throw new Error('no sample value');
		return found;
	};
	const cities = (o: Order) => o.stops.map((s) => s.location?.city ?? null);

	describe('is / is_not / exclude', () => {
		it('is: exact on a top-level string, case-sensitive', async () => {
			await expectSelection([term('status', 'is', 'delivered')], (o) => o.status === 'delivered');
			await expectSelection([term('status', 'is', 'Delivered')], () => false, { allowEmpty: true });
		});
		it('is: a literal field name containing __ (customer__company_name)', async () => {
			await expectSelection([term('customer__company_name', 'is', 'TQL')], (o) => o.customer__company_name === 'TQL');
		});
		it('is: nested object paths (trip__status, trip__driver__full_name, trip__settlement__settlement__status)', async () => {
			const driver = pickedValue((o) => o.trip?.driver__full_name);
			await expectSelection([term('trip__status', 'is', 'completed')], (o) => o.trip?.status === 'completed');
			await expectSelection([term('trip__driver__full_name', 'is', driver)], (o) => o.trip?.driver__full_name === driver);
			await expectSelection([term('trip__settlement__settlement__status', 'is', 'paid')], (o) => o.trip?.settlement?.settlement__status === 'paid');
		});
		it('is: paths crossing arrays match when any element matches', async () => {
			await expectSelection([term('stops__location__city', 'is', 'Chicago')], (o) => cities(o).includes('Chicago'));
			await expectSelection([term('tags__name', 'is', 'Hot')], (o) => o.tags.some((t) => t.name === 'Hot'));
			await expectSelection([term('documents__file_type', 'is', 'proof_of_delivery')], (o) => o.documents.some((d) => d.file_type === 'proof_of_delivery'));
			await expectSelection([term('driver_requirements', 'is', 'TWIC')], (o) => o.driver_requirements.includes('TWIC'));
		});
		it('is: decimals compare as numbers ("1234.5" matches "1234.50")', async () => {
			const pay = pickedValue((o) => (o.load_pay?.endsWith('0') ? o.load_pay : null));
			const shortForm = String(Number(pay));
			expect(shortForm).not.toBe(pay);
			await expectSelection([term('load_pay', 'is', shortForm)], (o) => o.load_pay !== null && Number(o.load_pay) === Number(pay));
		});
		it('is: booleans as JSON booleans or strings', async () => {
			for (const value of [true, 'true', 'TRUE']) await expectSelection([term('is_flagged', 'is', value)], (o) => o.is_flagged);
			for (const value of [false, 'false']) await expectSelection([term('is_flagged', 'is', value)], (o) => !o.is_flagged);
		});
		it('is: null matches null', async () => {
			await expectSelection([term('dispatcher__full_name', 'is', null)], (o) => o.dispatcher__full_name === null);
		});
		it('is: integers and date-times', async () => {
			await expectSelection([term('id', 'is', orders[7].id)], (o) => o.id === orders[7].id);
			await expectSelection([term('id', 'is', String(orders[7].id))], (o) => o.id === orders[7].id);
			const at = orders[9].created_datetime;
			await expectSelection([term('created_datetime', 'is', at)], (o) => o.created_datetime === at);
		});
		it.each(['is_not', 'exclude'])('%s: the complement, including rows whose path is null or empty', async (operator) => {
			await expectSelection([term('status', operator, 'delivered')], (o) => o.status !== 'delivered');
			await expectSelection([term('tags__name', operator, 'Hot')], (o) => !o.tags.some((t) => t.name === 'Hot'));
			await expectSelection([term('trip__status', operator, 'completed')], (o) => o.trip?.status !== 'completed');
		});
	});

	describe('is_in / is_not_in / exclude_in', () => {
		it('is_in: any of the listed values', async () => {
			await expectSelection([term('status', 'is_in', ['booked', 'dispatched', 'In Progress'])], (o) => ['booked', 'dispatched', 'In Progress'].includes(o.status));
			await expectSelection([term('stops__location__state', 'is_in', ['TX', 'GA'])], (o) => o.stops.some((s) => ['TX', 'GA'].includes(s.location?.state ?? '')));
			await expectSelection([term('load_pay', 'is_in', [orders[0].load_pay ?? '1', orders[1].load_pay ?? '1'])], (o) =>
				[orders[0].load_pay, orders[1].load_pay].some((p) => p !== null && o.load_pay !== null && Number(p) === Number(o.load_pay)),
			);
		});
		it.each(['is_not_in', 'exclude_in'])('%s: none of the listed values', async (operator) => {
			await expectSelection([term('status', operator, ['delivered', 'cancelled'])], (o) => !['delivered', 'cancelled'].includes(o.status));
			await expectSelection([term('tags__name', operator, ['Hot', 'Team'])], (o) => !o.tags.some((t) => ['Hot', 'Team'].includes(t.name)));
		});
	});

	describe('contains', () => {
		it('case-insensitive substring, also through arrays', async () => {
			await expectSelection([term('customer__company_name', 'contains', 'LOGISTICS')], (o) => (o.customer__company_name ?? '').toLowerCase().includes('logistics'));
			await expectSelection([term('stops__location__city', 'contains', 'san')], (o) => cities(o).some((c) => (c ?? '').toLowerCase().includes('san')));
			await expectSelection([term('equipment_type_child', 'contains', "53'")], (o) => o.equipment_type_child.some((c) => c.includes("53'")));
			await expectSelection([term('load_id', 'contains', 'zzz')], () => false, { allowEmpty: true });
		});
	});

	describe('before / after (inclusive)', () => {
		const sorted = () => [...orders].sort((a, b) => a.created_datetime.localeCompare(b.created_datetime));
		it('before: at or before the instant, the boundary included', async () => {
			const boundary = sorted()[100].created_datetime;
			await expectSelection([term('created_datetime', 'before', boundary)], (o) => o.created_datetime <= boundary);
			expect(orders.filter((o) => o.created_datetime === boundary).length).toBeGreaterThan(0);
		});
		it('after: at or after the instant, the boundary included', async () => {
			const boundary = sorted()[150].created_datetime;
			await expectSelection([term('created_datetime', 'after', boundary)], (o) => o.created_datetime >= boundary);
		});
		it('a plain date means its midnight UTC; nulls never match', async () => {
			await expectSelection([term('delivery_time', 'before', '2025-04-01')], (o) => o.delivery_time !== null && o.delivery_time <= '2025-04-01T00:00:00Z');
			await expectSelection([term('stops__ready_time_start_date', 'after', '2025-05-20T00:00:00Z')], (o) =>
				o.stops.some((s) => s.ready_time_start_date !== null && s.ready_time_start_date >= '2025-05-20T00:00:00Z'),
			);
		});
		it('a date-time with an offset is converted to UTC', async () => {
			const boundary = sorted()[120].created_datetime; // e.g. 2025-03-01T10:00:00Z
			const asChicago = new Date(Date.parse(boundary) - 5 * 3600_000).toISOString().replace(/\.\d{3}Z$/, '-05:00');
			await expectSelection([term('created_datetime', 'before', asChicago)], (o) => o.created_datetime <= boundary);
		});
	});

	describe('greater_than / less_than (inclusive, numeric)', () => {
		it('greater_than: at least the value, compared as numbers not text', async () => {
			const pay = pickedValue((o) => o.load_pay);
			await expectSelection([term('load_pay', 'greater_than', pay)], (o) => o.load_pay !== null && Number(o.load_pay) >= Number(pay));
			await expectSelection([term('load_pay', 'greater_than', '900')], (o) => o.load_pay !== null && Number(o.load_pay) >= 900);
		});
		it('less_than: at most the value; numbers are accepted too', async () => {
			await expectSelection([term('total_miles', 'less_than', '500')], (o) => o.total_miles !== null && Number(o.total_miles) <= 500);
			await expectSelection([term('estimated_time', 'less_than', 12)], (o) => o.estimated_time <= 12);
			await expectSelection([term('trip__empty_mile', 'less_than', '20.5')], (o) => o.trip?.empty_mile != null && Number(o.trip.empty_mile) <= 20.5);
		});
	});

	describe('between / between_datetime (inclusive)', () => {
		it('between: "a,b" numbers, both ends included', async () => {
			const pay = Number(pickedValue((o) => o.load_pay));
			await expectSelection([term('load_pay', 'between', `${pay},${pay + 500}`)], (o) => o.load_pay !== null && Number(o.load_pay) >= pay && Number(o.load_pay) <= pay + 500);
			await expectSelection([term('stops__location__latitude', 'between', '30, 35.5')], (o) =>
				o.stops.some((s) => s.location?.latitude != null && s.location.latitude >= 30 && s.location.latitude <= 35.5),
			);
		});
		it('between_datetime: "t1,t2", both ends included', async () => {
			const t1 = orders[50].created_datetime;
			const t2 = orders[120].created_datetime;
			await expectSelection([term('created_datetime', 'between_datetime', `${t1},${t2}`)], (o) => o.created_datetime >= t1 && o.created_datetime <= t2);
			await expectSelection([term('pickup_time', 'between_datetime', '2025-04-01T00:00:00Z,2025-04-30T23:59:59Z')], (o) =>
				o.pickup_time !== null && o.pickup_time >= '2025-04-01T00:00:00Z' && o.pickup_time <= '2025-04-30T23:59:59Z',
			);
		});
	});

	describe('isnull', () => {
		it('"true" / "false" on scalars, nested objects and arrays', async () => {
			await expectSelection([term('trip', 'isnull', 'true')], (o) => o.trip === null);
			await expectSelection([term('trip', 'isnull', 'false')], (o) => o.trip !== null);
			await expectSelection([term('delivery_time', 'isnull', true)], (o) => o.delivery_time === null);
			await expectSelection([term('batch_orders__batch', 'isnull', 'true')], (o) => o.batch_orders === null || o.batch_orders.batch === null);
			await expectSelection([term('tags', 'isnull', 'true')], (o) => o.tags.length === 0);
			await expectSelection([term('tags__name', 'isnull', 'false')], (o) => o.tags.length > 0);
			// Across an array, any element decides (a SQL join row), not all of them.
			await expectSelection([term('stops__reference_id', 'isnull', 'true')], (o) => o.stops.some((s) => s.reference_id === null));
			await expectSelection([term('stops__reference_id', 'isnull', 'false')], (o) => o.stops.some((s) => s.reference_id !== null));
		});
	});

	describe('today', () => {
		it('matches values on the reference date (UTC), whatever the value', async () => {
			const today = FIXED_NOW.toISOString().slice(0, 10);
			sandbox.createLoad();
			orders = sandbox.data.orders;
			await expectSelection([term('created_datetime', 'today', 'ignored')], (o) => o.created_datetime.startsWith(today));
			await expectSelection([term('stops__ready_time_start_date', 'today', null)], (o) => o.stops.some((s) => s.ready_time_start_date?.startsWith(today) ?? false));
		});
	});

	it('several terms must all hold', async () => {
		await expectSelection(
			[term('status', 'is', 'delivered'), term('load_pay', 'greater_than', '1500'), term('tags__name', 'is_not', 'Hot')],
			(o) => o.status === 'delivered' && o.load_pay !== null && Number(o.load_pay) >= 1500 && !o.tags.some((t) => t.name === 'Hot'),
		);
	});

	it('an empty array or blank filter selects everything', async () => {
		expect((await client.get('/orders/', { params: { filter: '[]' } })).data.count).toBe(orders.length);
		expect((await client.get('/orders/', { params: { filter: '' } })).data.count).toBe(orders.length);
	});

	describe('value-shape errors are 400 {error, message}', () => {
		const cases: [string, string][] = [
			['malformed JSON', '[{"column": "status"'],
			['a JSON object, not an array', '{"column":"status","value":"booked","contains":"is"}'],
			['an element that is not an object', '["status"]'],
			['missing column', '[{"value":"booked","contains":"is"}]'],
			['missing value', '[{"column":"status","contains":"is"}]'],
			['missing contains', '[{"column":"status","value":"booked"}]'],
			['an unknown operator', filterParam(term('status', 'equals', 'booked'))],
			['an unknown column', filterParam(term('colour', 'is', 'red'))],
			['an unknown nested column', filterParam(term('trip__colour', 'is', 'red'))],
			['an empty path segment', filterParam(term('stops____city', 'is', 'x'))],
			['is_in with a string', filterParam(term('status', 'is_in', 'booked'))],
			['is_in with an empty list', filterParam(term('status', 'is_in', []))],
			['exclude_in with an object', filterParam(term('status', 'exclude_in', { a: 1 }))],
			['between with one number', filterParam(term('load_pay', 'between', '100'))],
			['between with words', filterParam(term('load_pay', 'between', 'low,high'))],
			['between with three numbers', filterParam(term('load_pay', 'between', '1,2,3'))],
			['between reversed', filterParam(term('load_pay', 'between', '200,100'))],
			['between given a JSON number', filterParam(term('load_pay', 'between', 5))],
			['between_datetime with one instant', filterParam(term('created_datetime', 'between_datetime', '2025-01-01T00:00:00Z'))],
			['between_datetime with bad instants', filterParam(term('created_datetime', 'between_datetime', 'a,b'))],
			['between_datetime reversed', filterParam(term('created_datetime', 'between_datetime', '2025-02-01T00:00:00Z,2025-01-01T00:00:00Z'))],
			['before with a word', filterParam(term('created_datetime', 'before', 'yesterday'))],
			['after with an impossible date', filterParam(term('created_datetime', 'after', '2025-02-30'))],
			['greater_than with text', filterParam(term('load_pay', 'greater_than', 'abc'))],
			['greater_than on a text column', filterParam(term('status', 'greater_than', '5'))],
			['before on a number column', filterParam(term('load_pay', 'before', '2025-01-01'))],
			['today on a text column', filterParam(term('status', 'today', ''))],
			['isnull with maybe', filterParam(term('trip', 'isnull', 'maybe'))],
			['is with yes on a boolean column', filterParam(term('is_flagged', 'is', 'yes'))],
			['is with text on an integer column', filterParam(term('id', 'is', 'abc'))],
			['is with an object', filterParam(term('status', 'is', { a: 1 }))],
			['contains with an object', filterParam(term('status', 'contains', ['a']))],
			['is on a nested object', filterParam(term('trip', 'is', 'x'))],
		];
		it.each(cases)('%s', async (_, filter) => {
			const response = await client.get('/orders/', { params: { filter } });
			expect(response.status).toBe(400);
			expect(response.data).toEqual({ error: 400, message: expect.stringMatching(/^Invalid filter: .{10,}/) });
		});
	});

	describe('ordering', () => {
		const firstPage = async (ordering: string, path = '/orders/') => (await client.get(path, { params: { ordering, page_size: 25 } })).data.results;

		it('default: -created_datetime then -id, so same-second loads keep a stable order', async () => {
			const all = await fetchIds('/orders/', {});
			const expected = [...orders]
				.sort((a, b) => b.created_datetime.localeCompare(a.created_datetime) || b.id - a.id)
				.map((o) => o.id);
			expect(all).toEqual(expected);
			expect(orders.some((o, i) => i > 0 && o.created_datetime === orders[i - 1].created_datetime)).toBe(true);
			expect(await fetchIds('/orders/', { ordering: '-created_datetime' })).toEqual(expected);
		});

		it('ascending decimal field: numeric order, nulls last', async () => {
			const all: { id: number; load_pay: string | null }[] = [];
			for (let page = 1; page <= 11; page++) {
				const response = await client.get('/orders/', { params: { ordering: 'load_pay', page, page_size: 25 } });
				all.push(...response.data.results);
			}
			const pays = all.map((o) => o.load_pay);
			const firstNull = pays.indexOf(null);
			expect(firstNull).toBeGreaterThan(0);
			expect(pays.slice(firstNull).every((p) => p === null)).toBe(true);
			const numbers = pays.slice(0, firstNull).map(Number);
			expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
		});

		it('descending: nulls first, then largest first', async () => {
			const results: Order[] = await firstPage('-load_pay');
			const nulls = orders.filter((o) => o.load_pay === null).length;
			expect(results.slice(0, nulls).every((o) => o.load_pay === null)).toBe(true);
			const numbers = results.slice(nulls).map((o) => Number(o.load_pay));
			expect(numbers).toEqual([...numbers].sort((a, b) => b - a));
			expect(numbers[0]).toBe(Math.max(...orders.filter((o) => o.load_pay !== null).map((o) => Number(o.load_pay))));
		});

		it('several comma-separated keys and nested paths', async () => {
			const expected = [...orders]
				.sort((a, b) => a.status.localeCompare(b.status, 'en') || b.id - a.id)
				.slice(0, 25)
				.map((o) => o.id);
			expect((await firstPage('status,-id')).map((o: Order) => o.id)).toEqual(expected);
			const byDriver: Order[] = await firstPage('trip__driver__full_name');
			const names = byDriver.map((o) => o.trip?.driver__full_name ?? null).filter((n): n is string => n !== null);
			expect(names.length).toBe(25);
			expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
		});

		it('sorts text alphabetically with upper and lower case side by side, as PostgreSQL en_US.UTF-8 does (A33)', async () => {
			const statusOf = new Map(orders.map((o) => [o.id, o.status]));
			const runs = (ids: number[]) => ids.map((id) => statusOf.get(id)).filter((status, i, all) => status !== all[i - 1]);
			expect(runs(await fetchIds('/orders/', { ordering: 'status' }))).toEqual(['booked', 'cancelled', 'delivered', 'dispatched', 'In Progress']);
			expect(runs(await fetchIds('/orders/', { ordering: '-status' }))).toEqual(['In Progress', 'dispatched', 'delivered', 'cancelled', 'booked']);
		});

		it.each(['colour', '-', 'trip', 'tags__name', 'status,,id', '+status'])('rejects ordering=%p with 400', async (ordering) => {
			const response = await client.get('/orders/', { params: { ordering } });
			expect(response.status).toBe(400);
			expect(response.data).toMatchObject({ error: 400, message: expect.stringContaining('ordering') });
		});
	});

	describe('drivers and work orders share the engine', () => {
		it('drivers: filter and ordering by ORM path, default by id', async () => {
			const drivers = sandbox.data.drivers;
			const owners = drivers.filter((d) => d.driver_type === 'owner_operator').map((d) => d.id);
			expect(owners.length).toBeGreaterThan(0);
			const response = await client.get('/drivers/list/', {
				params: { page_size: 'all', filter: filterParam(term('driver_type', 'is', 'owner_operator')) },
			});
			expect(response.data.results.map((d: { id: number }) => d.id)).toEqual(owners);
			const byLastName = await client.get('/drivers/list/', { params: { page_size: 'all', ordering: '-account__last_name' } });
			const lastNames = byLastName.data.results.map((d: { account: { last_name: string } }) => d.account.last_name);
			expect(lastNames).toEqual([...lastNames].sort().reverse());
			const byId = await client.get('/drivers/list/', { params: { page_size: 'all' } });
			expect(byId.data.results.map((d: { id: number }) => d.id)).toEqual(drivers.map((d) => d.id).sort((a, b) => a - b));
			const hiredBefore = await client.get('/drivers/list/', {
				params: { page_size: 'all', filter: filterParam(term('hire_date', 'before', '2022-01-01')) },
			});
			expect(hiredBefore.data.count).toBe(drivers.filter((d) => d.hire_date !== null && d.hire_date <= '2022-01-01').length);
			const bad = await client.get('/drivers/list/', { params: { ordering: 'brith_date' } });
			expect(bad.status).toBe(400);
		});

		it('work orders: default -id, filter and ordering', async () => {
			const workOrders = sandbox.data.workOrders;
			const byDefault = await client.get('/work-orders/', { params: { page_size: 25 } });
			expect(byDefault.data.results.map((w: { id: number }) => w.id)).toEqual(workOrders.map((w) => w.id).sort((a, b) => b - a).slice(0, 25));
			const trailers = await client.get('/work-orders/', {
				params: { page_size: 25, ordering: 'created_datetime', filter: filterParam(term('procedure_name', 'contains', 'trl ')) },
			});
			const expected = workOrders.filter((w) => w.procedure_name.startsWith('TRL ')).sort((a, b) => a.created_datetime.localeCompare(b.created_datetime));
			expect(trailers.data.results.map((w: { id: number }) => w.id)).toEqual(expected.map((w) => w.id));
			const tasks = await client.get('/work-orders/', { params: { filter: filterParam(term('work_order_tasks__labor_hours', 'greater_than', '3')) } });
			expect(tasks.data.count).toBe(workOrders.filter((w) => w.work_order_tasks.some((t) => (t.labor_hours ?? 0) >= 3)).length);
		});
	});
});
