// Transport owns the one way a request leaves for Datatruck: the credential's connection, the rate limiter shared per
// token, retries, timeouts and the errors a user reads. Everything else reaches Datatruck through this entry.
export { bareToken, companyToBaseUrl } from './connection';
export { isBadRequest, type RequestPurpose } from './errors';
export { fnv1a } from './rateLimiter';
export { userTimeoutOf } from './timeouts';
export { pause } from './wait';
export {
	CREDENTIAL_TYPE,
	connectionFor,
	countedByDatatruck,
	datatruckRequest,
	datatruckResponse,
	describeFault,
	faultRetryPause,
	mayRetryTooManyRequests,
	retryPolicy,
	TOO_MANY_REQUESTS_HINT,
	type DatatruckAnswer,
	type DatatruckMethod,
	type Connection,
	type DatatruckContext,
	type DatatruckRequest,
} from './transport';
