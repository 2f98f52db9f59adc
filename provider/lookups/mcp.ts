import { apiPath } from "../client/paths";
import { mcpResourceSchema } from "../schemas";
import { checkListArgKeys, pagingOf, requireId } from "./arguments";
import type { LookupOptions } from "./options";
import { fetchAll } from "./fetch";
import type { ListMcpResourcesArgs } from "./args";

const LOOKUP = "listMcpResources";

/**
 * Every MCP resource one connector of an app discovered
 * (`GET /api/v1/apps/{app_id}/connectors/{connector_id}/mcp_resources`), in the service's order, paging by
 * itself (at most 100 per page). Filtering by kind or state is a separate search the spec does not show.
 */
export async function listMcpResources(args: ListMcpResourcesArgs, options?: LookupOptions) {
  const checked = checkListArgKeys(LOOKUP, args, ["appId", "connectorId"]);
  const appId = requireId(LOOKUP, checked, "appId");
  const connectorId = requireId(LOOKUP, checked, "connectorId");
  return fetchAll(LOOKUP, options, {
    method: "GET",
    path: apiPath`/api/v1/apps/${appId}/connectors/${connectorId}/mcp_resources`,
    itemsKey: "resources",
    itemSchema: mcpResourceSchema,
    ...pagingOf(LOOKUP, checked, 100),
  });
}
