import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { type RunningEmulator, startEmulator } from "../../emulator";
import { DEFAULT_CREDENTIALS } from "../../emulator/testing";
import { SPECIAL_SIG_KEY } from "../../provider/engine/pulumiSecret";
import { expectSuccess, runCommand, transcriptOf } from "../../testkit/command";
import { installPackage, openExampleStack } from "../../testkit/example";
import { openScratchStack, type ScratchStack } from "./harness/scratchProject";
import { exportedResources, leakedSecrets } from "../../testkit/stateSecrets";

const STACK = "e2e";
const PROJECT = "idgov-plain-secrets";

/**
 * A YAML program with the default provider (stack config) and an explicit one whose client secret comes from a
 * config value the program does not declare secret; the packed plugin is installed beside it.
 */
const PROGRAM = `name: ${PROJECT}
runtime: yaml
plugins:
  providers:
    - name: idgov
      path: ./node_modules/.bin
config:
  explicitUrl:
    type: string
  explicitClientSecret:
    type: string
resources:
  viaDefault:
    type: idgov:index:App
    properties:
      displayName: Secrets via the default provider
  explicit:
    type: pulumi:providers:idgov
    properties:
      baseUrl: \${explicitUrl}
      clientId: ${DEFAULT_CREDENTIALS.clientId}
      clientSecret: \${explicitClientSecret}
  viaExplicit:
    type: idgov:index:App
    properties:
      displayName: Secrets via an explicit provider
    options:
      provider: \${explicit}
`;

let emulator: RunningEmulator;
let project: ScratchStack;

beforeAll(async () => {
  emulator = await startEmulator({ quiet: true });
  project = await openScratchStack({
    binDir: inject("pulumiBinDir"),
    files: { "Pulumi.yaml": PROGRAM },
    stack: STACK,
  });
  await installPackage(project.projectDir, inject("packageTarball"));
  const { stack } = project;
  // Every credential in plain text: no --secret.
  await stack.setConfig("idgov:baseUrl", emulator.url);
  await stack.setConfig("idgov:clientId", DEFAULT_CREDENTIALS.clientId);
  await stack.setConfig("idgov:clientSecret", DEFAULT_CREDENTIALS.clientSecret);
  await stack.setConfig(`${PROJECT}:explicitUrl`, emulator.url);
  await stack.setConfig(`${PROJECT}:explicitClientSecret`, DEFAULT_CREDENTIALS.clientSecret);
});
afterAll(async () => {
  await project?.remove();
  await emulator?.close();
});

describe("client secrets given in plain text, to the default provider and to an explicit one in YAML", () => {
  it("preview warns beside the default provider, naming the key and the --secret command", async () => {
    const preview = await project.stack.preview();
    expect(preview.code, transcriptOf(preview)).toBe(0);
    expect(preview.stdout).toContain("idgov:clientSecret is set in plain text in the config of stack e2e");
    expect(preview.stdout).toContain('"pulumi config set --secret idgov:clientSecret <client-secret>"');
    expect(preview.stdout + preview.stderr).not.toContain(DEFAULT_CREDENTIALS.clientSecret);
  });

  it("up stores both providers' client secrets encrypted: pulumi stack export holds no credential in clear", async () => {
    const up = await project.stack.up();
    expect(up.code, transcriptOf(up)).toBe(0);
    const plain = await project.stack.exportState();
    const providers = exportedResources(plain).filter(
      (resource) => resource.type === "pulumi:providers:idgov",
    );
    expect(providers.map((provider) => provider.urn.split("::").pop()).sort()).toEqual([
      "default",
      "explicit",
    ]);
    for (const provider of providers) {
      expect(provider.inputs?.clientSecret).toMatchObject({
        [SPECIAL_SIG_KEY]: expect.any(String),
        ciphertext: expect.any(String),
      });
      expect(provider.outputs?.clientSecret).toMatchObject({ [SPECIAL_SIG_KEY]: expect.any(String) });
    }
    expect(leakedSecrets(plain, [DEFAULT_CREDENTIALS.clientSecret])).toEqual([]);
    // The secret is in the state, encrypted: shown with --show-secrets, so the check above can fail.
    expect(await project.stack.exportState({ showSecrets: true })).toContain(
      DEFAULT_CREDENTIALS.clientSecret,
    );
  });
});

describe("the dynamic door: examples/quickstart with the client secret in plain text in stack config", () => {
  it("up registers nothing and names the key and the --secret command, without a stack trace; set with --secret, up passes; state never holds it in clear", async () => {
    const quickstart = await openExampleStack({
      example: "quickstart",
      tarball: inject("packageTarball"),
      binDir: inject("pulumiBinDir"),
      baseUrl: emulator.url,
      clientSecret: false,
      config: { "idgov:clientSecret": DEFAULT_CREDENTIALS.clientSecret },
    });
    const { stack } = quickstart;
    try {
      const refused = await stack.up();
      expect(refused.code, transcriptOf(refused)).not.toBe(0);
      // The refusal reads as an error, not a crash: its message, no stack trace of the program.
      expect(refused.stdout + refused.stderr).not.toMatch(/^\s+at /m);
      expect(refused.stdout + refused.stderr).not.toContain("unhandled exception");
      expect(refused.stdout + refused.stderr).toContain(
        "idgov:clientSecret is set in plain text: Pulumi would store it in clear in the state of the dynamic provider",
      );
      expect(refused.stdout + refused.stderr).toContain(
        '"pulumi config set --secret idgov:clientSecret <client-secret>"',
      );
      expect(leakedSecrets(await stack.exportState(), [DEFAULT_CREDENTIALS.clientSecret])).toEqual([]);

      await stack.setConfig("idgov:clientSecret", DEFAULT_CREDENTIALS.clientSecret, { secret: true });
      const up = await stack.up();
      expect(up.code, transcriptOf(up)).toBe(0);
      expect(leakedSecrets(await stack.exportState(), [DEFAULT_CREDENTIALS.clientSecret])).toEqual([]);
      expect(await stack.exportState({ showSecrets: true })).toContain(DEFAULT_CREDENTIALS.clientSecret);
    } finally {
      await quickstart.remove();
    }
  });
});
