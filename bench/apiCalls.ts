import type { RunningEmulator } from "../emulator";
import { DynamicProviderHost } from "../testkit/dynamicHost";
import { apiRequests, clearRequests, stackConfig } from "../testkit/emulatorApi";
import { EngineSimulator } from "../testkit/engineSimulator";
import { callsOverMinimum, IDEAL_CALLS, type Operation, OPERATIONS } from "./ideal";
import { contractMinimum, type KindScenario } from "./scenarios";

/** The API calls one operation sent, beside the ideal and the kind's contract minimum. */
export interface OperationCalls {
  calls: number;
  ideal: number;
  minimum: number;
  /** Why the contract minimum differs from the ideal. */
  reason?: string;
  /** The calls, as `METHOD path`, in the order the emulator received them. */
  sent: string[];
}

/** One scenario's row: its calls per operation. */
export interface KindCalls {
  label: string;
  kind: string;
  operations: Record<Operation, OperationCalls>;
  /** Token requests during these operations (not API calls). */
  tokenRequests: number;
}

/** What section 1 measured. */
export interface ApiCallFigures {
  /** How the calls were made and counted. */
  method: string;
  kinds: KindCalls[];
  /** Calls sent beyond the contract minima, summed over every kind and operation (must be 0). */
  apiCallsOverMinimum: number;
  /** Calls beyond the ideal (1, 0, 1, 1, 1) that the contracts require, summed. */
  contractCallsOverIdeal: number;
  /** Token requests, counted apart from API calls (one per provider process, then reused). */
  tokenRequests: number;
}

async function tokenRequests(emulator: RunningEmulator): Promise<number> {
  const answer = (await (await fetch(`${emulator.url}/__emulator/requests`)).json()) as {
    requests: { path: string }[];
  };
  return answer.requests.filter((request) => request.path === "/auth/v1/token").length;
}

/** The steps of one operation, as the engine would take them; each checks the engine did what was asked. */
function operationsOf(
  engine: EngineSimulator,
  scenario: KindScenario,
): Record<Operation, () => Promise<void>> {
  const { kind, name } = scenario;
  const expectAction = async (program: Record<string, unknown>, expected: string) => {
    const result = await engine.up(kind, name, program);
    if (result.action !== expected) {
      const detail = result.action === "failed-check" ? JSON.stringify(result.failures) : "";
      throw new Error(`${scenario.label}: expected ${expected}, the engine did ${result.action} ${detail}`);
    }
  };
  return {
    create: () => expectAction(scenario.program, "create"),
    noopUp: () => expectAction(scenario.program, "same"),
    update: () => expectAction(scenario.change.program, "update"),
    refresh: async () => {
      if (!(await engine.refresh(kind, name))) throw new Error(`${scenario.label}: refresh found it gone`);
    },
    delete: () => engine.destroy(kind, name),
  };
}

async function measureScenario(
  emulator: RunningEmulator,
  engine: EngineSimulator,
  scenario: KindScenario,
): Promise<KindCalls> {
  const steps = operationsOf(engine, scenario);
  const operations = {} as Record<Operation, OperationCalls>;
  let tokens = 0;
  for (const operation of OPERATIONS) {
    await clearRequests(emulator);
    await steps[operation]();
    const requests = await apiRequests(emulator);
    tokens += await tokenRequests(emulator);
    const failed = requests.filter((request) => request.status !== 200);
    if (failed.length > 0) throw new Error(`${scenario.label} ${operation}: ${JSON.stringify(failed)}`);
    const ideal = IDEAL_CALLS[operation];
    const minimum = contractMinimum(scenario, operation, ideal);
    operations[operation] = {
      calls: requests.length,
      ideal,
      minimum: minimum.calls,
      ...(minimum.reason === undefined ? {} : { reason: minimum.reason }),
      sent: requests.map((request) => `${request.method} ${request.path}`),
    };
  }
  return { label: scenario.label, kind: scenario.kind, operations, tokenRequests: tokens };
}

/**
 * Takes each scenario through create, no-op up, one-field update, refresh and delete in Pulumi's real
 * dynamic-provider host (driven over gRPC as the engine drives it), counting the API calls in the emulator's
 * request log. Token requests are counted apart.
 */
export async function measureApiCalls(
  emulator: RunningEmulator,
  scenarios: readonly KindScenario[],
): Promise<ApiCallFigures> {
  await fetch(`${emulator.url}/__emulator/reset`, { method: "POST" });
  const host = await DynamicProviderHost.start();
  try {
    await host.configure(stackConfig(emulator));
    const engine = new EngineSimulator(host);
    const kinds: KindCalls[] = [];
    for (const scenario of scenarios) kinds.push(await measureScenario(emulator, engine, scenario));
    await clearRequests(emulator);
    const all = kinds.flatMap((row) => Object.values(row.operations));
    return {
      method:
        "Pulumi's dynamic-provider host over gRPC (test/resources/harness); API calls from the emulator's request " +
        "log, token requests apart",
      kinds,
      apiCallsOverMinimum: callsOverMinimum(all),
      contractCallsOverIdeal: all.reduce(
        (total, { minimum, ideal }) => total + Math.max(0, minimum - ideal),
        0,
      ),
      tokenRequests: kinds.reduce((total, row) => total + row.tokenRequests, 0),
    };
  } finally {
    await host.stop();
  }
}
