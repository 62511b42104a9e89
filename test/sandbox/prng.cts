/** Seeded randomness (mulberry32), so the same seed always builds the same carrier. */

export class Prng {
	private state: number;

	constructor(seed: number) {
		this.state = seed >>> 0;
	}

	/** Uniform in [0, 1). */
	next(): number {
		this.state = (this.state + 0x6d2b79f5) >>> 0;
		let t = this.state;
		t = Math.imul(t ^ (t >>> 15), t | 1);
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	}

	/** Integer in [min, max], both inclusive. */
	int(min: number, max: number): number {
		return min + Math.floor(this.next() * (max - min + 1));
	}

	/** Float in [min, max). */
	float(min: number, max: number): number {
		return min + this.next() * (max - min);
	}

	chance(probability: number): boolean {
		return this.next() < probability;
	}

	pick<T>(items: readonly T[]): T {
		return items[Math.floor(this.next() * items.length)];
	}

	/** `count` distinct items in their original order. */
	sample<T>(items: readonly T[], count: number): T[] {
		const chosen = new Set<number>();
		while (chosen.size < Math.min(count, items.length)) chosen.add(Math.floor(this.next() * items.length));
		return [...chosen].sort((a, b) => a - b).map((i) => items[i]);
	}

	/** A shuffled copy (Fisher-Yates). */
	shuffle<T>(items: readonly T[]): T[] {
		const out = [...items];
		for (let i = out.length - 1; i > 0; i--) {
			const j = this.int(0, i);
			[out[i], out[j]] = [out[j], out[i]];
		}
		return out;
	}

	/** Picks by weight: `[[value, weight], ...]`. */
	weighted<T>(choices: readonly (readonly [T, number])[]): T {
		const total = choices.reduce((sum, [, weight]) => sum + weight, 0);
		let roll = this.next() * total;
		for (const [value, weight] of choices) {
			roll -= weight;
			if (roll < 0) return value;
		}
		return choices[choices.length - 1][0];
	}

	/** `length` digits, e.g. for phone numbers and reference ids. */
	digits(length: number): string {
		let out = '';
		for (let i = 0; i < length; i++) out += String(this.int(0, 9));
		return out;
	}

	/** A new generator whose sequence depends only on this one's current state. */
	fork(): Prng {
		return new Prng(Math.floor(this.next() * 4294967296));
	}
}
