import type { ExampleContext, ExampleSpec } from "../exampleSpec";
import { del, get, post } from "./calls";

const ids = ({ outputs }: ExampleContext) => ({
  wiki: outputs.appIds.wiki as string,
  catalog: outputs.starterKitId as string,
  automation: outputs.automationId as string,
});

const WIKI_DESCRIPTION = "Internal documentation, requested through the engineering starter kit";

/** `examples/quickstart`: adopts two seeded apps, creates an app, a catalog bundling entitlements, an automation. */
export const quickstart: ExampleSpec = {
  example: "quickstart",
  resourceCount: 6,
  upCalls: (context) => {
    const { catalog } = ids(context);
    const { stamps } = context;
    return [
      // One listing per collection the provider process creates in (adopt-before-create), a read before and after
      // each adoption's claim (the owner check), then the writes.
      get("/api/v1/apps"),
      get("/api/v1/catalogs"),
      post("/api/v1/search/automations", { appId: ids(context).wiki, pageSize: 100 }),
      get("/api/v1/apps/app-github"),
      get("/api/v1/apps/app-aws"),
      get("/api/v1/apps/app-github"),
      post("/api/v1/apps/app-github", {
        app: {
          description: "Source control for every engineering team",
          monthlyCostUsd: 2100,
          // `team: platform` is on the seeded app already: only what differs is sent.
          annotations: { cost_center: "eng-42", ...stamps("App", "github") },
        },
        updateMask: "description,monthlyCostUsd,annotations",
      }),
      get("/api/v1/apps/app-aws"),
      post("/api/v1/apps/app-aws", {
        app: {
          description: "Production cloud accounts",
          annotations: { team: "platform", ...stamps("App", "aws") },
        },
        updateMask: "description,annotations",
      }),
      post("/api/v1/apps", {
        displayName: "Team Wiki",
        description: WIKI_DESCRIPTION,
        instructions: "Ask #help-wiki for a space of your own.",
        annotations: { team: "docs", ...stamps("App", "wiki") },
      }),
      post("/api/v1/catalogs", {
        displayName: "Engineering starter kit",
        description: "Everything a new engineer needs on day one",
        published: true,
        visibleToEveryone: true,
        annotations: { team: "platform", ...stamps("RequestCatalog", "engineering-starter-kit") },
      }),
      post(`/api/v1/catalogs/${catalog}/visibility_bindings`, {
        accessEntitlements: [
          { appId: "app-github", id: "ent-github-org-member" },
          { appId: "app-aws", id: "ent-aws-readonly" },
        ],
      }),
      post("/api/v1/automations", {
        displayName: "Welcome new engineers",
        appId: ids(context).wiki,
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
        annotations: { team: "platform", ...stamps("Automation", "welcome-new-engineers") },
      }),
    ];
  },
  oneFieldChange: {
    resource: "aws",
    kind: "App",
    field: "description",
    edit: {
      from: 'description: "Production cloud accounts",',
      to: 'description: "Production cloud accounts (payments and core platform)",',
    },
    call: () =>
      post("/api/v1/apps/app-aws", {
        app: { description: "Production cloud accounts (payments and core platform)" },
        updateMask: "description",
      }),
  },
  drift: {
    resource: "wiki",
    kind: "App",
    field: "description",
    change: (context) =>
      post(`/api/v1/apps/${ids(context).wiki}`, {
        app: { description: "Edited by hand in the admin console" },
        updateMask: "description",
      }),
    restore: (context) =>
      post(`/api/v1/apps/${ids(context).wiki}`, {
        app: { description: WIKI_DESCRIPTION },
        updateMask: "description",
      }),
  },
  breaker: {
    resource: "welcome-new-engineers",
    kind: "Automation",
    field: "enabled",
    executions: 51,
    automationId: (context) => ids(context).automation,
    change: (context) => post(`/api/v1/automations/${ids(context).automation}/execute`, {}),
    restore: (context) =>
      post(`/api/v1/automations/${ids(context).automation}`, {
        automation: { enabled: true },
        updateMask: "enabled",
      }),
  },
  secretOutputs: { "welcome-new-engineers": ["webhookCapabilityUrl", "webhookHmacSecret"] },
  takeover: {
    resource: "github",
    kind: "App",
    objectPath: "/api/v1/apps/app-github",
    claim: post("/api/v1/apps/app-github", {
      app: {
        annotations: {
          managed_by: "pulumi",
          iac_workspace: "acme/platform/prod",
          iac_resource_address: "urn:pulumi:prod::platform::pulumi-nodejs:dynamic/idgov:App::github",
        },
      },
      updateMask: "annotations",
    }),
    refusal:
      'cannot adopt App "app-github": it is managed elsewhere (workspace "acme/platform/prod", tool "pulumi"); ' +
      "set allowTakeover: true to take it over",
    allow: { from: "adoptId: githubAppId,", to: "adoptId: githubAppId,\n  allowTakeover: true," },
    takeOver: ({ stamps }) => {
      const { managed_by: _alreadyPulumi, ...ours } = stamps("App", "github");
      return post("/api/v1/apps/app-github", {
        app: {
          description: "Source control for every engineering team",
          monthlyCostUsd: 2100,
          annotations: { cost_center: "eng-42", ...ours },
        },
        updateMask: "description,monthlyCostUsd,annotations",
      });
    },
    notSent: [{ method: "POST", path: "/api/v1/catalogs" }],
  },
  destroyCalls: (context) => {
    const { wiki, catalog, automation } = ids(context);
    return [
      del(`/api/v1/automations/${automation}`),
      del(`/api/v1/catalogs/${catalog}`),
      del(`/api/v1/apps/${wiki}`),
      // Adopted objects are managed like created ones: destroy deletes them too.
      del("/api/v1/apps/app-github"),
      del("/api/v1/apps/app-aws"),
    ];
  },
  goneAfterDestroy: (context) => {
    const { wiki, catalog, automation } = ids(context);
    return [
      `/api/v1/automations/${automation}`,
      `/api/v1/catalogs/${catalog}`,
      `/api/v1/apps/${wiki}`,
      "/api/v1/apps/app-github",
      "/api/v1/apps/app-aws",
    ];
  },
};
