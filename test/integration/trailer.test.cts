import { useSandbox } from '../harness/sandbox.cts';
import { describeCreate, describeSearchAndStatus, type EquipmentCase } from './equipment.cts';

const dt = useSandbox();

const TRAILER: EquipmentCase = {
	resource: 'trailer',
	basePath: '/api/v1/openapi/trailers/',
	records: (sandbox) => sandbox.sandbox.data.trailers,
	extraFields: { trailerType: 2 },
	extraBody: { type: 2 },
};

describe('Trailer › Get Many', () => {
	test('Return All is one request with page_size=all and returns every trailer', async () => {
		const result = await dt.run({ parameters: { resource: 'trailer', operation: 'getMany', returnAll: true } });

		expect(result.error).toBeUndefined();
		expect(dt.sandbox.log.map(({ method, path, query }) => ({ method, path, query }))).toEqual([
			{ method: 'GET', path: '/api/v1/openapi/trailers/list/', query: { page_size: 'all' } },
		]);
		const expected = [...dt.sandbox.data.trailers].sort((a, b) => a.id - b.id);
		expect(expected.length).toBeGreaterThan(25);
		expect(result.json).toEqual(JSON.parse(JSON.stringify(expected)));
		expect(result.items.every((item) => JSON.stringify(item.pairedItem) === '{"item":0}')).toBe(true);
	});

	test('Limit asks for exactly the limit in one request', async () => {
		const result = await dt.run({ parameters: { resource: 'trailer', operation: 'getMany', returnAll: false, limit: 7 } });
		expect(dt.sandbox.log.map((entry) => entry.query)).toEqual([{ page_size: '7' }]);
		expect(result.json.map((trailer) => trailer.id)).toEqual(dt.sandbox.data.trailers.slice(0, 7).map((trailer) => trailer.id));
	});

	test('one list per input item, each with its own search, in input order', async () => {
		const [first, second] = dt.sandbox.data.trailers;
		const result = await dt.run({
			parameters: { resource: 'trailer', operation: 'getMany', returnAll: true, filters: { search: '={{ $json.unit }}' } },
			items: [{ unit: first.unit_number }, { unit: second.unit_number }],
		});
		expect(dt.sandbox.log.map((entry) => entry.query.search)).toEqual([first.unit_number, second.unit_number]);
		expect(result.json.map((trailer) => trailer.unit_number)).toEqual([first.unit_number, second.unit_number]);
		expect(result.items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
	});
});

describeSearchAndStatus(dt, TRAILER);
describeCreate(dt, TRAILER);

describe('Trailer › Create: trailer type', () => {
	test('the created trailer carries the type its ID names', async () => {
		const result = await dt.run({
			parameters: { resource: 'trailer', operation: 'create', unitNumber: 'TRL-9001', additionalFields: { trailerType: 3 } },
		});
		expect(dt.sandbox.log[0].body).toEqual({ unit_number: 'TRL-9001', type: 3 });
		expect(result.json[0].type).toEqual({ id: 3, name: 'Flatbed' });
	});

	test('a trailer type that is not a whole number is refused before any request', async () => {
		const result = await dt.run({
			parameters: { resource: 'trailer', operation: 'create', unitNumber: 'TRL-9002', additionalFields: { trailerType: '={{ "Reefer" }}' } },
		});
		expect(result.error?.message).toBe('Additional Fields › Trailer Type Name or ID: "Reefer" is not a whole number of at least 1');
		expect(dt.sandbox.log).toEqual([]);
	});
});
