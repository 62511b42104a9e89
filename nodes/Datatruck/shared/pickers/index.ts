// Pickers own how a user names a record: resource locators and the ids read from them, the search cache behind their
// lists and the check of their searches, and the dispatcher dropdown with its filter.
export { checkedSearch, containsText, continuedBy, matchedInNode, matchingPages, scrolledMatch, type CheckedPage, type PickerSearch } from './checkedSearch';
export {
	dispatchersProperty,
	filterByDispatchers,
	keepDispatchers,
} from './dispatchers';
export { idParameter, pathWithId } from './ids';
export { locatorValue, recordLocator, unitPicker } from './recordLocator';
export { cachedPerCredential } from './searchCache';
