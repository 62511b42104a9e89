/** Runtime configuration of the sandbox and the checks on a change sent over the control API. */
import { badRequest, isPlainObject } from './http.cts';

export interface RateLimitConfig {
	limit: number;
	windowMs: number;
	/**
	 * Resolution of Retry-After, 1000 (whole seconds, as Datatruck sends it) unless set. A bench
	 * that shrinks the minute can shrink this with it (then Retry-After has decimals, e.g. `0.05`).
	 */
	retryAfterStepMs?: number;
}

export interface SandboxConfig {
	/** Per-token sliding window (spec: 20 requests per minute); false disables limiting. */
	rateLimit: RateLimitConfig | false;
	/** Accepted API keys; replacing the list simulates a regenerated or deleted token. */
	tokens: string[];
	/** Which date places a trip in the dispatcher board window (A21 "payroll setting"). */
	payrollDateBy: 'pickup' | 'delivery';
	/** Driver update reply: `{detail}` or `[driver]`, the two shapes the spec publishes. */
	driverUpdateReply: 'detail' | 'array';
	/**
	 * `PATCH /drivers/update/{pk}/`, DRF's partial update beside the published PUT (A37): `accepted` as an update view
	 * of Django REST Framework takes it, or `refused`: 405 with `Allow: PUT, OPTIONS`, and OPTIONS does not list it.
	 */
	driverUpdatePatch: 'accepted' | 'refused';
	/** Driver list shape: the published one, or also the update-only fields (is_main, mc_number, brith_date, …) a real Datatruck might send. */
	driverListFields: 'published' | 'withUpdateFields';
	/** Origin of `next`/`previous` links; null = the sandbox's own. A foreign one tests the node's link checks. */
	nextOrigin: string | null;
	/** `next` always points at the page just served, to test loop detection. */
	repeatNext: boolean;
	/**
	 * The name work-order reads give the creation time (A7 assumes `created_datetime`); null leaves it
	 * out. Filters and ordering still use the stored field, as a server that merely names it otherwise.
	 */
	workOrderTimeField: string | null;
	/**
	 * How each list departs from the sandbox's own choices where the specification is silent (issue 28,
	 * requirement 6). A list left out behaves as by default. Setting `lists` replaces the whole setting.
	 */
	lists: ListSwitches;
	/** Refuses an API request whose request line (`METHOD url HTTP/1.1`) is longer than `bytes`; null = no limit. */
	maxRequestLine: RequestLineLimit | null;
	/** true: loads filter and sort on `dispatcher__id` (A31); false: only the published `dispatcher__full_name`. */
	loadsDispatcherId: boolean;
	/**
	 * The form of `next`/`previous` links: `absolute` on the link origin (DRF's default), `http` the same with
	 * `http://` (DRF behind a TLS proxy without the forwarded-proto header), `relative` the path from the host
	 * (`/api/v1/openapi/orders/?page=2`), `resourceRelative` as Datatruck's pages print it (`/work-orders/?page=2`,
	 * without the API prefix), `absent` no `next`/`previous` keys at all.
	 */
	nextLinks: NextLinkForm;
	/** Work Order › Create as the spec reads (`notes [{body}]`, `tags [{name}]`), or as Datatruck's page publishes it (required fields, strings). */
	workOrderCreate: 'spec' | 'published';
	/** Load › Create stops as the spec's read shape suggests (`company`, `address1`, `city`, …), or as Datatruck's page publishes them. */
	loadCreate: 'spec' | 'published';
	/**
	 * The preset last applied: setting it sets `lists`, `maxRequestLine`, `loadsDispatcherId`, the spec's forms and
	 * `driverUpdatePatch` (keys given
	 * in the same change win). `spec-only` supports only what freight-ops-api.md publishes.
	 */
	profile: SandboxProfile;
}

export const LIST_NAMES = ['loads', 'workOrders', 'drivers', 'trucks', 'trailers', 'dispatcherBoard'] as const;
export type ListName = (typeof LIST_NAMES)[number];

export interface ListSwitch {
	/** Ignores `filter` wholly (true), or the conditions on these columns (trucks, trailers: the `search`/`status` parameters). */
	ignoreFilter?: true | string[];
	/**
	 * Answers in its default order whatever `ordering` says (true), or in this ordering (`id`: oldest first, a field
	 * such as `procedure_name`: in no order by id), as a server that sorts its own way would.
	 */
	ignoreOrdering?: boolean | string;
	/** Takes one ordering field: a 400 on "a,b" (`reject`), or sorts by "a" alone (`ignoreRest`). */
	singleOrdering?: 'reject' | 'ignoreRest';
	/** A 400 for a filter on a column the specification does not publish for that list. */
	rejectUnknownColumns?: boolean;
	/** Answers pages of its own size (the list's default, 10) whatever `page_size` says, `all` included. */
	ignorePageSize?: boolean;
	/** Answers page 1 whatever `page` says, its `next` link still naming page 2 (a page parameter of another name). */
	ignorePage?: boolean;
	/** Answers each page as a bare JSON array, without the `count`/`next`/`results` envelope (the loads list's published sample). */
	bareArray?: boolean;
}

export const NEXT_LINK_FORMS = ['absolute', 'http', 'relative', 'resourceRelative', 'absent'] as const;
export type NextLinkForm = (typeof NEXT_LINK_FORMS)[number];

export type ListSwitches = { [L in ListName]?: ListSwitch };

export interface RequestLineLimit {
	bytes: number;
	/** 414 (nginx in front), or 400 with gunicorn's "Request Line is too large (4101 > 4094)". */
	status: 414 | 400;
}

export const SANDBOX_PROFILES = ['default', 'spec-only', 'published'] as const;
export type SandboxProfile = (typeof SANDBOX_PROFILES)[number];

type ProfileSettings = Pick<
	SandboxConfig,
	'lists' | 'maxRequestLine' | 'loadsDispatcherId' | 'nextLinks' | 'workOrderTimeField' | 'workOrderCreate' | 'loadCreate' | 'driverUpdatePatch'
>;

/** What the spec leaves as the sandbox serves it: the settings every profile but `published` keeps. */
const SPEC_FORMS = { nextLinks: 'absolute', workOrderTimeField: 'created_datetime', workOrderCreate: 'spec', loadCreate: 'spec' } as const;
/** Datatruck's published maximum: "10 items per page" on every paginated endpoint. */
const TEN_A_PAGE: ListSwitch = { ignorePageSize: true };

/**
 * What each profile sets. spec-only reads freight-ops-api.md line by line: the loads list publishes `page`,
 * `page_size`, `ordering` ("ORM field path": one field) and `filter` on its record's fields; the work-order and
 * truck lists' query is "not shown"; the driver list publishes ordering and filter but the node's `id` condition
 * is not among its shapes; the trailer list and the board publish what the sandbox serves. gunicorn's default
 * `limit_request_line` is 4094.
 */
export const PROFILE_SETTINGS: { [P in SandboxProfile]: ProfileSettings } = {
	default: { lists: {}, maxRequestLine: null, loadsDispatcherId: true, driverUpdatePatch: 'accepted', ...SPEC_FORMS },
	/**
	 * Datatruck as its own reference pages describe it (shared/datatruck-published-docs.md): 10 records a page on
	 * every list, `next` written relative to the resource, work orders without a creation time whose list takes
	 * only `page` and `status`, Work Order › Create with the published required fields and strings for notes and
	 * tags, Load › Create with the published stop. Where the pages are silent it serves as by default.
	 */
	published: {
		lists: {
			loads: TEN_A_PAGE,
			workOrders: { ignoreFilter: true, ignoreOrdering: true, ignorePageSize: true },
			drivers: TEN_A_PAGE,
			trucks: TEN_A_PAGE,
			trailers: TEN_A_PAGE,
			dispatcherBoard: TEN_A_PAGE,
		},
		maxRequestLine: null,
		loadsDispatcherId: true,
		nextLinks: 'resourceRelative',
		workOrderTimeField: null,
		workOrderCreate: 'published',
		loadCreate: 'published',
		// The pages say nothing of the driver update: served as by default.
		driverUpdatePatch: 'accepted',
	},
	'spec-only': {
		...SPEC_FORMS,
		lists: {
			loads: { singleOrdering: 'reject', rejectUnknownColumns: true },
			workOrders: { ignoreFilter: true, ignoreOrdering: true, ignorePageSize: true },
			drivers: { ignoreFilter: ['id'], singleOrdering: 'reject', rejectUnknownColumns: true },
			trucks: { ignoreFilter: true, ignorePageSize: true },
		},
		maxRequestLine: { bytes: 4094, status: 400 },
		loadsDispatcherId: false,
		// The contract publishes PUT alone.
		driverUpdatePatch: 'refused',
	},
};

export const DEFAULT_RATE_LIMIT: RateLimitConfig = { limit: 20, windowMs: 60_000 };

const isPositiveInteger = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value > 0;

type Check = (value: unknown) => string | undefined;

/** Lists whose query the sandbox reads through the filter engine; the others have no `ordering` or filter columns. */
const QUERIED_LISTS: readonly ListName[] = ['loads', 'workOrders', 'drivers'];
const EQUIPMENT_PARAMETERS = ['search', 'status'];

/** Which switches act on a list; a switch that would do nothing there is refused rather than silently kept. */
function switchesOf(list: ListName): readonly (keyof ListSwitch)[] {
	if (QUERIED_LISTS.includes(list)) return ['ignoreFilter', 'ignoreOrdering', 'singleOrdering', 'rejectUnknownColumns', 'ignorePageSize', 'ignorePage', 'bareArray'];
	if (list === 'dispatcherBoard') return ['ignorePageSize', 'ignorePage', 'bareArray'];
	return ['ignoreFilter', 'ignorePageSize', 'ignorePage', 'bareArray'];
}

const SWITCH_CHECKS: { [K in keyof ListSwitch]-?: (value: unknown, list: ListName) => string | undefined } = {
	ignoreFilter: (v, list) => {
		if (v === true) return undefined;
		const allowed = QUERIED_LISTS.includes(list) ? undefined : EQUIPMENT_PARAMETERS;
		const fine = Array.isArray(v) && v.length > 0 && v.every((c) => typeof c === 'string' && c !== '' && (!allowed || allowed.includes(c)));
		if (fine) return undefined;
		return allowed ? `must be true or a non-empty list of ${allowed.join(', ')}` : 'must be true or a non-empty list of column names';
	},
	ignoreOrdering: (v) =>
		typeof v === 'boolean' || (typeof v === 'string' && /^-?\w+(__\w+)*$/.test(v)) ? undefined : 'must be true, false or one ordering field such as "id"',
	singleOrdering: (v) => (v === 'reject' || v === 'ignoreRest' ? undefined : 'must be "reject" or "ignoreRest"'),
	rejectUnknownColumns: (v) => (typeof v === 'boolean' ? undefined : 'must be true or false'),
	ignorePageSize: (v) => (typeof v === 'boolean' ? undefined : 'must be true or false'),
	ignorePage: (v) => (typeof v === 'boolean' ? undefined : 'must be true or false'),
	bareArray: (v) => (typeof v === 'boolean' ? undefined : 'must be true or false'),
};

function checkListSwitch(list: ListName, raw: unknown): string | undefined {
	if (!isPlainObject(raw)) return `${list} must be an object of switches`;
	const allowed = switchesOf(list);
	for (const [name, value] of Object.entries(raw)) {
		if (!allowed.includes(name as keyof ListSwitch)) {
			const known = Object.prototype.hasOwnProperty.call(SWITCH_CHECKS, name);
			return `${list}.${name}: ${known ? 'does nothing on this list' : 'unknown switch'}; use one of ${allowed.join(', ')}`;
		}
		const problem = SWITCH_CHECKS[name as keyof ListSwitch](value, list);
		if (problem) return `${list}.${name}: ${problem}`;
	}
	return undefined;
}

function checkLists(raw: unknown): string | undefined {
	if (!isPlainObject(raw)) return `must be an object keyed by ${LIST_NAMES.join(', ')}`;
	for (const [list, value] of Object.entries(raw)) {
		if (!LIST_NAMES.includes(list as ListName)) return `${list}: unknown list; use one of ${LIST_NAMES.join(', ')}`;
		const problem = checkListSwitch(list as ListName, value);
		if (problem) return problem;
	}
	return undefined;
}

/** Each configurable key with what makes a value acceptable (undefined = fine, else the problem). */
const CHECKS: { [K in keyof SandboxConfig]: Check } = {
	rateLimit: (v) =>
		v === false ||
		(isPlainObject(v) &&
			isPositiveInteger(v.limit) &&
			isPositiveInteger(v.windowMs) &&
			(v.retryAfterStepMs === undefined || isPositiveInteger(v.retryAfterStepMs)))
			? undefined
			: 'must be false or {limit, windowMs, retryAfterStepMs?} with positive integers',
	tokens: (v) =>
		Array.isArray(v) && v.length > 0 && v.every((t) => typeof t === 'string' && t.length > 0) ? undefined : 'must be a non-empty list of non-empty strings',
	payrollDateBy: (v) => (v === 'pickup' || v === 'delivery' ? undefined : 'must be "pickup" or "delivery"'),
	driverUpdateReply: (v) => (v === 'detail' || v === 'array' ? undefined : 'must be "detail" or "array"'),
	driverUpdatePatch: (v) => (v === 'accepted' || v === 'refused' ? undefined : 'must be "accepted" or "refused"'),
	driverListFields: (v) => (v === 'published' || v === 'withUpdateFields' ? undefined : 'must be "published" or "withUpdateFields"'),
	nextOrigin: (v) => (v === null || (typeof v === 'string' && /^https?:\/\/[^/?#]+$/.test(v)) ? undefined : 'must be null or an origin such as "http://127.0.0.1:9"'),
	repeatNext: (v) => (typeof v === 'boolean' ? undefined : 'must be true or false'),
	workOrderTimeField: (v) => (v === null || (typeof v === 'string' && /^\w+$/.test(v)) ? undefined : 'must be null or a field name'),
	lists: checkLists,
	maxRequestLine: (v) =>
		v === null || (isPlainObject(v) && isPositiveInteger(v.bytes) && (v.status === 414 || v.status === 400) && Object.keys(v).length === 2)
			? undefined
			: 'must be null or {bytes, status} with a positive integer and 414 or 400',
	loadsDispatcherId: (v) => (typeof v === 'boolean' ? undefined : 'must be true or false'),
	nextLinks: (v) => (NEXT_LINK_FORMS.includes(v as NextLinkForm) ? undefined : `must be one of ${NEXT_LINK_FORMS.join(', ')}`),
	workOrderCreate: (v) => (v === 'spec' || v === 'published' ? undefined : 'must be "spec" or "published"'),
	loadCreate: (v) => (v === 'spec' || v === 'published' ? undefined : 'must be "spec" or "published"'),
	profile: (v) => (SANDBOX_PROFILES.includes(v as SandboxProfile) ? undefined : `must be one of ${SANDBOX_PROFILES.map((p) => `"${p}"`).join(', ')}`),
};

/** Checks a partial configuration; throws a 400 naming the first bad or unknown key. */
export function parseConfigPatch(raw: unknown): Partial<SandboxConfig> {
	if (!isPlainObject(raw)) throw badRequest('The configuration must be a JSON object.');
	for (const [key, value] of Object.entries(raw)) {
		if (!Object.prototype.hasOwnProperty.call(CHECKS, key)) {
			throw badRequest(`${key}: unknown setting; use one of ${Object.keys(CHECKS).join(', ')}.`);
		}
		const problem = CHECKS[key as keyof SandboxConfig](value);
		if (problem) throw badRequest(`${key}: ${problem}.`);
	}
	const patch = raw as Partial<SandboxConfig>;
	// A profile is its settings; keys given beside it adjust it.
	return patch.profile === undefined ? patch : { ...PROFILE_SETTINGS[patch.profile], ...patch };
}

/** The switches of one list, none when it behaves as by default. */
export const switchesFor = (config: SandboxConfig, list: ListName): ListSwitch => config.lists[list] ?? {};
