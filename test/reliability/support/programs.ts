import { SEED } from "../../emulator";

type Props = Record<string, unknown>;

const [memberRef, adminRef] = SEED.entitlements.map(({ appId, id }) => ({ appId, id }));

/** A program for one kind that creates objects, a changed version of it, and where its objects live. */
export interface KindProgram {
  readonly kind: string;
  /** The program at its first `pulumi up`. */
  readonly first: Props;
  /** The program after one edit: a changed field (and, for a catalog, a changed entitlement set). */
  readonly changed: Props;
  /** The item path of an object of this kind. */
  readonly item: (id: string) => string;
  /** The live entity inside a get answer. */
  readonly entity: (answer: Props) => Props;
}

/** One program per kind that creates objects: App, RequestCatalog, Automation. */
export const KIND_PROGRAMS: readonly KindProgram[] = [
  {
    kind: "App",
    first: { displayName: "Payroll", description: "first", monthlyCostUsd: 120 },
    changed: { displayName: "Payroll", description: "changed", monthlyCostUsd: 140 },
    item: (id) => `/api/v1/apps/${id}`,
    entity: (answer) => answer.app as Props,
  },
  {
    kind: "RequestCatalog",
    first: { displayName: "Engineering", published: true, accessEntitlements: [memberRef] },
    changed: {
      displayName: "Engineering",
      description: "changed",
      published: true,
      accessEntitlements: [memberRef, adminRef],
    },
    item: (id) => `/api/v1/catalogs/${id}`,
    entity: (answer) => (answer.requestCatalogView as Props).requestCatalog as Props,
  },
  {
    kind: "Automation",
    first: {
      displayName: "Onboarding",
      appId: SEED.apps[0]!.id,
      enabled: true,
      triggers: [{ userCreated: { condition: "true" } }],
      automationSteps: [{ stepName: "wait", waitForDuration: { duration: "3600s" } }],
    },
    changed: {
      displayName: "Onboarding",
      description: "changed",
      appId: SEED.apps[0]!.id,
      enabled: false,
      triggers: [{ userCreated: { condition: "true" } }],
      automationSteps: [{ stepName: "wait", waitForDuration: { duration: "7200s" } }],
    },
    item: (id) => `/api/v1/automations/${id}`,
    entity: (answer) => answer.automation as Props,
  },
];
