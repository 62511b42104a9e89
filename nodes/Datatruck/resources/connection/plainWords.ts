import type { PROBED } from './assumptions';

/**
 * Each check in a dispatcher's words: what it is about, what differs when it does not hold, and what the node does
 * about it. The rows keep the maintainers' words (question, key, assumption) beside these.
 */
export interface PlainWords {
	/** What the check is about: "Sorting loads". */
	topic: string;
	/** What differs when it does not hold: "Datatruck does not sort the loads list as asked". */
	differs: string;
	/** What the node does about it: "the node sorts the loads itself …". */
	handled: string;
}

type Key = (typeof PROBED)[keyof typeof PROBED]['key'];

const OWN_PAGE_SIZE = 'Datatruck answers pages of its own size, whatever size the node asks for';
const READS_ON = 'the node reads on in that size and remembers it, so no record is skipped or read twice';

export const PLAIN_WORDS: Record<Key, PlainWords> = {
	'loads.ordering': {
		topic: 'Sorting loads',
		differs: 'Datatruck does not sort the loads list as asked',
		handled: 'the node reads the loads page by page and sorts them itself: every load still comes once, in the order you chose, at a few more requests',
	},
	'loads.ordering.multi': {
		topic: 'Sorting loads by two fields',
		differs: 'Datatruck sorts the loads list by one field only',
		handled: 'the node sends one and puts loads with the same value in order itself',
	},
	'loads.filter': {
		topic: 'Filtering loads',
		differs: 'Datatruck does not filter the loads list as asked',
		handled: 'the node reads the loads and keeps only those that match your filters itself (more requests on long lists)',
	},
	'loads.filter.id': {
		topic: 'Leaving out loads already read',
		differs: 'Datatruck does not leave loads out by ID',
		handled: 'the node drops the loads it already has itself, so no load comes twice',
	},
	'loads.filter.dispatcher__id': {
		topic: 'Loads of chosen dispatchers',
		differs: 'Datatruck does not filter loads by dispatcher ID',
		handled: "the node filters them by the dispatchers' names instead",
	},
	'loads.pageSize': { topic: 'Page size of the loads list', differs: OWN_PAGE_SIZE, handled: READS_ON },
	'links.next': {
		topic: 'Links to the next page',
		differs: 'Datatruck writes its "next page" links in another form',
		handled: 'nothing to do: the node asks for every page by number on your Datatruck address and never follows those links',
	},
	'requestLine.long': {
		topic: 'Long requests',
		differs: 'Datatruck refuses very long requests',
		handled: 'the node splits them into shorter ones',
	},
	'workOrders.pageSize': { topic: 'Page size of the work-order list', differs: OWN_PAGE_SIZE, handled: READS_ON },
	'workOrders.ordering': {
		topic: 'Sorting work orders',
		differs: 'Datatruck does not sort the work-order list as asked',
		handled: "the node sorts the work orders itself; Extract From Text's check for an existing work order reads where the newest are, and fails saying why where it cannot tell",
	},
	'workOrders.created_datetime': {
		topic: 'When work orders were created',
		differs: 'Datatruck does not show when a work order was created',
		handled: 'the New Work Order trigger goes by work-order ID instead: the highest ID is the newest work order',
	},
	'workOrders.filter': {
		topic: 'Filtering work orders',
		differs: 'Datatruck does not filter the work-order list as asked',
		handled: 'the node keeps only the matching work orders itself',
	},
	'drivers.pageSize.all': {
		topic: 'The whole driver list at once',
		differs: 'Datatruck does not give every driver on one page',
		handled: 'the node reads the driver list page by page',
	},
	'drivers.filter.id': {
		topic: 'Finding one driver',
		differs: 'Datatruck does not filter the driver list by ID',
		handled: 'Driver › Update finds the driver in the whole driver list instead',
	},
	'drivers.ordering.multi': {
		topic: 'Sorting drivers by two fields',
		differs: 'Datatruck sorts the driver list by one field only',
		handled: 'nothing to do: the node never asks it for two',
	},
	'drivers.update.patch': {
		topic: 'Changing some fields of a driver',
		differs: "Datatruck takes only the full driver update, which sends every field of the driver",
		handled:
			"Driver › Update asks you for Main Driver, MC Number ID and Birth Date where the driver list does not show them (copy them from the driver's profile in Datatruck); it never guesses them",
	},
	'trucks.filter.search': {
		topic: 'Searching trucks',
		differs: 'Datatruck does not search the truck list',
		handled: 'the node reads the trucks and matches the unit number itself',
	},
	'trucks.pageSize': { topic: 'Page size of the truck list', differs: OWN_PAGE_SIZE, handled: READS_ON },
	'trailers.filter.search': {
		topic: 'Searching trailers',
		differs: 'Datatruck does not search the trailer list',
		handled: 'the node reads the trailers and matches the unit number itself',
	},
	'trailers.pageSize': { topic: 'Page size of the trailer list', differs: OWN_PAGE_SIZE, handled: READS_ON },
	'dispatcherBoard.pageSize': { topic: 'Page size of the dispatcher board', differs: OWN_PAGE_SIZE, handled: READS_ON },
};
