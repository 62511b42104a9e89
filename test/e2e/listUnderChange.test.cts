/** Load › Get Many, Return All, run by a real n8n while the sandbox's loads change after every page. */
import { judge, matchingIds } from '../integration/listChurn.cts';
import { itemsOf } from './lib/output.cts';
import { startSuite, type Suite } from './lib/suite.cts';

describe('Return All while Datatruck changes, in n8n', () => {
	let s: Suite;
	beforeAll(async () => {
		s = await startSuite('listChurn');
	});
	afterAll(async () => {
		s?.sb.live.off();
		await s?.close();
	});

	it('every load that stayed put is returned once, none twice, with loads created, moved, deleted and re-valued', async () => {
		// Well paid delivered loads, simplified: several pages, and an output n8n execute prints whole.
		const filter = [
			{ column: 'status', value: 'delivered', contains: 'is' },
			{ column: 'load_pay', value: '7000', contains: 'greater_than' },
		];
		const start = matchingIds(s.sb, 'orders', JSON.stringify(filter), '-load_pay,-id');
		expect(start.length).toBeGreaterThan(75);
		s.sb.live.forget();
		s.sb.live.configure({ create: 1, move: 2, delete: 1, shift: 1, seed: 12 });
		const { run, log } = await s.run('e2eListChurn0001', [
			{
				name: 'Delivered, best paid',
				parameters: {
					resource: 'load',
					operation: 'getMany',
					returnAll: true,
					filters: {
						conditions: [
							{ field: 'status', operator: 'is', value: 'delivered' },
							{ field: 'load_pay', operator: 'greater_than', value: '7000' },
						],
					},
					sort: { field: 'load_pay', descending: true },
					simplify: true,
				},
			},
		]);
		const touched = new Set(s.sb.live.touched.orders);
		s.sb.live.off();
		expect(touched.size).toBeGreaterThan(0);
		const verdict = judge(itemsOf(run, 'Delivered, best paid'), start, touched);
		expect(verdict).toMatchObject({ duplicates: [], lost: [] });
		expect(verdict.stable).toBeGreaterThan(50);
		// Every request is the user's query; the check reads add the held ids to leave out.
		for (const entry of log) expect(JSON.parse(String(entry.query.filter)).slice(0, 2)).toEqual(filter);
		expect(log.length).toBeGreaterThanOrEqual(Math.ceil(start.length / 25));
	});

	it('a Limit over 500 by load pay reads only the pages it needs, anchored on the pay, loads without a pay apart', async () => {
		const filter = [{ column: 'status', value: 'delivered', contains: 'is' }];
		// More loads without a pay than one page holds, so that part spans pages too.
		for (const load of s.sb.data.orders.filter((_, index) => index % 20 === 0)) load.load_pay = null;
		const start = matchingIds(s.sb, 'orders', JSON.stringify(filter), '-load_pay,-id');
		expect(start.length).toBeGreaterThan(700);
		s.sb.live.forget();
		s.sb.live.configure({ create: 1, move: 1, delete: 1, shift: 1, seed: 21 });
		const { run, log } = await s.run('e2eListChurn0002', [
			{
				name: 'Delivered, 600 best paid',
				parameters: {
					resource: 'load',
					operation: 'getMany',
					returnAll: false,
					limit: 600,
					filters: { conditions: [{ field: 'status', operator: 'is', value: 'delivered' }] },
					sort: { field: 'load_pay', descending: true },
					simplify: true,
				},
			},
		]);
		const touched = new Set(s.sb.live.touched.orders);
		s.sb.live.off();
		const items = itemsOf(run, 'Delivered, 600 best paid');
		expect(items).toHaveLength(600);
		expect(judge(items, start, touched, 600)).toMatchObject({ duplicates: [], lost: [] });
		// Page 1 as asked; where it could also be Datatruck's order by id (loads without a pay first, ids descending),
		// the same question the other way round, once an hour (orderProbe.ts); then pages anchored within one part
		// (`isnull`): about 600 / 25, not every page.
		const opposite = log.filter((entry) => entry.query.ordering === 'load_pay,id');
		expect(opposite.length).toBeLessThanOrEqual(1);
		expect(log.length).toBeLessThanOrEqual(600 / 25 + 2 + opposite.length);
		for (const entry of log.slice(1).filter((entry) => !opposite.includes(entry))) expect(String(entry.query.filter)).toContain('"isnull"');
	});
});
