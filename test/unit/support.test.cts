import {
	FINDING_LIFETIME_MS,
	findingClock,
	findingsFor,
	findingsOrigin,
	markNotHeld,
	rememberPageSize,
	replaceFindings,
	resetSupport,
	servedPageSize,
	supports,
} from '../../nodes/Datatruck/shared/lists/support';

/** Findings per origin (issue 34, requirement 4): they expire, and Check Compatibility replaces them. */
const ORIGIN = 'https://acme.datatruck.io';
const finding = (key: string) => ({ key, assumption: 'A22', seen: 'did something else', instead: 'does less' });
let now = 0;
const saved = findingClock.now;
const warnings: string[] = [];
const ctx = { logger: { warn: (message: string) => warnings.push(message), info: (message: string) => warnings.push(message) } } as never;

beforeEach(() => {
	resetSupport();
	now = 1_000_000;
	warnings.length = 0;
	findingClock.now = () => now;
});
afterAll(() => (findingClock.now = saved));

test('a finding holds for its lifetime, then the better plan is tried again (and found again, said again)', () => {
	markNotHeld(ctx, ORIGIN, finding('loads.ordering.multi'));
	now += FINDING_LIFETIME_MS - 1;
	expect(supports(ORIGIN, 'loads.ordering.multi')).toBe(false);
	expect(findingsFor(ORIGIN).map((one) => one.key)).toEqual(['loads.ordering.multi']);
	now += 1;
	expect(supports(ORIGIN, 'loads.ordering.multi')).toBe(true);
	expect(findingsFor(ORIGIN)).toEqual([]);
	markNotHeld(ctx, ORIGIN, finding('loads.ordering.multi'));
	expect(warnings.filter((line) => line.includes('A22'))).toHaveLength(2);
});

test("a finding lasts 60 of the credential's rate windows, at most an hour: a scaled Datatruck's release ends at its own pace", () => {
	expect(findingsOrigin({ origin: ORIGIN, windowMs: 3_000 })).toBe(ORIGIN);
	markNotHeld(ctx, ORIGIN, finding('loads.filter.id'));
	now += 60 * 3_000 - 1;
	expect(supports(ORIGIN, 'loads.filter.id')).toBe(false);
	now += 1;
	expect(supports(ORIGIN, 'loads.filter.id')).toBe(true);
	// Datatruck's minute, or a longer window: the hour.
	findingsOrigin({ origin: ORIGIN, windowMs: 600_000 });
	markNotHeld(ctx, ORIGIN, finding('loads.filter.id'));
	now += FINDING_LIFETIME_MS - 1;
	expect(supports(ORIGIN, 'loads.filter.id')).toBe(false);
	now += 1;
	expect(supports(ORIGIN, 'loads.filter.id')).toBe(true);
});

test('a remembered page size expires with its finding', () => {
	rememberPageSize(ctx, ORIGIN, 'loads', 10);
	expect(servedPageSize(ORIGIN, 'loads')).toBe(10);
	now += FINDING_LIFETIME_MS;
	expect(supports(ORIGIN, 'loads.pageSize')).toBe(true);
	expect(servedPageSize(ORIGIN, 'loads')).toBeUndefined();
});

test('Check Compatibility replaces what was remembered for its origin, and says so; other origins keep theirs', () => {
	markNotHeld(ctx, ORIGIN, finding('loads.ordering.multi'));
	rememberPageSize(ctx, ORIGIN, 'workOrders', 10);
	markNotHeld(ctx, 'https://other.datatruck.io', finding('loads.filter'));
	replaceFindings(ctx, ORIGIN, [finding('requestLine.long')]);
	expect(findingsFor(ORIGIN).map((one) => one.key)).toEqual(['requestLine.long']);
	expect(supports(ORIGIN, 'loads.ordering.multi')).toBe(true);
	expect(servedPageSize(ORIGIN, 'workOrders')).toBeUndefined();
	expect(supports('https://other.datatruck.io', 'loads.filter')).toBe(false);
	expect(warnings[warnings.length - 1]).toMatch(/Check Compatibility replaced what the node remembered of Datatruck at https:\/\/acme\.datatruck\.io \(2 finding\(s\)\) with what it found now \(1 not held\)/);
});
