/**
 * What a repair request says, apart from how it was mailed: HTML tags, quoted reply lines (`>`),
 * forwarded-message headers and signatures are taken off, so that a unit number or a phone in a
 * signature or a mail header is never read as the request's.
 */

const ENTITIES: Record<string, string> = { nbsp: ' ', amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", '#39': "'", ndash: '–', mdash: '—' };

/** An HTML mail body as plain lines: block tags become line breaks, other tags vanish. */
export function htmlToText(html: string): string {
	if (!/<[a-z!/][^>]*>/i.test(html)) return html;
	return html
		.replace(/<(script|style|head)\b[\s\S]*?<\/\1>/gi, '')
		.replace(/<!--[\s\S]*?-->/g, '')
		.replace(/<br\s*\/?>/gi, '\n')
		.replace(/<\/?(p|div|tr|li|h[1-6]|table|blockquote)\b[^>]*>/gi, '\n')
		.replace(/<[^>]+>/g, '')
		.replace(/&(#?\w+);/g, (whole, name: string) =>
			ENTITIES[name.toLowerCase()] ?? (name.startsWith('#') ? String.fromCharCode(Number(name.slice(1))) : whole),
		);
}

/** A line that opens a forwarded or quoted message, or one of its header lines. */
const FORWARD_MARKER = /^\s*(-{2,}\s*(forwarded|original) message\s*-{2,}|begin forwarded message:)/i;
const HEADER_LINE = /^\s*(from|sent|date|to|cc|subject)\s*:/i;
const WROTE_LINE = /^\s*on .{4,120}wrote:\s*$/i;
/** Where a signature starts: the `-- ` delimiter, a sign-off, or a phone app's footer. */
const SIGNATURE_START = /^\s*(--\s*$|__+\s*$|(thanks|thank you|thx|regards|best regards|best|cheers|sincerely)\b[\s,!.]*$|sent from my\b)/i;

/** The depth of a quoted line (`> > text` is 2) and its text without the marks. */
export function unquote(line: string): { depth: number; text: string } {
	const marks = /^\s*((?:>\s?)+)/.exec(line);
	if (!marks) return { depth: 0, text: line };
	return { depth: (marks[1].match(/>/g) ?? []).length, text: line.slice(marks[0].length) };
}

/**
 * The request's own lines: quoted text kept (a forward of a driver's mail is the request), mail
 * headers, markers and signatures left out. A signature ends where the next quoted part begins.
 */
export function requestLines(raw: string): string[] {
	const lines: string[] = [];
	let inSignature = false;
	let depth = 0;
	let inHeaders = false;
	for (const original of htmlToText(raw).split(/\r?\n/)) {
		const { depth: lineDepth, text } = unquote(original);
		if (lineDepth !== depth) {
			depth = lineDepth;
			inSignature = false;
		}
		if (FORWARD_MARKER.test(text) || WROTE_LINE.test(text)) {
			inSignature = false;
			inHeaders = FORWARD_MARKER.test(text);
			continue;
		}
		if (inHeaders) {
			if (HEADER_LINE.test(text)) {
				// A forwarded mail's own subject is part of the request ("T-142 brakes").
				const subject = /^\s*subject\s*:\s*(?:(?:fwd?|re)\s*:\s*)*(.*)$/i.exec(text);
				if (subject?.[1].trim()) lines.push(subject[1].trim());
				continue;
			}
			if (!text.trim()) continue;
			inHeaders = false;
		}
		if (SIGNATURE_START.test(text)) inSignature = true;
		if (inSignature || !text.trim()) continue;
		lines.push(text.replace(/\s+/g, ' ').trim().replace(/^((re|fwd?|fw)\s*:\s*)+/i, ''));
	}
	return lines;
}

/**
 * Where an earlier message starts under a reply: a quoted line, an `On … wrote:` line, a forward marker, or the
 * `From:` header block Outlook puts above the message it answers.
 */
export function startsEarlierMessage(line: string): boolean {
	const { depth, text } = unquote(line);
	return depth > 0 || WROTE_LINE.test(text) || FORWARD_MARKER.test(text) || /^\s*from\s*:/i.test(text) || /^\s*-{2,}\s*original message/i.test(text);
}

/** The first line of the request as it came in: the mail's subject with the default Text expression. */
export function firstLine(raw: string): string {
	return requestLines(raw)[0] ?? '';
}
