import { mkdtemp, rm, writeFile } from "node:fs/promises";
import * as os from "node:os";
import * as path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { EngineLog } from "../../testkit/engineLog";
import { NativePlugin, secret } from "../../testkit/nativePlugin";

/** A project `native` whose stack `dev` holds the client secret in plain text, and stack `safe` encrypted. */
const PROJECT = "name: native\nruntime: yaml\n";
const PLAIN_STACK = "config:\n  idgov:baseUrl: http://127.0.0.1:9\n  idgov:clientSecret: pl4in-s3cret\n";
const SAFE_STACK =
  "config:\n  idgov:clientSecret:\n    secure: AAABAHd0ZWFr\n  idgov:accessToken: {secure: AAABAHd0}\n";
const defaultOf = (stack: string) => `urn:pulumi:${stack}::native::pulumi:providers:idgov::default_0_1_0`;
const explicitOf = (stack: string) => `urn:pulumi:${stack}::native::pulumi:providers:idgov::tenantB`;
const settings = {
  baseUrl: "http://127.0.0.1:9",
  clientId: "ci-bot",
  clientSecret: "pl4in-s3cret",
  version: "0.1.0",
};
const WARNING =
  'idgov:clientSecret is set in plain text in the config of stack dev. The idgov provider keeps it as a secret in the state, but the config file holds it in clear: set it again with "pulumi config set --secret idgov:clientSecret <client-secret>", or give it through IDGOV_CLIENT_SECRET.';

let dir: string;
let engine: EngineLog;
let plugin: NativePlugin;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "idgov-config-secrets-"));
  await writeFile(path.join(dir, "Pulumi.yaml"), PROJECT);
  await writeFile(path.join(dir, "Pulumi.dev.yaml"), PLAIN_STACK);
  await writeFile(path.join(dir, "Pulumi.safe.yaml"), SAFE_STACK);
  engine = await EngineLog.start();
  plugin = await NativePlugin.start({}, engine.address, dir);
});
beforeEach(() => {
  engine.messages.length = 0;
});
afterAll(async () => {
  await plugin?.stop();
  engine?.stop();
  await rm(dir, { recursive: true, force: true });
});

/** The warnings logged until the one about stack `dev`'s plain secret (a sentinel, sent by a call made last). */
async function warningsUntilSentinel(): Promise<string[]> {
  await plugin.checkConfig(settings, defaultOf("dev"));
  const deadline = Date.now() + 5_000;
  while (!engine.messages.some((message) => message.message === WARNING)) {
    if (Date.now() > deadline) throw new Error("the sentinel warning never came");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return engine.messages.map((message) => `${message.urn}: ${message.message}`).slice(0, -1);
}

describe("pulumi-resource-idgov: secret settings are secrets in state, however they were given", () => {
  it("answers every setting the schema marks secret as a secret, though the engine sent it in plain text", async () => {
    const news = { ...settings, accessToken: "t0ken", oidcToken: "id-t0ken" };
    const { inputs, failures } = await plugin.checkConfig(news, explicitOf("safe"));
    expect(failures.filter((failure) => failure.property !== "clientSecret")).toEqual([]);
    expect(inputs).toEqual({
      ...news,
      clientSecret: secret("pl4in-s3cret"),
      accessToken: secret("t0ken"),
      oidcToken: secret("id-t0ken"),
    });
  });

  it("keeps a secret the engine sent wrapped, and leaves unset settings out", async () => {
    const news = { baseUrl: "http://127.0.0.1:9", clientId: "ci-bot", clientSecret: secret("s3cr3t") };
    expect((await plugin.checkConfig(news, explicitOf("safe"))).inputs).toEqual(news);
  });

  it("warns the default provider, beside it, that its stack config holds the client secret in plain text", async () => {
    await plugin.checkConfig(settings, defaultOf("dev"));
    const deadline = Date.now() + 5_000;
    while (engine.messages.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(engine.messages).toEqual([{ severity: 2, message: WARNING, urn: defaultOf("dev") }]);
    expect(WARNING).not.toContain("pl4in-s3cret");
  });

  it("does not warn when the stack config encrypts the secrets, nor an explicit provider given one by the program", async () => {
    await plugin.checkConfig({ ...settings, accessToken: "t0ken" }, defaultOf("safe"));
    await plugin.checkConfig(settings, explicitOf("dev"));
    await plugin.checkConfig(settings, defaultOf("no-such-stack"));
    expect(await warningsUntilSentinel()).toEqual([]);
  });
});
