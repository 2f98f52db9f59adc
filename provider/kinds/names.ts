/**
 * The name of every kind, in the order `pulumi-idgov export` reads and writes them. The registry
 * (`provider/kinds/index.ts`) holds one declaration per name, and the public types (`scripts/publicOutputs.ts`) one
 * outputs interface per name. Kept apart from the declarations so that reading it loads no schema.
 */
export const KIND_NAMES = [
  "App",
  "RequestCatalog",
  "Automation",
  "AuthConfig",
  "SsoSettings",
  "XaaSettings",
  "SessionSettings",
  "AppResource",
  "AccessReviewScope",
] as const;

/** The name of a kind: `App`. */
export type KindName = (typeof KIND_NAMES)[number];
