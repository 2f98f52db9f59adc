import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ApiSession, requestToken, sendRequest } from "../../emulator/testing";
import { keyFormSecret, LocalIssuer } from "../../emulator/testKeys";
import { isLoopback } from "../../emulator/server";

const MAIN = join(__dirname, "../../emulator/main.ts");

interface Started {
  child: ChildProcessWithoutNullStreams;
  url: string;
  stdout: () => string;
}

function run(args: string[]): ChildProcessWithoutNullStreams {
  return spawn(process.execPath, ["--import", "tsx", MAIN, ...args], { stdio: "pipe" });
}

/** Starts the command-line emulator and resolves with the URL of its one start line. */
function start(args: string[]): Promise<Started> {
  const child = run(args);
  let stdout = "";
  return new Promise((resolve, reject) => {
    child.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk.toString();
      const match = /^emulator listening on (http:\/\/127\.0\.0\.1:\d+)\n/.exec(stdout);
      if (match?.[1] !== undefined) resolve({ child, url: match[1], stdout: () => stdout });
    });
    child.once("exit", (code) => reject(new Error(`emulator exited with ${code}: ${stdout}`)));
  });
}

function stop(child: ChildProcessWithoutNullStreams): Promise<number | null> {
  return new Promise((resolve) => {
    child.once("exit", (code) => resolve(code));
    child.kill("SIGTERM");
  });
}

function outcome(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = run(args);
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.once("exit", (code) => resolve({ code, stdout, stderr })));
}

describe("npm run emulator", () => {
  it("prints exactly one start line, takes its credentials from flags and keeps --data across restarts", async () => {
    const data = join(mkdtempSync(join(tmpdir(), "idgov-cli-")), "tenant.json");
    const flags = [
      "--port",
      "0",
      "--client-id",
      "cli-client",
      "--client-secret",
      "cli-secret",
      "--data",
      data,
    ];
    const first = await start(flags);
    const credentials = { clientId: "cli-client", clientSecret: "cli-secret" };
    const created = await new ApiSession(first.url, credentials).post("/api/v1/apps", {
      displayName: "From the CLI",
    });
    expect(created.status).toBe(200);
    expect(await stop(first.child)).toBe(0);
    expect(first.stdout()).toBe(`emulator listening on ${first.url}\n`);

    const second = await start(flags);
    try {
      const read = await new ApiSession(second.url, credentials).get(`/api/v1/apps/${created.body.app.id}`);
      expect(read.body.app.displayName).toBe("From the CLI");
    } finally {
      await stop(second.child);
    }
  });

  it("prints its usage for --help and exits 0", async () => {
    const { code, stdout } = await outcome(["--help"]);
    expect(code).toBe(0);
    expect(stdout).toMatch(/^usage: emulator \[--port 8787\] /);
  });

  it("takes a key-form secret it requires assertions for, and a trusted OIDC issuer, from flags", async () => {
    const issuer = new LocalIssuer();
    const keyFile = join(mkdtempSync(join(tmpdir(), "idgov-cli-")), "issuer.pem");
    writeFileSync(keyFile, issuer.publicKeyPem);
    const secret = keyFormSecret();
    const flags = [
      "--port",
      "0",
      "--client-id",
      "cli-client",
      "--client-secret",
      secret,
      "--require-assertion",
    ];
    const started = await start([...flags, "--oidc-issuer-key", keyFile, "--oidc-audience", "cli-aud"]);
    try {
      const plain = await requestToken(started.url, { clientId: "cli-client", clientSecret: secret });
      expect(plain.status).toBe(401);
      const exchanged = await sendRequest(`${started.url}/auth/v1/token`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({
          grant_type: "urn:ietf:params:oauth:grant-type:token-exchange",
          subject_token: issuer.mint("cli-aud"),
          subject_token_type: "urn:ietf:params:oauth:token-type:jwt",
          client_id: "cli-client",
        }).toString(),
      });
      expect(exchanged.status).toBe(200);
    } finally {
      await stop(started.child);
    }
  });

  it("exits 2 naming an unknown flag", async () => {
    const { code, stderr } = await outcome(["--colour", "red"]);
    expect(code).toBe(2);
    expect(stderr.split("\n")[0]).toBe("emulator: unknown flag --colour");
  });
});

describe("test switches answer loopback callers only", () => {
  it.each([
    ["127.0.0.1", true],
    ["::1", true],
    ["::ffff:127.0.0.1", true],
    ["10.0.0.7", false],
    ["::ffff:192.168.1.20", false],
    [undefined, false],
  ])("%s is loopback: %s", (address, expected) => {
    expect(isLoopback(address)).toBe(expected);
  });
});
