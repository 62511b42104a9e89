/**
 * The people and programs around the carrier's n8n: dispatchers changing loads in Datatruck (straight in the
 * sandbox's store, as Datatruck's own screens would), mail arriving in the two inboxes or through the inbound-mail
 * webhook, and another app on the same token taking its share of the rate limit all day.
 */
import { request } from 'node:http';
import type { DovecotMailbox } from '../e2e/lib/imap.cts';
import { rawMail } from '../e2e/lib/imap.cts';
import type { Order, Sandbox } from '../sandbox/index.cts';
import type { DayEvent, LoadMove } from './plan.cts';
import { rateConfirmationMail, repairMail, type RateConfirmationMail, type RepairMail } from './mail.cts';

/** Datatruck writes times in whole seconds. */
export function isoSecondsNow(): string {
	return new Date(Math.floor(Date.now() / 1000) * 1000).toISOString().replace('.000Z', 'Z');
}

const FLAG_REASONS = ['Driver reports reefer temperature alarm', 'Customer disputes the rate', 'Late for pickup appointment', 'Missing bill of lading'];

export interface LoadChange {
	at: number;
	move: LoadMove;
	loadId: number;
}

export interface SentMail {
	at: number;
	via: 'mailbox' | 'webhook';
	repair?: RepairMail;
	rateConfirmation?: RateConfirmationMail;
}

/** Which loads a move can apply to: only loads booked today, so that the day's record is the day's own. */
const CANDIDATES: Record<Exclude<LoadMove, 'book' | 'flag' | 'unflag'>, (o: Order) => boolean> = {
	dispatch: (o) => o.status === 'booked',
	pickUp: (o) => o.status === 'dispatched',
	deliver: (o) => o.status === 'in_transit',
	cancel: (o) => o.status === 'booked' || o.status === 'dispatched',
};

/** A flag stays at least this many scaled minutes (several polls see it); a load is flagged once a day: each flag is one alert. */
const FLAG_HOLDS_MINUTES = 5;

export class Dispatchers {
	readonly changes: LoadChange[] = [];
	private readonly today = new Set<number>();

	constructor(
		private readonly sb: Sandbox,
		private readonly minuteMs: number,
	) {}

	apply(move: LoadMove, pick: number): void {
		const now = isoSecondsNow();
		if (move === 'book') {
			const load = this.sb.createLoad({ status: 'booked', pickup_time: null, delivery_time: null, is_flagged: false, flagging_reason: null, documents: [] });
			this.today.add(load.id);
			this.changes.push({ at: Date.now(), move, loadId: load.id });
			return;
		}
		const flaggedAt = new Map(this.changes.filter((c) => c.move === 'flag').map((c) => [c.loadId, c.at]));
		const fits: (o: Order) => boolean =
			move === 'flag'
				? (o) => !o.is_flagged && o.status !== 'cancelled' && !flaggedAt.has(o.id)
				: move === 'unflag'
					? (o) => o.is_flagged && (flaggedAt.get(o.id) ?? Infinity) <= Date.now() - FLAG_HOLDS_MINUTES * this.minuteMs
					: CANDIDATES[move];
		const candidates = this.sb.data.orders.filter((o) => this.today.has(o.id) && fits(o));
		if (!candidates.length) return;
		const load = candidates[Math.floor(pick * candidates.length)];
		const patch: Partial<Order> =
			move === 'dispatch'
				? { status: 'dispatched' }
				: move === 'pickUp'
					? { status: 'in_transit', pickup_time: now }
					: move === 'deliver'
						? { status: 'delivered', delivery_time: now, documents: this.podOf(load.id, now) }
						: move === 'flag'
							? { is_flagged: true, flagging_reason: FLAG_REASONS[Math.floor(pick * FLAG_REASONS.length)] }
							: move === 'unflag'
								? { is_flagged: false, flagging_reason: null }
								: { status: 'cancelled' };
		this.sb.updateLoad(load.id, patch);
		this.changes.push({ at: Date.now(), move, loadId: load.id });
	}

	/** The proof of delivery the driver's app uploads on delivery, in Datatruck's storage. */
	private podOf(id: number, at: string): Order['documents'] {
		return [{ file_type: 'proof_of_delivery', file_link: this.sb.documents.link(id, `proof_of_delivery_${id}.pdf`), uploaded_by: null, uploaded_at: at }];
	}
}

export interface MailRoutes {
	seed: number;
	repairs: DovecotMailbox;
	loads: DovecotMailbox;
	/** The inbound-mail webhook of create-work-order-from-email.json. */
	webhookUrl: string;
}

/** Every fourth repair mail comes through the inbound-mail service's webhook, the rest through the shop mailbox. */
export class MailSenders {
	readonly sent: SentMail[] = [];

	constructor(private readonly routes: MailRoutes) {}

	async send(event: Extract<DayEvent, { kind: 'repairMail' | 'rateConfirmation' }>, complete = false): Promise<SentMail> {
		if (event.kind === 'rateConfirmation') {
			const rateConfirmation = rateConfirmationMail(this.routes.seed, event.index, event.withPdf);
			this.routes.loads.deliver(rawMail(rateConfirmation.mail, 'loads@carrier.example'));
			return this.record({ at: Date.now(), via: 'mailbox', rateConfirmation });
		}
		const repair = repairMail(this.routes.seed, event.index, complete);
		if (event.index % 4 === 3 && !complete) {
			const { from, subject, text } = repair.mail;
			await postJson(this.routes.webhookUrl, { from, subject, text });
			return this.record({ at: Date.now(), via: 'webhook', repair });
		}
		this.routes.repairs.deliver(rawMail(repair.mail));
		return this.record({ at: Date.now(), via: 'mailbox', repair });
	}

	private record(mail: SentMail): SentMail {
		this.sent.push(mail);
		return mail;
	}
}

export function postJson(url: string, body: unknown, headers: Record<string, string> = {}): Promise<{ status: number; text: string }> {
	return new Promise((resolve, reject) => {
		const data = JSON.stringify(body);
		const req = request(url, { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data), ...headers } }, (res) => {
			let text = '';
			res.on('data', (c) => (text += c));
			res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
		});
		req.on('error', reject);
		req.end(data);
	});
}

/** The Host another app's requests carry: the sandbox's log keeps it, so the report can tell its requests apart. */
export const OTHER_APP_HOST = 'other-app.carrier.example';

/**
 * Another app on the same token (a load board sync, an accounting export): `share` of the limit per window, all
 * day, reading loads page by page; on 429 it waits as Retry-After says.
 */
export class OtherApp {
	token: string;
	private stopped = false;
	private running?: Promise<void>;

	constructor(
		private readonly sb: Sandbox,
		private readonly perWindow: number,
		private readonly windowMs: number,
	) {
		this.token = sb.token;
	}

	start(): void {
		if (this.perWindow > 0) this.running = this.loop();
	}

	async stop(): Promise<void> {
		this.stopped = true;
		await this.running;
	}

	private async loop(): Promise<void> {
		let page = 1;
		while (!this.stopped) {
			const started = Date.now();
			for (let i = 0; i < this.perWindow && !this.stopped; i++) {
				const { status, retryAfter } = await this.get(`/api/v1/openapi/orders/?page=${page}`);
				page = page % 20 + 1;
				if (status === 429) await sleep(retryAfter * 1000);
				await sleep(this.windowMs / this.perWindow / 2);
			}
			await sleep(Math.max(0, this.windowMs - (Date.now() - started)));
		}
	}

	private get(path: string): Promise<{ status: number; retryAfter: number }> {
		const url = new URL(path, this.sb.origin);
		return new Promise((resolve) => {
			const req = request(url, { headers: { authorization: `Token ${this.token}`, host: OTHER_APP_HOST } }, (res) => {
				res.resume();
				res.on('end', () => resolve({ status: res.statusCode ?? 0, retryAfter: Number(res.headers['retry-after'] ?? 1) }));
			});
			req.on('error', () => resolve({ status: 0, retryAfter: 1 }));
			req.end();
		});
	}
}

export function sleep(ms: number): Promise<void> {
	return new Promise((resolve) => setTimeout(resolve, ms));
}
