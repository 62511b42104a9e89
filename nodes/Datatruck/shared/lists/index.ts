// Lists own reading a Datatruck list exactly: the user's filters as the API's filter JSON, the page plan, keyset
// segments, `next` links checked to the credential's origin, and the check read that proves nothing moved.
export { fetchList } from './exactList';
export {
	CUSTOM_FIELD,
	applyFilters,
	buildApiFilters,
	filterConditionsProperty,
	type ApiFilter,
	type FilterCondition,
	type FilterField,
} from './filters';
export { excludeIds, idOf, valueAt } from './listPlan';
export { readPage, TAKES_ALL, type ListShape, type Page } from './pagination';
export { findingLifetimeMs, findingsFor, findingsOrigin, markNotHeld, replaceFindings, resetSupport, supports, type Finding } from './support';
export { offerReplacement, replacementsFor } from './replacements';
export { filterHolds, filterIgnored, listNameOf, listWords, orderingIgnored, refusedAdditions, requestLineTooLong, saysAbout, saysLineTooLong } from './listFindings';
export { kindOfColumn, meets, searchHits } from './answerCheck';
export { triggerReadsByTime } from './planner';
