// Pickers own how a user names a record: resource locators and the ids read from them, the search cache behind their
// lists, and the dispatcher dropdown with its filter.
export {
	dispatchersProperty,
	filterByDispatchers,
	keepDispatchers,
} from './dispatchers';
export { idParameter, pathWithId } from './ids';
export { locatorValue, recordLocator, unitPicker } from './recordLocator';
export { cachedPerCredential } from './searchCache';
