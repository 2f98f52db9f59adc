import { randomBytes } from "node:crypto";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { type LoggedRequest, type RunningEmulator, startEmulator } from "../../emulator";
import { control, DEFAULT_CREDENTIALS } from "../../emulator/testing";
import { type CommandResult, transcriptOf } from "../../testkit/command";
import { openExampleStack } from "../../testkit/example";
import type { PulumiStack } from "../../testkit/pulumiStack";
import { leakedSecrets } from "../../testkit/stateSecrets";
import { openYamlExample } from "./harness/yamlExample";

/**
 * README ("Credentials") and docs/guides/configuration.md say a client secret given as `IDGOV_CLIENT_SECRET` is read
 * by the provider process only, so it never appears in `pulumi up -v=9 --logtostderr`, in a `PULUMI_DEBUG_GRPC`
 * file, nor in state. Each door runs `pulumi up` so, against an emulator that accepts only that secret, and every
 * place is searched for it (as given, and base64-encoded as in a Basic authorization header).
 */
const SECRET = `idgov-env-secret-${randomBytes(12).toString("hex")}`;
const FORMS = [SECRET, Buffer.from(SECRET).toString("base64"), Buffer.from(`:${SECRET}`).toString("base64")];

let emulator: RunningEmulator;
let tenantB: RunningEmulator;
let scratch: string;

beforeAll(async () => {
  emulator = await startEmulator({ quiet: true, clientSecret: SECRET });
  tenantB = await startEmulator({ quiet: true });
  scratch = await mkdtemp(path.join(tmpdir(), "pulumi-idgov-e2e-env-secret-"));
});
afterAll(async () => {
  await emulator?.close();
  await tenantB?.close();
  await rm(scratch, { recursive: true, force: true });
});

async function tokenRequests(): Promise<LoggedRequest[]> {
  const answer = await control(emulator.url, "GET", "requests");
  return (answer.body as { requests: LoggedRequest[] }).requests.filter(
    (entry) => entry.path === "/auth/v1/token",
  );
}

/** `pulumi up -v=9 --logtostderr` with the secret in the environment and the gRPC trace in a file. */
async function verboseUp(stack: PulumiStack, door: string): Promise<{ up: CommandResult; grpcLog: string }> {
  const grpcFile = path.join(scratch, `${door}.grpc.json`);
  Object.assign(stack.env, { IDGOV_CLIENT_SECRET: SECRET, PULUMI_DEBUG_GRPC: grpcFile });
  const up = await stack.up("-v=9", "--logtostderr");
  expect(up.code, transcriptOf(up)).toBe(0);
  return { up, grpcLog: await readFile(grpcFile, "utf8") };
}

/** What the run must show for the search to mean anything, then the search itself. */
async function expectNoSecret(stack: PulumiStack, run: { up: CommandResult; grpcLog: string }) {
  expect(run.up.stderr).toContain("Marshaling property for RPC");
  expect(run.grpcLog).toContain("/pulumirpc.ResourceProvider/Create");
  const tokens = await tokenRequests();
  expect(tokens.length).toBeGreaterThan(0);
  expect(tokens.every((request) => request.status === 200)).toBe(true);
  const exported = await stack.exportState();
  const exportedShown = await stack.exportState({ showSecrets: true });
  const places = {
    stdout: run.up.stdout,
    stderr: run.up.stderr,
    grpcLog: run.grpcLog,
    export: exported,
    exportShowSecrets: exportedShown,
  };
  for (const [place, text] of Object.entries(places)) expect(leakedSecrets(text, FORMS), place).toEqual([]);
}

describe("an IDGOV_CLIENT_SECRET in the environment, under pulumi up -v=9 and PULUMI_DEBUG_GRPC", () => {
  it("the native door (examples/yaml): in no output, no gRPC trace, and no state", async () => {
    const project = await openYamlExample({
      binDir: inject("pulumiBinDir"),
      tarball: inject("packageTarball"),
      stack: "e2e",
    });
    try {
      const { stack } = project;
      await stack.setConfig("idgov:baseUrl", emulator.url);
      await stack.setConfig("idgov:clientId", DEFAULT_CREDENTIALS.clientId);
      await stack.setConfig("idgov-yaml:tenantBUrl", tenantB.url);
      await stack.setConfig("idgov-yaml:tenantBClientId", DEFAULT_CREDENTIALS.clientId);
      await stack.setConfig("idgov-yaml:tenantBClientSecret", DEFAULT_CREDENTIALS.clientSecret, {
        secret: true,
      });
      const run = await verboseUp(stack, "native");
      expect(run.up.stdout).toMatch(/\+ \d+ created/);
      await expectNoSecret(stack, run);
    } finally {
      await project.remove();
    }
  });

  it("the dynamic door (examples/quickstart): in no output, no gRPC trace, and no state", async () => {
    const opened = await openExampleStack({
      example: "quickstart",
      tarball: inject("packageTarball"),
      binDir: inject("pulumiBinDir"),
      baseUrl: emulator.url,
      clientSecret: false,
    });
    try {
      const run = await verboseUp(opened.stack, "dynamic");
      expect(run.up.stdout).toMatch(/\+ 6 created/);
      await expectNoSecret(opened.stack, run);
    } finally {
      await opened.remove();
    }
  });
});
