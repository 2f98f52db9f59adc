import { AUTOMATION_MODEL, triggerTypeOf } from "../models/automation";
import { materialize } from "../models/materialize";
import { SEED } from "../seed";
import type { JsonObject, TenantState } from "../state";
import { seedTime } from "./clock";

type AutomationSeed = Pick<TenantState, "automations" | "automationExecutions">;

const NAMED: Record<string, JsonObject> = {
  "auto-joiner-onboarding": {
    displayName: "Joiner onboarding",
    description: "Grants birthright access when a user is created.",
    enabled: true,
    triggers: [{ userCreated: { condition: "user.employmentType == 'Full Time'" } }],
    automationSteps: [
      {
        stepName: "grant",
        stepDisplayName: "Grant birthright access",
        grantEntitlements: {
          useSubjectUser: true,
          inclusionList: { appEntitlementRefs: [{ appId: "app-github", id: "ent-github-org-member" }] },
          exclusionNone: {},
        },
      },
      {
        stepName: "welcome",
        stepDisplayName: "Send welcome email",
        sendEmail: { subject: "Welcome to Acme", body: "Your access is ready.", useSubjectUser: true },
      },
    ],
    currentVersion: "7",
    lastExecutedAt: seedTime(-1, 300),
    annotations: { managed_by: "console" },
  },
  "auto-leaver-offboarding": {
    displayName: "Leaver offboarding",
    description: "Revokes access when a user leaves.",
    appId: "app-github",
    enabled: true,
    triggers: [{ userProfileChange: { condition: "subject.employmentStatus == 'Terminated'" } }],
    automationSteps: [
      {
        stepName: "revoke",
        createRevokeTasksV2: { useSubjectUser: true, grantSourceFilter: "GRANT_SOURCE_FILTER_DIRECT" },
      },
      { stepName: "wait", waitForDuration: { duration: "86400s" }, skipIfTrueCel: "user.isContractor" },
      { stepName: "delete", accountLifecycleAction: { actionName: "delete", accountInContext: {} } },
    ],
    context: { context: { ticketQueue: "IT-OFFBOARD" } },
    currentVersion: "3",
    lastExecutedAt: seedTime(-3, 90),
  },
  "auto-unused-access-cleanup": {
    displayName: "Unused access cleanup",
    description: "Revokes AWS grants unused for 90 days.",
    appId: "app-aws",
    enabled: false,
    triggers: [{ usageBasedRevocation: { appId: "app-aws", includeUsersWithNoActivity: true } }],
    automationSteps: [{ stepName: "revoke", createRevokeTasks: { useSubjectUser: true, revokeAll: true } }],
    circuitBreakerMax: 5,
    circuitBreakerPeriod: "CIRCUIT_BREAKER_PERIOD_DAY",
    circuitBreaker: {
      observedCount: 6,
      period: "CIRCUIT_BREAKER_PERIOD_DAY",
      threshold: 5,
      trippedAt: seedTime(-2, 45),
    },
    currentVersion: "2",
    lastExecutedAt: seedTime(-2, 45),
  },
  "auto-webhook-sync": {
    displayName: "Webhook access sync",
    description: "Syncs access from the HR system's webhook.",
    appId: "app-github",
    enabled: true,
    triggers: [{ webhook: { listenerId: "hr-sync" } }],
    automationSteps: [
      { stepName: "call", webhook: { webhookId: "hook-hr-sync", payload: { source: "hr" } } },
    ],
    circuitBreakerMax: 3,
    circuitBreakerPeriod: "CIRCUIT_BREAKER_PERIOD_HOUR",
    currentVersion: "1",
  },
  "auto-draft-contractor-review": {
    displayName: "Contractor quarterly review",
    description: "Draft: reviews contractor access each quarter.",
    isDraft: true,
    draftTriggers: [{ schedule: { cronSpec: "0 9 1 */3 *", timezone: "UTC" } }],
    draftAutomationSteps: [
      { stepName: "review", createAccessReview: { accessReviewTemplateId: "contractors" } },
    ],
    currentVersion: "0",
  },
  "auto-draft-grant-audit": {
    displayName: "Agent grant audit",
    description: "Draft with a trigger type newer than the document.",
    appId: "app-ai-agents",
    isDraft: true,
    draftTriggers: [{ accessConflict: { allConflictMonitors: true } }],
    draftAutomationSteps: [
      {
        stepName: "eval",
        evaluateExpressions: { expressions: [{ key: "ok", expressionCel: "true", isSecret: false }] },
      },
    ],
    currentVersion: "0",
    // Deliberately unknown enum member (not in wire-schemas.json): clients must carry it through.
    primaryTriggerType: "TRIGGER_TYPE_AGENT_EVENT",
  },
};

const REPORT_APPS = ["app-github", "app-aws", "", "", "app-salesforce", ""];

function report(id: string, index: number): JsonObject {
  const topic = id.replace("auto-report-", "").replace(/-/g, " ");
  return {
    displayName: `Weekly report: ${topic}`,
    description: `Emails the security team a list of ${topic}.`,
    appId: REPORT_APPS[index % REPORT_APPS.length],
    enabled: index % 3 !== 2,
    triggers: [{ schedule: { cronSpec: `0 ${6 + index} * * 1`, timezone: "UTC" } }],
    automationSteps: [
      {
        stepName: "email",
        sendEmail: { subject: `Weekly report: ${topic}`, userRefs: [{ id: "user-0003" }] },
      },
    ],
    currentVersion: String(1 + (index % 4)),
    lastExecutedAt: index % 2 === 0 ? seedTime(-7, index * 10) : null,
  };
}

/** Published and draft automations; one tripped by its breaker, one with an unlisted trigger type. */
export function seedAutomations(): AutomationSeed {
  const automations: Record<string, JsonObject> = {};
  const automationExecutions: Record<string, string[]> = {};
  const ids = [...SEED.automations.published, ...SEED.automations.reports, ...SEED.automations.draft];
  ids.forEach((id, index) => {
    const fields = NAMED[id] ?? report(id, index);
    const automation = materialize(fields, AUTOMATION_MODEL);
    const trigger =
      (fields["triggers"] as unknown[] | undefined)?.[0] ??
      (fields["draftTriggers"] as unknown[] | undefined)?.[0];
    Object.assign(automation, {
      id,
      createdAt: seedTime(-180 + index * 3, index * 7),
      primaryTriggerType:
        fields["primaryTriggerType"] ?? triggerTypeOf(trigger) ?? "TRIGGER_TYPE_UNSPECIFIED",
    });
    automations[id] = automation;
    automationExecutions[id] = [];
  });
  return { automations, automationExecutions };
}
