import { cannotJudge, type Finding, readField, type Rule } from "../rule";

/** `idgov-app-owners`: an App has at least `minOwners` owners. */
export const appOwners: Rule = {
  name: "idgov-app-owners",
  description: "An App has at least `minOwners` owners.",
  reason:
    "An app's owners review its access and approve what the app's policies route to them (spec 2.6); an app " +
    "without owners has nobody to answer for its access.",
  kinds: ["App"],
  fields: { App: ["owners"] },
  parameters: {
    minOwners: { type: "integer", description: "The fewest owners an App may have.", default: 1 },
  },
  judge({ props }, config) {
    const minOwners = Number(config.minOwners);
    const owners = readField(props, "owners");
    if (!owners.known) return [cannotJudge("owners", this.name)];
    const count = Array.isArray(owners.value) ? owners.value.length : 0;
    if (count >= minOwners) return [];
    return [
      {
        property: "owners",
        problem: `has ${count} owner${count === 1 ? "" : "s"}, fewer than the ${minOwners} that ${this.name} asks for`,
        comply:
          `list at least ${minOwners} user id${minOwners === 1 ? "" : "s"} in owners ` +
          "(listAppOwners, idgov:index:listAppOwners in the SDKs, lists an app's owners with their user ids)",
      },
    ];
  },
};

/** The finding for an unset policy reference, or none. */
function policyNamed(props: Record<string, unknown>, field: string, rule: string, what: string): Finding[] {
  const value = readField(props, field);
  if (!value.known) return [cannotJudge(field, rule)];
  if (typeof value.value === "string" && value.value !== "") return [];
  return [
    {
      property: field,
      problem: `is not set, so ${what} without a policy (${rule})`,
      comply: `set ${field} to the id of a policy (getSessionPolicy or the tenant's policies list it)`,
    },
  ];
}

/** `idgov-app-approval`: an App names a grant policy, and a revoke policy when `requireRevokePolicy`. */
export const appApproval: Rule = {
  name: "idgov-app-approval",
  description: "An App names a `grantPolicyId` (and a `revokePolicyId` when `requireRevokePolicy` is true).",
  reason:
    "The grant policy decides who approves a request for the app's access and the revoke policy how access is " +
    "taken away (spec 2.6); without them requests follow no review the security team chose.",
  kinds: ["App"],
  fields: { App: ["grantPolicyId", "revokePolicyId"] },
  parameters: {
    requireRevokePolicy: {
      type: "boolean",
      description: "Whether an App must also name a `revokePolicyId`.",
      default: false,
    },
  },
  judge({ props }, config) {
    return [
      ...policyNamed(props, "grantPolicyId", this.name, "access to the app is granted"),
      ...(config.requireRevokePolicy === true
        ? policyNamed(props, "revokePolicyId", this.name, "access to the app is revoked")
        : []),
    ];
  },
};
