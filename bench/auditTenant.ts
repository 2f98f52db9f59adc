import { parseStackExport } from "../provider/audit/stackState";
import { runAudit } from "../provider/audit/run";
import type { RunningEmulator } from "../emulator";
import { DEFAULT_CREDENTIALS } from "../emulator/testing";
import { type HeldSpec, type StackName, stackExportText } from "../testkit/stackExport";
import { TenantSeeder } from "../testkit/tenantSeeder";
import { apiRequests, clearRequests } from "../testkit/emulatorApi";
import { round } from "./ideal";

const STACKS: readonly StackName[] = [
  { org: "bench", project: "idp", stack: "a" },
  { org: "bench", project: "idp", stack: "b" },
];
const CREATE_CONCURRENCY = 16;

/** What one audit of the bench tenant measured. */
export interface AuditFigures {
  /** Objects in the report (the tenant's, and those the stacks hold). */
  objects: number;
  /** Resources the two stacks hold together. */
  held: number;
  auditMs: number;
  /** API calls by method (token requests apart). */
  requests: Record<string, number>;
  /** The most requests the audit may send: one per page of each listed kind, one per singleton and collection. */
  requestBudget: number;
}

/** One object to create: its kind, its body, and which stack holds it (none: unmanaged). */
interface Planned {
  kind: "App" | "RequestCatalog" | "Automation";
  name: string;
  inputs: Record<string, unknown>;
  stack?: StackName;
}

/** Objects `index` from `from` to `to` (exclusive): 70% apps, 15% catalogs, 15% automations; half the apps and catalogs held. */
function planned(from: number, to: number): Planned[] {
  return Array.from({ length: to - from }, (_, offset): Planned => {
    const index = from + offset;
    const stack = index % 4 === 0 ? STACKS[0] : index % 4 === 2 ? STACKS[1] : undefined;
    const slot = index % 20;
    if (slot < 14) {
      const inputs = { displayName: `Audit bench app ${index}`, description: "Held by the bench." };
      return { kind: "App", name: `app-${index}`, inputs, ...(stack ? { stack } : {}) };
    }
    if (slot < 17) {
      const inputs = { displayName: `Audit bench catalog ${index}`, published: true };
      return { kind: "RequestCatalog", name: `catalog-${index}`, inputs, ...(stack ? { stack } : {}) };
    }
    return {
      kind: "Automation",
      name: `automation-${index}`,
      inputs: {
        displayName: `Audit bench automation ${index}`,
        appId: "app-github",
        triggers: [{ userCreated: {} }],
        automationSteps: [{ stepName: "mail", sendEmail: { subject: "Bench", body: "bench" } }],
      },
    };
  });
}

/** Creates the planned objects, stamped for the stack that holds each; answers what each stack holds. */
async function create(
  emulator: RunningEmulator,
  objects: readonly Planned[],
  held: Map<StackName, HeldSpec[]>,
) {
  const seed = new TenantSeeder(emulator);
  let next = 0;
  const worker = async () => {
    while (next < objects.length) {
      const object = objects[next++]!;
      if (!object.stack) {
        await seed.create(object.kind, object.inputs, object.inputs);
        continue;
      }
      const annotations = TenantSeeder.stamps(object.stack, object.kind, object.name);
      const live = await seed.create(object.kind, { ...object.inputs, annotations }, object.inputs);
      held.get(object.stack)!.push({ kind: object.kind, name: object.name, inputs: object.inputs, live });
    }
  };
  await Promise.all(Array.from({ length: CREATE_CONCURRENCY }, worker));
}

/**
 * Grows the emulator's tenant to each size in turn and audits it against two stacks (each holding a quarter of the
 * objects), in this process, with the client's defaults (16 in flight, pages of 100).
 */
export async function measureAudit(
  emulator: RunningEmulator,
  sizes: readonly number[],
): Promise<AuditFigures[]> {
  const held = new Map<StackName, HeldSpec[]>(STACKS.map((stack) => [stack, []]));
  const config: Record<string, string> = {
    "idgov:baseUrl": emulator.url,
    "idgov:clientId": DEFAULT_CREDENTIALS.clientId,
    "idgov:clientSecret": DEFAULT_CREDENTIALS.clientSecret,
  };
  const figures: AuditFigures[] = [];
  let made = 0;
  for (const size of sizes) {
    await create(emulator, planned(made, size), held);
    made = size;
    const stacks = STACKS.map((stack) =>
      parseStackExport(stackExportText(stack, held.get(stack)!), stack.stack),
    );
    await clearRequests(emulator);
    const started = performance.now();
    const report = await runAudit(
      { stacks, appResourceCollections: [], ignore: [], config: { get: (key) => config[key] } },
      () => {},
    );
    const auditMs = round(performance.now() - started);
    const requests: Record<string, number> = {};
    for (const request of await apiRequests(emulator))
      requests[request.method] = (requests[request.method] ?? 0) + 1;
    const listed = ["App", "RequestCatalog", "Automation", "AuthConfig"] as const;
    const pages = listed
      .map((kind) => report.objects.filter((object) => object.kind === kind).length)
      .reduce((sum, count) => sum + Math.max(1, Math.ceil(count / 100)), 0);
    figures.push({
      objects: report.objects.length,
      held: stacks.reduce((sum, stack) => sum + stack.resources.length, 0),
      auditMs,
      requests,
      requestBudget: pages + 3,
    });
  }
  return figures;
}
