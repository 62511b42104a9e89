/**
 * The front server's limit on the request line (config `maxRequestLine`): Django's usual servers refuse a
 * long one before the application sees it, gunicorn (`limit_request_line`, 4094 by default) with its own
 * 400 page, nginx in front with a 414.
 */
import { RequestLineLimit } from './config.cts';

export interface RequestLineRefusal {
	status: 400 | 414;
	contentType: string;
	body: string;
}

/** The request line as the server reads it, without its CRLF. */
export const requestLineOf = (method: string, rawUrl: string, httpVersion: string): string => `${method} ${rawUrl} HTTP/${httpVersion}`;

const escapeHtml = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** gunicorn's `util.write_error` page for `LimitRequestLine`. */
function gunicornPage(size: number, limit: number): string {
	const message = escapeHtml(`Request Line is too large (${size} > ${limit})`);
	return `<html>\n  <head>\n    <title>Bad Request</title>\n  </head>\n  <body>\n    <h1><p>Bad Request</p></h1>\n    ${message}\n  </body>\n</html>\n`;
}

const NGINX_414 =
	'<html>\r\n<head><title>414 Request-URI Too Large</title></head>\r\n<body>\r\n<center><h1>414 Request-URI Too Large</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n';

/** The refusal of a request line longer than the limit; undefined when it fits (or there is no limit). */
export function requestLineRefusal(line: string, limit: RequestLineLimit | null): RequestLineRefusal | undefined {
	const size = Buffer.byteLength(line, 'latin1');
	if (limit === null || size <= limit.bytes) return undefined;
	return limit.status === 414
		? { status: 414, contentType: 'text/html', body: NGINX_414 }
		: { status: 400, contentType: 'text/html', body: gunicornPage(size, limit.bytes) };
}
