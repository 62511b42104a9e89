/**
 * Deterministic seed data: one mid-size US carrier (6 dispatchers, ~40 drivers, ~35 trucks,
 * ~30 trailers) with about 120 days of loads. Everything derives from the seed and the reference
 * time `now`, so a test that fixes both sees byte-identical data.
 */
import {
	ADDITIONAL_EQUIPMENT,
	BROKERS,
	CARRIERS_FOR_BROKERED_LOADS,
	CITIES,
	City,
	DISPATCHER_NAMES,
	DRIVER_REQUIREMENTS,
	EQUIPMENT_TYPES,
	FIRST_NAMES,
	FLAG_REASONS,
	FREIGHT_REQUIREMENTS,
	LAST_NAMES,
	MC_COMPANIES,
	OFFICES,
	PLATE_STATES,
	SHIPPERS,
	STREET_NAMES,
	TAG_NAMES,
	TRAILER_MODELS,
	TRUCK_MODELS,
	WORK_ORDER_VENDORS,
} from './catalog.cts';
import { DAY_MS, toIsoDate, toIsoSeconds } from './dates.cts';
import { Prng } from './prng.cts';
import { PROCEDURE_NAMES } from './resources/procedureNames.cts';
import {
	BatchOrder,
	DocumentFileType,
	DriverRecord,
	NamedRef,
	Order,
	OrderDocument,
	PaymentTariff,
	SandboxData,
	Stop,
	StopLocation,
	Trailer,
	Trip,
	Truck,
	WorkOrder,
	WorkOrderTask,
} from './types.cts';

const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;
/** Road miles run about 17% over great-circle distance. */
const ROAD_FACTOR = 1.17;
const FIRST_ORDER_ID = 10_001;
const SEED_HISTORY_DAYS = 120;

export const DRIVER_COUNT = 40;
export const TRUCK_COUNT = 35;
export const TRAILER_COUNT = 30;
export const WORK_ORDER_COUNT = 25;

/** Money and miles as the API writes them: decimal strings with two places. */
export const toDecimal = (value: number): string => (Math.round(value * 100) / 100).toFixed(2);

interface Point {
	latitude: number;
	longitude: number;
}

function greatCircleMiles(a: Point, b: Point): number {
	const rad = Math.PI / 180;
	const dLat = (b.latitude - a.latitude) * rad;
	const dLon = (b.longitude - a.longitude) * rad;
	const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(dLon / 2) ** 2;
	return 3958.8 * 2 * Math.asin(Math.sqrt(h));
}

/** Estimated road miles along `points` in order; 0 with fewer than two points. */
export function roadMiles(points: readonly Point[]): number {
	let miles = 0;
	for (let i = 1; i < points.length; i++) miles += greatCircleMiles(points[i - 1], points[i]);
	return miles * ROAD_FACTOR;
}

/** Rounds an epoch down to a whole half hour, the way appointments are booked. */
const toHalfHour = (epoch: number): number => Math.floor(epoch / (30 * MINUTE_MS)) * 30 * MINUTE_MS;

function referenceLists(): Pick<
	SandboxData,
	'dispatchers' | 'mcNumbers' | 'offices' | 'customers' | 'paymentTariffs' | 'trailerTypes' | 'truckTypes' | 'dispatchStatuses'
> {
	return {
		dispatchers: DISPATCHER_NAMES.map(([first, last], index) => ({ id: 11 + index, full_name: `${first} ${last}` })),
		mcNumbers: MC_COMPANIES.map((mc, index) => ({ id: 1 + index, ...mc })),
		offices: [...OFFICES],
		customers: [...BROKERS],
		paymentTariffs: [
			{ id: 1, name: 'Per mile', tariff: '0.62' },
			{ id: 2, name: 'Per mile', tariff: '0.68' },
			{ id: 3, name: 'Percentage', tariff: '27' },
			{ id: 4, name: 'Percentage', tariff: '88' },
		],
		trailerTypes: [
			{ id: 1, name: 'Dry Van' },
			{ id: 2, name: 'Reefer' },
			{ id: 3, name: 'Flatbed' },
		],
		truckTypes: [
			{ id: 1, name: 'Sleeper' },
			{ id: 2, name: 'Day Cab' },
		],
		dispatchStatuses: [
			{ id: 1, name: 'Available', color: '#22c55e' },
			{ id: 2, name: 'On Trip', color: '#3b82f6' },
			{ id: 3, name: 'Home Time', color: '#a855f7' },
			{ id: 4, name: 'Out of Service', color: '#ef4444' },
		],
	};
}

/** Driver pay of one trip under a tariff: per-mile rate times loaded miles, or a share of load pay. */
export function driverPay(tariff: PaymentTariff | null, miles: number, loadPay: number): number {
	if (!tariff) return 0;
	const rate = Number(tariff.tariff);
	return tariff.name === 'Percentage' ? (loadPay * rate) / 100 : miles * rate;
}

/**
 * Builds records one at a time from a seeded stream. The store keeps the generator after seeding so
 * that loads and work orders created later (control API) are just as realistic and as deterministic.
 */
export class SeedGenerator {
	private nextStopId = 50_001;
	private nextLocationId = 80_001;
	private nextTripId = 30_001;

	constructor(
		private readonly rng: Prng,
		private readonly data: SandboxData,
		/** Where a document's file lives; the sandbox points it at its document host. */
		private readonly documentLink: DocumentLinkBuilder = placeholderDocumentLink,
	) {}

	private vin(): string {
		const alphabet = 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789'; // VINs never use I, O or Q
		let out = '';
		for (let i = 0; i < 17; i++) out += alphabet[this.rng.int(0, alphabet.length - 1)];
		return out;
	}

	private plate(): string {
		return `${String.fromCharCode(65 + this.rng.int(0, 25))}${String.fromCharCode(65 + this.rng.int(0, 25))}${this.rng.digits(5)}`;
	}

	private phone(): string {
		return `(${this.rng.int(201, 989)}) ${this.rng.int(200, 999)}-${this.rng.digits(4)}`;
	}

	private dateBefore(nowMs: number, minDays: number, maxDays: number): string {
		return toIsoDate(nowMs - this.rng.int(minDays, maxDays) * DAY_MS);
	}

	trucks(count: number): Truck[] {
		return Array.from({ length: count }, (_, index) => {
			const model = this.rng.pick(TRUCK_MODELS);
			return {
				id: 301 + index,
				unit_number: `T${101 + index}`,
				vin: this.vin(),
				make: model.make,
				model: this.rng.pick(model.models),
				year: this.rng.int(2016, 2025),
				status: this.rng.weighted([
					['Active', 85],
					['In Shop', 10],
					['Inactive', 5],
				] as const),
				plate_number: this.plate(),
				state: this.rng.pick(PLATE_STATES),
				type: this.rng.chance(0.9) ? this.data.truckTypes[0] : this.rng.chance(0.5) ? this.data.truckTypes[1] : null,
				driver: null,
				dispatch_status: this.rng.chance(0.95) ? this.rng.pick(this.data.dispatchStatuses) : null,
			};
		});
	}

	trailers(count: number): Trailer[] {
		return Array.from({ length: count }, (_, index) => {
			const model = this.rng.pick(TRAILER_MODELS);
			const type: NamedRef = this.rng.weighted([
				[this.data.trailerTypes[0], 60],
				[this.data.trailerTypes[1], 30],
				[this.data.trailerTypes[2], 10],
			] as const);
			return {
				id: 401 + index,
				unit_number: `TR${501 + index}`,
				vin: this.vin(),
				make: model.make,
				model: this.rng.pick(model.models),
				status: this.rng.weighted([
					['Active', 85],
					['In Shop', 8],
					['Inactive', 7],
				] as const),
				plate_number: this.plate(),
				state: this.rng.pick(PLATE_STATES),
				year: this.rng.chance(0.95) ? this.rng.int(2012, 2025) : null,
				driver_operator: null,
				co_driver_operator: null,
				type,
				dispatch_status: this.rng.chance(0.9) ? this.rng.pick(this.data.dispatchStatuses) : null,
			};
		});
	}

	/** Drivers, linked both ways to the trucks and trailers they run. */
	drivers(count: number, nowMs: number): DriverRecord[] {
		const pairs = FIRST_NAMES.flatMap((first) => LAST_NAMES.map((last) => [first, last] as const));
		const names = this.rng.shuffle(this.rng.sample(pairs, count));
		const drivers = names.map(([first, last], index): DriverRecord => {
			const id = 201 + index;
			const terminated = index >= count - 2;
			const ownerOperator = this.rng.chance(0.3);
			const home = this.rng.pick(CITIES);
			const tariff = ownerOperator ? this.data.paymentTariffs[3] : this.rng.pick(this.data.paymentTariffs.slice(0, 3));
			const username = `${first}.${last}${id}`.toLowerCase();
			return {
				id,
				contact_number: this.phone(),
				status: terminated ? 'Inactive' : this.rng.weighted([['Available', 40], ['active', 30], ['On Trip', 20], ['Home Time', 10]] as const),
				employee_status: terminated ? 'Terminated' : this.rng.chance(0.8) ? 'Active' : 'employed',
				driver_type: ownerOperator ? 'owner_operator' : this.rng.chance(0.85) ? 'company_driver' : 'Company Driver',
				account: { first_name: first, last_name: last, full_name: `${first} ${last}`, username, email: `${username}@drivers.prairieline.example` },
				gender: this.rng.chance(0.9) ? 'Male' : 'Female',
				address1: `${this.rng.int(100, 9999)} ${this.rng.pick(['Oak', 'Maple', 'Cedar', 'Pine', 'Elm'])} St`,
				address2: this.rng.chance(0.2) ? `Apt ${this.rng.int(1, 40)}` : '',
				city: home.city,
				state: home.state,
				zip_code: home.zip,
				payment_tariff: this.rng.chance(0.95) ? tariff : null,
				hire_date: this.dateBefore(nowMs, 150, 2500),
				rehire_date: this.rng.chance(0.1) ? this.dateBefore(nowMs, 30, 140) : null,
				safety_start_on: this.dateBefore(nowMs, 150, 2500),
				termination_note: terminated ? 'Left for a local job' : '',
				terminate_reason: terminated ? this.rng.pick(['Voluntary', 'Failed drug test', 'Performance']) : '',
				previous_terminate_note: '',
				assigned_truck: null,
				assigned_trailer: null,
				team_driver: null,
				assigned_dispatcher: this.rng.pick(this.data.dispatchers),
				other_id: `EMP-${this.rng.digits(4)}`,
				emergency_contact_name: `${this.rng.pick(FIRST_NAMES)} ${last}`,
				emergency_contact_number: this.phone(),
				emergency_relationship: this.rng.pick(['Spouse', 'Parent', 'Sibling', 'Friend']),
				emergency_contact_email: this.rng.chance(0.6) ? `${first[0]}${last}.family@mail.example`.toLowerCase() : '',
				emergency_contact_address1: `${this.rng.int(100, 9999)} ${this.rng.pick(STREET_NAMES)}`,
				emergency_contact_address2: '',
				emergency_contact_state: home.state,
				emergency_contact_city: home.city,
				emergency_contact_zip_code: home.zip,
				is_main: true,
				mc_number: this.data.mcNumbers[0].id,
				brith_date: this.dateBefore(nowMs, 23 * 365, 62 * 365),
				telegram_number: this.rng.chance(0.4) ? `+1${this.rng.digits(10)}` : null,
				driver_license: `${home.state}${this.rng.digits(9)}`,
				driver_license_issue_date: this.dateBefore(nowMs, 400, 2000),
				driver_license_state: home.state,
				driver_license_expiration: toIsoDate(nowMs + this.rng.int(30, 1500) * DAY_MS),
				driver_license_class: 'A',
				dispatch_status: this.rng.pick(this.data.dispatchStatuses).id,
			};
		});
		this.linkEquipment(drivers);
		return drivers;
	}

	private linkEquipment(drivers: DriverRecord[]): void {
		const working = drivers.filter((d) => d.employee_status !== 'Terminated');
		working.forEach((driver, index) => {
			const truck = this.data.trucks[index];
			if (truck) {
				driver.assigned_truck = { id: truck.id, unit_number: truck.unit_number, plate_number: truck.plate_number };
				truck.driver = { id: driver.id, full_name: driver.account.full_name };
			}
			const trailer = this.data.trailers[index];
			if (trailer) {
				driver.assigned_trailer = { id: trailer.id, unit_number: trailer.unit_number, plate_number: trailer.plate_number };
				trailer.driver_operator = { id: driver.id, first_name: driver.account.first_name, last_name: driver.account.last_name };
			}
		});
		// A few team pairs share a truck's trips and a dispatcher.
		for (let i = 0; i + 1 < Math.min(8, working.length); i += 2) {
			const [a, b] = [working[i], working[i + 1]];
			a.team_driver = { id: b.id, full_name: b.account.full_name };
			b.team_driver = { id: a.id, full_name: a.account.full_name };
			b.assigned_dispatcher = a.assigned_dispatcher;
			const trailer = this.data.trailers.find((t) => t.id === a.assigned_trailer?.id);
			if (trailer) trailer.co_driver_operator = { id: b.id, first_name: b.account.first_name, last_name: b.account.last_name };
		}
	}

	private location(city: City): StopLocation {
		const shipper = this.rng.pick(SHIPPERS);
		return {
			id: this.nextLocationId++,
			company: shipper,
			address1: `${this.rng.int(100, 19999)} ${this.rng.pick(STREET_NAMES)}`,
			address2: this.rng.chance(0.25) ? `Dock ${this.rng.int(1, 60)}` : null,
			city: city.city,
			state: city.state,
			zip_code: city.zip,
			contact_name: this.rng.chance(0.7) ? `${this.rng.pick(FIRST_NAMES)} ${this.rng.pick(LAST_NAMES)}` : null,
			place_name: `${shipper} - ${city.city}`,
			latitude: city.latitude,
			longitude: city.longitude,
			is_active: this.rng.chance(0.97),
		};
	}

	/** Timeline of a load relative to `nowMs`: appointments, actual times and the status they imply. */
	private timeline(createdMs: number, nowMs: number, miles: number) {
		const pickupAppointment = toHalfHour(createdMs + this.rng.int(6, 240) * HOUR_MS);
		const transitHours = Math.ceil(miles / 50) + this.rng.int(0, 4);
		const deliveryAppointment = pickupAppointment + transitHours * HOUR_MS;
		const cancelled = this.rng.chance(0.05);
		let status: string;
		if (cancelled) status = 'cancelled';
		else if (nowMs < pickupAppointment) status = this.rng.chance(0.45) ? 'booked' : 'dispatched';
		else if (nowMs < deliveryAppointment) status = 'In Progress';
		else status = 'delivered';
		const pickedUp = status === 'In Progress' || status === 'delivered';
		const pickupTime = pickedUp ? pickupAppointment + this.rng.int(-60, 180) * MINUTE_MS : null;
		const deliveryTime = status === 'delivered' ? deliveryAppointment + this.rng.int(-120, 300) * MINUTE_MS : null;
		return { pickupAppointment, deliveryAppointment, transitHours, status, pickupTime, deliveryTime };
	}

	/** Distinct cities in visiting order. */
	private route(count: number): City[] {
		return this.rng.shuffle(this.rng.sample(CITIES, count));
	}

	/** A single-stop load has no route to measure: it gets a plausible length. */
	private routeMiles(cities: City[]): number {
		const miles = roadMiles(cities);
		return miles > 0 ? Math.max(35, miles) : this.rng.int(120, 900);
	}

	/** Stops spread evenly from the pickup to the delivery appointment; the first is a pickup, the last a delivery. */
	private stops(orderId: number, cities: City[], times: { pickupAppointment: number; deliveryAppointment: number; status: string }): Stop[] {
		const count = cities.length;
		const span = times.deliveryAppointment - times.pickupAppointment;
		return cities.map((city, index) => {
			const last = index === count - 1;
			const stopType = count === 1 || index === 0 || (!last && this.rng.chance(0.5)) ? 'pickup' : 'delivery';
			const start = count === 1 ? times.pickupAppointment : times.pickupAppointment + Math.round((span * index) / (count - 1));
			return {
				id: this.nextStopId++,
				order: orderId,
				stop_type: stopType,
				location: this.rng.chance(0.995) ? this.location(city) : null,
				reference_id: this.rng.chance(0.8) ? `${stopType === 'pickup' ? 'PU' : 'SO'}${this.rng.digits(7)}` : null,
				proof_of_delivery: times.status === 'delivered' && stopType === 'delivery' ? `POD signed by ${this.rng.pick(LAST_NAMES)}` : null,
				ready_time_start_date: toIsoSeconds(start),
				ready_time_end_date: this.rng.chance(0.7) ? toIsoSeconds(start + 2 * HOUR_MS) : null,
				note: this.rng.chance(0.15) ? this.rng.pick(['Call 1 hour ahead', 'Check in at guard shack', 'Lumper on site', 'No overnight parking']) : null,
			};
		});
	}

	/** The trip of a load: who drives it, with what truck, and how it settles. */
	private trip(status: string, miles: number, loadPay: number | null, stops: Stop[]): Trip | null {
		if (status === 'booked' && this.rng.chance(0.6)) return null;
		if (status === 'cancelled' && this.rng.chance(0.5)) return null;
		if (this.rng.chance(0.03)) return null;
		const drivers = this.data.drivers.filter((d) => d.employee_status !== 'Terminated' && d.assigned_truck);
		const driver = this.rng.pick(drivers);
		const tripStatus = { booked: 'assigned', dispatched: 'assigned', 'In Progress': 'in_progress', delivered: 'completed' }[status] ?? 'cancelled';
		const settled = status === 'delivered' && this.rng.chance(0.6);
		const id = this.nextTripId++;
		return {
			id,
			status: tripStatus,
			trip_id: this.rng.chance(0.95) ? `TRIP-${id}` : null,
			mile: toDecimal(miles),
			empty_mile: this.rng.chance(0.9) ? toDecimal(this.rng.int(0, 140)) : null,
			total_load_pay: loadPay === null ? null : toDecimal(loadPay),
			carrier__name: this.rng.chance(0.9) ? this.data.mcNumbers[0].company_name : null,
			driver__full_name: driver.account.full_name,
			team_driver__full_name: driver.team_driver && this.rng.chance(0.7) ? driver.team_driver.full_name : null,
			truck__unit_number: driver.assigned_truck?.unit_number ?? null,
			pickup: stops[0].location,
			delivery: stops[stops.length - 1].location,
			settlement: settled
				? {
						settlement__status: this.rng.pick(['paid', 'approved', 'draft']),
						settlement__settlement_number: `ST-${this.rng.digits(6)}`,
						settlement__is_sent: this.rng.chance(0.8) ? this.rng.chance(0.7) : null,
					}
				: null,
		};
	}

	private batchOrder(orderId: number, delivered: boolean): BatchOrder | null {
		if (!delivered || this.rng.chance(0.25)) return null;
		return {
			invoice_number: this.rng.chance(0.95) ? `INV-${orderId}` : null,
			is_sent: this.rng.chance(0.9) ? this.rng.chance(0.75) : null,
			batch: this.rng.chance(0.7) ? { batch_number: `B-${this.rng.digits(5)}`, status: this.rng.pick(['open', 'sent', 'paid']) } : null,
		};
	}

	private documents(orderId: number, moments: [DocumentFileType, number | null][], uploader: string | null): OrderDocument[] {
		return moments
			.filter((entry): entry is [DocumentFileType, number] => entry[1] !== null)
			.map(([fileType, at]) => ({
				file_type: fileType,
				// Every fourth proof of delivery is a driver's photo rather than a scan.
				file_link: this.documentLink(orderId, `${fileType}_${this.rng.digits(6)}.${fileType === 'proof_of_delivery' && orderId % 4 === 0 ? 'png' : 'pdf'}`),
				uploaded_by: this.rng.chance(0.85) ? uploader : null,
				uploaded_at: toIsoSeconds(at + this.rng.int(5, 240) * MINUTE_MS),
			}));
	}

	/** One realistic load created at `createdMs`, with a status consistent with `nowMs`. */
	order(id: number, createdMs: number, nowMs: number): Order {
		const rng = this.rng;
		const stopCount = rng.weighted([
			[1, 3],
			[2, 70],
			[3, 20],
			[4, 7],
		] as const);
		// The appointment window depends on the miles, so the route comes first.
		const cities = this.route(stopCount);
		const miles = this.routeMiles(cities);
		const times = this.timeline(createdMs, nowMs, miles);
		const delivered = times.status === 'delivered';
		const stops = this.stops(id, cities, times);
		const loadPay = rng.chance(0.98) ? Math.max(450, miles * rng.float(1.9, 3.4)) : null;
		const otherPay = rng.weighted([
			[0, 70],
			[rng.int(2, 16) * 25, 25],
			[null, 5],
		] as const);
		const trip = this.trip(times.status, miles, loadPay, stops);
		const tripDriver = trip ? this.data.drivers.find((d) => d.account.full_name === trip.driver__full_name) : undefined;
		const dispatcher = tripDriver?.assigned_dispatcher ?? (rng.chance(0.85) ? rng.pick(this.data.dispatchers) : null);
		const equipment = rng.pick(EQUIPMENT_TYPES);
		const reefer = equipment.type === 'Reefer';
		const flagged = rng.chance(0.06);
		const batch = this.batchOrder(id, delivered);
		const hasDeliveryStop = stopCount > 1;
		return {
			id,
			load_id: rng.chance(0.95) ? `LD-${id}` : null,
			shipment_id: rng.chance(0.8) ? rng.digits(9) : null,
			status: times.status,
			load_pay: loadPay === null ? null : toDecimal(loadPay),
			total_miles: rng.chance(0.97) ? toDecimal(miles) : null,
			created_datetime: toIsoSeconds(createdMs),
			created_by__full_name: rng.chance(0.9) ? dispatcher?.full_name ?? null : null,
			total_other_pay: otherPay === null ? null : toDecimal(otherPay),
			total_pay: loadPay === null ? null : toDecimal(loadPay + (otherPay ?? 0)),
			per_mile_revenue: loadPay === null ? null : toDecimal(loadPay / miles),
			tags: rng.sample(TAG_NAMES, rng.weighted([[0, 40], [1, 35], [2, 18], [3, 7]] as const)).map((name) => ({ name })),
			dispatcher__full_name: dispatcher?.full_name ?? null,
			customer__company_name: rng.chance(0.98) ? rng.pick(this.data.customers) : null,
			mc_number__company_name: rng.chance(0.97) ? (rng.chance(0.85) ? this.data.mcNumbers[0] : rng.pick(this.data.mcNumbers)).company_name : null,
			office__office_name: rng.chance(0.9) ? rng.pick(this.data.offices) : null,
			pickup_appointment_time: toIsoSeconds(times.pickupAppointment),
			delivery_appointment_time: hasDeliveryStop ? toIsoSeconds(times.deliveryAppointment) : null,
			pickup_time: times.pickupTime === null ? null : toIsoSeconds(times.pickupTime),
			delivery_time: times.deliveryTime === null ? null : toIsoSeconds(times.deliveryTime),
			stops,
			equipment_type: equipment.type,
			equipment_type_child: equipment.children.length > 0 && rng.chance(0.8) ? [rng.pick(equipment.children)] : [],
			transportation_mode: rng.weighted([['FTL', 85], ['LTL', 10], [null, 5]] as const),
			driver_requirements: rng.sample(DRIVER_REQUIREMENTS, rng.weighted([[0, 70], [1, 25], [2, 5]] as const)),
			additional_equipments: rng.sample(ADDITIONAL_EQUIPMENT, equipment.type === 'Flatbed' ? rng.int(1, 3) : rng.int(0, 1)),
			freight_requirements: reefer ? ['Temperature Controlled', 'Food Grade'] : rng.sample(FREIGHT_REQUIREMENTS.slice(2), rng.weighted([[0, 80], [1, 20]] as const)),
			freight_requirements_min_temperature: reefer ? toDecimal(rng.pick([-10, 0, 33, 34])) : null,
			freight_requirements_max_temperature: reefer ? toDecimal(rng.pick([0, 36, 38])) : null,
			estimated_mile: toDecimal(miles),
			estimated_time: times.transitHours,
			eta_detail: {
				on_time: rng.chance(0.85),
				eta_datetime:
					times.status === 'In Progress' || times.status === 'dispatched'
						? toIsoSeconds(times.deliveryAppointment + rng.int(-90, 240) * MINUTE_MS)
						: null,
			},
			trip,
			batch_orders: batch,
			assigned_driver_n_truck: {
				driver_full_name: trip?.driver__full_name ?? null,
				truck_unit_number: trip?.truck__unit_number ?? null,
			},
			assigned_carrier: trip === null && times.status !== 'booked' && rng.chance(0.3) ? rng.pick(CARRIERS_FOR_BROKERED_LOADS) : null,
			is_flagged: flagged,
			flagging_reason: flagged && rng.chance(0.9) ? rng.pick(FLAG_REASONS) : null,
			documents: this.documents(
				id,
				[
					['rate_confirmation', createdMs],
					['bill_of_lading', times.pickupTime],
					['proof_of_delivery', times.deliveryTime],
					['commercial_invoice', batch?.invoice_number && times.deliveryTime !== null ? times.deliveryTime + DAY_MS : null],
				],
				dispatcher?.full_name ?? null,
			),
		};
	}

	/** Creation times of the seeded loads in id order: mostly increasing, with same-second groups and a few late commits. */
	creationTimes(count: number, nowMs: number): number[] {
		const newest = nowMs - 10 * MINUTE_MS;
		const oldest = nowMs - SEED_HISTORY_DAYS * DAY_MS;
		const times = Array.from({ length: count }, () => Math.floor(this.rng.float(oldest, newest) / 1000) * 1000).sort((a, b) => a - b);
		for (let i = 1; i < times.length; i++) {
			// Same-second records: the poller must not lose one of them at a page or poll boundary.
			if (this.rng.chance(0.04)) times[i] = times[i - 1];
			// A transaction that committed late: a higher id carries an earlier timestamp.
			else if (i + 1 < times.length && this.rng.chance(0.015)) [times[i], times[i + 1]] = [times[i + 1], times[i]];
		}
		return times;
	}

	/** About one work order every three and a half days, oldest first. */
	workOrderTimes(count: number, nowMs: number): number[] {
		return Array.from({ length: count }, (_, index) => {
			const createdMs = nowMs - (count - index) * 3.5 * DAY_MS + this.rng.int(0, 48) * HOUR_MS;
			return Math.floor(createdMs / 1000) * 1000;
		});
	}

	workOrder(id: number, createdMs: number): WorkOrder {
		const rng = this.rng;
		const procedure = rng.pick(PROCEDURE_NAMES);
		const onTrailer = procedure.startsWith('TRL ');
		const vendor = rng.pick(WORK_ORDER_VENDORS);
		const tasks: WorkOrderTask[] = Array.from({ length: rng.int(1, 3) }, () => {
			const partsPrice = rng.int(20, 600);
			const quantity = rng.int(1, 4);
			const laborPrice = rng.pick([95, 110, 125, 145]);
			const hours = rng.pick([0.5, 1, 1.5, 2, 3, 4.5]);
			return {
				custom_task: rng.pick(['Replace part', 'Diagnose', 'Inspect and adjust', 'Road test', 'Pressure wash']),
				parts_price: toDecimal(partsPrice),
				parts_quantity: quantity,
				total_parts_price: toDecimal(partsPrice * quantity),
				labor_price: toDecimal(laborPrice),
				labor_hours: hours,
				total_labor_price: toDecimal(laborPrice * hours),
				total_price: toDecimal(partsPrice * quantity + laborPrice * hours),
			};
		});
		const subtotal = tasks.reduce((sum, task) => sum + Number(task.total_price), 0);
		const fee = rng.pick([0, 25, 45]);
		const tax = Math.round(subtotal * 0.0725 * 100) / 100;
		const driver = rng.pick(this.data.drivers);
		// The published read fields are derived from the rest, without drawing from the generator: the data seeded
		// before they existed stays the same.
		return withPublishedReadFields({
			id,
			created_datetime: toIsoSeconds(createdMs),
			reference_number: `WO-${rng.digits(6)}`,
			status: rng.weighted([['Pending', 40], ['In Progress', 25], ['Completed', 35]] as const),
			type_work_order: rng.pick(['Repair', 'Preventive Maintenance', 'Inspection']),
			payment_type: rng.pick(['Company', 'Driver', 'Warranty']),
			truck: onTrailer ? null : rng.pick(this.data.trucks).unit_number,
			trailer: onTrailer ? rng.pick(this.data.trailers).unit_number : null,
			fee_total_price: toDecimal(fee),
			tax_total_price: toDecimal(tax),
			total_price: toDecimal(subtotal + fee + tax),
			invoice_id: rng.chance(0.6) ? `VINV-${rng.digits(5)}` : null,
			scheduled_on_date: toIsoSeconds(toHalfHour(createdMs + rng.int(1, 96) * HOUR_MS)),
			assigned_to: rng.chance(0.8) ? rng.pick(['Mike Shop Lead', 'Tony Mechanic', 'Fleet Manager']) : null,
			odometer: onTrailer ? null : rng.int(90_000, 780_000),
			location: vendor.location,
			vendor: vendor.name,
			vendor_phone: vendor.phone,
			vendor_email: vendor.email,
			procedure_name: procedure,
			notes: rng.chance(0.6) ? [{ body: rng.pick(['Driver reported the issue at pre-trip.', 'Parts on backorder.', 'Covered by warranty.']) }] : [],
			work_order_tasks: tasks,
			compensation: rng.chance(0.2) ? [{ driver: driver.account.full_name, customer: rng.pick(this.data.customers) }] : [],
			tags: rng.chance(0.3) ? [{ name: rng.pick(['Urgent', 'Warranty', 'Recurring']) }] : [],
		});
	}
}

/** The read fields of Datatruck's published GET /work-orders/ page that follow from the others. */
export type PublishedWorkOrderFields = 'number' | 'approved_by' | 'custom_payment_method' | 'paid_amount' | 'balance' | 'work_order_payments';

/** `WO-2025-001`: the year the work order was made in and its id, as Datatruck's published page numbers them. */
export const workOrderNumber = (id: number, createdAt: string): string => `WO-${createdAt.slice(0, 4)}-${String(id).padStart(3, '0')}`;

/**
 * A seeded work order with the published read fields: approved once work started, a deposit paid on half the work
 * orders in progress, paid in full a day after the work when completed; some company-paid work on a fleet card.
 */
export function withPublishedReadFields(workOrder: Omit<WorkOrder, PublishedWorkOrderFields> & Partial<WorkOrder>): WorkOrder {
	const total = Number(workOrder.total_price ?? 0);
	const paidOn = toIsoDate(Date.parse(workOrder.scheduled_on_date ?? workOrder.created_datetime) + DAY_MS);
	const payments =
		workOrder.status === 'Completed'
			? [{ id: workOrder.id * 10 + 1, amount: toDecimal(total), note: 'Paid in full', payment_date: paidOn }]
			: workOrder.status === 'In Progress' && workOrder.id % 2 === 0
				? [{ id: workOrder.id * 10 + 1, amount: toDecimal(Math.round(total / 2)), note: 'Deposit', payment_date: paidOn }]
				: [];
	const paid = payments.reduce((sum, payment) => sum + Number(payment.amount), 0);
	const derived = {
		number: workOrderNumber(workOrder.id, workOrder.created_datetime),
		approved_by: workOrder.status === 'Pending' ? null : 'Karen Ostrowski',
		custom_payment_method: workOrder.payment_type === 'Company' && workOrder.id % 3 === 0 ? 'Comdata fleet card' : null,
		paid_amount: toDecimal(paid),
		balance: toDecimal(total - paid),
		work_order_payments: payments,
	};
	// `number` right after the id, as Datatruck's page lists it.
	return Object.assign({ id: workOrder.id, created_datetime: workOrder.created_datetime, number: derived.number }, workOrder, derived);
}

export interface SeedOptions {
	seed: number;
	loads: number;
	now: Date;
	documentLink?: DocumentLinkBuilder;
}

/** The `file_link` of load `orderId`'s document file `fileName` (e.g. `bill_of_lading_123456.pdf`). */
export type DocumentLinkBuilder = (orderId: number, fileName: string) => string;

const placeholderDocumentLink: DocumentLinkBuilder = (orderId, fileName) => `https://files.datatruck.example/prairie-line/orders/${orderId}/${fileName}`;

/** The whole store for a seed, plus the generator that keeps producing records after it. */
export function buildSandboxData(options: SeedOptions): { data: SandboxData; generator: SeedGenerator } {
	const nowMs = options.now.getTime();
	const data: SandboxData = { ...referenceLists(), orders: [], drivers: [], trailers: [], trucks: [], workOrders: [] };
	const generator = new SeedGenerator(new Prng(options.seed), data, options.documentLink);
	data.trucks = generator.trucks(TRUCK_COUNT);
	data.trailers = generator.trailers(TRAILER_COUNT);
	data.drivers = generator.drivers(DRIVER_COUNT, nowMs);
	data.orders = generator.creationTimes(options.loads, nowMs).map((createdMs, index) => generator.order(FIRST_ORDER_ID + index, createdMs, nowMs));
	data.workOrders = generator.workOrderTimes(WORK_ORDER_COUNT, nowMs).map((createdMs, index) => generator.workOrder(1 + index, createdMs));
	return { data, generator };
}
