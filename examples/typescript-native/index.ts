import * as idgov from "@pulumi-idgov/idgov";

/** An app of the tenant, with its owner team's annotation, through the native provider's generated SDK. */
const portal = new idgov.App("portal", {
  displayName: "Portal (TypeScript)",
  description: "Managed from TypeScript through pulumi-resource-idgov",
  annotations: { team: "iam" },
});

/** A second kind, tied to the app: a welcome email to every new user of the engineering department. */
const welcome = new idgov.Automation("portal-welcome", {
  displayName: "Welcome to the portal (TypeScript)",
  appId: portal.id,
  enabled: true,
  triggers: [{ userCreated: { condition: 'user.department == "Engineering"' } }],
  automationSteps: [
    {
      stepName: "welcome",
      sendEmail: { subject: "Welcome to the portal", body: "Sign in at the portal.", useSubjectUser: true },
    },
  ],
  annotations: { team: "iam" },
});

/**
 * The portal's access, onboarded the governed way by one component built by the plugin: the Payroll app with its
 * owners and policies, its private request catalog, and the welcome automation's circuit breaker by default.
 */
const payroll = new idgov.GovernedApp("payroll", {
  displayName: "Payroll (TypeScript)",
  owners: ["user-0001", "user-0002"],
  grantPolicyId: "policy-manager-approval",
  revokePolicyId: "policy-auto-revoke",
  annotations: { team: "finance" },
  catalogEntitlements: [{ appId: "app-github", id: "ent-github-org-member" }],
});

// The tenant's session, SSO and cross-app-access settings to the company's standard, by a second component. The
// settings are one per tenant: no other resource of this program declares them. Destroy puts them back as they were.
const baseline = new idgov.TenantBaseline("baseline", {
  adminNetworks: ["10.20.0.0/16", "2001:db8:20::/48"],
});

export const portalId = portal.id;
export const payrollAppId = payroll.appId;
export const payrollCatalogId = payroll.requestCatalogId;
export const welcomeId = welcome.id;
export const sessionLength = baseline.sessionLength;
