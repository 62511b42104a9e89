/**
 * A sender's answer to the question a reply asked, and the request it answers. Nothing outside the mail holds a
 * pending request: the reply ends with what was understood under a heading that carries the request's reference
 * (`Understood so far (request REQ-…)`), the sender's mail app quotes it under the answer, and it is read back from
 * there. The reference also goes in the reply's subject, and into the work order as its reference number, so that a
 * second answer finds the work order the first one created.
 */
import { fnv1a } from '../../../shared/transport';
import { htmlToText, requestLines, startsEarlierMessage, unquote } from './text';

export const REFERENCE = /\bREQ-[0-9A-F]{12}\b/;
const HEADING = /^\s*Understood so far \(request (REQ-[0-9A-F]{12})\)/;
/**
 * The opening of any other reply of ours (the whole guide, a work order created or already created): quoted under a
 * mail, it is not the request. A "thanks" under the reply that a work order was created must not create it again.
 */
const OWN_REPLY = /^\s*(The work order could not be created yet\b|The work order can be created:|Work order .* was already created for this request\b)/;
const LABELED = /^\s*(Unit|Work|Scheduled|Vendor|Odometer|Hub odometer|Reference|Invoice)\s*:\s*(.*?)\s*$/;

/** The heading of the understood lines in a reply: what an answer is matched by. */
export function understoodHeading(reference: string): string {
	return `Understood so far (request ${reference}), correct anything wrong in your answer:`;
}

/** A reference of the request: the same text read at the same moment (Options › Now) gives the same one. */
export function requestReference(lines: string[], now: Date): string {
	const text = `${now.toISOString()}\n${lines.join('\n')}`;
	// Two 32-bit FNV-1a hashes (the second of a salted text): 48 bits kept, so two requests never share a reference in practice.
	const hex = (value: string) => fnv1a(value).padStart(8, '0');
	return `REQ-${(hex(text) + hex(`REQ\n${text}`)).slice(0, 12).toUpperCase()}`;
}

export interface ThreadAnswer {
	/** The reference the quoted reply carries; null when the quoted reply asked for the whole request again. */
	reference: string | null;
	/** The request as the quoted reply understood it: its `Unit:`, `Work:`, `Scheduled:` … lines, by label. */
	understood: Record<string, string>;
	/** The sender's own new lines, above the quoted reply. */
	answer: string[];
	/** The answer's subject (the first line, without Re: and the reference). */
	subject: string;
}

/**
 * The answer and the request it answers, when the text quotes one of the workflow's replies; null for a new request
 * (a forwarded driver's mail is still read whole as the request, as before).
 */
export function threadAnswer(raw: string): ThreadAnswer | null {
	const lines = htmlToText(raw).split(/\r?\n/);
	const heading = lines.findIndex((line) => HEADING.test(unquote(line).text));
	const ownReply = heading >= 0 ? heading : lines.findIndex((line) => OWN_REPLY.test(unquote(line).text));
	if (ownReply < 0) return null;
	const understood: Record<string, string> = {};
	if (heading >= 0) {
		const depth = unquote(lines[heading]).depth;
		for (const line of lines.slice(heading + 1)) {
			const { depth: lineDepth, text } = unquote(line);
			const labeled = LABELED.exec(text);
			if (lineDepth !== depth || !labeled) break;
			understood[labeled[1].toLowerCase()] = labeled[2];
		}
	}
	const start = lines.findIndex((line, index) => index > 0 && (startsEarlierMessage(line) || index === ownReply));
	const own = lines.slice(0, start < 0 ? ownReply : Math.min(start, ownReply));
	// A mail app that wraps its long `On <date>, <name> wrote:` line leaves the first half above the quote.
	while (own.length && (!own[own.length - 1].trim() || /^\s*on\s.*\b\d{4}\b.*[<@]/i.test(own[own.length - 1]))) own.pop();
	// The subject of an answer ("Re: … [REQ-…]") repeats the request's words: "Friday" read again would be a week on.
	const isSubject = (line: string, index: number) => REFERENCE.test(line) || (index === 0 && /^\s*(re|aw|sv)\s*:/i.test(line));
	const subject = requestLines(own[0] ?? '')[0] ?? '';
	return {
		reference: heading >= 0 ? (HEADING.exec(unquote(lines[heading]).text)?.[1] ?? null) : null,
		understood,
		answer: requestLines(own.filter((line, index) => !isSubject(line, index)).join('\n')),
		subject: subject.replace(/\s*\[REQ-[0-9A-F]{12}\]\s*/, ' ').trim(),
	};
}
