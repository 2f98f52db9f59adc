import {
  checkInputs,
  type Ownership,
  ownershipAnnotations,
  type Props,
  type ResourceKind,
} from "../provider/engine";
import { decodeProps } from "../provider/engine/decoded";
import { buildOutputs } from "../provider/engine/state";
import { automationKind } from "../provider/kinds/automation";
import { requestCatalogKind } from "../provider/kinds/requestCatalog";

/** A large resource: its program's inputs, and the state the engine holds after creating it. */
export interface CpuCase {
  label: string;
  kind: ResourceKind;
  /** What the program sends to check. */
  news: Props;
  /** Where the resource lives, as the door gives it beside the inputs. */
  ownership: Ownership;
  /** The outputs in state after the create: what diff compares the checked inputs with. */
  olds: Props;
}

const TOOL_VERSION = "0.1.0";

/**
 * The engine's check of a case's inputs as the service calls it: with the ownership the door gives, so its four
 * stamps count toward the annotation limit.
 */
export function checkCase(
  kind: ResourceKind,
  news: Props,
  ownership: Ownership,
): ReturnType<typeof checkInputs> {
  return checkInputs(kind, news, "c1/", { ownership });
}

/** Where a bench resource lives. */
export function benchOwnership(kind: string, name: string): Ownership {
  return {
    workspace: "organization/idgov-bench/bench",
    resourceAddress: `urn:pulumi:bench::idgov-bench::pulumi-nodejs:dynamic/idgov:${kind}::${name}`,
  };
}

/** Step `index` of a long automation: step kinds in turn, each with a realistic body. */
function automationStep(index: number): Props {
  const bodies: Props[] = [
    {
      sendEmail: {
        subject: `Step ${index}`,
        userIdsCel: "[subject.managerId, 'user-it-desk']",
        body: "hi",
      },
    },
    { waitForDuration: { duration: `${3600 + index}s` } },
    { webhook: { webhookId: `wh-${index}`, payload: { user: "{{ user.id }}", step: index } } },
    {
      grantEntitlements: {
        inclusionList: { appEntitlementRefs: [{ appId: "app-github", id: `ent-${index}` }] },
      },
    },
    {
      evaluateExpressions: {
        expressions: [{ key: `x${index}`, expressionCel: "user.department == 'Engineering'" }],
      },
    },
  ];
  return {
    stepName: `step-${index}`,
    stepDisplayName: `Step ${index}`,
    skipIfTrueCel: index % 3 === 0 ? "user.status != 'ACTIVE'" : "",
    ...bodies[index % bodies.length],
  };
}

/** The state after a create that set exactly the checked inputs: the live object echoes them, stamped. */
function stateAfterCreate(kind: ResourceKind, news: Props, ownership: Ownership, serverFields: Props): Props {
  const { inputs, failures } = checkCase(kind, news, ownership);
  if (failures.length > 0) throw new Error(`${kind.name}: ${JSON.stringify(failures)}`);
  const fields: Props = { ...serverFields };
  for (const name of [...Object.keys(kind.fields), ...Object.keys(kind.sideFields ?? {})]) {
    if (inputs[name] !== undefined) fields[name] = inputs[name];
  }
  const stamps = ownershipAnnotations(ownership, TOOL_VERSION);
  fields.annotations = { ...(inputs.annotations as Props | undefined), ...stamps };
  return buildOutputs(kind, { id: "bench-id", fields }, undefined, decodeProps(inputs, ownership));
}

function automationCase(): CpuCase {
  const news: Props = {
    displayName: "Joiner onboarding",
    description: "Fifty steps",
    appId: "app-github",
    enabled: true,
    triggers: [{ userCreated: { condition: "user.department == 'Engineering'" } }],
    automationSteps: Array.from({ length: 50 }, (_, index) => automationStep(index)),
    circuitBreakerMax: 50,
    circuitBreakerPeriod: "CIRCUIT_BREAKER_PERIOD_DAY",
    annotations: { team: "platform" },
  };
  const ownership = benchOwnership("Automation", "onboarding");
  const server = {
    currentVersion: "1",
    createdAt: "2026-11-21T14:00:00Z",
    primaryTriggerType: "TRIGGER_TYPE_USER_CREATED",
  };
  return {
    label: "automation50Steps",
    kind: automationKind,
    news,
    ownership,
    olds: stateAfterCreate(automationKind, news, ownership, server),
  };
}

function catalogCase(): CpuCase {
  const news: Props = {
    displayName: "Everything",
    description: "Five hundred entitlements",
    published: true,
    visibleToEveryone: true,
    accessEntitlements: Array.from({ length: 500 }, (_, index) => ({
      appId: `app-${index % 20}`,
      id: `ent-${String(index).padStart(4, "0")}`,
    })),
    annotations: { team: "platform" },
  };
  const ownership = benchOwnership("RequestCatalog", "everything");
  const server = { memberCount: "0", createdAt: "2026-11-21T14:00:00Z", createdByUserId: "user-0003" };
  return {
    label: "catalog500Entitlements",
    kind: requestCatalogKind,
    news,
    ownership,
    olds: stateAfterCreate(requestCatalogKind, news, ownership, server),
  };
}

/** The large resources whose check and diff the bench times. */
export function cpuCases(): CpuCase[] {
  return [automationCase(), catalogCase()];
}
