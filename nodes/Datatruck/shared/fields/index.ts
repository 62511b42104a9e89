// Fields own what a user types before any request: parameter checks with clear errors, request bodies built from the
// form or from JSON, and the simplified load shape.
export {
	BODY_FROM_FIELDS,
	BODY_FROM_JSON,
	bodyModeProperties,
	filledIn,
	groupEntries,
	inBodyMode,
	jsonObject,
	typedBodyValue,
	type BodyValueKind,
} from './body';
export {
	ADDITIONAL_FIELDS,
	additionalFieldsProperty,
	bodyIsJson,
	checkedBody,
	fieldFor,
	flatBody,
	formBody,
	formLabel,
	jsonBodyParameter,
	jsonLabel,
	toApiKeys,
	type BodyField,
	type FieldLabel,
} from './bodyFields';
export { sentWithAnswer } from './asSent';
export { simplifyLoad, simplifyLoadsWhenAsked } from './simplify';
export { isTimeZone, offsetMs, wallClock } from './timeZone';
export { ParameterCheck } from './validation';
