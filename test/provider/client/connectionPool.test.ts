/** Which undici dispatcher a transport sends through: a plain `Agent` unless a proxy is named. */
import { Agent, EnvHttpProxyAgent } from "undici";
import { afterEach, describe, expect, it } from "vitest";
import { agentClass, connectionPool } from "../../../provider/client/connectionPool";

const PROXY_VARIABLES = ["HTTP_PROXY", "http_proxy", "HTTPS_PROXY", "https_proxy"] as const;
const saved = Object.fromEntries(PROXY_VARIABLES.map((name) => [name, process.env[name]]));

function withEnvironment(values: Partial<Record<(typeof PROXY_VARIABLES)[number], string>>): void {
  for (const name of PROXY_VARIABLES) delete process.env[name];
  Object.assign(process.env, values);
}

describe("connectionPool", () => {
  afterEach(() => {
    for (const name of PROXY_VARIABLES) {
      if (saved[name] === undefined) delete process.env[name];
      else process.env[name] = saved[name];
    }
  });

  it("loads undici's Agent from its own module, the class the package exports", () => {
    expect(require("undici/lib/dispatcher/agent")).toBe(Agent);
    expect(agentClass()).toBe(Agent);
  });

  it("sends through a plain Agent when neither the settings nor the environment name a proxy", async () => {
    withEnvironment({ HTTP_PROXY: "" });
    const pool = connectionPool({ connections: 2 });
    expect(pool).toBeInstanceOf(Agent);
    await pool.close();
  });

  const PROXY = "http://127.0.0.1:9";
  it.each([
    ["idgov:proxy", {}, PROXY],
    ["HTTPS_PROXY", { HTTPS_PROXY: PROXY }, undefined],
    ["https_proxy", { https_proxy: PROXY }, undefined],
    ["http_proxy", { http_proxy: PROXY }, undefined],
  ] as const)("sends through EnvHttpProxyAgent when %s names a proxy", async (_, environment, proxy) => {
    withEnvironment(environment);
    const pool = connectionPool({ connections: 2, proxy });
    expect(pool).toBeInstanceOf(EnvHttpProxyAgent);
    await pool.close();
  });
});
