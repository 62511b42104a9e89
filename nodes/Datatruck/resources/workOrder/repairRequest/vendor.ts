/**
 * Who does the work and how to reach them: the shop's name ("at Big Rig Repair Dallas",
 * "shop: …", "vendor: …") and its phone in any US format. A phone on a line about the sender
 * ("call me", "my cell") is the sender's, not the shop's.
 */
import { unitMentions } from './unit';

/** "Vendor: X", "Shop is X", "Repair shop - X": the name is what follows, up to the next punctuation. */
const LABELED = /\b(?:vendor|repair shop|service shop|shop|service center|dealer)\s*(?:is|:|-|=)\s*(.+)/i;
/** "at Big Rig Repair Dallas", "taking it to TA Joliet": words in capitals after a place word. */
const PLACED =
	/(?:\b(?:at|@)|\b(?:taking|take|bring|bringing|going|headed|heading|sent|send|dropping|drop)\s+(?:it\s+)?(?:off\s+)?(?:to|at)|\bbooked\s+(?:it\s+)?(?:at|with|in))\s+(?:the\s+)?((?:[A-Z][\w'’&.-]*|&)(?:\s+(?:[A-Z][\w'’&.-]*|&|of|and))*)/g;
/** Capitalised words that start a date or a time, not a name. */
const NOT_A_NAME =
	/^(today|tonight|tomorrow|monday|tuesday|wednesday|thursday|friday|saturday|sunday|jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec|noon|i|the|this|next|am|pm)\b/i;

function cleanName(text: string): string {
	return text
		.split(/\s[–—-]\s|[,;()\n]|\.\s|\s(?:tomorrow|today|tonight|on|at|for|by|around|@|phone|ph|tel|call|#)\b/i)[0]
		.replace(/[\s.:-]+$/, '')
		.trim();
}

function isName(name: string): boolean {
	if (!name || NOT_A_NAME.test(name) || /^\d/.test(name) || !/[a-z]/i.test(name)) return false;
	return unitMentions([name]).length === 0;
}

/** The shop's name, or null. A labelled name is preferred to one read from "at …". */
export function vendorName(lines: string[]): string | null {
	for (const line of lines) {
		const labeled = LABELED.exec(line);
		if (labeled) {
			const name = cleanName(labeled[1]);
			if (isName(name) && !PHONE.test(name)) return name;
		}
	}
	for (const line of lines) {
		for (const match of line.matchAll(PLACED)) {
			const name = cleanName(match[1]);
			if (isName(name)) return name;
		}
	}
	return null;
}

const PHONE = /(?<![\d-])(?:\+?1[\s.-]?)?(?:\((\d{3})\)|(\d{3}))[\s.-]?(\d{3})[\s.-]?(\d{4})(?![\d-])/;
const SENDER_WORDS = /\b(me|my|driver|cell|mobile|text me|reach me)\b/i;
const SHOP_WORDS = /\b(shop|vendor|service|repair|garage|tire|truck center|dealer|tel|phone|ph|call them)\b|#/i;

/** "214-555-0100", "(214) 555-0100", "214.555.0100", "+1 214 555 0100" → "(214) 555-0100". */
export function formatPhone(text: string): string | null {
	const match = PHONE.exec(text);
	return match ? `(${match[1] ?? match[2]}) ${match[3]}-${match[4]}` : null;
}

/** The shop's phone: one on a line about the shop first, else any that is not the sender's. */
export function vendorPhone(lines: string[], vendor: string | null): string | null {
	const withPhone = lines.filter((line) => PHONE.test(line));
	const aboutShop = withPhone.find((line) => SHOP_WORDS.test(line) || (vendor !== null && line.includes(vendor)));
	const chosen = aboutShop ?? withPhone.find((line) => !SENDER_WORDS.test(line));
	return chosen ? formatPhone(chosen) : null;
}
