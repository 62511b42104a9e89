import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DOCUMENT_FILE_TYPES, Order, Sandbox } from './index.cts';
import { apiClient, FIXED_NOW, startTestSandbox } from './testClient.cts';

const DECIMAL = /^-?\d+\.\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;
const DAY_MS = 86_400_000;

/** Data with the document host's origin (a random port per sandbox) written as `<files>`. */
function withoutFilesOrigin(sb: Sandbox, value: unknown): unknown {
	return JSON.parse(JSON.stringify(value).split(sb.documents.origin).join('<files>'));
}

describe('sandbox seed data', () => {
	let sandbox: Sandbox;
	let orders: Order[];
	beforeAll(async () => {
		sandbox = await startTestSandbox();
		orders = sandbox.data.orders;
	});
	afterAll(() => sandbox.close());

	it('is deterministic: the same seed and clock give the same data and the same API answers', async () => {
		const twin = await startTestSandbox();
		try {
			expect(withoutFilesOrigin(twin, twin.data)).toEqual(withoutFilesOrigin(sandbox, sandbox.data));
			const query = '/orders/?page=3&page_size=25&ordering=load_pay';
			const [a, b] = await Promise.all([apiClient(sandbox).get(query), apiClient(twin).get(query)]);
			expect(withoutFilesOrigin(sandbox, a.data.results)).toEqual(withoutFilesOrigin(twin, b.data.results));
		} finally {
			await twin.close();
		}
	});

	it('differs with another seed, and reset(seed) reproduces a seed', async () => {
		const other = await startTestSandbox({ seed: 7 });
		try {
			expect(other.data.orders.map((o) => o.load_pay)).not.toEqual(orders.map((o) => o.load_pay));
			other.reset({ seed: 42 });
			expect(withoutFilesOrigin(other, other.data)).toEqual(withoutFilesOrigin(sandbox, sandbox.data));
		} finally {
			await other.close();
		}
	});

	it('uses no unseeded randomness', () => {
		const sources = (dir: string): string[] =>
			readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
				entry.isDirectory() ? sources(join(dir, entry.name)) : entry.name.endsWith('.cts') && !entry.name.endsWith('.test.cts') ? [join(dir, entry.name)] : [],
			);
		for (const file of sources(__dirname)) expect(readFileSync(file, 'utf8')).not.toMatch(/Math\.random/);
	});

	it('has the sizes of a mid-size carrier', () => {
		const data = sandbox.data;
		expect(orders).toHaveLength(1200);
		expect(data.drivers).toHaveLength(40);
		expect(data.trailers).toHaveLength(30);
		expect(data.trucks).toHaveLength(35);
		expect(data.dispatchers).toHaveLength(6);
		expect(data.workOrders).toHaveLength(25);
		expect(data.customers).toEqual(expect.arrayContaining(['Coyote Logistics', 'TQL', 'CH Robinson']));
		expect(new Set(orders.map((o) => o.id)).size).toBe(orders.length);
	});

	it('spreads creation over the last ~120 days with same-second records and late commits', () => {
		const times = orders.map((o) => Date.parse(o.created_datetime));
		expect(Math.min(...times)).toBeGreaterThanOrEqual(FIXED_NOW.getTime() - 121 * DAY_MS);
		expect(Math.max(...times)).toBeLessThanOrEqual(FIXED_NOW.getTime());
		expect(Math.max(...times) - Math.min(...times)).toBeGreaterThan(100 * DAY_MS);
		const sameSecond = orders.filter((o, i) => i > 0 && o.created_datetime === orders[i - 1].created_datetime).length;
		const lateCommits = orders.filter((o, i) => i > 0 && o.created_datetime < orders[i - 1].created_datetime).length;
		expect(sameSecond).toBeGreaterThan(5);
		expect(lateCommits).toBeGreaterThan(2);
	});

	it('gives loads realistic, well-typed content', () => {
		const statuses = new Set(orders.map((o) => o.status));
		expect([...statuses].sort()).toEqual(['In Progress', 'booked', 'cancelled', 'delivered', 'dispatched']);
		for (const order of orders) {
			expect(order.stops.length).toBeGreaterThanOrEqual(1);
			expect(order.stops.length).toBeLessThanOrEqual(4);
			expect(order.stops[0].stop_type).toBe('pickup');
			if (order.stops.length > 1) expect(order.stops.at(-1)?.stop_type).toBe('delivery');
			expect(order.created_datetime).toMatch(DATE_TIME);
			for (const value of [order.load_pay, order.total_miles, order.total_pay, order.total_other_pay, order.per_mile_revenue, order.estimated_mile]) {
				if (value !== null) expect(value).toMatch(DECIMAL);
			}
			for (const document of order.documents) {
				expect(DOCUMENT_FILE_TYPES).toContain(document.file_type);
				expect(() => new URL(document.file_link)).not.toThrow();
			}
			expect(order.assigned_driver_n_truck.driver_full_name).toBe(order.trip?.driver__full_name ?? null);
			if (!order.is_flagged) expect(order.flagging_reason).toBeNull();
		}
		const located = orders.flatMap((o) => o.stops.map((s) => s.location)).filter((l) => l !== null);
		expect(located.every((l) => l && /^\d{5}$/.test(l.zip_code ?? '') && typeof l.latitude === 'number' && typeof l.longitude === 'number')).toBe(true);
		expect(new Set(located.map((l) => l?.city)).size).toBeGreaterThan(30);
	});

	it('has nullable fields really null sometimes, and set most of the time', () => {
		const share = (pick: (o: Order) => unknown) => orders.filter((o) => pick(o) === null).length / orders.length;
		for (const pick of [(o: Order) => o.trip, (o: Order) => o.batch_orders, (o: Order) => o.load_pay, (o: Order) => o.dispatcher__full_name, (o: Order) => o.load_id]) {
			expect(share(pick)).toBeGreaterThan(0);
			expect(share(pick)).toBeLessThan(0.5);
		}
		expect(orders.some((o) => o.is_flagged && o.flagging_reason !== null)).toBe(true);
		expect(orders.some((o) => o.trip?.team_driver__full_name)).toBe(true);
		expect(orders.some((o) => o.tags.length === 0) && orders.some((o) => o.tags.length >= 2)).toBe(true);
	});

	it('links drivers, trucks, trailers and dispatchers consistently', () => {
		const { drivers, trucks, dispatchers } = sandbox.data;
		for (const driver of drivers) {
			if (driver.assigned_truck) expect(trucks.find((t) => t.id === driver.assigned_truck?.id)?.driver?.id).toBe(driver.id);
			if (driver.assigned_dispatcher) expect(dispatchers).toContainEqual(driver.assigned_dispatcher);
		}
		for (const order of orders) {
			if (order.trip?.driver__full_name) expect(drivers.some((d) => d.account.full_name === order.trip?.driver__full_name)).toBe(true);
		}
		expect(new Set(drivers.map((d) => d.account.full_name)).size).toBe(drivers.length);
	});
});
