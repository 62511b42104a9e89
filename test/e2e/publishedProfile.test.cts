/**
 * Issue 33 (requirement 8) in a real n8n, once: one workflow holding every operation of the node, each fed by the
 * Manual Trigger, against a sandbox under the `published` profile (the Datatruck its own reference pages describe:
 * 10 records a page on every list, `next` written relative to the resource as "/work-orders/?page=2", work orders
 * without a creation time whose list takes only `page` and `status`, Work Order › Create with the published required
 * fields and notes and tags as strings, Load › Create with the published stops). The run succeeds; the loads and
 * work orders come back whole, in their order, within 2 × pages + 3 requests at 10 a page, every request on the
 * credential's own API path (a relative `next` followed as such would arrive without `/api/v1/openapi`); the work
 * order is created after at most the one 400 that teaches the node strings; the load's body has the published stops
 * and its rate confirmation by URL; Check Compatibility tells what this Datatruck does not hold.
 * test/integration/profiles.test.cts runs the same operations in process, each held to the default profile's result.
 */
import { matchingIds } from '../integration/listChurn.cts';
import { listBudget } from '../property/lib/budget.cts';
import type { Sandbox } from '../sandbox/index.cts';
import { itemsOf } from './lib/output.cts';
import { authCheck } from './lib/sandbox.cts';
import { direct, forPath, startSuite, type Suite } from './lib/suite.cts';
import { publishedWorkOrderFields } from '../integration/fixtures.cts';

const API = '/api/v1/openapi';
const PAGE = 10;
const RATE_CONFIRMATION_URL = 'https://docs.example-broker.com/ratecons/RC-4481233.pdf';
const NOTE = 'Driver reported a bent rim at pre-trip.';
const NEW_PHONE = '+1 312 555 0166';
const REPAIR_EMAIL = 'Truck T112 brakes grinding bad, booked it at Big Rig Repair Dallas tomorrow 2pm. odometer 412,870.';


const NODES = {
	getLoad: 'Get a load',
	loads: 'All loads',
	createLoad: 'Book a load from its rate confirmation',
	documents: 'Documents of a load',
	workOrders: 'All work orders',
	createWorkOrder: 'Rim repair',
	extract: 'Read a repair email',
	drivers: 'All drivers',
	createDriver: 'Hire a driver',
	updateDriver: 'Update a driver',
	trucks: 'All trucks',
	createTruck: 'New truck',
	trailers: 'All trailers',
	createTrailer: 'New trailer',
	board: 'Dispatcher board',
	check: 'Check compatibility',
};

/**
 * A list read's answers: a page, or now and then a 429 when the node's pacing and the sandbox's one-second window
 * (lib/sandbox.cts) meet at a window's edge, which the node waits out and asks again (counted in the budget).
 */
const ANSWERED = [200, 429];

const plain = (value: unknown) => JSON.parse(JSON.stringify(value)) as unknown;

describe('published Datatruck (issue 33) in n8n: every operation in one workflow', () => {
	let s: Suite;
	beforeAll(async () => {
		s = await startSuite('published profile');
		s.sb.configure({ profile: 'published', driverListFields: 'withUpdateFields' });
	});
	afterAll(() => s?.close());

	it('Load, Work Order, Driver, Truck, Trailer, Dispatcher Board and Connection: every operation succeeds as Datatruck publishes itself', async () => {
		const sb = s.sb;
		// The profile really writes `next` relative to the resource, without the API prefix.
		expect((await direct(sb, '/orders/')).next).toBe('/orders/?page=2');
		expect((await direct(sb, '/work-orders/')).next).toBe('/work-orders/?page=2');

		const loads = matchingIds(sb, 'orders', null, null);
		const workOrders = matchingIds(sb, 'workOrders', null, null);
		expect(loads.length).toBeGreaterThan(10 * PAGE);
		expect(workOrders.length).toBeGreaterThan(2 * PAGE);
		const load = sb.data.orders[7];
		const withDocuments = sb.data.orders.find((order) => order.documents.length > 1)!;
		const driverIds = sb.data.drivers.map((driver) => driver.id).sort((a, b) => a - b);
		const driver = sb.data.drivers[sb.data.drivers.length - 2];
		const others = () => JSON.stringify(sb.data.drivers.filter((one) => driverIds.includes(one.id) && one.id !== driver.id));
		const othersBefore = others();
		const trucks = plain([...sb.data.trucks].sort((a, b) => a.id - b.id));
		const trailers = plain([...sb.data.trailers].sort((a, b) => a.id - b.id));
		const window = seededWindow(sb);
		const boardRows = await allPages(sb, `/orders/dispatcher-board/list/?start_date=${window.start}&end_date=${window.end}&page_size=all`);

		const stop = (type: 'pickup' | 'delivery', company: string, street: string, city: string, state: string, zip: string, day: string, reference: string) => ({
			stopType: type,
			company,
			address1: street,
			city,
			state,
			zipCode: zip,
			readyFrom: `${day}T08:00:00Z`,
			readyUntil: `${day}T12:00:00Z`,
			referenceId: reference,
			sealNumber: 'SL-448213',
		});

		const { run, log } = await s.run('e2ePublishedOps1', [
			{ name: NODES.getLoad, parameters: { resource: 'load', operation: 'get', loadId: String(load.id) } },
			{ name: NODES.loads, parameters: { resource: 'load', operation: 'getMany', returnAll: true } },
			{
				name: NODES.createLoad,
				parameters: {
					resource: 'load',
					operation: 'create',
					customer: 'Coyote Logistics',
					stops: {
						stop: [
							stop('pickup', 'Midwest Cold Storage', '1200 W 35th St', 'Chicago', 'IL', '60609', '2026-06-03', 'PU-88213'),
							stop('delivery', 'Lone Star Foods', '4500 Irving Blvd', 'Dallas', 'TX', '75247', '2026-06-04', 'DEL-4471'),
						],
					},
					rateConfirmation: 'url',
					rateConfirmationUrl: RATE_CONFIRMATION_URL,
				},
			},
			{ name: NODES.documents, parameters: { resource: 'load', operation: 'getDocuments', loadId: String(withDocuments.id) } },
			{ name: NODES.workOrders, parameters: { resource: 'workOrder', operation: 'getMany', returnAll: true } },
			{
				name: NODES.createWorkOrder,
				parameters: {
					resource: 'workOrder',
					operation: 'create',
					procedureName: 'TRK TIre Rim Repair / Replacement',
					additionalFields: publishedWorkOrderFields('2026-06-02T09:00:00Z'),
					notes: { note: [{ body: NOTE }] },
					tags: { tag: [{ name: 'Tires' }] },
				},
			},
			{
				name: NODES.extract,
				parameters: {
					resource: 'workOrder',
					operation: 'extractFromText',
					text: REPAIR_EMAIL,
					options: {
						timeZone: 'America/Chicago',
						now: '2026-11-26T15:00:00Z',
						defaults: { values: { typeWorkOrder: 'Repair', paymentType: 'Company Card', assignedTo: 'Mike Alvarez', invoiceId: 'TBD' } },
					},
				},
			},
			{ name: NODES.drivers, parameters: { resource: 'driver', operation: 'getMany', returnAll: true } },
			{
				name: NODES.createDriver,
				parameters: { resource: 'driver', operation: 'create', firstName: 'Dwayne', lastName: 'Okafor', contactNumber: '(312) 555-0188', driverType: 'Company Driver' },
			},
			{
				name: NODES.updateDriver,
				typeVersion: 1.1,
				parameters: { resource: 'driver', operation: 'update', driverId: String(driver.id), updateFields: { contactNumber: NEW_PHONE } },
			},
			{ name: NODES.trucks, parameters: { resource: 'truck', operation: 'getMany', returnAll: true } },
			{ name: NODES.createTruck, parameters: { resource: 'truck', operation: 'create', unitNumber: 'T9911', additionalFields: { make: 'Volvo', vin: '4V4NC9EH5PN612345' } } },
			{ name: NODES.trailers, parameters: { resource: 'trailer', operation: 'getMany', returnAll: true } },
			{ name: NODES.createTrailer, parameters: { resource: 'trailer', operation: 'create', unitNumber: 'TR9911', additionalFields: { make: 'Wabash', vin: '1JJV532D8ML123456' } } },
			{
				name: NODES.board,
				parameters: { resource: 'dispatcherBoard', operation: 'get', startDate: `${window.start}T00:00:00`, endDate: `${window.end}T00:00:00`, returnAll: true },
			},
			{ name: NODES.check, parameters: { resource: 'connection', operation: 'checkCompatibility' } },
		]);

		// The token: exactly right on every request, and nowhere in what n8n kept of the run.
		expect(authCheck(log, sb.token).filter((line) => !line.endsWith('Token ok'))).toEqual([]);
		expect(JSON.stringify(run)).not.toContain(sb.token);

		// Every request on the credential's own API path: a relative `next` followed as such would arrive as
		// "/orders/?page=2" or "/work-orders/?page=2", outside it.
		expect(log.filter((entry) => !entry.path.startsWith(`${API}/`)).map((entry) => entry.rawUrl)).toEqual([]);
		// The writes, one per create and update, in the workflow's order (n8n runs the branches top to bottom).
		// (OPTIONS, Check Compatibility's question of the driver update's methods, writes nothing.)
		const writes = log.filter((entry) => entry.method !== 'GET' && entry.method !== 'OPTIONS');
		expect(writes.map((entry) => `${entry.method} ${entry.path}`)).toEqual([
			`POST ${API}/orders/create/`,
			...writes.filter((entry) => entry.path === `${API}/work-orders/create/`).map(() => `POST ${API}/work-orders/create/`),
			`POST ${API}/drivers/create/`,
			`PUT ${API}/drivers/update/${driver.id}/`,
			`POST ${API}/trucks/create/`,
			`POST ${API}/trailers/create/`,
		]);
		const before = (path: string) => log.slice(0, log.findIndex((entry) => entry.method === 'POST' && entry.path === `${API}${path}`));
		// Check Compatibility runs last: its probes are the requests after the last write.
		const probes = log.slice(log.lastIndexOf(writes[writes.length - 1]) + 1);
		expect(probes.length).toBeGreaterThan(0);
		// GETs and one OPTIONS (the driver update's methods): nothing that can write.
		expect(probes.every((entry) => entry.method === 'GET' || entry.method === 'OPTIONS')).toBe(true);

		// Load › Get.
		expect(itemsOf(run, NODES.getLoad)).toEqual([plain(load)]);

		// Load › Get Many, Return All: every load once, in the list's order, within the budget at 10 a page, every read
		// answered and on the list's own path.
		const loadReads = forPath(before('/orders/create/'), 'GET', '/orders/');
		expect(itemsOf(run, NODES.loads).map((one) => one.id)).toEqual(loads);
		expect(loadReads.length).toBeLessThanOrEqual(listBudget(loads.length, PAGE));
		expect(loadReads.filter((entry) => !entry.rawUrl.startsWith(`${API}/orders/?`)).map((entry) => entry.rawUrl)).toEqual([]);
		expect(loadReads.filter((entry) => !ANSWERED.includes(entry.status)).map((entry) => `${entry.status} ${entry.rawUrl.slice(0, 160)}`)).toEqual([]);

		// Load › Create: the published stops (street, city, state and ZIP in one line; Ready From/Until as enter/exit
		// time; the seal number) and the rate confirmation by its https URL, which Datatruck keeps as the load's document.
		const loadCreate = forPath(log, 'POST', '/orders/create/');
		expect(loadCreate.map((entry) => entry.status)).toEqual([201]);
		expect(loadCreate[0].body).toEqual({
			customer: 'Coyote Logistics',
			stops: [
				{
					stop_type: 'pickup',
					company_name: 'Midwest Cold Storage',
					address: '1200 W 35th St, Chicago, IL 60609',
					zip_code: '60609',
					enter_time: '2026-06-03T08:00:00Z',
					exit_time: '2026-06-03T12:00:00Z',
					reference_id: 'PU-88213',
					seal_number: 'SL-448213',
				},
				{
					stop_type: 'delivery',
					company_name: 'Lone Star Foods',
					address: '4500 Irving Blvd, Dallas, TX 75247',
					zip_code: '75247',
					enter_time: '2026-06-04T08:00:00Z',
					exit_time: '2026-06-04T12:00:00Z',
					reference_id: 'DEL-4471',
					seal_number: 'SL-448213',
				},
			],
			rate_confirmation: RATE_CONFIRMATION_URL,
		});
		const [createdLoad] = itemsOf(run, NODES.createLoad);
		const storedLoad = sb.data.orders.find((order) => order.id === createdLoad.id)!;
		expect(createdLoad).toEqual(plain(storedLoad));
		expect(storedLoad.documents).toEqual([expect.objectContaining({ file_type: 'rate_confirmation', file_link: RATE_CONFIRMATION_URL })]);
		expect(storedLoad.stops.map((one) => [one.location?.company, one.location?.city, one.location?.state, one.reference_id])).toEqual([
			['Midwest Cold Storage', 'Chicago', 'IL', 'PU-88213'],
			['Lone Star Foods', 'Dallas', 'TX', 'DEL-4471'],
		]);

		// Load › Get Documents: every file of the load, each of the size the storage host serves.
		const files = itemsOf(run, NODES.documents);
		expect(files.map((file) => [file.file_type, file.file_size])).toEqual(
			withDocuments.documents.map((document) => [document.file_type, sb.documents.fileAt(document.file_link).bytes.length]),
		);

		// Work Order › Get Many, Return All: every work order once, newest first (no creation time to sort by), read by
		// page number from the node's own base, within the budget at 10 a page.
		const workOrderReads = forPath(before('/work-orders/create/'), 'GET', '/work-orders/');
		const workOrderItems = itemsOf(run, NODES.workOrders);
		expect(workOrderItems.map((one) => one.id)).toEqual(workOrders);
		expect(workOrderItems.some((one) => 'created_datetime' in one)).toBe(false);
		expect(workOrderReads.length).toBeLessThanOrEqual(listBudget(workOrders.length, PAGE));
		expect(workOrderReads.filter((entry) => !entry.rawUrl.startsWith(`${API}/work-orders/?`)).map((entry) => entry.rawUrl)).toEqual([]);
		expect(workOrderReads.filter((entry) => !ANSWERED.includes(entry.status)).map((entry) => `${entry.status} ${entry.rawUrl.slice(0, 160)}`)).toEqual([]);
		const pagesAsked = new Set(workOrderReads.map((entry) => String(entry.query.page ?? '1')));
		for (let page = 2; page <= Math.ceil(workOrders.length / PAGE); page++) expect(pagesAsked).toContain(String(page));

		// Work Order › Create: the contract's form first; on Datatruck's 400 naming notes, once more with strings.
		const workOrderCreates = forPath(log, 'POST', '/work-orders/create/');
		const refused = workOrderCreates.filter((entry) => entry.status === 400);
		expect(refused.length).toBeLessThanOrEqual(1);
		expect(workOrderCreates.map((entry) => entry.status)).toEqual([...refused.map(() => 400), 201]);
		const required = {
			procedure_name: 'TRK TIre Rim Repair / Replacement',
			truck: 'T142',
			total_price: '120.00',
			status: 'Pending',
			type_work_order: 'Repair',
			payment_type: 'Credit Card',
			invoice_id: 'INV-20931',
			scheduled_on_date: '2026-06-02T09:00:00Z',
			assigned_to: 'Big Rig Repair Dallas',
			odometer: 412870,
		};
		for (const entry of refused) expect(entry.body).toEqual({ ...required, notes: [{ body: NOTE }], tags: [{ name: 'Tires' }] });
		expect(workOrderCreates[workOrderCreates.length - 1].body).toEqual({ ...required, notes: [NOTE], tags: ['Tires'] });
		const [createdWorkOrder] = itemsOf(run, NODES.createWorkOrder);
		expect(itemsOf(run, NODES.createWorkOrder)).toHaveLength(1);
		const storedWorkOrder = sb.data.workOrders.find((one) => one.id === createdWorkOrder.id)!;
		expect(storedWorkOrder).toEqual(expect.objectContaining({ invoice_id: 'INV-20931', type_work_order: 'Repair', notes: [{ body: NOTE }], tags: [{ name: 'Tires' }] }));
		expect(sb.data.workOrders.filter((one) => one.invoice_id === 'INV-20931')).toHaveLength(1);

		// Work Order › Extract From Text: ready, its unit found in the truck list, the Defaults filled in.
		expect(itemsOf(run, NODES.extract)).toEqual([
			expect.objectContaining({
				ready: true,
				missing: [],
				workOrder: expect.objectContaining({
					procedure_name: 'TRK Brake Issue',
					truck: 'T112',
					scheduled_on_date: '2026-11-27T14:00:00-06:00',
					vendor: 'Big Rig Repair Dallas',
					odometer: 412870,
					invoice_id: 'TBD',
					type_work_order: 'Repair',
					payment_type: 'Company Card',
					assigned_to: 'Mike Alvarez',
					status: 'Pending',
				}),
			}),
		]);

		// Driver › Get Many, Create, Update (version 1.1: only the phone, on the right driver, no other changed).
		expect(itemsOf(run, NODES.drivers).map((one) => one.id)).toEqual(driverIds);
		expect(itemsOf(run, NODES.createDriver)).toEqual([
			expect.objectContaining({ account: expect.objectContaining({ first_name: 'Dwayne', last_name: 'Okafor' }), detail: 'Driver created successfully.' }),
		]);
		expect(sb.data.drivers.filter((one) => one.account.first_name === 'Dwayne' && one.account.last_name === 'Okafor')).toHaveLength(1);
		const put = log.find((entry) => entry.method === 'PUT')!;
		expect(put.body).toMatchObject({ contact_number: NEW_PHONE });
		expect(sb.data.drivers.find((one) => one.id === driver.id)?.contact_number).toBe(NEW_PHONE);
		expect(others()).toBe(othersBefore);
		expect(itemsOf(run, NODES.updateDriver)).toHaveLength(1);

		// Truck and Trailer › Get Many (every record, in id order, 10 a page) and Create.
		expect(itemsOf(run, NODES.trucks)).toEqual(trucks);
		expect(itemsOf(run, NODES.trailers)).toEqual(trailers);
		const [truck] = itemsOf(run, NODES.createTruck);
		expect(truck).toEqual(plain(sb.data.trucks.find((one) => one.unit_number === 'T9911')));
		expect(forPath(log, 'POST', '/trucks/create/')[0].body).toEqual({ unit_number: 'T9911', make: 'Volvo', vin: '4V4NC9EH5PN612345' });
		const [trailer] = itemsOf(run, NODES.createTrailer);
		expect(trailer).toEqual(plain(sb.data.trailers.find((one) => one.unit_number === 'TR9911')));
		expect(forPath(log, 'POST', '/trailers/create/')[0].body).toEqual({ unit_number: 'TR9911', make: 'Wabash', vin: '1JJV532D8ML123456' });

		// Dispatcher Board › Get: every row of the window.
		expect(boardRows.length).toBeGreaterThan(1);
		expect(itemsOf(run, NODES.board)).toEqual(boardRows);

		// Check Compatibility: read-only, and it reports what this Datatruck does not hold.
		const verdicts = itemsOf(run, NODES.check);
		const resultOf = (key: string) => verdicts.find((verdict) => verdict.key === key)?.result;
		expect({ pageSize: resultOf('loads.pageSize'), next: resultOf('links.next'), createdTime: resultOf('workOrders.created_datetime') }).toEqual({
			pageSize: 'not held',
			next: 'not held',
			createdTime: 'not held',
		});
		// The board's own read, then Check Compatibility's 13 GETs and one OPTIONS at most.
		expect(probes.length).toBeLessThanOrEqual(1 + 14);
	});
});

/** A window over the middle of the seeded trips (as dispatcherBoard.test.cts picks one), so several dispatchers have rows. */
function seededWindow(sb: Sandbox): { start: string; end: string } {
	const dates = sb.data.orders
		.filter((order) => order.trip !== null && order.status !== 'cancelled')
		.map((order) => (order.pickup_time ?? order.pickup_appointment_time ?? '').slice(0, 10))
		.filter(Boolean)
		.sort();
	return { start: dates[Math.floor(dates.length * 0.3)], end: dates[Math.floor(dates.length * 0.6)] };
}

/** Every record of a list read directly, page by page by number (the reference the node's output is compared with). */
async function allPages(sb: Sandbox, pathAndQuery: string): Promise<unknown[]> {
	const records: unknown[] = [];
	for (let page = 1; ; page++) {
		const answer = await direct(sb, `${pathAndQuery}${page > 1 ? `&page=${page}` : ''}`);
		records.push(...(answer.results as unknown[]));
		if (!answer.next) return records;
	}
}
