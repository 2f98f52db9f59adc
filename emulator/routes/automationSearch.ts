import { schemaNamed } from "../model/document";
import { parseRequest } from "../model/request";
import { effectivePageSize, paginate } from "../pagination";
import type { Router } from "../router";
import { indexedRecords } from "../searchIndex";
import type { JsonObject } from "../state";

/** A search body as checked against `SearchAutomationsRequest` (null fields dropped). */
interface SearchAutomationsBody {
  appId?: string;
  appIds?: string[];
  direction?: string;
  isDraft?: boolean;
  pageSize?: number;
  pageToken?: string;
  query?: string;
  refs?: { id?: string }[];
  sortField?: string;
  statuses?: string[];
  triggerTypes?: string[];
}

const SEARCH_FIELDS = schemaNamed("SearchAutomationsRequest").properties ?? {};
const AUTOMATION_SORT_FIELDS = SEARCH_FIELDS["sortField"]?.enum ?? [];
const SORT_DIRECTIONS = SEARCH_FIELDS["direction"]?.enum ?? [];

/** The filters of one search, normalised (spec 4 operation rules 1-3). */
interface AutomationFilter {
  /** Apps to keep; empty keeps every app. */
  appIds: string[];
  /** true: drafts only; false: published only; undefined: both. */
  isDraft: boolean | undefined;
  /** The `enabled` values kept; undefined keeps both; empty (only unknown statuses) keeps none. */
  enabled: boolean[] | undefined;
  /** Lower-cased text looked for in displayName and description; "" matches all. */
  query: string;
  /** Automation ids named by `refs`; empty keeps every automation. */
  ids: string[];
  /** Primary trigger types to keep; empty keeps every type. */
  triggerTypes: string[];
}

/** The order of one search (spec 4 operation rule 4). */
interface AutomationOrder {
  field: string;
  descending: boolean;
}

const UNSPECIFIED_FIELD = "AUTOMATION_SORT_FIELD_UNSPECIFIED";
const STATUS_ON = "AUTOMATION_STATUS_FILTER_ON";
const STATUS_OFF = "AUTOMATION_STATUS_FILTER_OFF";
const STATUS_UNSPECIFIED = "AUTOMATION_STATUS_FILTER_UNSPECIFIED";

/** Rule 3: no status filter when statuses is empty or holds both ON and OFF; an unknown status matches none. */
function enabledFilter(statuses: readonly string[]): boolean[] | undefined {
  const set = statuses.filter((status) => status !== STATUS_UNSPECIFIED);
  const on = set.includes(STATUS_ON);
  const off = set.includes(STATUS_OFF);
  if (set.length === 0 || (on && off)) return undefined;
  return [...(on ? [true] : []), ...(off ? [false] : [])];
}

/** The member when the spec knows it, else the zero member (an unknown value falls back to the defaults). */
function known(value: string | undefined, members: readonly string[]): string | undefined {
  return value !== undefined && members.includes(value) ? value : undefined;
}

function filterOf(body: SearchAutomationsBody): AutomationFilter {
  const appIds = body.appIds ?? [];
  return {
    appIds: appIds.length > 0 ? appIds : body.appId ? [body.appId] : [],
    isDraft: body.isDraft ?? undefined,
    enabled: enabledFilter(body.statuses ?? []),
    query: (body.query ?? "").trim().toLowerCase(),
    ids: (body.refs ?? []).map((ref) => ref.id ?? ""),
    triggerTypes: body.triggerTypes ?? [],
  };
}

/** Rule 4: UNSPECIFIED direction is ascending when a field is set; with neither, createdAt descending. */
function orderOf(body: SearchAutomationsBody): AutomationOrder {
  const sortField = known(body.sortField, AUTOMATION_SORT_FIELDS) ?? UNSPECIFIED_FIELD;
  const fieldSet = sortField !== UNSPECIFIED_FIELD;
  const direction = known(body.direction, SORT_DIRECTIONS) ?? "SORT_DIRECTION_UNSPECIFIED";
  return {
    field: fieldSet ? sortField : "AUTOMATION_SORT_FIELD_CREATED_AT",
    descending:
      direction === "SORT_DIRECTION_DESC" || (!fieldSet && direction === "SORT_DIRECTION_UNSPECIFIED"),
  };
}

function matches(automation: JsonObject, filter: AutomationFilter): boolean {
  if (filter.appIds.length > 0 && !filter.appIds.includes(String(automation["appId"]))) return false;
  if (filter.isDraft !== undefined && (automation["isDraft"] === true) !== filter.isDraft) return false;
  if (filter.enabled !== undefined && !filter.enabled.includes(automation["enabled"] === true)) return false;
  if (filter.ids.length > 0 && !filter.ids.includes(String(automation["id"]))) return false;
  if (
    filter.triggerTypes.length > 0 &&
    !filter.triggerTypes.includes(String(automation["primaryTriggerType"]))
  ) {
    return false;
  }
  if (filter.query === "") return true;
  const text = `${String(automation["displayName"])}\n${String(automation["description"])}`.toLowerCase();
  return text.includes(filter.query);
}

function instant(value: unknown): number {
  const parsed = typeof value === "string" ? Date.parse(value) : Number.NaN;
  return Number.isNaN(parsed) ? Number.NEGATIVE_INFINITY : parsed;
}

/** The value an automation is sorted by; unset timestamps sort before every set one. */
function sortKey(automation: JsonObject, field: string): string | number {
  switch (field) {
    case "AUTOMATION_SORT_FIELD_DISPLAY_NAME":
      return String(automation["displayName"]).toLowerCase();
    case "AUTOMATION_SORT_FIELD_LAST_EXECUTED_AT":
      return instant(automation["lastExecutedAt"]);
    case "AUTOMATION_SORT_FIELD_ENABLED":
      return automation["enabled"] === true ? 1 : 0;
    case "AUTOMATION_SORT_FIELD_PRIMARY_TRIGGER_TYPE":
      return String(automation["primaryTriggerType"]);
    default:
      return instant(automation["createdAt"]);
  }
}

/** Filters and orders automations; ties are broken by id ascending, so the order is stable. */
function searchAutomations(
  automations: Iterable<JsonObject>,
  filter: AutomationFilter,
  order: AutomationOrder,
): JsonObject[] {
  const keyed = [...automations]
    .filter((automation) => matches(automation, filter))
    .map((automation) => ({
      automation,
      key: sortKey(automation, order.field),
      id: String(automation["id"]),
    }));
  const sign = order.descending ? -1 : 1;
  keyed.sort((left, right) => {
    if (left.key !== right.key) return (left.key < right.key ? -1 : 1) * sign;
    return left.id < right.id ? -1 : left.id > right.id ? 1 : 0;
  });
  return keyed.map(({ automation }) => automation);
}

/**
 * `POST /api/v1/search/automations` (spec 4, operation rules 1-5), paged by body pageSize/pageToken. With the
 * `searchLagMs` switch the index trails writes ({@link indexedRecords}).
 */
export function registerAutomationSearchRoute(router: Router): void {
  router.on("POST", "/api/v1/search/automations", ({ body, store, searchLagMs }) => {
    const parsed = parseRequest("searchAutomations", body) as SearchAutomationsBody;
    const filter = filterOf(parsed);
    const order = orderOf(parsed);
    const automations = Object.values(store.state.automations);
    const seen = indexedRecords(store.state, "automations", automations, searchLagMs, (record) => record);
    const found = searchAutomations(seen, filter, order);
    const scope = `search/automations ${JSON.stringify([filter, order])}`;
    const pageSize = effectivePageSize(parsed.pageSize, "pageSize");
    const page = paginate(found, pageSize, parsed.pageToken, scope, "pageToken");
    return {
      list: page.items,
      nextPageToken: page.nextPageToken,
    };
  });
}
