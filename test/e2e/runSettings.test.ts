import * as path from "node:path";
import { afterAll, describe, expect, inject, it } from "vitest";
import { DEFAULT_CREDENTIALS } from "../../emulator/testing";
import { useEmulator } from "../support/emulatorSuite";
import { type CommandResult, expectSuccess, transcriptOf } from "../../testkit/command";
import { installPackage, openExampleStack } from "../../testkit/example";
import { REPO_ROOT } from "../../testkit/pulumiCli";
import type { PulumiStack } from "../../testkit/pulumiStack";
import { openScratchStack } from "./harness/scratchProject";

/**
 * `idgov:readConsistency` set with `pulumi config set` after an up: Pulumi's refresh configures the default provider
 * with the settings its state recorded, so the plain refresh still reads as before (the native door says so; a
 * dynamic provider has no engine log); `--run-program` (or an up) takes the config. Measured on the emulator's log:
 * `confirmed` reads the stack's Apps with searches, `strict` with a GET each.
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

/** How the last run read the Apps: searches, and GETs of each. */
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

/** A stack of each door, its Apps created by an up, pointed at the emulator. */
const DOORS = {
  native: async (): Promise<{ stack: PulumiStack; remove: () => Promise<void> }> => {
    const scratch = await openScratchStack({
      binDir: inject("pulumiBinDir"),
      files: { "Pulumi.yaml": PROGRAM },
    });
    await installPackage(scratch.projectDir, inject("packageTarball"));
    scratch.stack.env.IDGOV_CLIENT_SECRET = DEFAULT_CREDENTIALS.clientSecret;
    await scratch.stack.setAllConfig({
      "idgov:baseUrl": emulator.url,
      "idgov:clientId": DEFAULT_CREDENTIALS.clientId,
    });
    return scratch;
  },
  dynamic: () =>
    openExampleStack({
      example: path.join(REPO_ROOT, "examples", "quickstart"),
      tarball: inject("packageTarball"),
      binDir: inject("pulumiBinDir"),
      baseUrl: emulator.url,
    }),
} as const;

describe.each(Object.keys(DOORS) as (keyof typeof DOORS)[])(
  "idgov:readConsistency set after an up, through the %s door",
  { timeout: 240_000 },
  (door) => {
    let opened: { stack: PulumiStack; remove: () => Promise<void> } | undefined;
    afterAll(() => opened?.remove());

    async function refresh(...flags: string[]): Promise<CommandResult> {
      await fetch(`${emulator.url}/__emulator/requests`, { method: "DELETE" });
      const result = await opened!.stack.runOnStack(["refresh", "--yes", ...flags]);
      expect(result.code, transcriptOf(result)).toBe(0);
      return result;
    }

    it("a plain refresh keeps the recorded value (the native door names it); --run-program reads with the config", async () => {
      opened = await DOORS[door]();
      expectSuccess(await opened.stack.up());
      await opened.stack.setConfig("idgov:readConsistency", "strict");

      const plain = await refresh();
      expect((await appReads()).searches).toBeGreaterThan(0);
      const warning =
        `idgov:readConsistency is strict in the config of stack ${opened.stack.name}, but this run uses confirmed, ` +
        "the default, as the state recorded no value.";
      if (door === "native") {
        expect(plain.stdout).toContain(warning);
        expect(plain.stdout).toContain("add --run-program to refresh with the config as it is now");
      }

      const withProgram = await refresh("--run-program");
      const strict = await appReads();
      expect(strict.searches).toBe(0);
      expect(strict.gets).toBeGreaterThanOrEqual(3);
      expect(withProgram.stdout).not.toContain("idgov:readConsistency is strict in the config");
    });
  },
);
