import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SEED, type RunningEmulator, startEmulator } from "../../../emulator";
import { DEFAULT_CREDENTIALS } from "../../../emulator/testing";
import type { CommandResult } from "../../../testkit/command";
import type { ExampleStack } from "../../../testkit/example";
import type { PulumiStack } from "../../../testkit/pulumiStack";
import {
  exportedResources,
  isStoredAsSecret,
  leakedSecrets,
  secretPlaintexts,
} from "../../../testkit/stateSecrets";
import { leakedOutsidePulumiTrace } from "../../e2e/harness/verboseLog";
import { clearRequests, setFaults } from "../../../testkit/emulatorApi";
import { emulatorLog, faultFigures, printFigures } from "../support/figures";
import { managedObjects } from "../support/objects";
import { addScenario, openScenario, transcriptOf, workspaceOf } from "./support";

const OIDC_SECRET = "oidc-secret-from-config-7Hq2";
const [member, admin] = SEED.entitlements.map(({ appId, id }) => ({ appId, id }));

let emulator: RunningEmulator;
let installed: ExampleStack;

beforeAll(async () => {
  emulator = await startEmulator({ quiet: true });
  // The fault scripts below outlast three retries, so the faulted runs fail as these stories need.
  installed = await openScenario(emulator, "secrets", {
    config: { "idgov:maxRetries": "3" },
    secretConfig: { "reliability:oidcSecret": OIDC_SECRET },
  });
  await clearRequests(emulator);
});
afterAll(async () => {
  await installed?.remove();
  await emulator?.close();
});

describe("secrets under the Pulumi CLI", () => {
  it("never show in state, CLI output or verbose logs, even of a run that fails", async () => {
    const stack = installed.stack;
    const first = await stack.up();
    expect(first.code, transcriptOf(first)).toBe(0);
    await setFaults(emulator, { retryAfterSeconds: 0, script: [{ fault: "503", method: "GET", times: 20 }] });
    const failed = await stack.up("--refresh", "-v=9", "--logtostderr", "--logflow");
    await setFaults(emulator, {});
    const recovered = await stack.up("--refresh");
    const plain = await stack.exportState();
    const secrets = [
      DEFAULT_CREDENTIALS.clientSecret,
      OIDC_SECRET,
      ...secretPlaintexts(await stack.exportState({ showSecrets: true })),
    ];
    const webhook = exportedResources(plain).find((resource) => resource.urn.endsWith("::webhook-intake"));
    const shown = stack.transcript.filter((run) => !run.command.includes("--show-secrets"));
    printFigures("secrets under the CLI", {
      secretsChecked: secrets.length,
      commandsChecked: shown.length,
      leaksFound: shown.flatMap((run) => leakedOutsidePulumiTrace(run.stdout + run.stderr, secrets)).length,
      ...faultFigures(await emulatorLog(emulator)),
    });

    expect(failed.code, transcriptOf(failed)).not.toBe(0);
    expect(failed.stdout + failed.stderr).toMatch(
      /read (Automation webhook-intake|AuthConfig acme-sso): 503 UNAVAILABLE/,
    );
    expect(recovered.code, transcriptOf(recovered)).toBe(0);
    expect(secrets).toEqual(expect.arrayContaining([OIDC_SECRET, expect.stringMatching(/\S{16}/)]));
    expect(webhook && isStoredAsSecret(webhook, "webhookHmacSecret")).toBe(true);
    expect(webhook && isStoredAsSecret(webhook, "webhookCapabilityUrl")).toBe(true);
    expect(leakedSecrets(plain, secrets)).toEqual([]);
    expect(shown.flatMap((run) => leakedOutsidePulumiTrace(run.stdout + run.stderr, secrets))).toEqual([]);
  });
});

describe("bad input under the Pulumi CLI", () => {
  /** Runs a command on a fresh stack of a scenario, and answers its exit code, output and the requests it caused. */
  async function runScenario(scenario: string, command: (stack: PulumiStack) => Promise<CommandResult>) {
    const stack = await addScenario(installed, emulator, scenario);
    await clearRequests(emulator);
    const result = await command(stack);
    const requests = await emulatorLog(emulator);
    printFigures(`the ${scenario} scenario under the CLI`, { requestsReceived: requests.length });
    return { result, output: result.stdout + result.stderr, requests };
  }

  it("fails a program declaring a settings singleton twice when it runs, before any request", async () => {
    const { result, output, requests } = await runScenario("singleton", (stack) => stack.up());
    expect(result.code, transcriptOf(result)).not.toBe(0);
    expect(output).toContain(
      'SsoSettings is one per tenant, but this program declares it 2 times ("sso", "sso-again"): declare it once',
    );
    expect(requests).toEqual([]);
  });

  it("fails check naming the property and the rule, before any request", async () => {
    const { result, output, requests } = await runScenario("invalid", (stack) => stack.preview());
    expect(result.code, transcriptOf(result)).not.toBe(0);
    expect(output).toContain(
      "error: pulumi-nodejs:dynamic/idgov:App resource 'spaced': property annotations.team value {<nil>} has a " +
        'problem: annotation "team" value has a character that is not URL-safe ASCII: " "',
    );
    expect(requests).toEqual([]);
  });
});

describe("a write that fails half way under the Pulumi CLI", () => {
  it("leaves the state the engine recorded at what was done, and a rerun sends only what is left", async () => {
    const stack = await addScenario(installed, emulator, "partial", {
      config: { "reliability:entitlements": JSON.stringify([member]), "idgov:maxRetries": "3" },
    });
    expect((await stack.up()).code).toBe(0);
    const [created] = await managedObjects(emulator, workspaceOf("partial"));
    const bindings = `/api/v1/catalogs/${created?.id}/visibility_bindings`;
    await stack.setConfig("reliability:entitlements", JSON.stringify([member, admin]));
    await stack.setConfig("reliability:description", "updated before the bindings failed");
    await setFaults(emulator, {
      retryAfterSeconds: 0,
      script: [{ fault: "503", method: "POST", pathPrefix: bindings, times: 20 }],
    });
    await clearRequests(emulator);
    const failed = await stack.up();
    await setFaults(emulator, {});
    const catalog = exportedResources(await stack.exportState()).find((r) => r.urn.endsWith("::half-done"));
    await clearRequests(emulator);
    const rerun = await stack.up();
    const writes = (await emulatorLog(emulator)).filter(
      (r) => r.method !== "GET" && r.path.startsWith("/api/"),
    );
    printFigures("a catalog whose bindings failed, rerun under the CLI", { rerunWrites: writes.length });

    expect(failed.code, transcriptOf(failed)).not.toBe(0);
    expect(failed.stdout + failed.stderr).toContain("accessEntitlements was not changed");
    expect(catalog?.outputs).toMatchObject({
      description: "updated before the bindings failed",
      accessEntitlements: [member],
    });
    expect(rerun.code, transcriptOf(rerun)).toBe(0);
    expect(writes.map((r) => [r.method, r.path, r.body])).toEqual([
      ["POST", bindings, { accessEntitlements: [admin] }],
    ]);
  });
});
