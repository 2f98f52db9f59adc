import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { DEFAULT_CREDENTIALS } from "../../emulator/testing";
import { useEmulator } from "../support/emulatorSuite";
import { type CommandResult, expectSuccess, transcriptOf } from "../../testkit/command";
import { installPackage } from "../../testkit/example";
import { openScratchStack, type ScratchStack } from "./harness/scratchProject";

/**
 * `idgov:readConsistency` set with `pulumi config set` after an up: Pulumi's refresh configures the default provider
 * with the settings its state recorded, so the plain refresh still reads as before, and says so; `--run-program` (or
 * an up) takes the config. Measured on the emulator's log: `confirmed` reads the stack's Apps with one search,
 * `strict` with a GET each.
 */

const APPS = ["wiki", "chat", "mail"];
const PROGRAM = [
  "name: idgov-run-settings",
  "runtime: yaml",
  "plugins:",
  "  providers:",
  "    - name: idgov",
  "      path: ./node_modules/.bin",
  "resources:",
  ...APPS.flatMap((name) => [
    `  ${name}:`,
    "    type: idgov:index:App",
    "    properties:",
    `      displayName: ${name}`,
  ]),
  "",
].join("\n");

const emulator = useEmulator();
let scratch: ScratchStack;

/** How the last run read the Apps: a search, GETs of each, or both. */
async function appReads(): Promise<{ searches: number; gets: number }> {
  const requests = await emulator.requests();
  return {
    searches: requests.filter(
      (request) => request.method === "POST" && request.path === "/api/v1/search/apps",
    ).length,
    gets: requests.filter(
      (request) => request.method === "GET" && /^\/api\/v1\/apps\/[^/]+$/.test(request.path),
    ).length,
  };
}

async function refresh(...flags: string[]): Promise<CommandResult> {
  await fetch(`${emulator.url}/__emulator/requests`, { method: "DELETE" });
  const result = await scratch.stack.runOnStack(["refresh", "--yes", ...flags]);
  expect(result.code, transcriptOf(result)).toBe(0);
  return result;
}

beforeAll(async () => {
  scratch = await openScratchStack({ binDir: inject("pulumiBinDir"), files: { "Pulumi.yaml": PROGRAM } });
  await installPackage(scratch.projectDir, inject("packageTarball"));
  scratch.stack.env.IDGOV_CLIENT_SECRET = DEFAULT_CREDENTIALS.clientSecret;
}, 180_000);
afterAll(() => scratch?.remove());

describe("idgov:readConsistency set after an up, through the native provider", { timeout: 180_000 }, () => {
  it("a plain refresh keeps the recorded value and names it; --run-program reads with the config", async () => {
    await scratch.stack.setAllConfig({
      "idgov:baseUrl": emulator.url,
      "idgov:clientId": DEFAULT_CREDENTIALS.clientId,
    });
    expectSuccess(await scratch.stack.up());
    await refresh();
    const confirmed = await appReads();
    expect(confirmed.searches).toBeGreaterThan(0);

    await scratch.stack.setConfig("idgov:readConsistency", "strict");
    const plain = await refresh();
    expect(await appReads()).toEqual(confirmed);
    expect(plain.stdout).toContain(
      `idgov:readConsistency is strict in the config of stack ${scratch.stack.name}, but this run uses confirmed, ` +
        "the default, as the state recorded no value.",
    );
    expect(plain.stdout).toContain("add --run-program to refresh with the config as it is now");

    const withProgram = await refresh("--run-program");
    const strict = await appReads();
    expect(strict.searches).toBe(0);
    expect(strict.gets).toBeGreaterThanOrEqual(APPS.length);
    expect(withProgram.stdout).not.toContain("idgov:readConsistency is strict in the config");
    // The run recorded it: the next plain refresh reads strictly, and says nothing.
    const after = await refresh();
    expect(await appReads()).toMatchObject({ searches: 0 });
    expect(after.stdout).not.toContain("idgov:readConsistency");
  });
});
