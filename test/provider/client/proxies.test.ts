/**
 * A tenant reachable only through a proxy, as in most corporate CI: its host name (`tenant.invalid`) resolves
 * nowhere, and only the local proxy knows it lives on loopback. Plain HTTP goes through the proxy, HTTPS through a
 * CONNECT tunnel to a server whose certificate a private CA signed, trusted through `NODE_EXTRA_CA_CERTS`.
 */
import { execFile, execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { createServer as createTlsServer } from "node:https";
import { connect, type AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IdgovClient } from "../../../provider/client/client";
import { resolveProviderConfig } from "../../../provider/client/config";
import { FAST_RETRIES, rejectionOf } from "./harness";

const TENANT = "tenant.invalid";
const root = join(__dirname, "..", "..", "..");
const servers: Server[] = [];
const proxied: string[] = [];
let httpPort = 0;
let httpsPort = 0;
let proxyUrl = "";
let caFile = "";

async function listen(server: Server): Promise<number> {
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return (server.address() as AddressInfo).port;
}

/** Where the proxy sends a host: the tenant's name to loopback, anything else nowhere. */
function route(host: string): string | undefined {
  return host === TENANT || host === "127.0.0.1" ? "127.0.0.1" : undefined;
}

/** A private CA and a certificate it signed for the tenant's name, made with openssl. */
function makeCertificates(dir: string): { key: string; cert: string; ca: string } {
  const run = (...args: string[]) => execFileSync("openssl", args, { cwd: dir, stdio: "pipe" });
  run(
    "req",
    "-x509",
    "-newkey",
    "rsa:2048",
    "-nodes",
    "-keyout",
    "ca.key",
    "-out",
    "ca.pem",
    "-days",
    "2",
    "-subj",
    "/CN=idgov test CA",
  );
  run(
    "req",
    "-newkey",
    "rsa:2048",
    "-nodes",
    "-keyout",
    "tenant.key",
    "-out",
    "tenant.csr",
    "-subj",
    `/CN=${TENANT}`,
  );
  writeFileSync(join(dir, "ext.cnf"), `subjectAltName=DNS:${TENANT}\n`);
  run(
    "x509",
    "-req",
    "-in",
    "tenant.csr",
    "-CA",
    "ca.pem",
    "-CAkey",
    "ca.key",
    "-CAcreateserial",
    "-out",
    "tenant.pem",
    "-days",
    "2",
    "-extfile",
    "ext.cnf",
  );
  const read = (name: string) => readFileSync(join(dir, name), "utf8");
  return { key: read("tenant.key"), cert: read("tenant.pem"), ca: join(dir, "ca.pem") };
}

beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), "idgov-proxy-"));
  const tls = makeCertificates(dir);
  caFile = tls.ca;
  const answer = (scheme: string) => (request: IncomingMessage, response: ServerResponse) => {
    response.writeHead(200, { "content-type": "application/json" });
    response.end(JSON.stringify({ app: { id: "a1", displayName: `via ${scheme}`, path: request.url } }));
  };
  httpPort = await listen(createServer(answer("http")));
  httpsPort = await listen(createTlsServer({ key: tls.key, cert: tls.cert }, answer("https")));

  const proxy = createServer((request, response) => {
    // A forward request in absolute form.
    const target = new URL(request.url ?? "");
    proxied.push(`${request.method} ${target.host}`);
    const host = route(target.hostname);
    if (host === undefined) return void response.writeHead(502).end();
    const upstream = connect(Number(target.port), host, () => {
      upstream.write(
        `${request.method} ${target.pathname}${target.search} HTTP/1.1\r\nhost: ${target.host}\r\nconnection: close\r\n`,
      );
      for (const [name, value] of Object.entries(request.headers)) {
        if (!["host", "connection", "proxy-connection", "keep-alive"].includes(name))
          upstream.write(`${name}: ${String(value)}\r\n`);
      }
      upstream.write("\r\n");
      request.pipe(upstream);
      upstream.pipe(response.socket!);
    });
  });
  proxy.on("connect", (request, socket, head) => {
    proxied.push(`CONNECT ${request.url}`);
    const [name, port] = (request.url ?? "").split(":");
    const host = route(name ?? "");
    if (host === undefined) return void socket.end("HTTP/1.1 502 Bad Gateway\r\n\r\n");
    const upstream = connect(Number(port), host, () => {
      socket.write("HTTP/1.1 200 Connection Established\r\n\r\n");
      upstream.write(head);
      upstream.pipe(socket).pipe(upstream);
    });
    socket.on("error", () => upstream.destroy());
    upstream.on("error", () => socket.destroy());
  });
  proxyUrl = `http://127.0.0.1:${await listen(proxy)}`;
});

afterAll(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

/** A client run in its own Node process, with the environment a CI job would give it. */
function childRequest(baseUrl: string, env: Record<string, string>): Promise<string> {
  const script = `
    const { IdgovClient } = require(${JSON.stringify(join(root, "dist/provider/client/client.js"))});
    const { resolveProviderConfig } = require(${JSON.stringify(join(root, "dist/provider/client/config.js"))});
    const client = new IdgovClient(resolveProviderConfig(undefined, { IDGOV_BASE_URL: ${JSON.stringify(baseUrl)}, IDGOV_ACCESS_TOKEN: "t0ken", IDGOV_MAX_RETRIES: "0" }));
    client.request({ method: "GET", path: "/api/v1/apps/a1" })
      .then((body) => console.log(JSON.stringify(body)), (error) => console.log("error: " + error.message))
      .finally(() => client.close());`;
  return new Promise((resolve, reject) =>
    execFile(
      process.execPath,
      ["-e", script],
      { env: { PATH: process.env.PATH, ...env }, timeout: 20_000 },
      (error, stdout, stderr) =>
        error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve(stdout.trim()),
    ),
  );
}

describe("proxies", () => {
  it("cannot reach the tenant without the proxy: its name resolves nowhere", async () => {
    const client = new IdgovClient(
      resolveProviderConfig(undefined, {
        IDGOV_BASE_URL: `http://${TENANT}:${httpPort}`,
        IDGOV_ACCESS_TOKEN: "t0ken",
        IDGOV_MAX_RETRIES: "0",
      }),
      FAST_RETRIES,
    );
    const error = await rejectionOf(client.request({ method: "GET", path: "/api/v1/apps/a1" }));
    await client.close();
    expect(error.message).toContain("(ENOTFOUND)");
  });

  it("fails a request, rather than throwing past the client, when the environment names a proxy that is no URL", async () => {
    const saved = process.env.HTTP_PROXY;
    process.env.HTTP_PROXY = "not a proxy";
    try {
      const client = new IdgovClient(
        resolveProviderConfig(undefined, {
          IDGOV_BASE_URL: `http://127.0.0.1:${httpPort}`,
          IDGOV_ACCESS_TOKEN: "t0ken",
          IDGOV_MAX_RETRIES: "0",
        }),
        FAST_RETRIES,
      );
      const error = await rejectionOf(client.request({ method: "GET", path: "/api/v1/apps/a1" }));
      await client.close();
      expect(error.message).toContain("GET /api/v1/apps/a1");
      expect(error.message).toContain("Invalid URL");
    } finally {
      if (saved === undefined) delete process.env.HTTP_PROXY;
      else process.env.HTTP_PROXY = saved;
    }
  });

  it("reaches the tenant through the proxy idgov:proxy names", async () => {
    const before = proxied.length;
    const client = new IdgovClient(
      resolveProviderConfig(undefined, {
        IDGOV_BASE_URL: `http://${TENANT}:${httpPort}`,
        IDGOV_ACCESS_TOKEN: "t0ken",
        IDGOV_PROXY: proxyUrl,
      }),
      FAST_RETRIES,
    );
    const body = await client.request({ method: "GET", path: "/api/v1/apps/a1" });
    await client.close();
    expect(body).toEqual({ app: { id: "a1", displayName: "via http", path: "/api/v1/apps/a1" } });
    expect(proxied.length).toBeGreaterThan(before);
  });

  it.each(["HTTPS_PROXY", "https_proxy"])(
    "reaches an HTTPS tenant signed by a private CA through a CONNECT tunnel, with %s and NODE_EXTRA_CA_CERTS",
    async (variable) => {
      const before = proxied.length;
      const output = await childRequest(`https://${TENANT}:${httpsPort}`, {
        [variable]: proxyUrl,
        NODE_EXTRA_CA_CERTS: caFile,
      });
      expect(JSON.parse(output)).toEqual({
        app: { id: "a1", displayName: "via https", path: "/api/v1/apps/a1" },
      });
      expect(proxied.slice(before)).toEqual([`CONNECT ${TENANT}:${httpsPort}`]);
    },
  );

  it("reaches an HTTP tenant through HTTP_PROXY", async () => {
    const output = await childRequest(`http://${TENANT}:${httpPort}`, { HTTP_PROXY: proxyUrl });
    expect(JSON.parse(output)).toMatchObject({ app: { displayName: "via http" } });
  });

  it("goes direct for a host NO_PROXY names, and refuses a certificate no trusted CA signed", async () => {
    const direct = await childRequest(`https://${TENANT}:${httpsPort}`, {
      HTTPS_PROXY: proxyUrl,
      NO_PROXY: TENANT,
      NODE_EXTRA_CA_CERTS: caFile,
    });
    expect(direct).toMatch(/^error: .*\(ENOTFOUND\)/);
    const untrusted = await childRequest(`https://${TENANT}:${httpsPort}`, { HTTPS_PROXY: proxyUrl });
    expect(untrusted).toMatch(/^error: .*(certificate|UNABLE_TO_VERIFY|SELF_SIGNED)/i);
  });
});
