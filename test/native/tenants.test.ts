import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningEmulator, startEmulator } from "../../emulator";
import { apiRequests, outOfBand } from "../../testkit/emulatorApi";
import { isPulumiSecret } from "../../provider/engine/pulumiSecret";
import { NativePlugin, type Props } from "../../testkit/nativePlugin";
import { providerInputs } from "./harness/setup";

const APP = "idgov:index:App";
const AUTH = "idgov:index:AuthConfig";
const tenants: { emulator: RunningEmulator; plugin: NativePlugin }[] = [];

beforeAll(async () => {
  for (let index = 0; index < 2; index += 1) {
    const emulator = await startEmulator({ quiet: true });
    const plugin = await NativePlugin.start();
    await plugin.configure(providerInputs(emulator));
    tenants.push({ emulator, plugin });
  }
});
afterAll(async () => {
  for (const { emulator, plugin } of tenants) {
    await plugin.stop();
    await emulator.close();
  }
});

function tenant(index: number) {
  const found = tenants[index];
  if (!found) throw new Error(`no tenant ${index}`);
  return found;
}

async function create(index: number, type: string, name: string, program: Props) {
  const { plugin } = tenant(index);
  const checked = await plugin.check(type, name, program);
  expect(checked.failures).toEqual([]);
  return { inputs: checked.inputs, ...(await plugin.create(type, name, checked.inputs)) };
}

/** Every string in a value, outside secret-wrapped values. */
function plainStrings(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (Array.isArray(value)) return value.flatMap(plainStrings);
  if (value === null || typeof value !== "object") return [];
  if (isPulumiSecret(value)) return [];
  return Object.values(value).flatMap(plainStrings);
}

describe("pulumi-resource-idgov: explicit providers, one plugin process per tenant", () => {
  it("manages an object in each provider's own tenant, stamped the same way", async () => {
    const a = await create(0, APP, "shared-name", { displayName: "In tenant A" });
    const b = await create(1, APP, "shared-name", { displayName: "In tenant B" });
    const inA = await outOfBand(tenant(0).emulator, "GET", `/api/v1/apps/${a.id}`);
    const inB = await outOfBand(tenant(1).emulator, "GET", `/api/v1/apps/${b.id}`);
    expect(inA.app).toMatchObject({ displayName: "In tenant A" });
    expect(inB.app).toMatchObject({ displayName: "In tenant B" });
    await expect(outOfBand(tenant(0).emulator, "GET", `/api/v1/apps/${b.id}`)).rejects.toThrow(/404/);
    await tenant(1).plugin.delete(APP, "shared-name", b.id, b.outputs);
    expect((await apiRequests(tenant(0).emulator)).filter((r) => r.method === "DELETE")).toEqual([]);
    expect(await outOfBand(tenant(0).emulator, "GET", `/api/v1/apps/${a.id}`)).toMatchObject({
      app: { id: a.id },
    });
  });

  it("keeps secrets out of state as plain text: the OIDC client secret only secret-wrapped, no credential at all", async () => {
    const SECRET = "oidc-client-secret-value-1";
    const oidc = { issuerId: "https://login.example.com", oidcClientId: "idgov", oidcClientSecret: SECRET };
    const created = await create(0, AUTH, "sso", {
      displayName: "SSO",
      bootstrapDomains: ["example.com"],
      oidc,
    });
    const state = JSON.stringify(created.outputs);
    expect(state).toContain(SECRET);
    expect(plainStrings(created.outputs)).not.toContain(SECRET);
    expect(plainStrings(created.inputs)).not.toContain(SECRET);
    expect(state).not.toContain("emulator-secret");
    expect(state).not.toContain("__provider");
    const read = await tenant(0).plugin.read(AUTH, "sso", created.id, created.outputs, created.inputs);
    expect(plainStrings(read.outputs)).not.toContain(SECRET);
    expect(JSON.stringify(read.outputs)).not.toContain("emulator-secret");
  });
});
