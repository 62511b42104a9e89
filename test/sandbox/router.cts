/** Path-pattern routing shared by the API and the control API. */
import { ApiReply, ApiRequest } from './http.cts';
import { SandboxStore } from './store.cts';

/** API handlers work on the store; control handlers on the whole sandbox (`C`). */
export type Handler<C = SandboxStore> = (request: ApiRequest, context: C) => ApiReply;

export interface Route<C = SandboxStore> {
	method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
	/** Literal path with `:name` segments capturing path parameters, which must be digits (ids). */
	pattern: string;
	handler: Handler<C>;
	/** False where this Datatruck does not offer the method on the path (a 405, and OPTIONS leaves it out of `Allow`). */
	offered?: (context: C) => boolean;
}

export type RouteMatch<C> =
	| { kind: 'found'; route: Route<C>; params: Record<string, string> }
	/** The path exists but not for this method: 405 with the allowed methods. */
	| { kind: 'wrongMethod'; allowed: string[] }
	| { kind: 'none' };

function matchPattern(pattern: string, pathname: string): Record<string, string> | undefined {
	const expected = pattern.split('/');
	const actual = pathname.split('/');
	if (expected.length !== actual.length) return undefined;
	const params: Record<string, string> = {};
	for (let i = 0; i < expected.length; i++) {
		if (expected[i].startsWith(':')) {
			if (!/^\d+$/.test(actual[i])) return undefined;
			params[expected[i].slice(1)] = actual[i];
		} else if (expected[i] !== actual[i]) {
			return undefined;
		}
	}
	return params;
}

export function matchRoute<C>(routes: readonly Route<C>[], method: string, pathname: string, context?: C): RouteMatch<C> {
	const allowed: string[] = [];
	let routed = false;
	for (const route of routes) {
		const params = matchPattern(route.pattern, pathname);
		if (!params) continue;
		routed = true;
		if (context !== undefined && route.offered?.(context) === false) continue;
		if (route.method === method) return { kind: 'found', route, params };
		allowed.push(route.method);
	}
	return routed ? { kind: 'wrongMethod', allowed } : { kind: 'none' };
}
