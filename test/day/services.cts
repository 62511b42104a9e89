/**
 * Everything around n8n the day needs, started and stopped together: the sandbox (published profile, the rate
 * limit on the scaled minute), the Slack stand-in, the SMTP stand-in, the shop's and the loads' IMAP mailboxes.
 */
import { DovecotMailbox } from '../e2e/lib/imap.cts';
import { Receiver } from '../e2e/lib/receiver.cts';
import { SmtpStandIn } from '../e2e/lib/smtp.cts';
import { startSandbox, type Sandbox } from '../sandbox/index.cts';
import type { DayPlan } from './plan.cts';

export interface DayServices {
	sb: Sandbox;
	slack: Receiver;
	smtp: SmtpStandIn;
	repairs: DovecotMailbox;
	loads: DovecotMailbox;
	stop(): Promise<void>;
}

export const DAY_TOKEN = 'dtk_day_token_before_regeneration';
export const REGENERATED_TOKEN = 'dtk_day_token_after_regeneration';

export async function startServices(plan: DayPlan): Promise<DayServices> {
	const sb = await startSandbox({
		profile: 'published',
		seed: plan.seed,
		loads: plan.loadsAtStart,
		tokens: [DAY_TOKEN],
		// Datatruck's 20 a minute on the scaled minute; Retry-After's second scaled with it.
		rateLimit: { limit: 20, windowMs: plan.length.minuteMs, retryAfterStepMs: plan.length.minuteMs / 60 },
	});
	const slack = await new Receiver().start();
	const smtp = await new SmtpStandIn().start();
	const repairs = await new DovecotMailbox().start();
	const loads = await new DovecotMailbox().start();
	return {
		sb,
		slack,
		smtp,
		repairs,
		loads,
		async stop() {
			await Promise.all([repairs.stop(), loads.stop()]);
			await smtp.stop();
			await slack.stop();
			await sb.close();
		},
	};
}
