import { NodeOperationError } from 'n8n-workflow';
import type { INode } from 'n8n-workflow';

/**
 * Bad input is stopped here, before a request is sent: every request costs a twentieth of the
 * customer's per-minute budget, and Datatruck's own message would not say which field to fix.
 */
export function invalidParameter(
	node: INode,
	parameter: string,
	problem: string,
	example: string,
	itemIndex?: number,
): NodeOperationError {
	return new NodeOperationError(node, `${parameter}: ${problem}`, {
		description: `For example: ${example}`,
		itemIndex,
	});
}

/** Checks one parameter value; throws with the parameter's name and an example. */
export class ParameterCheck {
	constructor(
		private readonly node: INode,
		private readonly itemIndex?: number,
	) {}

	fail(parameter: string, problem: string, example: string): never {
		throw invalidParameter(this.node, parameter, problem, example, this.itemIndex);
	}

	text(value: unknown, parameter: string, example: string): string {
		const text = value === undefined || value === null ? '' : String(value).trim();
		if (!text) this.fail(parameter, 'must not be empty', example);
		return text;
	}

	/** Money, miles and temperatures travel as decimal strings so that no cent is lost to rounding. */
	decimal(value: unknown, parameter: string, example = '1250.00'): string {
		const text = typeof value === 'number' ? String(value) : String(value ?? '').trim();
		if (!/^-?\d+(\.\d+)?$/.test(text)) {
			this.fail(parameter, `"${text}" is not a decimal number (digits, optionally a dot and decimals)`, example);
		}
		return text;
	}

	integer(value: unknown, parameter: string, example: string, min = 0): number {
		const text = String(value ?? '').trim();
		const number = Number(text);
		if (!/^-?\d+$/.test(text) || !Number.isSafeInteger(number) || number < min) {
			this.fail(parameter, `"${text}" is not a whole number${min > 0 ? ` of at least ${min}` : ''}`, example);
		}
		return number;
	}

	number(value: unknown, parameter: string, example: string): number {
		const number = typeof value === 'number' ? value : Number(String(value ?? '').trim());
		if (String(value ?? '').trim() === '' || !Number.isFinite(number)) {
			this.fail(parameter, `"${String(value ?? '')}" is not a number`, example);
		}
		return number;
	}

	/** ISO 8601 in UTC, the form Datatruck uses; a time without zone is taken as UTC. */
	dateTime(value: unknown, parameter: string, example = '2026-11-21T14:30:00Z'): string {
		const text = String(value ?? '').trim();
		const iso = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/i;
		if (!iso.test(text)) this.fail(parameter, `"${text}" is not a date and time`, example);
		const zoned = /(?:Z|[+-]\d{2}:?\d{2})$/i.test(text) || text.length === 10 ? text : `${text}Z`;
		const time = Date.parse(zoned.replace(' ', 'T'));
		if (Number.isNaN(time) || !sameCalendarDate(text, time, zoned)) {
			this.fail(parameter, `"${text}" is not a real date and time`, example);
		}
		return new Date(time).toISOString().replace(/\.\d{3}Z$/, 'Z');
	}

	/** A plain calendar date, `YYYY-MM-DD`; a date-time is cut to its date. */
	date(value: unknown, parameter: string, example = '2026-11-21'): string {
		const text = String(value ?? '').trim();
		const match = /^(\d{4})-(\d{2})-(\d{2})(?:[T ].*)?$/.exec(text);
		const date = match ? `${match[1]}-${match[2]}-${match[3]}` : '';
		if (!match || Number.isNaN(Date.parse(`${date}T00:00:00Z`)) || new Date(`${date}T00:00:00Z`).toISOString().slice(0, 10) !== date) {
			this.fail(parameter, `"${text}" is not a date in the form YYYY-MM-DD`, example);
		}
		return date;
	}

	email(value: unknown, parameter: string, example = 'maria.lopez@acmetrucking.com'): string {
		const text = this.text(value, parameter, example);
		if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text)) this.fail(parameter, `"${text}" is not an email address`, example);
		return text;
	}

	oneOf<T extends string>(value: unknown, allowed: readonly T[], parameter: string): T {
		const text = String(value ?? '');
		if (!allowed.includes(text as T)) {
			this.fail(parameter, `"${text}" is not one of the accepted values`, allowed.slice(0, 3).join(', '));
		}
		return text as T;
	}
}

/** Rejects "2026-02-30": Date.parse would roll it over into March. */
function sameCalendarDate(text: string, time: number, zoned: string): boolean {
	if (!/(?:Z)$/i.test(zoned) || /[+-]\d{2}:?\d{2}$/.test(text)) return true;
	return new Date(time).toISOString().slice(0, 10) === text.slice(0, 10);
}
