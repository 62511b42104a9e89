/**
 * Debian's Chromium driven by playwright-core (a browser download is impossible here), with the flags that work on
 * this kind of machine, a fresh profile per launch, and every console error and page error recorded.
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type ConsoleMessage, type Page } from 'playwright-core';
import { runInfo } from './instance.cts';

/** Without the networking flags Chromium keeps dialing out of this machine's closed network. */
export const CHROMIUM_ARGS = [
	'--headless',
	'--no-sandbox',
	'--disable-gpu',
	'--disable-quic',
	'--no-first-run',
	'--disable-background-networking',
	'--disable-component-update',
	'--disable-sync',
	// Names off this machine do not resolve: the editor's own calls to outside services fail at once. This replaces
	// a playwright route that tested every request's URL in this process, which made each of the editor's hundreds
	// of requests a round trip through DevTools (CPU in Chromium's browser process and here).
	'--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1',
];

export interface ConsoleEntry {
	type: 'console' | 'pageerror';
	text: string;
	/** The resource (script or failed request) the message is about, when the browser names one. */
	location: string;
	/** The page's URL at the time. */
	url: string;
	/** Why a test's helper set this error aside as the editor's, not the node's (see lib/editor.cts). */
	setAside?: string;
}

/** A call of the editor to n8n's REST API that n8n refused or failed, with the start of its answer. */
export interface FailedRestCall {
	method: string;
	path: string;
	status: number;
	body: string;
}

const failedCalls = new WeakMap<Page, FailedRestCall[]>();
const consoleErrors = new WeakMap<Page, ConsoleEntry[]>();

/**
 * What n8n answered to the page's failed REST calls so far: the editor shows such a failure only as a short text
 * (e.g. "Error fetching options from Datatruck"), and its reason is in the answer.
 */
export function failedRestCalls(page: Page): FailedRestCall[] {
	return failedCalls.get(page) ?? [];
}

/** The console errors recorded for the page's browser so far (the same list as `Ui.errors`). */
export function consoleErrorsOf(page: Page): ConsoleEntry[] {
	return consoleErrors.get(page) ?? [];
}

export interface Ui {
	browser: Browser;
	context: BrowserContext;
	page: Page;
	/** console.error messages and uncaught page errors, in order, with the page URL at the time. */
	errors: ConsoleEntry[];
	close(): Promise<void>;
}

const SETPRIV = '/usr/bin/setpriv';

/**
 * Chromium raises its browser, GPU and compositor threads to nice -8 wherever it may, as root here and on CI: each of
 * them then outweighs about six processes at nice 0, and on 2 cores n8n and the in-process tests beside the editor
 * suite waited on it (a test of many loopback requests took 10 to 15 times as long). Started without CAP_SYS_NICE
 * (util-linux's setpriv, in every Debian), it keeps the priority it was given. Elsewhere it cannot raise it anyway.
 */
function chromiumAtOwnPriority(binDir: string): string {
	const chromiumPath = runInfo().chromium;
	if (process.getuid?.() !== 0 || !existsSync(SETPRIV)) return chromiumPath;
	const wrapper = join(binDir, 'chromium');
	writeFileSync(wrapper, `#!/bin/sh\nexec ${SETPRIV} --inh-caps=-sys_nice --bounding-set=-sys_nice ${JSON.stringify(chromiumPath)} "$@"\n`, { mode: 0o755 });
	return wrapper;
}

export async function launchUi(): Promise<Ui> {
	const profile = mkdtempSync(join(tmpdir(), 'datatruck-ui-chromium-'));
	const binDir = mkdtempSync(join(tmpdir(), 'datatruck-ui-bin-'));
	// launchPersistentContext is how playwright takes a --user-data-dir of our own.
	const context = await chromium.launchPersistentContext(profile, {
		executablePath: chromiumAtOwnPriority(binDir),
		headless: true,
		args: CHROMIUM_ARGS,
		viewport: { width: 1440, height: 900 },
		deviceScaleFactor: 1,
		locale: 'en-US',
		timezoneId: 'UTC',
	});
	const browser = context.browser() as Browser;
	const errors: ConsoleEntry[] = [];
	const watch = (page: Page) => {
		page.on('console', (msg: ConsoleMessage) => {
			if (msg.type() !== 'error') return;
			errors.push({ type: 'console', text: msg.text(), location: msg.location().url, url: page.url() });
		});
		page.on('pageerror', (err) => errors.push({ type: 'pageerror', text: `${err.name}: ${err.message}\n${err.stack ?? ''}`, location: '', url: page.url() }));
		const failed: FailedRestCall[] = [];
		failedCalls.set(page, failed);
		consoleErrors.set(page, errors);
		page.on('response', (response) => {
			const url = new URL(response.url());
			if (response.status() < 400 || !url.pathname.startsWith('/rest/')) return;
			const call: FailedRestCall = { method: response.request().method(), path: url.pathname, status: response.status(), body: '' };
			failed.push(call);
			response.text().then((text) => (call.body = text.slice(0, 2000)), () => undefined);
		});
	};
	context.on('page', watch);
	const page = context.pages()[0] ?? (await context.newPage());
	watch(page);
	page.setDefaultTimeout(60_000);
	// Loading the whole editor (its scripts, every node type) took over 30 s once on CI's 2 busy cores.
	page.setDefaultNavigationTimeout(90_000);
	return {
		browser,
		context,
		page,
		errors,
		async close() {
			await context.close();
			rmSync(profile, { recursive: true, force: true });
			rmSync(binDir, { recursive: true, force: true });
		},
	};
}
