import { execFileSync } from "node:child_process";
import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPO_ROOT } from "../../../testkit/pulumiCli";

const SDK_MODULE = "github.com/pulumi-idgov/pulumi-idgov/sdk/go";
const PULUMI_SDK = "github.com/pulumi/pulumi/sdk/v3";

/** The `github.com/pulumi/pulumi/sdk/v3` version a go.mod requires. */
function pulumiSdkIn(goMod: string): string | undefined {
  return new RegExp(`${PULUMI_SDK.replace(/\./g, "\\.")} (v\\S+)`).exec(goMod)?.[1];
}

let root: string;
let floor: string;
const env = { ...process.env, GOSUMDB: process.env.GOSUMDB ?? "off", GOTOOLCHAIN: "local", GOFLAGS: "-mod=mod" };
const go = (args: string[], cwd: string) => execFileSync("go", args, { cwd, env, encoding: "utf8", stdio: "pipe" });

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), "pulumi-idgov-go-floor-"));
  floor = pulumiSdkIn(await readFile(path.join(REPO_ROOT, "sdk", "go", "go.mod"), "utf8")) ?? "";
  // A user's program that requires the idgov module alone: Go's version selection then takes the SDK's floor.
  await cp(path.join(REPO_ROOT, "sdk", "go"), path.join(root, "sdk-go"), { recursive: true });
  const program = path.join(root, "program");
  await cp(path.join(REPO_ROOT, "examples", "go", "main.go"), path.join(program, "main.go"));
  await writeFile(
    path.join(program, "go.mod"),
    `module example.com/floor\n\ngo 1.25\n\nrequire ${SDK_MODULE} v0.1.0\n\nreplace ${SDK_MODULE} => ../sdk-go\n`,
  );
}, 60_000);
afterAll(() => rm(root, { recursive: true, force: true }));

describe("the Go SDK's floor of github.com/pulumi/pulumi/sdk/v3, as go resolves it", () => {
  it("is the version the SDK's go.mod requires, which go mod tidy keeps and the program builds with", async () => {
    expect(floor).toMatch(/^v3\.\d+\.\d+$/);
    const program = path.join(root, "program");
    go(["mod", "tidy"], program);
    expect(pulumiSdkIn(await readFile(path.join(program, "go.mod"), "utf8"))).toBe(floor);
    go(["build", "-trimpath", "-o", "/dev/null", "."], program);
  }, 600_000);
});
