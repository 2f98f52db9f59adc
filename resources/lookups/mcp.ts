import type * as pulumi from "@pulumi/pulumi";
import * as plain from "../../provider/lookups/mcp";
import type { ListMcpResourcesArgs } from "../../provider/lookups/args";
import type { McpResource } from "../types";
import { type LookupOptions, programOptions } from "./config";
import { lookupOutput, type LookupInputs } from "./output";

export type { ListMcpResourcesArgs };

/** An MCP resource discovered by a connector (spec 2.15); unknown fields and enum values are kept. */
export type McpResourceInfo = McpResource;

/**
 * Every MCP resource one connector of an app discovered
 * (`GET /api/v1/apps/{app_id}/connectors/{connector_id}/mcp_resources`), in the service's order, paging by
 * itself (at most 100 per page). Filtering by kind or state is a separate search the spec does not show.
 */
export function listMcpResources(
  args: ListMcpResourcesArgs,
  options?: LookupOptions,
): Promise<McpResourceInfo[]> {
  return plain.listMcpResources(args, programOptions(options));
}

/** {@link listMcpResources} with Pulumi inputs, answering an Output. */
export function listMcpResourcesOutput(
  args: LookupInputs<ListMcpResourcesArgs>,
  options?: LookupOptions,
): pulumi.Output<McpResourceInfo[]> {
  return lookupOutput(listMcpResources, args, options);
}
