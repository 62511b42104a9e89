/** Trailer and Truck › Get Many and Create: one workflow per resource, run by a real n8n. */
import { authCheck } from './lib/sandbox.cts';
import { direct, startSuite, type Suite } from './lib/suite.cts';
import { itemsOf } from './lib/output.cts';

const API = '/api/v1/openapi';

describe('Trailer and Truck resources in n8n', () => {
	let s: Suite;
	beforeAll(async () => {
		s = await startSuite('equipment');
	});
	afterAll(() => s?.close());

	it('Trailer: every operation (Get Many all; searched; Create with a trailer type)', async () => {
		const sample = s.sb.data.trailers.find((t) => t.status === 'Active')!;
		const term = sample.make.slice(1, 5).toUpperCase();
		const { run, log } = await s.run('e2eTrailer000001', [
			{ name: 'All trailers', parameters: { resource: 'trailer', operation: 'getMany', returnAll: true } },
			{ name: 'Search', parameters: { resource: 'trailer', operation: 'getMany', limit: 10, filters: { search: term, status: 'Active' } } },
			{
				name: 'New reefer',
				parameters: {
					resource: 'trailer',
					operation: 'create',
					unitNumber: 'TRL-E2E-1',
					additionalFields: { vin: '1GRAA0621KB703112', make: 'Great Dane', model: 'Everest', year: 2021, plateNumber: 'P832114', state: 'IL', status: 'Active', trailerType: 3 },
				},
			},
		]);
		expect(log.map((e) => [e.method, e.path, e.query])).toEqual([
			['GET', `${API}/trailers/list/`, { page_size: 'all' }],
			['GET', `${API}/trailers/list/`, { page_size: '10', search: term, status: 'Active' }],
			['POST', `${API}/trailers/create/`, {}],
		]);
		expect(authCheck(log, s.sb.token).every((l) => l.endsWith('Token ok'))).toBe(true);
		expect(log[2].body).toEqual({
			unit_number: 'TRL-E2E-1', vin: '1GRAA0621KB703112', make: 'Great Dane', model: 'Everest', year: 2021,
			plate_number: 'P832114', state: 'IL', status: 'Active', type: 3,
		});
		expect(itemsOf(run, 'All trailers').map((t) => t.id)).toEqual(
			s.sb.data.trailers.filter((t) => t.unit_number !== 'TRL-E2E-1').map((t) => t.id).sort((a, b) => a - b),
		);
		expect(itemsOf(run, 'Search')).toEqual((await direct(s.sb, `/trailers/list/?page_size=10&search=${term}&status=Active`)).results);
		const created = s.sb.data.trailers.find((t) => t.unit_number === 'TRL-E2E-1');
		expect(itemsOf(run, 'New reefer')).toEqual([JSON.parse(JSON.stringify(created))]);
	});

	it('Truck: every operation (Get Many all in pages of 25; searched; Create from JSON)', async () => {
		const trucks = [...s.sb.data.trucks].sort((a, b) => a.id - b.id);
		const { run, log } = await s.run('e2eTruck00000001', [
			{ name: 'All trucks', parameters: { resource: 'truck', operation: 'getMany', returnAll: true } },
			{ name: 'In the shop', parameters: { resource: 'truck', operation: 'getMany', limit: 5, filters: { status: 'In Shop' } } },
			{
				name: 'New truck',
				parameters: {
					resource: 'truck',
					operation: 'create',
					specifyBody: 'json',
					jsonBody: JSON.stringify({ unit_number: 'T-E2E-7', make: 'Freightliner', model: 'Cascadia', year: '2024' }),
				},
			},
		]);
		expect(trucks.length).toBeGreaterThan(25);
		// Return All reads both pages once: trucks come in ID order with no ID missing at the page boundary, so no truck
		// can have moved back over it unseen (the list takes no filter; passCoverage.ts).
		expect(log.map((e) => [e.method, e.path, e.query])).toEqual([
			['GET', `${API}/trucks/list/`, { page_size: '25' }],
			['GET', `${API}/trucks/list/`, { page_size: '25', page: '2' }],
			['GET', `${API}/trucks/list/`, { page_size: '5', status: 'In Shop' }],
			['POST', `${API}/trucks/create/`, {}],
		]);
		expect(authCheck(log, s.sb.token).every((l) => l.endsWith('Token ok'))).toBe(true);
		expect(log[3].body).toEqual({ unit_number: 'T-E2E-7', make: 'Freightliner', model: 'Cascadia', year: 2024 });
		expect(itemsOf(run, 'All trucks')).toEqual(JSON.parse(JSON.stringify(trucks)));
		expect(itemsOf(run, 'In the shop')).toEqual((await direct(s.sb, '/trucks/list/?page_size=5&status=In%20Shop')).results);
		expect(itemsOf(run, 'New truck')).toEqual([expect.objectContaining({ unit_number: 'T-E2E-7', year: 2024 })]);
	});
});
