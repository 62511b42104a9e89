/**
 * A local SMTP server that keeps every message it receives, parsed: the stand-in for a mail provider, so an
 * example that sends email runs end to end without the network. No TLS and no login, on loopback only.
 */
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import type { CredentialImport } from './n8n.cts';

export class SmtpStandIn {
	readonly received: ParsedMail[] = [];
	/** The SMTP envelope (MAIL FROM / RCPT TO) of each message, in the same order. */
	readonly envelopes: Array<{ from: string; to: string[] }> = [];
	port = 0;
	private readonly server = new SMTPServer({
		authOptional: true,
		disabledCommands: ['STARTTLS'],
		logger: false,
		onData: (stream, session, callback) => {
			simpleParser(stream)
				.then((mail) => {
					this.received.push(mail);
					this.envelopes.push({
						from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
						to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
					});
					callback();
				})
				.catch((error: Error) => callback(error));
		},
	});

	async start(): Promise<this> {
		await new Promise<void>((resolve, reject) => {
			this.server.once('error', reject);
			this.server.listen(0, '127.0.0.1', () => resolve());
		});
		this.port = (this.server.server.address() as { port: number }).port;
		return this;
	}

	stop(): Promise<void> {
		return new Promise((resolve) => this.server.close(() => resolve()));
	}

	/** n8n's SMTP credential pointing at this server. */
	credential(id: string, name: string): CredentialImport {
		return {
			id,
			name,
			type: 'smtp',
			data: { user: '', password: '', host: '127.0.0.1', port: this.port, secure: false, disableStartTls: true },
		};
	}
}
