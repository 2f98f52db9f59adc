import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { startEmulator, type LoggedRequest, type RunningEmulator } from "../../emulator";
import { control } from "../../emulator/testing";
import { LocalIssuer } from "../../emulator/testKeys";
import { type CommandResult, transcriptOf } from "../../testkit/command";
import { openExampleStack, type ExampleStack } from "../../testkit/example";
import { leakedSecrets } from "../../testkit/stateSecrets";

const AUDIENCE = "pulumi-idgov-e2e";

/**
 * The quickstart under the Pulumi CLI in a pipeline that holds no secret: the stack config has the client id and
 * no client secret, and the provider exchanges an identity token that the test mints from a local issuer key and
 * writes where `IDGOV_OIDC_TOKEN_FILE` points, as a CI system does. The emulator trusts only that issuer.
 */
describe("examples/quickstart under the Pulumi CLI with an OIDC token exchange instead of a secret", () => {
  const issuer = new LocalIssuer("https://token.actions.example.test");
  const minted: string[] = [];
  let emulator: RunningEmulator;
  let opened: ExampleStack;
  let tokenDir: string;
  let tokenFile: string;

  /** Writes a fresh identity token to the token file, as the CI system does before each job step. */
  async function renewIdentityToken(): Promise<void> {
    const token = issuer.mint(AUDIENCE, 600);
    minted.push(token);
    await writeFile(tokenFile, token);
  }

  async function tokenRequests(): Promise<LoggedRequest[]> {
    const answer = await control(emulator.url, "GET", "requests");
    return (answer.body as { requests: LoggedRequest[] }).requests.filter(
      (entry) => entry.path === "/auth/v1/token",
    );
  }

  async function expectSuccess(run: Promise<CommandResult>): Promise<CommandResult> {
    const result = await run;
    expect(result.code, transcriptOf(result)).toBe(0);
    return result;
  }

  beforeAll(async () => {
    emulator = await startEmulator({
      quiet: true,
      oidcIssuerKey: issuer.publicKeyPem,
      oidcAudience: AUDIENCE,
    });
    tokenDir = await mkdtemp(path.join(tmpdir(), "pulumi-idgov-e2e-oidc-"));
    tokenFile = path.join(tokenDir, "token");
    await renewIdentityToken();
    opened = await openExampleStack({
      example: "quickstart",
      tarball: inject("packageTarball"),
      binDir: inject("pulumiBinDir"),
      baseUrl: emulator.url,
      clientSecret: false,
      env: { IDGOV_OIDC_TOKEN_FILE: tokenFile },
    });
  });
  afterAll(async () => {
    await opened?.remove();
    await rm(tokenDir, { recursive: true, force: true });
    await emulator?.close();
  });

  it("pulumi up creates the quickstart with tokens from the exchange only; the drift check then passes", async () => {
    const config = await expectSuccess(opened.stack.runOnStack(["config", "--show-secrets", "--json"]));
    expect(Object.keys(JSON.parse(config.stdout) as object).sort()).toEqual([
      "idgov:baseUrl",
      "idgov:clientId",
    ]);

    const up = await expectSuccess(opened.stack.up());
    expect(up.stdout).toMatch(/Resources:\s+\+ 6 created/);

    await renewIdentityToken();
    await expectSuccess(opened.stack.driftCheck());

    const requests = await tokenRequests();
    expect(requests.length).toBeGreaterThanOrEqual(2);
    for (const request of requests) {
      expect(request.status).toBe(200);
      expect(request.body).toEqual({
        grant_type: "urn:ietf:params:oauth:grant-type:token-exchange",
        subject_token: "[redacted]",
        subject_token_type: "urn:ietf:params:oauth:token-type:jwt",
        client_id: "idgov-emulator",
      });
    }
  });

  it("an identity token for another audience fails the run naming the rule, and leaks nothing", async () => {
    const foreign = issuer.mint("someone-else");
    minted.push(foreign);
    await writeFile(tokenFile, foreign);
    const preview = await opened.stack.preview("--refresh");
    expect(preview.code, transcriptOf(preview)).not.toBe(0);
    expect(preview.stdout + preview.stderr).toMatch(
      /subject token: aud must include \\?"pulumi-idgov-e2e\\?"/,
    );
    await renewIdentityToken();
  });

  it("neither state nor any command output holds an identity token or an access token", async () => {
    const exported = await opened.stack.exportState({ showSecrets: true });
    expect(leakedSecrets(exported, minted)).toEqual([]);
    const shown = opened.stack.transcript.map((run) => run.stdout + run.stderr).join("\n");
    expect(leakedSecrets(shown, minted)).toEqual([]);
  });

  it("pulumi destroy, with one more fresh identity token, deletes what the stack created", async () => {
    await renewIdentityToken();
    const destroy = await expectSuccess(opened.stack.destroy());
    expect(destroy.stdout).toMatch(/Resources:\s+- 6 deleted/);
  });
});
