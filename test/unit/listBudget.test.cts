import { HARD_CAP_EXTRA, HARD_CAP_PER_PAGE, ListBudget } from '../../nodes/Datatruck/shared/lists/listBudget';

/** Issue 28, requirement 2: every list read ends within a budget it derives from its first answer. */
const budgetFor = (list: string) => new ListBudget({ getNode: () => ({ name: 'Datatruck' }) } as never, list);
const capOf = (pages: number) => Math.ceil(HARD_CAP_PER_PAGE * pages) + HARD_CAP_EXTRA;

describe('ListBudget', () => {
	test('the cap is 2 × pages + 3, as issue 28 asks', () => {
		expect(HARD_CAP_PER_PAGE).toBe(2);
		expect(capOf(4)).toBe(11);
		expect(capOf(1)).toBe(5);
	});

	test('before any answer nothing limits the first request', () => {
		const budget = budgetFor('loads');
		expect(budget.cap).toBe(Infinity);
		expect(() => budget.spend('page 1')).not.toThrow();
	});

	test('repeating answers end at the cap, with an error naming the list and that nothing new came', () => {
		const budget = budgetFor('workOrders');
		budget.plan(31, 25);
		for (let index = 0; index < capOf(2); index++) {
			budget.spend('reading by page number');
			budget.judge([{ id: 1 }]);
		}
		expect(() => budget.spend('reading by page number')).toThrow(
			/^Stopped reading the workOrders list after 7 requests, its budget for 2 pages \(2 × pages \+ 3\): reading by page number: 6 answers in a row brought nothing new$/,
		);
	});

	test('a list that keeps changing, every answer new, still ends at the cap, saying so', () => {
		const budget = budgetFor('loads');
		budget.plan(100, 25);
		let id = 0;
		const read = () => {
			for (;;) {
				budget.spend('reading');
				budget.judge([{ id: ++id }]);
			}
		};
		expect(read).toThrow(/loads list after 11 requests, its budget for 4 pages .*: the list kept changing faster than it could be read$/);
		expect(budget.requests).toBe(capOf(4));
	});

	test('a batch in flight cannot pass the cap: the request past it is refused before it is sent', () => {
		const budget = budgetFor('loads');
		budget.plan(100, 25);
		const sendBatch = (size: number) => Array.from({ length: size }, () => budget.spend('a stretch'));
		expect(() => sendBatch(budget.cap + 5)).toThrow(/loads list after 11 requests/);
		expect(budget.requests).toBe(budget.cap);
		expect(budget.holds(1)).toBe(false);
	});

	test('pages are counted in the first answer’s page size: a smaller page asked later does not raise the cap', () => {
		const budget = budgetFor('loads');
		budget.plan(100, 25);
		budget.plan(90, 3);
		expect(budget.cap).toBe(capOf(4));
		// A larger list announced later (it grew, or a plan without the filter reads all of it) raises it.
		budget.plan(200, 25);
		expect(budget.cap).toBe(capOf(8));
	});

	test('an unknown count is one page; holds() tells whether a whole pass more fits', () => {
		const budget = budgetFor('trailers');
		budget.plan(undefined, 25);
		expect(budget.cap).toBe(capOf(1));
		budget.spend('page 1');
		expect(budget.holds(capOf(1) - 1)).toBe(true);
		expect(budget.holds(capOf(1))).toBe(false);
	});

	test('the error carries no secret: only the list, the counts and the reason', () => {
		const budget = budgetFor('drivers');
		budget.plan(10, 25);
		let error: (Error & { description?: string }) | undefined;
		try {
			for (;;) budget.spend('reading');
		} catch (caught) {
			error = caught as Error & { description?: string };
		}
		expect(error?.message).toMatch(/drivers list after 5 requests/);
		expect(`${error?.message} ${error?.description}`).not.toMatch(/token|Bearer|Authorization/i);
	});

	test('a Datatruck that answers fewer a page than the first answer told has the pages counted in the size it answers', () => {
		const budget = budgetFor('loads');
		// The first answer (a part of the list with no records) held nothing: the size asked, 25, is all it told.
		budget.plan(0, 25);
		budget.plan(12, 10);
		expect(budget.cap).toBe(capOf(1));
		budget.servedIn(10);
		expect(budget.cap).toBe(capOf(2));
		// Asking smaller pages itself (a check read) never raises the budget.
		budget.servedIn(25);
		expect(budget.cap).toBe(capOf(2));
	});
});
