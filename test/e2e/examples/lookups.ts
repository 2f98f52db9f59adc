import type { ExampleContext, ExampleSpec } from "../exampleSpec";
import { del, get, post } from "./calls";

const ids = ({ outputs }: ExampleContext) => ({
  ownerKit: outputs.ownerKitId as string,
  suggestedRole: outputs.suggestedRoleId as string,
});

const github = (id: string) => ({ appId: "app-github", id });
/** The seeded GitHub entitlements whose owner role is `owner`. */
const OWNER_KIT = [
  "ent-github-org-member",
  "ent-github-org-admin",
  "ent-github-team-01",
  "ent-github-team-02",
  "ent-github-team-04",
  "ent-github-team-05",
  "ent-github-team-07",
  "ent-github-team-08",
].map(github);

/** `examples/lookups`: lookups of the seeded tenant feeding two request catalogs. */
export const lookups: ExampleSpec = {
  example: "lookups",
  lookups: [
    get("/api/v1/apps/app-github"),
    get("/api/v1/apps/app-github/owners"),
    get("/api/v2/apps/app-github/owners/entitlements"),
    post("/api/v1/search/role-mining/suggestions", { states: ["SUGGESTION_STATE_NEW"], pageSize: 10 }),
    post("/api/v1/search/automations", {
      isDraft: false,
      statuses: ["AUTOMATION_STATUS_FILTER_OFF"],
      pageSize: 10,
    }),
    get("/api/v1/session-policies/sp-default"),
  ],
  resourceCount: 3,
  upCalls: (context) => {
    const { ownerKit, suggestedRole } = ids(context);
    return [
      // The catalog listing of adopt-before-create, once per provider process.
      get("/api/v1/catalogs"),
      post("/api/v1/catalogs", {
        displayName: "GitHub owner kit",
        description: "The entitlements held by the 14 owners of this app.",
        published: true,
        requestBundle: true,
        annotations: { team: "platform", ...context.stamps("RequestCatalog", "owner-kit") },
      }),
      post(`/api/v1/catalogs/${ownerKit}/visibility_bindings`, { accessEntitlements: OWNER_KIT }),
      post("/api/v1/catalogs", {
        displayName: "Suggested: Sales field team",
        description: "Account executives and sales engineers.",
        published: false,
        annotations: { source: "role-mining", ...context.stamps("RequestCatalog", "suggested-role") },
      }),
      post(`/api/v1/catalogs/${suggestedRole}/visibility_bindings`, {
        accessEntitlements: [{ appId: "app-salesforce", id: "ent-salesforce-sales-user" }],
      }),
    ];
  },
  oneFieldChange: {
    resource: "suggested-role",
    kind: "RequestCatalog",
    field: "published",
    edit: { from: "published: false,", to: "published: true," },
    call: (context) =>
      post(`/api/v1/catalogs/${ids(context).suggestedRole}`, {
        catalog: { published: true },
        updateMask: "published",
      }),
  },
  drift: {
    resource: "owner-kit",
    kind: "RequestCatalog",
    field: "accessEntitlements",
    change: (context) =>
      del(`/api/v1/catalogs/${ids(context).ownerKit}/visibility_bindings`, {
        accessEntitlements: [github("ent-github-org-admin")],
      }),
    restore: (context) =>
      post(`/api/v1/catalogs/${ids(context).ownerKit}/visibility_bindings`, {
        accessEntitlements: [github("ent-github-org-admin")],
      }),
  },
  secretOutputs: {},
  destroyCalls: (context) => [
    del(`/api/v1/catalogs/${ids(context).ownerKit}`),
    del(`/api/v1/catalogs/${ids(context).suggestedRole}`),
  ],
  goneAfterDestroy: (context) => [
    `/api/v1/catalogs/${ids(context).ownerKit}`,
    `/api/v1/catalogs/${ids(context).suggestedRole}`,
  ],
};
