import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { settingsInUseWarnings } from "../../../provider/service/settingsInUse";

const DEFAULT = "urn:pulumi:dev::proj::pulumi:providers:idgov::default";
const EXPLICIT = "urn:pulumi:dev::proj::pulumi:providers:idgov::tenant-a";
let project = "";

beforeAll(async () => {
  project = await mkdtemp(path.join(tmpdir(), "idgov-settings-in-use-"));
  await writeFile(path.join(project, "Pulumi.yaml"), "name: proj\nruntime: yaml\n");
});
afterAll(() => rm(project, { recursive: true, force: true }));

async function stackFile(lines: string[]): Promise<void> {
  await writeFile(path.join(project, "Pulumi.dev.yaml"), ["config:", ...lines, ""].join("\n"));
}

describe("a refresh says which run settings it uses when the stack's config says otherwise", () => {
  it.each([
    {
      name: "set in the config, nothing recorded: the default is used",
      config: ["  idgov:readConsistency: strict"],
      inputs: {},
      env: {},
      warning:
        "idgov:readConsistency is strict in the config of stack dev, but this run uses confirmed, the default, as the state recorded no value.",
    },
    {
      name: "set in the config, nothing recorded, the variable set: the variable is used",
      config: ["  idgov:maxRequestsPerSecond: 20"],
      inputs: {},
      env: { IDGOV_MAX_REQUESTS_PER_SECOND: "5" },
      warning:
        "idgov:maxRequestsPerSecond is 20 in the config of stack dev, but this run uses 5, from IDGOV_MAX_REQUESTS_PER_SECOND, as the state recorded no value.",
    },
    {
      name: "changed in the config: the recorded value is used",
      config: ['  idgov:readConsistency: "confirmed"'],
      inputs: { readConsistency: "strict" },
      env: {},
      warning:
        "idgov:readConsistency is confirmed in the config of stack dev, but this run uses strict, the value the stack's state recorded at its last update.",
    },
    {
      name: "removed from the config: the recorded value is used, the variable is not read",
      config: [],
      inputs: { maxRequestsPerSecond: 20 },
      env: { IDGOV_MAX_REQUESTS_PER_SECOND: "5" },
      warning:
        "idgov:maxRequestsPerSecond is not in the config of stack dev, but this run uses 20, the value the stack's state recorded at its last update; IDGOV_MAX_REQUESTS_PER_SECOND is not read while a value is recorded.",
    },
  ])("$name", async ({ config, inputs, env, warning }) => {
    await stackFile(config);
    const warnings = settingsInUseWarnings(DEFAULT, inputs, env, project);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain(warning);
    expect(warnings[0]).toContain("run `pulumi up` to record the config, or add --run-program");
  });

  it.each([
    {
      name: "the config and the recorded value agree",
      config: ["  idgov:readConsistency: strict"],
      inputs: { readConsistency: "strict" },
      env: {},
    },
    {
      name: "neither the config nor the state names one (the variable or the default applies)",
      config: [],
      inputs: {},
      env: { IDGOV_READ_CONSISTENCY: "strict" },
    },
  ])("says nothing when $name", async ({ config, inputs, env }) => {
    await stackFile(config);
    expect(settingsInUseWarnings(DEFAULT, inputs, env, project)).toEqual([]);
  });

  it("says nothing of an explicit provider, whose settings the program gives", async () => {
    await stackFile(["  idgov:readConsistency: strict"]);
    expect(settingsInUseWarnings(EXPLICIT, {}, {}, project)).toEqual([]);
  });
});
