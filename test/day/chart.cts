/**
 * The day's chart as an SVG (no dependency): requests per rate window across the day, stacked by the workflow that
 * sent them, one colour each, 429 answers in black on top, the faults shaded and named.
 */
import type { Sender } from './attribution.cts';

export const COLOURS: Record<Sender, string> = {
	newLoad: '#4e79a7',
	pickedUp: '#59a14f',
	podEmail: '#f28e2b',
	alertFlagged: '#e15759',
	sync: '#b6a6e9',
	repairMailbox: '#76b7b2',
	repairWebhook: '#86bcb6',
	rateConfirmation: '#edc948',
	weeklyReport: '#ff9da7',
	compatibility: '#9c755f',
	otherApp: '#bab0ac',
};

export interface ChartInput {
	windowMs: number;
	from: number;
	to: number;
	limit: number;
	requests: Array<{ at: number; sender: Sender; status: number }>;
	faults: Array<{ name: string; from: number; to: number }>;
	title: string;
}

const esc = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');

export function chartSvg(input: ChartInput): string {
	const windows = Math.max(1, Math.ceil((input.to - input.from) / input.windowMs));
	const senders = [...new Set(input.requests.map((r) => r.sender))].sort();
	const counts = Array.from({ length: windows }, () => new Map<string, number>());
	for (const r of input.requests) {
		const w = Math.floor((r.at - input.from) / input.windowMs);
		if (w < 0 || w >= windows) continue;
		const key = r.status === 429 ? '429' : r.sender;
		counts[w].set(key, (counts[w].get(key) ?? 0) + 1);
	}
	const peak = Math.max(input.limit + 5, ...counts.map((m) => [...m.values()].reduce((a, b) => a + b, 0)));
	const [left, top, width, height] = [50, 30, 1100, 300];
	const barWidth = width / windows;
	const y = (n: number) => top + height - (n / peak) * height;
	const parts: string[] = [];
	for (const f of input.faults) {
		const x0 = left + ((f.from - input.from) / input.windowMs) * barWidth;
		const x1 = left + ((f.to - input.from) / input.windowMs) * barWidth;
		parts.push(`<rect x="${x0.toFixed(1)}" y="${top}" width="${Math.max(2, x1 - x0).toFixed(1)}" height="${height}" fill="#ffdede" opacity="0.7"/>`);
		parts.push(`<text x="${x0.toFixed(1)}" y="${top - 4}" font-size="10" fill="#a00">${esc(f.name)}</text>`);
	}
	counts.forEach((m, w) => {
		let stacked = 0;
		for (const key of [...senders, '429']) {
			const n = m.get(key) ?? 0;
			if (!n) continue;
			const colour = key === '429' ? '#000000' : COLOURS[key as Sender];
			parts.push(`<rect x="${(left + w * barWidth).toFixed(2)}" y="${y(stacked + n).toFixed(1)}" width="${Math.max(0.5, barWidth - 0.2).toFixed(2)}" height="${(y(stacked) - y(stacked + n)).toFixed(1)}" fill="${colour}"/>`);
			stacked += n;
		}
	});
	parts.push(`<line x1="${left}" x2="${left + width}" y1="${y(input.limit)}" y2="${y(input.limit)}" stroke="#000" stroke-dasharray="4 3"/>`);
	parts.push(`<text x="${left + width - 150}" y="${y(input.limit) - 4}" font-size="10">the token's limit: ${input.limit} a window</text>`);
	for (let n = 0; n <= peak; n += 5) parts.push(`<text x="${left - 6}" y="${y(n) + 3}" font-size="10" text-anchor="end">${n}</text>`);
	const minutes = (input.to - input.from) / input.windowMs;
	const step = minutes > 120 ? 60 : 5;
	for (let m = 0; m <= minutes; m += step) {
		parts.push(`<text x="${left + m * barWidth}" y="${top + height + 14}" font-size="10" text-anchor="middle">${step === 60 ? `${m / 60} h` : `${m} min`}</text>`);
	}
	const legend = [...senders, '429'].map((key, i) => {
		const x = left + (i % 6) * 180;
		const ly = top + height + 34 + Math.floor(i / 6) * 16;
		const colour = key === '429' ? '#000000' : COLOURS[key as Sender];
		return `<rect x="${x}" y="${ly - 9}" width="10" height="10" fill="${colour}"/><text x="${x + 14}" y="${ly}" font-size="11">${esc(key === '429' ? 'answered 429' : key)}</text>`;
	});
	const totalHeight = top + height + 40 + Math.ceil((senders.length + 1) / 6) * 16;
	return [
		`<svg xmlns="http://www.w3.org/2000/svg" width="${left + width + 20}" height="${totalHeight}" font-family="sans-serif">`,
		`<rect width="100%" height="100%" fill="#fff"/>`,
		`<text x="${left}" y="14" font-size="13" font-weight="bold">${esc(input.title)}</text>`,
		...parts,
		...legend,
		'</svg>',
		'',
	].join('\n');
}
