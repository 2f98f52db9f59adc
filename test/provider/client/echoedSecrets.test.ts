/**
 * A careless service echoes what it was sent, under any name: every secret value the provider has seen stays out of
 * the errors and logs of Pulumi's real dynamic-provider host.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REDACTED, redact, rememberSecret } from "../../../provider/errors/redact";
import { DynamicProviderHost } from "../../../testkit/dynamicHost";
import { leakedSecrets } from "../../reliability/support/secrets";

const ACCESS_TOKEN = "static-token-Hq72LmZ";
const OIDC_SECRET = "oidc-secret-Wm38xQ";
const WEBHOOK_SECRET = "hmac-secret-Zt61pV";
const URN = (kind: string, name: string) =>
  `urn:pulumi:dev::echo::pulumi-nodejs:dynamic/idgov:${kind}::${name}`;

let server: Server;
let host: DynamicProviderHost;

beforeAll(async () => {
  // Every answer is an error whose message echoes the request body with renamed fields, and a secret it holds.
  server = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString()));
    request.on("end", () => {
      const renamed = body.replace(/"oidcClientSecret"/g, '"credential"');
      // A read's answer echoes the webhook secret the service keeps; a write's echoes the OIDC secret, URL-encoded too.
      const echoed = request.method === "GET" ? WEBHOOK_SECRET : encodeURIComponent(OIDC_SECRET);
      const message = `bad request ${request.method} ${request.url}: ${renamed}; value was ${echoed}`;
      response.writeHead(request.method === "GET" ? 500 : 400, { "content-type": "application/json" });
      response.end(JSON.stringify({ code: 3, message }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  host = await DynamicProviderHost.start();
  await host.configure({
    "idgov:baseUrl": `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    "idgov:accessToken": ACCESS_TOKEN,
    "idgov:maxRetries": "0",
  });
});
afterAll(async () => {
  await host?.stop();
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
});

async function messageOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error("expected a failure");
}

describe("echoed secrets", () => {
  it("are redacted from errors and host logs, whatever field name the echo uses", async () => {
    const createFailure = await messageOf(
      host.create("AuthConfig", URN("AuthConfig", "sso"), {
        displayName: "Acme SSO",
        oidc: { issuerId: "https://login.acme.test", oidcClientId: "idgov", oidcClientSecret: OIDC_SECRET },
        __ownership: { workspace: "organization/echo/dev", resourceAddress: URN("AuthConfig", "sso") },
      }),
    );
    const readFailure = await messageOf(
      host.read("Automation", URN("Automation", "hook"), "auto-1", {
        displayName: "Webhook intake",
        webhookHmacSecret: WEBHOOK_SECRET,
      }),
    );

    expect(createFailure).toContain("400");
    expect(createFailure).toContain(`"credential":"${REDACTED}"`);
    expect(readFailure).toContain("500");
    const secrets = { ACCESS_TOKEN, OIDC_SECRET, WEBHOOK_SECRET };
    expect(leakedSecrets({ createFailure, readFailure, logs: host.stderr.join("") }, secrets)).toEqual([]);
  });

  it("redacts a value registered through the hook (an assertion), in its encoded forms too", () => {
    const assertion = "eyJhbGciOiJSUzI1NiJ9.e30.c2lnbmF0dXJl+/=";
    const text = `subject_token rejected: ${encodeURIComponent(assertion)} (raw ${assertion})`;
    expect(redact(text)).toContain(assertion);
    rememberSecret(assertion);
    expect(redact(text)).toBe(`subject_token rejected: ${REDACTED} (raw ${REDACTED})`);
  });
});
