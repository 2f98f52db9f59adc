import type { KindExample } from "./example";
import {
  type Answered,
  type Assert,
  type Comparisons,
  entityApi,
  json,
  list,
  outputNames,
  scalar,
} from "../engine";
import { apiPath } from "../client/paths";
import {
  type Json,
  automationOnceShape,
  automationResponseShape,
  automationSchema,
  automationWritableSchema,
  automationWritableShape,
} from "../schemas";
import { adoptionInputs } from "./controls";
import { declareKind } from "./declaration";

type AutomationFieldsAnswered = Assert<
  Answered<typeof automationWritableShape, typeof automationResponseShape>
>;

const automationFields = {
  displayName: scalar,
  description: scalar,
  appId: { type: "scalar", immutable: true } as const,
  enabled: scalar,
  isDraft: scalar,
  automationSteps: list,
  draftAutomationSteps: list,
  triggers: list,
  draftTriggers: list,
  context: json,
  circuitBreakerMax: scalar,
  circuitBreakerPeriod: scalar,
} satisfies Comparisons<typeof automationWritableShape>;

/** The webhook trigger's URL and HMAC secret, answered once by the create: secret outputs. */
const WEBHOOK_SECRETS = Object.keys(automationOnceShape);

/** The outputs of an automation: `AutomationOutputs` in resources/types.ts. */
export const automationOutputs = outputNames(automationFields, {
  ...automationResponseShape,
  ...automationOnceShape,
});

/** The example on the kind's reference pages (`scripts/docs`), against the emulator's seeded tenant. */
const example: KindExample = {
  typescript: `import { Automation } from "pulumi-idgov";

const welcome = new Automation("welcome-new-engineers", {
  displayName: "Welcome new engineers",
  appId: "app-github",
  enabled: true,
  triggers: [{ userCreated: { condition: 'user.department == "Engineering"' } }],
  automationSteps: [
    { stepName: "welcome", sendEmail: { subject: "Welcome aboard", body: "Glad to have you.", useSubjectUser: true } },
    { stepName: "wait-a-day", waitForDuration: { duration: "86400s" } },
  ],
  circuitBreakerMax: 50,
  circuitBreakerPeriod: "CIRCUIT_BREAKER_PERIOD_DAY",
});

export const webhookUrl = welcome.webhookCapabilityUrl;`,
  program: {
    variable: "welcome",
    inputs: {
      displayName: "Welcome new engineers",
      appId: "app-github",
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
    },
    exports: { webhookUrl: "webhookCapabilityUrl" },
  },
};

export const automationKind = declareKind({
  name: "Automation",
  example,
  description: "An automation (spec 2.2): triggers and steps, with a circuit breaker.",
  annotations: true,
  listing: "list",
  appsOf: (_id, fields) => [String(fields.appId ?? "")],
  fields: automationFields,
  onceOutputs: WEBHOOK_SECRETS,
  inputs: automationWritableSchema.extend(adoptionInputs),
  requiredUnlessAdopting: ["displayName"],
  outputs: automationOutputs,
  outputShape: { ...automationResponseShape, ...automationOnceShape },
  secretOutputs: WEBHOOK_SECRETS,
  api: entityApi({
    collection: () => "/api/v1/automations",
    item: (id) => apiPath`/api/v1/automations/${id}`,
    entityKey: "automation",
    unwrap: (answer) => answer.automation as Json | undefined,
    schema: automationSchema,
    once: (answer) =>
      Object.fromEntries(WEBHOOK_SECRETS.filter((key) => answer[key]).map((key) => [key, answer[key]])),
    list: {
      path: () => "/api/v1/search/automations",
      searchBody: (inputs) => (typeof inputs.appId === "string" ? { appId: inputs.appId } : {}),
      itemsKey: "list",
      asAnswer: (item) => ({ automation: item }),
    },
    batchRead: {
      path: "/api/v1/search/automations",
      body: (ids) => ({ refs: ids.map((id) => ({ id })) }),
      itemsKey: "list",
      asAnswer: (item) => ({ automation: item }),
    },
  }),
});
