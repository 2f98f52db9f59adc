import { notFound } from "../errors";
import { effectivePageSize, pageSizeFromQuery, pageTokenFromQuery, paginate } from "../pagination";
import type { Router } from "../router";
import { requireRecord, sortedByCreation } from "../store";

/**
 * `GET /api/v1/apps/{app_id}/connectors/{connector_id}/mcp_resources` (spec 4, rule 13): the
 * resources one connector of an app discovered, oldest first, at most 100 a page (spec 8.4).
 */
export function registerMcpResourceRoute(router: Router): void {
  router.on(
    "GET",
    "/api/v1/apps/:appId/connectors/:connectorId/mcp_resources",
    ({ params, query, store }) => {
      const appId = params["appId"] ?? "";
      const connectorId = params["connectorId"] ?? "";
      requireRecord(store.state.apps, appId, "app");
      const connector = requireRecord(store.state.connectors, connectorId, "connector");
      if (connector.appId !== appId) throw notFound(`connector "${connectorId}" not found in app "${appId}"`);
      const resources = sortedByCreation(store.state.mcpResources).filter(
        (resource) => resource["appId"] === appId && resource["connectorId"] === connectorId,
      );
      const pageSize = effectivePageSize(pageSizeFromQuery(query));
      const scope = `mcp ${appId} ${connectorId}`;
      const page = paginate(resources, pageSize, pageTokenFromQuery(query), scope);
      return {
        resources: page.items,
        nextPageToken: page.nextPageToken,
      };
    },
  );
}
