// Documents own a load's files: which documents to fetch, and downloads that send the token only to the credential's
// own origin, within the user's size and time limits.
export {
	DEFAULT_MAX_FILE_SIZE_MB,
	DOCUMENT_TYPE_OPTIONS,
	documentItems,
	documentsSettings,
} from './documents';
export { addressKind, type AddressKind } from './linkPolicy';
