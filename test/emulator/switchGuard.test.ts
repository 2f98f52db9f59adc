import { request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmulator, type RunningEmulator } from "../../emulator/index";

let emulator: RunningEmulator;
beforeAll(async () => {
  emulator = await startEmulator({ quiet: true });
});
afterAll(() => emulator?.close());

/** A raw request, so the test sets Host and Origin as a browser page would. */
function send(
  path: string,
  headers: Record<string, string>,
  body = "",
): Promise<{ status: number; text: string }> {
  const url = new URL(emulator.url);
  return new Promise((resolve, reject) => {
    const outgoing = request(
      {
        host: url.hostname,
        port: url.port,
        method: "POST",
        path,
        headers: { ...headers, "content-length": Buffer.byteLength(body) },
      },
      (answer) => {
        let text = "";
        answer.on("data", (chunk: Buffer) => (text += chunk.toString()));
        answer.on("end", () => resolve({ status: answer.statusCode ?? 0, text }));
      },
    );
    outgoing.on("error", reject);
    outgoing.end(body);
  });
}

describe("test switches", () => {
  it.each([
    ["a DNS-rebinding Host", { host: "evil.example:80" }, "", 403],
    ["a cross-site Origin", { host: "127.0.0.1", origin: "https://evil.example" }, "", 403],
    ["a text/plain body", { host: "localhost", "content-type": "text/plain" }, "{}", 415],
  ])("refuse %s", async (_case, headers, body, status) => {
    expect((await send("/__emulator/reset", headers, body)).status).toBe(status);
  });

  it("answer a loopback caller naming a loopback host with a JSON body or none", async () => {
    expect(
      (await send("/__emulator/reset", { host: "localhost", "content-type": "application/json" }, "{}"))
        .status,
    ).toBe(200);
    expect(
      (await send("/__emulator/reset", { host: "127.0.0.1", origin: "http://localhost:3000" })).status,
    ).toBe(200);
  });

  it("never log an unauthenticated body, and redact secret members of others", async () => {
    await send("/__emulator/requests", { host: "localhost" }).catch(() => undefined);
    await fetch(`${emulator.url}/api/v1/auth-configs`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ oidc: { oidcClientSecret: "leaked-secret-1234" } }),
    });
    const log = await (await fetch(`${emulator.url}/__emulator/requests`)).text();
    expect(log).not.toContain("leaked-secret-1234");
    expect(log).toContain('"path":"/api/v1/auth-configs"');
  });
});
