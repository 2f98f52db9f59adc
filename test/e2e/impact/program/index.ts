import * as pulumi from "@pulumi/pulumi";
import { App, RequestCatalog } from "pulumi-idgov";

/**
 * Adopts the seeded catalog `cat-engineering` and the apps `app-salesforce` and `app-aws`.
 * `impact:visibleToEveryone` sets the catalog's visibility (default true, as seeded);
 * `impact:keepSalesforce=false` drops the Salesforce app from the program, so the next run deletes it.
 */
const config = new pulumi.Config("impact");

new RequestCatalog("engineering", {
  adoptId: "cat-engineering",
  displayName: "Engineering essentials",
  visibleToEveryone: config.getBoolean("visibleToEveryone") ?? true,
});

if (config.getBoolean("keepSalesforce") ?? true) {
  new App("salesforce", { adoptId: "app-salesforce", description: "CRM for the sales organization." });
}

new App("aws", {
  adoptId: "app-aws",
  description: "Production AWS organization (payments and core platform accounts).",
});
