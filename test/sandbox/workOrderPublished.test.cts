/**
 * Work orders as Datatruck's published pages describe them (issue 33, requirements 4, 5 and 8): the read fields of
 * GET /work-orders/, its `status` parameter, and POST /work-orders/create/ with its required fields and strings for
 * notes and tags (`workOrderCreate: 'published'`).
 */
import axios, { AxiosInstance } from 'axios';
import { Sandbox, WorkOrder } from './index.cts';
import { apiClient, filterParam, startTestSandbox } from './testClient.cts';

describe('work orders as Datatruck publishes them', () => {
	let sandbox: Sandbox;
	let client: AxiosInstance;
	beforeAll(async () => {
		sandbox = await startTestSandbox({ loads: 40 });
		client = apiClient(sandbox);
		// Enough of each status for several pages of 10.
		for (let index = 0; index < 36; index++) sandbox.createWorkOrder({ status: ['Pending', 'In Progress', 'Completed'][index % 3] });
	});
	afterAll(() => sandbox.close());
	afterEach(() => sandbox.configure({ profile: 'default' }));

	const PUBLISHED_BODY = {
		procedure_name: 'TRK Brake Issue',
		status: 'Pending',
		type_work_order: 'Repair',
		payment_type: 'Credit Card',
		invoice_id: 'VINV-20431',
		scheduled_on_date: '2025-06-03T14:30:00Z',
		assigned_to: 'Tony Mechanic',
		odometer: 412870,
		total_price: '357.50',
	};
	const REQUIRED = ['status', 'type_work_order', 'payment_type', 'invoice_id', 'scheduled_on_date', 'assigned_to', 'odometer'];

	describe('read fields of the published GET /work-orders/ page', () => {
		it('every seeded work order has a number, decimal-string totals, a balance that adds up and its payments', () => {
			const seeded = sandbox.data.workOrders;
			expect(seeded.length).toBeGreaterThan(25);
			for (const workOrder of seeded) {
				expect(workOrder.number).toBe(`WO-${workOrder.created_datetime.slice(0, 4)}-${String(workOrder.id).padStart(3, '0')}`);
				expect(workOrder.paid_amount).toMatch(/^\d+\.\d{2}$/);
				expect(workOrder.balance).toMatch(/^-?\d+\.\d{2}$/);
				const paid = workOrder.work_order_payments.reduce((sum, payment) => sum + Number(payment.amount), 0);
				expect(Number(workOrder.paid_amount)).toBeCloseTo(paid, 2);
				expect(Number(workOrder.balance)).toBeCloseTo(Number(workOrder.total_price ?? 0) - paid, 2);
				for (const payment of workOrder.work_order_payments) {
					expect(payment).toEqual({ id: expect.any(Number), amount: expect.stringMatching(/^\d+\.\d{2}$/), note: expect.any(String), payment_date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
				}
				expect(workOrder.approved_by === null).toBe(workOrder.status === 'Pending');
			}
			expect(new Set(seeded.map((workOrder) => workOrder.number)).size).toBe(seeded.length);
			// Each form is seen: paid in full, a deposit, unpaid; a custom payment method on some.
			expect(seeded.some((w) => w.status === 'Completed' && w.balance === '0.00' && w.work_order_payments.length === 1)).toBe(true);
			expect(seeded.some((w) => w.status === 'In Progress' && w.work_order_payments[0]?.note === 'Deposit' && Number(w.balance) > 0)).toBe(true);
			expect(seeded.some((w) => w.work_order_payments.length === 0 && w.paid_amount === '0.00')).toBe(true);
			expect(seeded.some((w) => w.custom_payment_method !== null)).toBe(true);
		});

		it('the list serves them', async () => {
			const { data } = await client.get('/work-orders/', { params: { page_size: 25 } });
			expect(Object.keys(data.results[0])).toEqual(expect.arrayContaining(['number', 'approved_by', 'custom_payment_method', 'total_price', 'paid_amount', 'balance', 'work_order_payments']));
		});
	});

	describe('GET /work-orders/?status=', () => {
		const pending = () => sandbox.data.workOrders.filter((w) => w.status === 'Pending').map((w) => w.id).sort((a, b) => b - a);
		const ids = (results: WorkOrder[]) => results.map((w) => w.id);

		it('by default: only work orders of that status, exactly, newest first; beside a filter both hold', async () => {
			const { data } = await client.get('/work-orders/', { params: { status: 'Pending', page_size: 25 } });
			expect(data.count).toBe(pending().length);
			expect(ids(data.results)).toEqual(pending().slice(0, 25));
			expect((await client.get('/work-orders/', { params: { status: 'pending', page_size: 25 } })).data.count).toBe(0);
			const both = await client.get('/work-orders/', { params: { status: 'Pending', filter: filterParam({ column: 'status', value: 'Completed', contains: 'is' }) } });
			expect(both.data.count).toBe(0);
		});

		it('an empty status is no condition', async () => {
			const { data } = await client.get('/work-orders/', { params: { status: '', page_size: 25 } });
			expect(data.count).toBe(sandbox.data.workOrders.length);
		});

		it('under the published profile: honoured though filter is ignored, 10 a page, the next link keeping it', async () => {
			sandbox.configure({ profile: 'published' });
			const filter = filterParam({ column: 'status', value: 'Completed', contains: 'is' });
			const first = await client.get('/work-orders/', { params: { status: 'Pending', filter, page_size: 25 } });
			expect(first.data.count).toBe(pending().length);
			expect(pending().length).toBeGreaterThan(10);
			expect(ids(first.data.results)).toEqual(pending().slice(0, 10));
			expect(first.data.next).toMatch(/^\/work-orders\/\?/);
			expect(new URLSearchParams(first.data.next.split('?')[1]).get('status')).toBe('Pending');
			const second = await client.get('/work-orders/', { params: { status: 'Pending', page: 2 } });
			expect(ids(second.data.results)).toEqual(pending().slice(10, 20));
			// Without status the filter is ignored: every work order.
			expect((await client.get('/work-orders/', { params: { filter } })).data.count).toBe(sandbox.data.workOrders.length);
		});
	});

	describe("POST /work-orders/create/ under workOrderCreate: 'published'", () => {
		beforeEach(() => sandbox.configure({ profile: 'published' }));

		it('the published profile sets it, the default profile sets it back', async () => {
			const setting = async () => (await axios.get(`${sandbox.origin}/__sandbox/config`)).data.workOrderCreate;
			expect(await setting()).toBe('published');
			sandbox.configure({ profile: 'default' });
			expect(await setting()).toBe('spec');
		});

		it('requires the seven fields the page marks required: one DRF 400 naming each, nothing stored', async () => {
			const before = sandbox.data.workOrders.length;
			const response = await client.post('/work-orders/create/', { procedure_name: 'TRK Wash', notes: ['Checked at the yard.'] });
			expect(response.status).toBe(400);
			expect(response.data).toEqual(Object.fromEntries(REQUIRED.map((field) => [field, ['This field is required.']])));
			for (const field of REQUIRED) {
				const { [field]: _, ...without } = PUBLISHED_BODY as Record<string, unknown>;
				const refused = await client.post('/work-orders/create/', without);
				expect({ field, status: refused.status, data: refused.data }).toEqual({ field, status: 400, data: { [field]: ['This field is required.'] } });
			}
			expect((await client.post('/work-orders/create/', { ...PUBLISHED_BODY, invoice_id: '' })).data).toEqual({ invoice_id: ['This field may not be blank.'] });
			expect(sandbox.data.workOrders).toHaveLength(before);
		});

		it("takes notes and tags only as strings: the spec's objects are refused as DRF does, naming each entry", async () => {
			const before = sandbox.data.workOrders.length;
			const notes = await client.post('/work-orders/create/', { ...PUBLISHED_BODY, notes: [{ body: 'Driver reports grinding.' }] });
			expect({ status: notes.status, data: notes.data }).toEqual({ status: 400, data: { notes: { 0: ['Not a valid string.'] } } });
			const both = await client.post('/work-orders/create/', { ...PUBLISHED_BODY, notes: ['ok', { body: 'x' }], tags: [{ name: 'Urgent' }] });
			expect(both.data).toEqual({ notes: { 1: ['Not a valid string.'] }, tags: { 0: ['Not a valid string.'] } });
			const notAList = await client.post('/work-orders/create/', { ...PUBLISHED_BODY, tags: 'Urgent' });
			expect(notAList.data).toEqual({ tags: ['Expected a list of items but got type "str".'] });
			expect(sandbox.data.workOrders).toHaveLength(before);
		});

		it('stores a published create in the same shape as a spec create, so reads do not change', async () => {
			const published = await client.post('/work-orders/create/', { ...PUBLISHED_BODY, notes: ['Driver reports grinding.'], tags: ['Urgent', 'Warranty'] });
			expect(published.status).toBe(201);
			expect(published.data).toEqual({ id: expect.any(Number) });
			sandbox.configure({ profile: 'default' });
			const spec = await client.post('/work-orders/create/', { ...PUBLISHED_BODY, notes: [{ body: 'Driver reports grinding.' }], tags: [{ name: 'Urgent' }, { name: 'Warranty' }] });
			expect(spec.status).toBe(201);
			const stored = (id: number) => {
				const { id: _, number: __, ...rest } = sandbox.data.workOrders.find((w) => w.id === id)!;
				return rest;
			};
			expect(stored(published.data.id)).toEqual(stored(spec.data.id));
			expect(stored(published.data.id)).toMatchObject({ notes: [{ body: 'Driver reports grinding.' }], tags: [{ name: 'Urgent' }, { name: 'Warranty' }], type_work_order: 'Repair', odometer: 412870 });
		});

		it("under 'spec' strings are refused and only procedure_name is required, as before", async () => {
			sandbox.configure({ workOrderCreate: 'spec' });
			const strings = await client.post('/work-orders/create/', { procedure_name: 'TRK Wash', notes: ['Checked at the yard.'] });
			expect(strings.status).toBe(400);
			expect(strings.data).toEqual({ error: 400, message: expect.stringMatching(/^notes\[0\]: /) });
			expect((await client.post('/work-orders/create/', { procedure_name: 'TRK Wash' })).status).toBe(201);
		});
	});
});
