import type { INode } from 'n8n-workflow';
import { ParameterCheck } from '../../nodes/Datatruck/shared/fields/validation';

const node = { name: 'Datatruck' } as INode;

describe('ParameterCheck.dateTime', () => {
	test.each([
		['2026-11-21T08:00:00', 'America/Chicago', '2026-11-21T14:00:00Z'],
		['2026-07-01T08:00:00', 'America/Chicago', '2026-07-01T13:00:00Z'],
		['2026-11-21T08:00', 'Europe/Berlin', '2026-11-21T07:00:00Z'],
		['2026-11-21T08:00:00', undefined, '2026-11-21T08:00:00Z'],
		['2026-11-21T08:00:00-05:00', 'America/Chicago', '2026-11-21T13:00:00Z'],
		['2026-11-21T08:00:00.250Z', 'America/Chicago', '2026-11-21T08:00:00Z'],
		['2026-11-21', 'UTC', '2026-11-21T00:00:00Z'],
	])('%s in %s → %s', (input, timeZone, expected) => {
		expect(new ParameterCheck(node, 0, timeZone).dateTime(input, 'Ready From')).toBe(expected);
	});

	test.each(['2026-02-30T10:00:00', '2026-11-21T24:00:00', 'tomorrow', '21/11/2026'])('refuses %s', (input) => {
		expect(() => new ParameterCheck(node, 0, 'UTC').dateTime(input, 'Ready From')).toThrow(/^Ready From: /);
	});
});
