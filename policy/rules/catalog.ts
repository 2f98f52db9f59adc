import { cannotJudge, readField, type Rule } from "../rule";

/** `idgov-catalog-visibility`: a catalog visible to everyone must be one the security team named. */
export const catalogVisibility: Rule = {
  name: "idgov-catalog-visibility",
  description:
    "A RequestCatalog with `visibleToEveryone: true` is allowed only when its `displayName` (or its resource name) " +
    "is in `publicCatalogs`.",
  reason:
    "`visibleToEveryone` shows a catalog, and every entitlement in it, to every user of the tenant (spec 2.4); " +
    "which catalogs the whole company may browse is a decision, not a default.",
  kinds: ["RequestCatalog"],
  fields: { RequestCatalog: ["visibleToEveryone", "displayName"] },
  parameters: {
    publicCatalogs: {
      type: "array",
      description: "The display names (or resource names) of the catalogs that may be visible to everyone.",
      default: [],
    },
  },
  judge({ name, props }, config) {
    const visible = readField(props, "visibleToEveryone");
    if (!visible.known) return [cannotJudge("visibleToEveryone", this.name)];
    if (visible.value !== true) return [];
    const displayName = readField(props, "displayName");
    if (!displayName.known) return [cannotJudge("displayName", this.name)];
    const allowed = Array.isArray(config.publicCatalogs) ? (config.publicCatalogs as unknown[]) : [];
    if (allowed.includes(displayName.value) || allowed.includes(name)) return [];
    return [
      {
        property: "visibleToEveryone",
        problem: `is true, and ${JSON.stringify(displayName.value ?? name)} is not in ${this.name}'s publicCatalogs`,
        comply:
          "set visibleToEveryone to false, or add the catalog's displayName to publicCatalogs in the policy config",
      },
    ];
  },
};
