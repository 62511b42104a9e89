import type { IDataObject } from 'n8n-workflow';
import type { DriverListReport } from './driverUpdate';
import { PLAIN_WORDS } from './plainWords';
import type { Verdict } from './probes';

/**
 * Check Compatibility's items, for the person who runs it: a first item that sums up in plain words (and says what
 * Driver › Update will need on this Datatruck), then one row per check in a dispatcher's words, each keeping the
 * maintainers' question, finding key and assumption id.
 */

const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;
const list = (names: string[]) => (names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`);

function wordsOf(verdict: Verdict) {
	return PLAIN_WORDS[verdict.about.key as keyof typeof PLAIN_WORDS];
}

/** One row: what the check is about, what differs and what the node does, in a dispatcher's words. */
export function rowOf(found: Verdict): IDataObject {
	const { about, result, seen } = found;
	const words = wordsOf(found);
	const inPlainWords =
		result === 'held'
			? `${words.topic}: works as the node expects.`
			: result === 'not held'
				? `${words.differs}; ${words.handled}.`
				: `${words.topic}: could not be told from what this Datatruck holds (${seen}). The node checks every answer as it reads, and handles it if it differs.`;
	return {
		check: words.topic,
		result,
		inPlainWords,
		assumption: about.assumption,
		key: about.key,
		question: about.question,
		seen,
		whatTheNodeDoes: result === 'not held' ? about.ifNotHeld : about.ifHeld,
	};
}

function checksSentence(verdicts: Verdict[]): string {
	const held = verdicts.filter((found) => found.result === 'held').length;
	const differing = verdicts.filter((found) => found.result === 'not held');
	const untold = verdicts.filter((found) => found.result === 'could not tell');
	const tally = `${held} of ${plural(verdicts.length, 'check')} held`;
	const unknown = untold.length ? `; ${untold.length} could not be told from what this Datatruck holds (${list(untold.map((found) => wordsOf(found).topic.toLowerCase()))})` : '';
	if (differing.length === 0) {
		return `Your Datatruck works with this node as its contract says: ${tally}${unknown}.`;
	}
	const handled = differing.map((found) => `${wordsOf(found).differs}, so ${wordsOf(found).handled}`);
	return `${plural(differing.length, 'difference')}, each handled: ${handled.join('; ')}. ${tally}${unknown}.`;
}

/** What Driver › Update will need: the driver list's update fields, and whether a partial update (PATCH) is taken. */
function driverUpdateSentence(drivers: DriverListReport, patch: Verdict | undefined): string {
	if (drivers.drivers === 0) return 'Driver › Update: no driver was read, so what an update will need could not be told.';
	if (drivers.lacking.length === 0) {
		return "Driver › Update: the driver list shows every field Datatruck's full update needs, so an update reads the driver and saves it whole with only your changes (2 requests).";
	}
	const every = drivers.lacking.every((lacked) => lacked.drivers === drivers.drivers);
	const lacking = `the driver list does not show ${list(drivers.lacking.map((lacked) => lacked.field))}${every ? '' : ' for some drivers'}, which Datatruck's full update needs`;
	if (patch?.result === 'held') return `Driver › Update: ${lacking}; Datatruck takes a partial update (PATCH), so an update sends only the fields you set (2 requests).`;
	if (patch?.result === 'not held') {
		return `Driver › Update: ${lacking}, and Datatruck takes only the full update: add their current values, from the driver's profile in Datatruck, under Update Fields when you update such a driver.`;
	}
	return `Driver › Update: ${lacking}; whether Datatruck takes a partial update (PATCH) is unknown until the first update, which tries it with only the fields you set, and if Datatruck refuses it, asks for those fields and remembers that.`;
}

/**
 * The first item: the sum of the checks, and what Driver › Update will need, in plain words. It leads with the rows'
 * own columns (`check`, `result`, `inPlainWords`, …), so that n8n's table shows it as the first row of the same
 * table; the totals and Driver › Update's needs follow for a workflow to branch on.
 */
export function summaryOf(verdicts: Verdict[], drivers: DriverListReport): IDataObject {
	const patch = verdicts.find((found) => found.about.key === 'drivers.update.patch');
	const count = (result: Verdict['result']) => verdicts.filter((found) => found.result === result).length;
	const [held, differences, couldNotTell] = [count('held'), count('not held'), count('could not tell')];
	const driverUpdate = driverUpdateSentence(drivers, patch);
	return {
		check: 'Summary',
		result: differences ? `${plural(differences, 'difference')}, each handled` : `${held} of ${verdicts.length} held`,
		inPlainWords: `${checksSentence(verdicts)} ${driverUpdate}`,
		assumption: '',
		key: 'summary',
		question: 'Does this Datatruck work with the node as its contract says, and what will Driver › Update need?',
		seen: `${held} held, ${differences} not held, ${couldNotTell} could not tell`,
		whatTheNodeDoes: differences ? 'handles each difference as its row says' : 'works as the contract says',
		checks: verdicts.length,
		held,
		differences,
		couldNotTell,
		driverUpdate,
		driverListShowsUpdateFields: drivers.drivers === 0 ? null : drivers.lacking.length === 0,
		driverUpdateTakesPatch: patch?.result === 'held' ? true : patch?.result === 'not held' ? false : null,
	};
}
