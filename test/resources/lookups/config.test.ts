import * as pulumi from "@pulumi/pulumi";
import { afterEach, describe, expect, it } from "vitest";
import { getApp } from "../../../resources";
import { createHostProvider } from "../../../resources/dynamic/host";
import { useLookupEmulator } from "./harness";

const suite = useLookupEmulator();

const CLOSED_PORT_URL = "http://127.0.0.1:9";
const IDGOV_VARIABLES = Object.keys(process.env).filter((name) => name.startsWith("IDGOV_"));
const savedEnvironment = Object.fromEntries(IDGOV_VARIABLES.map((name) => [name, process.env[name]]));

afterEach(() => {
  for (const name of Object.keys(process.env)) if (name.startsWith("IDGOV_")) delete process.env[name];
  Object.assign(process.env, savedEnvironment);
  pulumi.runtime.setAllConfig({});
});

interface Case {
  name: string;
  config: (url: string) => Record<string, string>;
  env: (url: string) => Record<string, string>;
  /** "ok", or the message of the error both the lookup and a resource's provider fail with. */
  expected: string;
}

const credentials = { clientId: "idgov-emulator", clientSecret: "emulator-secret" };

const CASES: Case[] = [
  {
    name: "idgov:* stack config alone",
    config: (url) => ({
      "idgov:baseUrl": url,
      "idgov:clientId": credentials.clientId,
      "idgov:clientSecret": credentials.clientSecret,
    }),
    env: () => ({}),
    expected: "ok",
  },
  {
    name: "IDGOV_* environment variables alone",
    config: () => ({}),
    env: (url) => ({
      IDGOV_BASE_URL: url,
      IDGOV_CLIENT_ID: credentials.clientId,
      IDGOV_CLIENT_SECRET: credentials.clientSecret,
    }),
    expected: "ok",
  },
  {
    name: "stack config winning over the environment, key by key",
    config: (url) => ({ "idgov:baseUrl": url, "idgov:clientId": credentials.clientId }),
    env: () => ({
      IDGOV_BASE_URL: CLOSED_PORT_URL,
      IDGOV_CLIENT_ID: "someone-else",
      IDGOV_CLIENT_SECRET: credentials.clientSecret,
    }),
    expected: "ok",
  },
  {
    name: "a wrong secret in stack config, even with the right one in the environment",
    config: (url) => ({
      "idgov:baseUrl": url,
      "idgov:clientId": credentials.clientId,
      "idgov:clientSecret": "wrong",
    }),
    env: () => ({ IDGOV_CLIENT_SECRET: credentials.clientSecret }),
    expected: "POST /auth/v1/token: 401 UNAUTHENTICATED: client credentials were rejected",
  },
  {
    name: "no setting at all",
    config: () => ({}),
    env: () => ({}),
    expected:
      'idgov:baseUrl is not set: run "pulumi config set idgov:baseUrl <url>" or set IDGOV_BASE_URL (or use a client id of the form name@host/suffix)',
  },
  {
    name: "a client id without its secret",
    config: (url) => ({ "idgov:baseUrl": url }),
    env: () => ({ IDGOV_CLIENT_ID: credentials.clientId }),
    expected:
      'idgov:clientSecret is not set: run "pulumi config set --secret idgov:clientSecret <client-secret>" or set IDGOV_CLIENT_SECRET',
  },
];

/** The outcome of a call: "ok", or its error message without the request id. */
async function outcome(call: () => Promise<unknown>): Promise<string> {
  try {
    await call();
    return "ok";
  } catch (error) {
    return (error as Error).message.replace(/ \(request id \S+\)$/, "");
  }
}

describe("lookups read idgov:* stack config and IDGOV_* variables as resources do", () => {
  it.each(CASES)("$name", async ({ config, env, expected }) => {
    const stackConfig = config(suite.url);
    pulumi.runtime.setAllConfig(stackConfig, ["idgov:clientSecret"]);
    Object.assign(process.env, env(suite.url));

    const lookup = await outcome(() => getApp({ id: "app-aws" }));
    const provider = createHostProvider("App", { get: (key) => stackConfig[key] });
    const resource = await outcome(() => provider.read("app-aws", { displayName: "AWS" }));

    expect(lookup.replace(/^getApp: /, "")).toBe(expected);
    expect(resource.replace(/^read App app-aws: /, "")).toBe(expected);
    if (expected !== "ok" && !expected.startsWith("POST")) expect(await suite.requests()).toEqual([]);
  });
});
