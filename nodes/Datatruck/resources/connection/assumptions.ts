/**
 * What Check Compatibility asks, one entry per finding key of `shared/lists` (docs/assumptions.md): the question
 * in a user's words, and what the node does when the answer is yes or no.
 */
export interface ProbedAssumption {
	key: string;
	assumption: string;
	question: string;
	ifHeld: string;
	ifNotHeld: string;
	/**
	 * false: no reader of the list consults the key (the node never asks that of the list), so a "not held" is reported
	 * but not remembered; remembering it would change nothing the node sends.
	 */
	remembered?: false;
}

function entry(key: string, assumption: string, question: string, ifHeld: string, ifNotHeld: string, remembered?: false): ProbedAssumption {
	return { key, assumption, question, ifHeld, ifNotHeld, ...(remembered === false ? { remembered } : {}) };
}

const PAGE_NUMBERS = 'reads by page number, leaves out records it already holds and sorts in the node';

export const PROBED = {
	loadsOrdering: entry(
		'loads.ordering',
		'A22',
		'Does the loads list sort by `ordering`?',
		'lets Datatruck sort loads',
		PAGE_NUMBERS,
	),
	loadsMultiOrdering: entry(
		'loads.ordering.multi',
		'A22',
		'Does the loads list take several `ordering` fields (`status,id`)?',
		'adds `id` as a tie-breaker to every loads ordering',
		'sends one ordering field and breaks ties by id in the node',
	),
	loadsFilter: entry(
		'loads.filter',
		'A30',
		'Does the loads list apply `filter` (a condition on `status`)?',
		'lets Datatruck filter loads',
		'reads the loads unfiltered and filters them in the node, within the request budget',
	),
	loadsIdFilter: entry(
		'loads.filter.id',
		'A30',
		'Does the loads list leave out the ids given in `id exclude_in`?',
		'checks lists that change while read with one extra request that leaves out the ids already held',
		'de-duplicates by id in the node instead of asking Datatruck to leave ids out',
	),
	loadsDispatcherId: entry(
		'loads.filter.dispatcher__id',
		'A31',
		'Do loads carry `dispatcher__id`, and does a filter on it work?',
		'filters loads by dispatcher id',
		'filters loads with `dispatcher__full_name is_in` the names of the chosen dispatchers',
	),
	loadsPageSize: entry(
		'loads.pageSize',
		'A2',
		'Does the loads list answer pages of the asked `page_size` (25), where Datatruck\'s own pages publish at most 10?',
		'reads loads 25 a page',
		'reads on exactly in the page size Datatruck answers, remembered for this Datatruck',
	),
	nextLinks: entry(
		'links.next',
		'A1',
		'Does the loads list write `next` as an absolute link on the credential\'s address, as the specification shows?',
		'asks for every page by number from the credential\'s address (a `next` link is never followed, whatever its form)',
		'asks for every page by number from the credential\'s address; `next`, in whatever form, only tells that more pages exist',
	),
	longRequestLine: entry(
		'requestLine.long',
		'A30',
		'Does Datatruck take a request line of about 6 KB (600 ids left out)?',
		'leaves out up to 600 ids in one request',
		'keeps every request line under 4,000 bytes by splitting the ids it leaves out',
	),
	workOrdersPageSize: entry(
		'workOrders.pageSize',
		'A2',
		'Does the work-order list answer pages of the asked `page_size`?',
		'reads work orders 25 a page',
		'takes the page size Datatruck answers with and plans its pages from it',
	),
	workOrdersOrdering: entry(
		'workOrders.ordering',
		'A6',
		'Does the work-order list sort by `ordering`?',
		'lets Datatruck sort work orders',
		PAGE_NUMBERS,
	),
	workOrdersCreatedTime: entry(
		'workOrders.created_datetime',
		'A7',
		'Do work orders carry their creation time (`created_datetime`), which Datatruck\'s own page does not show?',
		'New Work Order goes by creation time, with a late-entry window',
		'New Work Order goes by id: the newest id is the newest work order',
	),
	workOrdersFilter: entry(
		'workOrders.filter',
		'A6',
		'Does the work-order list apply `filter` (`id is_in`)?',
		'lets Datatruck filter work orders',
		'reads the work orders unfiltered and filters them in the node, within the request budget',
	),
	driversPageSizeAll: entry(
		'drivers.pageSize.all',
		'A1',
		'Does the driver list answer every driver on one page with `page_size=all`?',
		'reads the driver list in one request',
		'reads the driver list page by page',
	),
	driversIdFilter: entry(
		'drivers.filter.id',
		'A26',
		'Does the driver list apply a filter on `id`?',
		'reads one driver with `id is` and `page_size=1`',
		'finds the driver in the list read with `page_size=all`',
	),
	driversMultiOrdering: entry(
		'drivers.ordering.multi',
		'A22',
		'Does the driver list take several `ordering` fields (`status,-id`)?',
		'nothing changes: the node sends the driver list one ordering field (the sort chosen), never several',
		'nothing changes: the node sends the driver list one ordering field (the sort chosen), never several; reported, not remembered',
		false,
	),
	driversUpdatePatch: entry(
		'drivers.update.patch',
		'A37',
		"Does the driver update take `PATCH`, a partial update, beside the published `PUT`, as Django REST Framework's update views do (asked with OPTIONS, which writes nothing)?",
		'Driver › Update sends only the fields set (PATCH) where the driver list lacks what the full update needs',
		'Driver › Update sends the full update (PUT) alone, and asks for Main Driver, MC Number ID and Birth Date where the driver list lacks them',
	),
	trucksSearch: entry(
		'trucks.filter.search',
		'A4',
		'Does the truck list apply `search` (part of a unit number)?',
		'lets Datatruck search trucks (Get Many, the pickers, unit look-ups)',
		'reads the truck list without `search` and matches the text in the node (Get Many, the pickers, unit look-ups)',
	),
	trucksPageSize: entry(
		'trucks.pageSize',
		'A2',
		'Does the truck list answer pages of the asked `page_size`?',
		'reads trucks 25 a page',
		'reads on in the page size Datatruck answers, remembered for this Datatruck',
	),
	trailersSearch: entry(
		'trailers.filter.search',
		'A3',
		'Does the trailer list apply `search` (part of a unit number)?',
		'lets Datatruck search trailers (Get Many, the pickers, unit look-ups)',
		'reads the trailer list without `search` and matches the text in the node (Get Many, the pickers, unit look-ups)',
	),
	trailersPageSize: entry(
		'trailers.pageSize',
		'A2',
		'Does the trailer list answer pages of the asked `page_size`?',
		'reads trailers in the page size it asks for (`all` for Return All)',
		'reads on in the page size Datatruck answers, remembered for this Datatruck',
	),
	dispatcherBoardPageSize: entry(
		'dispatcherBoard.pageSize',
		'A2',
		'Does the dispatcher board answer pages of the asked `page_size`?',
		'reads the board in the page size it asks for (`all` for Return All)',
		'reads on in the page size Datatruck answers, remembered for this Datatruck',
	),
} satisfies Record<string, ProbedAssumption>;
