/**
 * The bytes behind a load's documents: a valid one-page PDF (what carriers scan and upload) or a
 * small PNG (a driver's phone photo of a signed proof of delivery). Built from the load id and the
 * document type, so every file is different and a test can recompute exactly what the host served.
 */
import { deflateSync } from 'node:zlib';

const TITLES: Record<string, string> = {
	rate_confirmation: 'Rate confirmation',
	bill_of_lading: 'Bill of lading',
	proof_of_delivery: 'Proof of delivery',
	commercial_invoice: 'Commercial invoice',
};

export interface DocumentFile {
	bytes: Buffer;
	contentType: string;
}

/** Files sent to the sandbox (a load's rate confirmation as base64), by `<orderId>/<fileName>`; names are unique per process. */
const received = new Map<string, DocumentFile>();
let receivedCount = 0;

/** Keeps a file a client sent for load `orderId`; returns the unique name it is served under. */
export function keepReceivedFile(orderId: number, fileType: string, extension: string, file: DocumentFile): string {
	const fileName = `${fileType}_${String(++receivedCount).padStart(6, '0')}.${extension}`;
	received.set(`${orderId}/${fileName}`, file);
	return fileName;
}

/** The file a document name such as `proof_of_delivery_123456.pdf` stands for, for load `orderId`. */
export function documentFile(orderId: number, fileName: string): DocumentFile | undefined {
	const kept = received.get(`${orderId}/${fileName}`);
	if (kept) return kept;
	const match = /^([a-z_]+)_\d+\.(pdf|png)$/.exec(fileName);
	if (!match || !(match[1] in TITLES)) return undefined;
	const title = `${TITLES[match[1]]} - load ${orderId}`;
	return match[2] === 'pdf'
		? { bytes: onePagePdf(title), contentType: 'application/pdf' }
		: { bytes: smallPng(orderId), contentType: 'image/png' };
}

/** A minimal but complete PDF 1.4: catalog, one Letter page with a line of Helvetica, a correct xref. */
export function onePagePdf(text: string): Buffer {
	const content = `BT /F1 18 Tf 72 720 Td (${text.replace(/[()\\]/g, '')}) Tj ET`;
	const objects = [
		'<< /Type /Catalog /Pages 2 0 R >>',
		'<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
		'<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
		`<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
		'<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
	];
	let pdf = '%PDF-1.4\n';
	const offsets: number[] = [];
	objects.forEach((body, index) => {
		offsets.push(pdf.length);
		pdf += `${index + 1} 0 obj\n${body}\nendobj\n`;
	});
	const xrefAt = pdf.length;
	pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
	for (const offset of offsets) pdf += `${String(offset).padStart(10, '0')} 00000 n \n`;
	pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n`;
	return Buffer.from(pdf, 'latin1');
}

/** A 48×32 RGB PNG whose colour depends on `seed`. */
export function smallPng(seed: number): Buffer {
	const width = 48;
	const height = 32;
	const colour = [(seed * 37) % 256, (seed * 91) % 256, (seed * 53) % 256];
	const row = Buffer.alloc(1 + width * 3);
	for (let x = 0; x < width; x++) row.set(x < width / 2 ? colour : [255, 255, 255], 1 + x * 3);
	const pixels = Buffer.concat(Array.from({ length: height }, () => row));
	const header = Buffer.alloc(13);
	header.writeUInt32BE(width, 0);
	header.writeUInt32BE(height, 4);
	header.set([8, 2, 0, 0, 0], 8); // 8-bit, truecolour, deflate, no filter, no interlace
	return Buffer.concat([
		Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
		pngChunk('IHDR', header),
		pngChunk('IDAT', deflateSync(pixels)),
		pngChunk('IEND', Buffer.alloc(0)),
	]);
}

function pngChunk(type: string, data: Buffer): Buffer {
	const length = Buffer.alloc(4);
	length.writeUInt32BE(data.length);
	const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
	const crc = Buffer.alloc(4);
	crc.writeUInt32BE(crc32(typed));
	return Buffer.concat([length, typed, crc]);
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
	let c = n;
	for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
	return c >>> 0;
});

function crc32(bytes: Buffer): number {
	let crc = 0xffffffff;
	for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff] ^ (crc >>> 8);
	return (crc ^ 0xffffffff) >>> 0;
}
