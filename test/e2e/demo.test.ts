import { rm } from "node:fs/promises";
import * as path from "node:path";
import { expect, it } from "vitest";
import { DEFAULT_CREDENTIALS } from "../../emulator/testing";
import { runCommand } from "../../testkit/command";
import { REPO_ROOT } from "../../testkit/pulumiCli";
import { leakedSecrets } from "../../testkit/stateSecrets";

it("npm run demo runs the root project, shows the drift check catching an edit and the fix, then the native preview warning of who a change touches, and exits 0", async () => {
  const tsx = path.join(REPO_ROOT, "node_modules", ".bin", "tsx");
  const result = await runCommand(tsx, ["scripts/demo.ts"], { cwd: REPO_ROOT, env: process.env });
  const leftover = /delete (\S+) when done/.exec(result.stdout)?.[1];
  if (leftover) await rm(leftover, { recursive: true, force: true });

  expect(result.code, `${result.stdout}\n${result.stderr}`).toBe(0);
  expect(result.stdout).toContain("$ pulumi up --yes");
  expect(result.stdout).toContain("Resources: + 6 created");
  expect(result.stdout).toMatch(/~ {2}pulumi-nodejs:dynamic\/idgov:App wiki update \[diff: ~description\]/);
  expect(result.stdout).toContain("error: no changes were expected for preview but changes were proposed");
  expect(result.stdout).toContain("exit code 7: drift found");
  expect(result.stdout).toMatch(/~ {2}pulumi-nodejs:dynamic\/idgov:App wiki updated \[diff: ~description\]/);
  expect(result.stdout).toContain("exit code 0: no drift");
  expect(result.stdout).toContain(
    "$ pulumi preview    # the native provider warns of who the change touches",
  );
  expect(result.stdout).toMatch(
    /~ {2}idgov:index:RequestCatalog engineering update \[diff: ~visibleToEveryone\]/,
  );
  expect(result.stdout).toContain(
    "warning: RequestCatalog engineering (cat-engineering): visibleToEveryone: true → false: every user of the tenant " +
      "but the catalog's 14 members stops seeing it (RequestCatalogView.memberCount) (tenant-wide)",
  );
  expect(result.stdout).toContain("the preview read it and wrote nothing");
  expect(result.stdout).toContain("Demo finished: the emulator is stopped.");
  expect(leakedSecrets(result.stdout + result.stderr, [DEFAULT_CREDENTIALS.clientSecret])).toEqual([]);
});
