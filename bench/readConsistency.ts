import type { RunningEmulator } from "../emulator";
import { outOfBand, setFaults } from "../testkit/emulatorApi";
import type { BenchProject, BenchStack } from "./benchStack";
import { round } from "./ideal";

/** Apps edited in the tenant before the refresh that must report them: each costs one confirming GET. */
const EDITED = 10;

/** The latency the emulator adds to every request for the refreshes "at a distance": a service across a region. */
const DISTANT_MS = 30;

/** One `pulumi refresh` of the stack: its time and the API requests it sent. */
export interface RefreshFigures {
  seconds: number;
  requests: number;
}

/** What each `idgov:readConsistency` costs a refresh of N native Apps, and what drift adds to the default. */
export interface ReadConsistencyFigures {
  resources: number;
  /** The default: coalesced searches, a GET for each difference; nothing drifted. */
  confirmed: RefreshFigures;
  /** The default after `edited` Apps were changed in the tenant: a GET confirms each. */
  confirmedWithDrift: RefreshFigures & { edited: number };
  /** Every App read by GET. */
  strict: RefreshFigures;
  /** The default and strict again, with every request answered {@link DISTANT_MS} later (`latencyMs`). */
  distant: { latencyMs: number; confirmed: RefreshFigures; strict: RefreshFigures };
}

/**
 * Refreshes a stack of `resources` native Apps three ways: with the default `confirmed` reads and no drift, after
 * {@link EDITED} Apps were edited behind Pulumi's back, and with `IDGOV_READ_CONSISTENCY=strict`; then the first and
 * the last again with the service {@link DISTANT_MS} ms away.
 */
export async function measureReadConsistency(
  project: BenchProject,
  emulator: RunningEmulator,
  resources: number,
): Promise<ReadConsistencyFigures> {
  const bench = await project.openStack(`reads-${resources}`, {
    apps: resources,
    kinds: false,
    native: true,
  });
  const refresh = async (): Promise<RefreshFigures> => {
    const run = await bench.refresh();
    return { seconds: round(run.wallMs / 1000, 2), requests: run.apiRequests };
  };
  await bench.up();
  try {
    const confirmed = await refresh();
    for (const id of (await appIdsOf(bench)).slice(0, EDITED)) {
      await outOfBand(emulator, "POST", `/api/v1/apps/${id}`, {
        app: { description: "edited behind Pulumi's back" },
        updateMask: "description",
      });
    }
    const confirmedWithDrift = { ...(await refresh()), edited: EDITED };
    const strictRefresh = async () => {
      bench.stack.env["IDGOV_READ_CONSISTENCY"] = "strict";
      try {
        return await refresh();
      } finally {
        delete bench.stack.env["IDGOV_READ_CONSISTENCY"];
      }
    };
    const strict = await strictRefresh();
    await setFaults(emulator, { latencyMs: DISTANT_MS });
    try {
      const distant = { latencyMs: DISTANT_MS, confirmed: await refresh(), strict: await strictRefresh() };
      return { resources, confirmed, confirmedWithDrift, strict, distant };
    } finally {
      await setFaults(emulator, { latencyMs: 0 });
    }
  } finally {
    await bench.destroy();
  }
}

/** The ids of the stack's Apps, from its state. */
async function appIdsOf(bench: BenchStack): Promise<string[]> {
  const state = JSON.parse(await bench.stack.exportState()) as {
    deployment?: { resources?: { type: string; id?: string }[] };
  };
  return (state.deployment?.resources ?? [])
    .filter((resource) => resource.type === "idgov:index:App" && resource.id)
    .map((resource) => resource.id as string);
}
