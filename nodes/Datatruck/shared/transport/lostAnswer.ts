import type { IDataObject } from 'n8n-workflow';

/**
 * Words for a create or update whose answer never came back. Datatruck may have saved it, and the
 * node does not send it again (a second POST books a second load), so the message tells the
 * dispatcher what to look for in Datatruck before running the workflow again.
 */
export interface SentWrite {
	method: string;
	url: string;
	body?: IDataObject | IDataObject[];
}

interface Subject {
	/** "created the load", "changed driver 214". */
	done: string;
	/** What to look for in Datatruck. */
	check: string;
}

const quoted = (value: unknown) => `"${String(value)}"`;
const present = (value: unknown) => value !== undefined && value !== null && value !== '';

type SubjectOf = (body: IDataObject, match: RegExpExecArray) => Subject;

/** By API path: what was being written, and how a dispatcher finds it. */
const SUBJECTS: Array<[RegExp, SubjectOf]> = [
	[
		/\/orders\/create\/?$/,
		(body) => ({
			done: 'created the load',
			check: present(body.load_id)
				? `look for load number ${quoted(body.load_id)}`
				: `look at the newest loads${present(body.customer) ? ` of customer ${quoted(body.customer)}` : ''}`,
		}),
	],
	[
		/\/work-orders\/create\/?$/,
		(body) => {
			const unit = present(body.truck) ? ` for truck ${quoted(body.truck)}` : present(body.trailer) ? ` for trailer ${quoted(body.trailer)}` : '';
			return {
				done: 'created the work order',
				check: present(body.reference_number)
					? `look for work order reference ${quoted(body.reference_number)}`
					: `look at the newest ${present(body.procedure_name) ? `${quoted(body.procedure_name)} ` : ''}work orders${unit}`,
			};
		},
	],
	[
		/\/drivers\/create\/?$/,
		(body) => ({
			done: 'created the driver',
			check: `look for driver ${quoted([body.first_name, body.last_name].filter(present).join(' '))}${present(body.contact_number) ? ` (phone ${body.contact_number})` : ''}`,
		}),
	],
	[
		/\/drivers\/update\/(\d+)\/?$/,
		(_body, match) => ({
			done: `changed driver ${match[1]}`,
			check: `open driver ${match[1]} and see whether the change is there`,
		}),
	],
	[
		/\/(truck|trailer)s\/create\/?$/,
		(body, match) => ({
			done: `created the ${match[1]}`,
			check: `look for ${match[1]} unit number ${quoted(body.unit_number)}`,
		}),
	],
];

function subjectOf(write: SentWrite): Subject {
	const path = write.url.split('?')[0];
	const body = (Array.isArray(write.body) ? write.body[0] : write.body) ?? {};
	for (const [pattern, subject] of SUBJECTS) {
		const match = pattern.exec(path);
		if (match) return subject(body, match);
	}
	return { done: 'saved this record', check: 'look for the record this node was writing' };
}

/**
 * The message itself (not only the description) carries the advice: n8n shows the message first,
 * and replaces a message that contains a network error code with generic "retry" advice, so the
 * caller sets it after building the error and `reason` names no code.
 */
export function lostAnswerMessage(write: SentWrite, reason: string): string {
	const subject = subjectOf(write);
	return (
		`Datatruck may have ${subject.done}, but no usable answer came back (${reason}). ` +
		`The node did not send it again, so that nothing is saved twice: in Datatruck, ${subject.check} before running this again.`
	);
}
