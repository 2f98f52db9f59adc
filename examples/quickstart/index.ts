import * as pulumi from "@pulumi/pulumi";
import { App, Automation, RequestCatalog } from "pulumi-idgov";

const config = new pulumi.Config();
// Existing apps of the tenant to take under management (the emulator's seeded GitHub and AWS apps by default).
const githubAppId = config.get("githubAppId") ?? "app-github";
const awsAppId = config.get("awsAppId") ?? "app-aws";

const github = new App("github", {
  adoptId: githubAppId,
  description: "Source control for every engineering team",
  monthlyCostUsd: 2100,
  annotations: { team: "platform", cost_center: "eng-42" },
});

const aws = new App("aws", {
  adoptId: awsAppId,
  description: "Production cloud accounts",
  annotations: { team: "platform" },
});

const wiki = new App("wiki", {
  displayName: "Team Wiki",
  description: "Internal documentation, requested through the engineering starter kit",
  instructions: "Ask #help-wiki for a space of your own.",
  annotations: { team: "docs" },
});

const starterKit = new RequestCatalog("engineering-starter-kit", {
  displayName: "Engineering starter kit",
  description: "Everything a new engineer needs on day one",
  published: true,
  visibleToEveryone: true,
  accessEntitlements: [
    { appId: github.id, id: config.get("githubMemberEntitlementId") ?? "ent-github-org-member" },
    { appId: aws.id, id: config.get("awsReadOnlyEntitlementId") ?? "ent-aws-readonly" },
  ],
  annotations: { team: "platform" },
});

const welcome = new Automation("welcome-new-engineers", {
  displayName: "Welcome new engineers",
  appId: wiki.id,
  enabled: true,
  triggers: [{ userCreated: { condition: 'user.department == "Engineering"' } }],
  automationSteps: [
    {
      stepName: "welcome",
      sendEmail: { subject: "Welcome aboard", body: "Glad to have you.", useSubjectUser: true },
    },
    { stepName: "wait-a-day", waitForDuration: { duration: "86400s" } },
  ],
  circuitBreakerMax: 50,
  circuitBreakerPeriod: "CIRCUIT_BREAKER_PERIOD_DAY",
  annotations: { team: "platform" },
});

export const appIds = { github: github.id, aws: aws.id, wiki: wiki.id };
export const starterKitId = starterKit.id;
export const starterKitEntitlements = starterKit.accessEntitlements;
export const automationId = welcome.id;
export const automationEnabled = welcome.enabled;
export const webhookUrl = welcome.webhookCapabilityUrl;
