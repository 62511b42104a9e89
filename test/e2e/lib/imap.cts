/**
 * A real IMAP mailbox on loopback for the Email Trigger (IMAP): Debian's Dovecot, run by the test with its own
 * config in a temp folder (its own port, no TLS, plain-text login, one passwd-file user, a maildir), never the
 * system service. Mail is delivered as an MTA does, by writing it into the maildir's new/ folder, so Dovecot
 * reports it to the trigger's open connection as a new, unread message.
 *
 * scripts/ensure-imap.js installs dovecot-imapd (.ci/run starts it in the background); a test run alone installs
 * it here. Dovecot refuses to serve mail as root, so as root the mailbox belongs to `nobody`.
 */
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../../scripts/ports.cjs';
import type { CredentialImport } from './n8n.cts';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { ensureImap, DOVECOT } = require('../../../scripts/ensure-imap.js') as { ensureImap(): string; DOVECOT: string };

const PASSWORD = 'e2e-mailbox-password';

export class DovecotMailbox {
	/**
	 * A user of this mailbox alone: waitingForMail() reads every imap process's title, and the two n8n lines run a
	 * Dovecot each at the same time; with one user name, one line's IDLE passed for the other's (a mail delivered
	 * before its trigger listened, and the test waited in vain).
	 */
	user = 'shop';
	port = 0;
	private dir = '';
	private owner = { uid: 0, gid: 0 };
	private delivered = 0;

	async start(): Promise<this> {
		ensureImap();
		this.dir = mkdtempSync(join(tmpdir(), 'e2e-dovecot-'));
		this.port = await freePort();
		this.user = `shop${this.port}`;
		const me = userInfo();
		const asRoot = me.uid === 0;
		this.owner = asRoot ? { uid: 65534, gid: 65534 } : { uid: me.uid, gid: me.gid };
		const services = asRoot ? 'default_internal_user = dovecot\ndefault_login_user = dovenull' : `default_internal_user = ${me.username}\ndefault_login_user = ${me.username}`;
		for (const sub of ['cur', 'new', 'tmp']) mkdirSync(join(this.maildir, sub), { recursive: true });
		mkdirSync(join(this.dir, 'run'));
		// Dovecot's auth and mail processes run as other users, which must reach the passwd file and the maildir.
		chmodSync(this.dir, 0o755);
		if (asRoot) spawnSync('chown', ['-R', `${this.owner.uid}:${this.owner.gid}`, join(this.dir, 'mail')]);
		writeFileSync(join(this.dir, 'passwd'), `${this.user}:{PLAIN}${PASSWORD}:${this.owner.uid}:${this.owner.gid}::${join(this.dir, 'mail')}::\n`);
		writeFileSync(
			this.config,
			[
				`base_dir = ${join(this.dir, 'run')}`,
				`state_dir = ${join(this.dir, 'run')}`,
				`log_path = ${join(this.dir, 'dovecot.log')}`,
				'protocols = imap',
				// The imap process's title says what its client does ("IDLE"): see waitingForMail().
				'verbose_proctitle = yes',
				'listen = 127.0.0.1',
				'ssl = no',
				'disable_plaintext_auth = no',
				'auth_mechanisms = plain login',
				`first_valid_uid = ${Math.min(this.owner.uid, 100)}`,
				services,
				`mail_location = maildir:${this.maildir}`,
				`passdb {\n  driver = passwd-file\n  args = ${join(this.dir, 'passwd')}\n}`,
				`userdb {\n  driver = passwd-file\n  args = ${join(this.dir, 'passwd')}\n}`,
				`service imap-login {\n  inet_listener imap {\n    address = 127.0.0.1\n    port = ${this.port}\n  }\n  inet_listener imaps {\n    port = 0\n  }\n}`,
				'service imap {\n  process_limit = 16\n}',
				'',
			].join('\n'),
		);
		// Its daemon keeps the stdio it was given: a pipe would hold spawnSync until dovecot exits.
		const errors = join(this.dir, 'start.err');
		const started = spawnSync('sh', ['-c', `exec "$0" -c "$1" 2>"$2" >/dev/null </dev/null`, DOVECOT, this.config, errors]);
		if (started.status !== 0) throw new Error(`dovecot did not start: ${readFileSync(errors, 'utf8')}${this.log()}`);
		return this;
	}

	/**
	 * True once a client of this mailbox waits in IDLE for new mail. The Email Trigger (IMAP) listens for
	 * arrivals only from then on: mail delivered between its login and its IDLE is never read.
	 */
	waitingForMail(): boolean {
		const ours = `${this.user} 127.0.0.1`;
		return readdirSync('/proc')
			.filter((pid) => /^\d+$/.test(pid))
			.some((pid) => {
				try {
					const title = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
					return title.startsWith('dovecot/imap ') && title.includes(ours) && title.includes('IDLE');
				} catch {
					return false;
				}
			});
	}

	/** Mails not yet read by a client (still in the Maildir's new/, or in cur/ without the Seen flag). */
	unread(): number {
		const unseen = readdirSync(join(this.maildir, 'cur')).filter((name) => !/:2,[A-Z]*S/.test(name)).length;
		return readdirSync(join(this.maildir, 'new')).length + unseen;
	}

	/** Delivers one raw RFC 5322 message (CRLF lines) as unread mail. */
	deliver(...raws: string[]): void {
		// All staged first, then moved in one go: n8n 1.x's Email Trigger (IMAP) reads mail that arrives during its
		// fetch a second time (docs/examples.md), so mails a test sends together must arrive together.
		const names = raws.map((raw) => {
			const name = `${Date.now()}.e2e${++this.delivered}.${process.pid}`;
			const staged = join(this.maildir, 'tmp', name);
			writeFileSync(staged, raw.replace(/\r?\n/g, '\r\n'));
			chownSync(staged, this.owner.uid, this.owner.gid);
			return name;
		});
		for (const name of names) renameSync(join(this.maildir, 'tmp', name), join(this.maildir, 'new', name));
	}

	/**
	 * Stops this dovecot through its own config (its master pid file), then removes its folder. Without blocking: a
	 * dovecot whose clients were just killed took 2.5-3 s to stop, and the carrier day stops two side by side.
	 */
	async stop(): Promise<void> {
		const { dir, config } = this;
		if (!dir) return;
		this.dir = '';
		if (existsSync(join(dir, 'run', 'master.pid'))) {
			await new Promise<void>((resolve) => spawn(DOVECOT, ['-c', config, 'stop'], { stdio: 'ignore' }).once('close', () => resolve()).once('error', () => resolve()));
		}
		rmSync(dir, { recursive: true, force: true });
	}

	log(): string {
		const file = join(this.dir, 'dovecot.log');
		return existsSync(file) ? readFileSync(file, 'utf8') : '';
	}

	/** n8n's IMAP credential for this mailbox. */
	credential(id: string, name: string): CredentialImport {
		return {
			id,
			name,
			type: 'imap',
			data: { user: this.user, password: PASSWORD, host: '127.0.0.1', port: this.port, secure: false, allowUnauthorizedCerts: true },
		};
	}

	private get maildir(): string {
		return join(this.dir, 'mail', 'Maildir');
	}

	private get config(): string {
		return join(this.dir, 'dovecot.conf');
	}
}

export interface MailToSend {
	from: string;
	subject: string;
	text?: string;
	html?: string;
	/** A file sent along, as a phone's mail app attaches a photo. */
	attachment?: { filename: string; contentType: string; content: Buffer };
	messageId: string;
	/** More header lines, e.g. In-Reply-To and References of an answer. */
	headers?: Record<string, string>;
}

/** The mail as a mail client sends it: plain text, HTML only, or multipart/mixed with an attachment. */
export function rawMail(mail: MailToSend, to = 'shop@carrier.example'): string {
	const head = [`From: ${mail.from}`, `To: ${to}`, `Subject: ${mail.subject}`, `Message-ID: <${mail.messageId}>`, `Date: ${new Date().toUTCString()}`, 'MIME-Version: 1.0'];
	for (const [name, value] of Object.entries(mail.headers ?? {})) head.push(`${name}: ${value}`);
	const body = mail.html
		? ['Content-Type: text/html; charset=utf-8', 'Content-Transfer-Encoding: 8bit', '', mail.html]
		: ['Content-Type: text/plain; charset=utf-8', 'Content-Transfer-Encoding: 8bit', '', mail.text ?? ''];
	if (!mail.attachment) return [...head, ...body, ''].join('\n');
	const boundary = `e2e-${mail.messageId.replace(/\W/g, '')}`;
	const file = mail.attachment;
	return [
		...head,
		`Content-Type: multipart/mixed; boundary="${boundary}"`,
		'',
		`--${boundary}`,
		...body,
		`--${boundary}`,
		`Content-Type: ${file.contentType}; name="${file.filename}"`,
		`Content-Disposition: attachment; filename="${file.filename}"`,
		'Content-Transfer-Encoding: base64',
		'',
		...(file.content.toString('base64').match(/.{1,76}/g) ?? []),
		`--${boundary}--`,
		'',
	].join('\n');
}
