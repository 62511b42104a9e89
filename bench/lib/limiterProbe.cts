/**
 * Watches the package's rate limiter from outside (in-process runs only): when each request was let
 * go, when its answer was in, and every pause a 429 imposed. It wraps the prototype's methods and
 * calls the originals; nothing in nodes/ is changed. Used to explain where a window's time goes.
 */
import { RollingWindowLimiter } from '../../nodes/Datatruck/shared/transport/rateLimiter';
const mean = (values: number[]): number | undefined => (values.length ? values.reduce((a, b) => a + b, 0) / values.length : undefined);

interface Slot {
	sent: number;
	answered: number;
}

export class LimiterProbe {
	readonly slots: Slot[] = [];

	readonly pauses: number[] = [];

	private restore?: () => void;

	attach(): this {
		const proto = RollingWindowLimiter.prototype;
		const { start, pauseFor } = proto;
		const slots = this.slots;
		const pauses = this.pauses;
		proto.start = function (this: RollingWindowLimiter) {
			const slot = { sent: Date.now(), answered: 0 };
			slots.push(slot);
			const answered = start.call(this);
			return () => {
				slot.answered = Date.now();
				answered();
			};
		};
		proto.pauseFor = function (this: RollingWindowLimiter, ms: number) {
			pauses.push(ms);
			pauseFor.call(this, ms);
		};
		this.restore = () => {
			proto.start = start;
			proto.pauseFor = pauseFor;
		};
		return this;
	}

	detach(): this {
		this.restore?.();
		return this;
	}

	/**
	 * Shares of the window, averaged over the requests (means, since the mean is what the rate
	 * loses): how long an answer took (send → answer in, which the limiter holds on to by design),
	 * and how late request k+L went after the earliest moment the limiter allows (the answer of
	 * request k plus one window; the 10 ms margin and timer lateness are in it).
	 */
	summary(perWindow: number, windowMs: number) {
		const slots = this.slots.filter((slot) => slot.answered > 0);
		const answer = slots.map((slot) => (slot.answered - slot.sent) / windowMs);
		const late: number[] = [];
		const chain: number[] = [];
		const rest: number[] = [];
		for (let k = perWindow; k < slots.length; k++) {
			const allowed = slots[k - perWindow].answered + windowMs;
			// Pages follow `next`: page k cannot go before page k−1's answer is in.
			const ready = slots[k - 1].answered;
			late.push((slots[k].sent - allowed) / windowMs);
			chain.push(Math.max(0, ready - allowed) / windowMs);
			rest.push((slots[k].sent - Math.max(allowed, ready)) / windowMs);
		}
		return {
			requests: slots.length,
			answerShare: mean(answer),
			lateShare: mean(late),
			/** Of the lateness: waiting for the previous page's answer after the limiter would have allowed the request. */
			chainShare: mean(chain),
			/** Of the lateness: the rest (the 10 ms margin, timer lateness, the node's work between pages). */
			restShare: mean(rest),
			lateP90: late.length ? [...late].sort((a, b) => a - b)[Math.floor(late.length * 0.9)] : undefined,
			pauses: this.pauses.length,
			pausedMs: this.pauses.reduce((sum, ms) => sum + ms, 0),
		};
	}
}
