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

export const portalId = portal.id;
export const welcomeId = welcome.id;
