/**
 * Which browser console errors count against the node. lib/browser.ts records every console error and page error;
 * only the entries below, each n8n's own and each with the reason, are set aside, and those a helper of lib/editor.cts
 * set aside with its reason (`setAside`). Anything else fails the suite.
 */
import type { ConsoleEntry } from './browser.cts';

interface Noise {
	why: string;
	matches(entry: ConsoleEntry, origin: string): boolean;
}

export const N8N_NOISE: Noise[] = [
	{
		why: 'the sign-in page first asks /rest/login who is signed in; nobody is yet, so n8n answers 401',
		matches: (e, origin) =>
			e.type === 'console' &&
			/status of 401/.test(e.text) &&
			e.location.startsWith(`${origin}/rest/login`) &&
			new URL(e.url).pathname === '/signin',
	},
	{
		why:
			'the editor itself looks community packages up on the npm registry (for update notices); lib/browser.ts ' +
			'resolves no name off this machine, so those fail. The node’s own requests go from the n8n server.',
		matches: (e) => e.type === 'console' && /^Failed to load resource/.test(e.text) && !isLoopback(e.location),
	},
	{
		why:
			'a new workflow is not saved until its first change (`/workflow/<id>?new=true`), yet the editor asks its ' +
			'publication status when it is reached from inside the page (lib/editor.cts goInEditor): 404 for that id',
		matches: (e, origin) => {
			const id = /^\/workflow\/([^/]+)$/.exec(new URL(e.url).pathname)?.[1];
			return (
				e.type === 'console' &&
				/status of 404/.test(e.text) &&
				new URL(e.url).searchParams.get('new') === 'true' &&
				id !== undefined &&
				e.location === `${origin}/rest/workflows/${id}/publication-status`
			);
		},
	},
	{
		why:
			'leaving a workflow for a new one inside the page, n8n 2.41.1\'s NodeView reads its NDV store while the old ' +
			'workflow\'s document store is already gone; it logs this and goes on. Leaving it for the credentials page ' +
			'with the node panel still closing, its NodeDetailsView does the same, as an uncaught page error',
		matches: (e) =>
			(e.type === 'console' || e.type === 'pageerror') &&
			e.text.startsWith('Error: injectNDVStore() was accessed without an active workflow document store.') &&
			/\/assets\/(NodeView|NodeDetailsView)-[\w-]+\.js/.test(e.text),
	},
];

function isLoopback(location: string): boolean {
	try {
		return ['127.0.0.1', 'localhost', '[::1]'].includes(new URL(location).hostname);
	} catch {
		return true; // no URL: not a failed network request
	}
}

/** The errors that are not n8n's known noise, one line each (what a failing assertion prints). */
export function unexpectedErrors(errors: ConsoleEntry[], origin: string): string[] {
	return errors
		.filter((e) => e.setAside === undefined && !N8N_NOISE.some((n) => n.matches(e, origin)))
		.map((e) => `${e.type} on ${e.url}: ${e.text} (${e.location})`);
}
