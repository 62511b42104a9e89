import { NodeOperationError } from 'n8n-workflow';
import type { IExecuteSingleFunctions, INode } from 'n8n-workflow';
import { offsetMs } from './timeZone';

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
		/** The workflow's time zone: a date-time picked without a zone is wall-clock time there. */
		private readonly timeZone?: string,
	) {}

	/** The check for one input item of a node execution. */
	static forItem(ctx: IExecuteSingleFunctions): ParameterCheck {
		return new ParameterCheck(ctx.getNode(), ctx.getItemIndex(), ctx.getTimezone());
	}

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

	/**
	 * ISO 8601 in UTC, the form Datatruck uses. n8n's date pickers give wall-clock time without a
	 * zone: that is read in the workflow's time zone (UTC when none is known), so 08:00 picked by a
	 * dispatcher in Chicago is sent as 14:00Z, not 08:00Z.
	 */
	dateTime(value: unknown, parameter: string, example = '2026-11-21T14:30:00Z'): string {
		const text = String(value ?? '').trim();
		const match =
			/^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/i.exec(text);
		if (!match) this.fail(parameter, `"${text}" is not a date and time`, example);
		const [, year, month, day, hour = '00', minute = '00', second = '00', zone] = match;
		const fields = [year, month, day, hour, minute, second].map(Number);
		const wallClock = Date.UTC(fields[0], fields[1] - 1, fields[2], fields[3], fields[4], fields[5]);
		const asWritten = new Date(wallClock);
		const real =
			asWritten.getUTCFullYear() === fields[0] &&
			asWritten.getUTCMonth() === fields[1] - 1 &&
			asWritten.getUTCDate() === fields[2] &&
			fields[3] < 24 &&
			fields[4] < 60 &&
			fields[5] < 60;
		if (!real) this.fail(parameter, `"${text}" is not a real date and time`, example);
		const time = zone
			? Date.parse(`${year}-${month}-${day}T${hour}:${minute}:${second}${zone.toUpperCase() === 'Z' ? 'Z' : zone}`)
			: wallClock - offsetMs(wallClock, this.timeZone);
		if (Number.isNaN(time)) this.fail(parameter, `"${text}" is not a real date and time`, example);
		return new Date(time).toISOString().replace(/\.\d{3}Z$/, 'Z');
	}

	/**
	 * A plain calendar date, `YYYY-MM-DD`; a date-time (n8n's pickers and Luxon give `1986-04-12T00:00:00`, with
	 * milliseconds or a zone at times) is cut to its date. Anything else fails: nothing typed is dropped unseen.
	 */
	date(value: unknown, parameter: string, example = '2026-11-21'): string {
		const text = String(value ?? '').trim();
		const match = /^(\d{4})-(\d{2})-(\d{2})(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/i.exec(text);
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
