/**
 * What Trailer and Truck share, proven once for each: Search and Status on the list, and the
 * creation body (A13) in both body modes. The files trailer.test.ts and truck.test.ts call these
 * with their own resource, and add what differs (paging, the trailer type).
 */
import type { useSandbox } from '../harness/sandbox.cts';

type Dt = ReturnType<typeof useSandbox>;

interface EquipmentRecord {
	id: number;
	unit_number: string;
	vin: string;
	make: string;
	model: string;
	plate_number: string;
	status: string;
}

export interface EquipmentCase {
	resource: 'trailer' | 'truck';
	/** e.g. `/api/v1/openapi/trailers/` */
	basePath: string;
	records(dt: Dt): EquipmentRecord[];
	/** Additional Fields this kind adds, and what they become in the body. */
	extraFields: Record<string, unknown>;
	extraBody: Record<string, unknown>;
}

function searchable(record: EquipmentRecord): string[] {
	return [record.unit_number, record.plate_number, record.vin, record.make, record.model].map((text) => text.toLowerCase());
}

export function describeSearchAndStatus(dt: Dt, kind: EquipmentCase) {
	describe(`${kind.resource} › Get Many: Search and Status`, () => {
		test('become the search and status query parameters, and the API applies both', async () => {
			const sample = kind.records(dt).find((record) => record.status === 'Active')!;
			const term = sample.make.slice(1, 5).toUpperCase();
			const result = await dt.run({
				parameters: {
					resource: kind.resource,
					operation: 'getMany',
					returnAll: false,
					limit: 10,
					filters: { search: `  ${term} `, status: 'Active' },
				},
			});

			expect(result.error).toBeUndefined();
			expect(dt.sandbox.log.map(({ method, path, query }) => ({ method, path, query }))).toEqual([
				{ method: 'GET', path: `${kind.basePath}list/`, query: { page_size: '10', search: term, status: 'Active' } },
			]);
			const expected = kind
				.records(dt)
				.filter((record) => record.status === 'Active' && searchable(record).some((text) => text.includes(term.toLowerCase())))
				.sort((a, b) => a.id - b.id)
				.slice(0, 10);
			expect(expected.length).toBeGreaterThan(0);
			expect(result.json).toEqual(JSON.parse(JSON.stringify(expected)));
		});

		test('a status Datatruck uses beyond Active can be given as an expression; an empty search is not sent', async () => {
			const result = await dt.run({
				parameters: {
					resource: kind.resource,
					operation: 'getMany',
					returnAll: false,
					limit: 50,
					filters: { search: '', status: '={{ "In Shop" }}' },
				},
			});
			expect(result.error).toBeUndefined();
			expect(dt.sandbox.log[0].query).toEqual({ page_size: kind.resource === 'truck' ? '25' : '50', status: 'In Shop' });
			const expected = kind.records(dt).filter((record) => record.status === 'In Shop');
			expect(expected.length).toBeGreaterThan(0);
			expect(result.json.map((record) => record.id)).toEqual(expected.map((record) => record.id));
		});
	});
}

export function describeCreate(dt: Dt, kind: EquipmentCase) {
	const create = (parameters: Record<string, unknown>) => ({ resource: kind.resource, operation: 'create', ...parameters });

	describe(`${kind.resource} › Create`, () => {
		test('Using Fields Below: a flat body with typed values; returns the created record', async () => {
			const result = await dt.run({
				parameters: create({
					unitNumber: `${kind.resource.toUpperCase()}-5531`,
					additionalFields: {
						vin: '1FUJGLDR7CLBP8834',
						make: 'Great Dane',
						model: 'Champion',
						year: 2021,
						plateNumber: 'P832114',
						state: 'IL',
						status: 'Active',
						...kind.extraFields,
					},
				}),
			});

			expect(result.error).toBeUndefined();
			expect(dt.sandbox.log).toHaveLength(1);
			const [entry] = dt.sandbox.log;
			expect(entry.method).toBe('POST');
			expect(entry.path).toBe(`${kind.basePath}create/`);
			expect(entry.query).toEqual({});
			expect(entry.body).toEqual({
				unit_number: `${kind.resource.toUpperCase()}-5531`,
				vin: '1FUJGLDR7CLBP8834',
				make: 'Great Dane',
				model: 'Champion',
				year: 2021,
				plate_number: 'P832114',
				state: 'IL',
				status: 'Active',
				...kind.extraBody,
			});
			const stored = kind.records(dt).find((record) => record.unit_number === `${kind.resource.toUpperCase()}-5531`);
			expect(stored).toBeDefined();
			expect(result.json).toEqual([JSON.parse(JSON.stringify(stored))]);
		});

		test('Using JSON: the object is sent with its values typed and unknown keys kept; a form field hidden by the mode is not sent', async () => {
			const result = await dt.run({
				parameters: create({
					specifyBody: 'json',
					unitNumber: 'IGNORED-1',
					jsonBody: JSON.stringify({ unit_number: 'JSON-77', year: '2019', make: 'Utility', fleet_note: 'spare' }),
				}),
			});
			expect(result.error).toBeUndefined();
			expect(dt.sandbox.log[0].body).toEqual({ unit_number: 'JSON-77', year: 2019, make: 'Utility', fleet_note: 'spare' });
			expect(result.json).toHaveLength(1);
			expect(result.json[0]).toMatchObject({ unit_number: 'JSON-77', year: 2019, make: 'Utility' });
		});

		test("Datatruck's own refusal (a unit number already in the fleet) is reported with its message", async () => {
			const existing = kind.records(dt)[0];
			const result = await dt.run({ parameters: create({ unitNumber: existing.unit_number }) });
			expect(result.error?.message).toBe(
				`Datatruck rejected the request: unit_number: a ${kind.resource} with unit number "${existing.unit_number}" already exists.`,
			);
			expect(dt.sandbox.log).toHaveLength(1);
		});

		test('several items, in order and paired; Continue On Fail reports the bad year alone, unsent', async () => {
			const result = await dt.run({
				parameters: create({
					unitNumber: '={{ $json.unit }}',
					additionalFields: { year: '={{ $json.year }}' },
				}),
				items: [
					{ unit: 'MULTI-1', year: 2018 },
					{ unit: 'MULTI-2', year: '2020.5' },
					{ unit: 'MULTI-3', year: 2024 },
				],
				continueOnFail: true,
			});
			expect(result.items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
			expect(result.json.map((record) => record.unit_number ?? record.error)).toEqual([
				'MULTI-1',
				'Additional Fields › Year: "2020.5" is not a whole number of at least 1',
				'MULTI-3',
			]);
			expect(dt.sandbox.log.map((entry) => entry.body)).toEqual([
				{ unit_number: 'MULTI-1', year: 2018 },
				{ unit_number: 'MULTI-3', year: 2024 },
			]);
		});

		test.each([
			['a year that is not a whole number', { unitNumber: 'BAD-1', additionalFields: { year: '={{ "twenty" }}' } }, 'Additional Fields › Year: "twenty" is not a whole number of at least 1'],
			['a blank unit number', { unitNumber: '={{ " " }}' }, 'Unit Number: must not be empty'],
			['a JSON body that is a list', { specifyBody: 'json', jsonBody: '[{"unit_number": "A-1"}]' }, 'JSON Body: must be a JSON object in curly braces, not a list'],
			['a JSON body that is not JSON', { specifyBody: 'json', jsonBody: '{unit_number: A-1}' }, /^JSON Body: is not valid JSON \(/],
			['a JSON body without unit_number', { specifyBody: 'json', jsonBody: '{"make": "Utility"}' }, 'JSON Body › unit_number: must not be empty'],
			['a JSON body with a text year', { specifyBody: 'json', jsonBody: '{"unit_number": "A-1", "year": "MY21"}' }, 'JSON Body › year: "MY21" is not a whole number of at least 1'],
			['a JSON body with a null value', { specifyBody: 'json', jsonBody: '{"unit_number": "A-1", "vin": null}' }, 'JSON Body › vin: must not be null; leave the field out instead'],
		])('refuses %s before any request', async (_case, parameters, message) => {
			const result = await dt.run({ parameters: create(parameters) });
			if (typeof message === 'string') expect(result.error?.message).toBe(message);
			else expect(result.error?.message).toMatch(message);
			expect(dt.sandbox.log).toEqual([]);
		});
	});
}
