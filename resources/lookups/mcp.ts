import type * as pulumi from "@pulumi/pulumi";
import { apiPath } from "../../provider/client/paths";
import { mcpResourceSchema } from "../../provider/schemas";
import type { McpResource } from "../types";
import { checkListArgKeys, pagingOf, requireId, type PagingArgs } from "./arguments";
import type { LookupOptions } from "./config";
import { fetchAll } from "./fetch";
import { lookupOutput, type LookupInputs } from "./output";

/** An MCP resource discovered by a connector (spec 2.15); unknown fields and enum values are kept. */
export type McpResourceInfo = McpResource;

/** Arguments of {@link listMcpResources}: both ids are required. */
export interface ListMcpResourcesArgs extends PagingArgs {
  /** The app the connector belongs to. Required. */
  appId: string;
  /** The connector that discovered the resources. Required. */
  connectorId: string;
}

const LOOKUP = "listMcpResources";

/**
 * Every MCP resource one connector of an app discovered
 * (`GET /api/v1/apps/{app_id}/connectors/{connector_id}/mcp_resources`), in the service's order, paging by
 * itself (at most 100 per page). Filtering by kind or state is a separate search the spec does not show.
 */
export async function listMcpResources(
  args: ListMcpResourcesArgs,
  options?: LookupOptions,
): Promise<McpResourceInfo[]> {
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

/** {@link listMcpResources} with Pulumi inputs, answering an Output. */
export function listMcpResourcesOutput(
  args: LookupInputs<ListMcpResourcesArgs>,
  options?: LookupOptions,
): pulumi.Output<McpResourceInfo[]> {
  return lookupOutput(listMcpResources, args, options);
}
