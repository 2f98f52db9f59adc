import { MCP_RESOURCE_MODEL } from "../models/discovery";
import { materialize } from "../models/materialize";
import { SEED } from "../seed";
import type { JsonObject } from "../state";
import { seedTime } from "./clock";

const TOPICS = ["tickets", "runbooks", "customers", "incidents", "dashboards", "releases", "contracts"];
/** Kinds and states the document lists (reference 5.5); MCP_RESOURCE_KIND_TOOL is deliberately unknown. */
const KINDS = ["MCP_RESOURCE_KIND_STATIC", "MCP_RESOURCE_KIND_TEMPLATE", "MCP_RESOURCE_KIND_TOOL"];
const STATES = ["MCP_RESOURCE_STATE_APPROVED", "MCP_RESOURCE_STATE_APPROVED", "MCP_RESOURCE_STATE_REMOVED"];

function resource(connectorId: string, prefix: string, index: number): JsonObject {
  const topic = TOPICS[index % TOPICS.length] ?? "items";
  const kind = KINDS[index % KINDS.length] ?? KINDS[0];
  const number = String(index + 1).padStart(3, "0");
  const template = kind === "MCP_RESOURCE_KIND_TEMPLATE";
  return {
    id: `${prefix}-${number}`,
    appId: SEED.mcp.appId,
    connectorId,
    appEntitlementId: index % 4 === 0 ? `ent-mcp-${prefix}-${number}` : "",
    name: `${topic}-${number}`,
    title: `${topic[0]?.toUpperCase()}${topic.slice(1)} #${index + 1}`,
    description: `The ${topic} collection, item ${index + 1}.`,
    uri: template ? "" : `mcp://${connectorId}/${topic}/${number}`,
    uriTemplate: template ? `mcp://${connectorId}/${topic}/{id}` : "",
    mimeType: index % 5 === 0 ? "text/markdown" : "application/json",
    discoveryHash: `sha256-${(index * 2654435761).toString(16).padStart(8, "0").slice(-8)}`,
    entitlementActive: index % 4 === 0,
    grantCount: String(index % 4 === 0 ? index * 3 : 0),
    kind,
    state: STATES[index % STATES.length],
    createdAt: seedTime(-45, index),
    updatedAt: seedTime(-5, index),
    deletedAt: null,
    lastDiscoveredAt: seedTime(-1, index),
  };
}

/** MCP resources: more than 100 for the gateway connector (so listing pages), a handful for the docs one. */
export function seedMcpResources(): Record<string, JsonObject> {
  const resources: Record<string, JsonObject> = {};
  const connectors: [string, string, number][] = [
    [SEED.mcp.connectorId, "mcp-gw", SEED.mcp.count],
    [SEED.mcpSmall.connectorId, "mcp-docs", SEED.mcpSmall.count],
  ];
  for (const [connectorId, prefix, count] of connectors) {
    for (let index = 0; index < count; index += 1) {
      const record = materialize(resource(connectorId, prefix, index), MCP_RESOURCE_MODEL);
      resources[String(record["id"])] = record;
    }
  }
  return resources;
}
